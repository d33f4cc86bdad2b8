// /settings/templates 'Mallbibliotek Sverige v1' (spec part 2 §2, §5, §9; issue 11): the
// organisation's templates with category filter chips, a 150-character preview and the active
// toggle; 'Ny mall' ('Mall skapad') and the editor with tabs Grundläggande, Innehåll, Inställningar.
import { EnvelopeClosedIcon, PlusIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useTemplates, type CommTemplateCategory, type Template } from '../../api/templates';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/toast';
import { formatCount } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { CATEGORY_OPTIONS, categoryLabel } from './template-labels';
import { TemplateCreateDialog } from './template-create-dialog';
import { TemplateEditorDialog } from './template-editor-dialog';
import { TemplatesTable } from './templates-table';

export function TemplatesPage() {
  const canWrite = useCan('templates.write');
  const { data, error, mutate } = useTemplates();
  const [category, setCategory] = useState<CommTemplateCategory | null>(null);
  const [isCreating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Template | null>(null);
  useErrorToast(error, 'Fel vid laddning');

  const shown = data?.items.filter((template) => category === null || template.category === category);
  const newButton = canWrite ? (
    <Button onClick={() => setCreating(true)} disabled={!data}>
      <PlusIcon /> Ny mall
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Mallbibliotek Sverige v1"
        description="Färdiga mallar för svensk inkasso: påminnelser, inkassokrav enligt inkassolagen 5 §, betalplaner, Kronofogden, kvitton och mer."
        actions={newButton}
      />
      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data && data.items.length === 0 ? (
        <Box className="list-empty">
          <EmptyState icon={<EnvelopeClosedIcon width="22" height="22" />} title="Inga mallar finns ännu" action={newButton ?? undefined} />
        </Box>
      ) : (
        <>
          <CategoryChips items={data?.items ?? []} selected={category} onSelect={setCategory} />
          {shown && shown.length === 0 ? (
            <Box className="list-empty">
              <EmptyState icon={<EnvelopeClosedIcon width="22" height="22" />} title={`Inga mallar i kategorin ${categoryLabel(category!)}`} />
            </Box>
          ) : (
            <TemplatesTable templates={shown} canWrite={canWrite} onEdit={setEditing} />
          )}
        </>
      )}
      {data ? (
        <>
          <TemplateCreateDialog open={isCreating} variables={data.variables} onOpenChange={setCreating} />
          <TemplateEditorDialog template={editing} variables={data.variables} onOpenChange={(open) => (open ? undefined : setEditing(null))} />
        </>
      ) : null}
    </>
  );
}

function CategoryChips({
  items,
  selected,
  onSelect,
}: {
  items: Template[];
  selected: CommTemplateCategory | null;
  onSelect(category: CommTemplateCategory | null): void;
}) {
  const count = (category: CommTemplateCategory | null) => items.filter((template) => category === null || template.category === category).length;
  const chip = (value: CommTemplateCategory | null, label: string) => (
    <Button
      key={value ?? 'all'}
      type="button"
      size="1"
      radius="full"
      variant={selected === value ? 'solid' : 'soft'}
      color={selected === value ? undefined : 'gray'}
      aria-pressed={selected === value}
      onClick={() => onSelect(value)}
    >
      {label} <Text color={selected === value ? undefined : 'gray'}>{formatCount(count(value))}</Text>
    </Button>
  );
  return (
    <Flex gap="2" wrap="wrap" mb="3" role="group" aria-label="Kategori">
      {chip(null, 'Alla')}
      {CATEGORY_OPTIONS.map((option) => chip(option.value, option.label))}
    </Flex>
  );
}
