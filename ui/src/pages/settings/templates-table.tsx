// The template list of /settings/templates: the active toggle, name with code and the first 150
// characters, category, channel, version, whether a demand has what inkassolagen 5 § asks, edit.
import { CheckCircledIcon, ExclamationTriangleIcon, Pencil1Icon } from '@radix-ui/react-icons';
import { Badge, Code, Flex, IconButton, Switch, Table, Text, Tooltip } from '@radix-ui/themes';
import { useState } from 'react';
import { useTemplateMutations, type Template } from '../../api/templates';
import { ActionsColumnHeader, RecordStatusBadge, TableSkeletonRows } from '../../components/data-table';
import { useToast } from '../../components/toast';
import { categoryLabel, ChannelBadge } from './template-labels';

const COLUMN_COUNT = 6;

export interface TemplatesTableProps {
  templates: Template[] | undefined;
  canWrite: boolean;
  onEdit(template: Template): void;
}

export function TemplatesTable({ templates, canWrite, onEdit }: TemplatesTableProps) {
  return (
    <Table.Root variant="surface" className="data-table">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell width="80px">Aktiv</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Mall</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Kategori</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Kanal</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Version</Table.ColumnHeaderCell>
          <ActionsColumnHeader width="56px" />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {!templates ? (
          <TableSkeletonRows columns={COLUMN_COUNT} rows={6} />
        ) : (
          templates.map((template) => <TemplateRow key={template.id} template={template} canWrite={canWrite} onEdit={() => onEdit(template)} />)
        )}
      </Table.Body>
    </Table.Root>
  );
}

function TemplateRow({ template, canWrite, onEdit }: { template: Template; canWrite: boolean; onEdit(): void }) {
  const { setTemplateActive } = useTemplateMutations();
  const { toast } = useToast();
  const [isToggling, setIsToggling] = useState(false);

  const toggle = async (isActive: boolean) => {
    setIsToggling(true);
    try {
      await setTemplateActive(template.id, isActive);
      toast({ title: 'Sparat', description: `${template.name} är ${isActive ? 'aktiv' : 'inaktiv'}`, variant: 'success' });
    } catch (toggleError) {
      toast({ title: 'Fel vid sparande', description: (toggleError as Error).message, variant: 'destructive' });
    } finally {
      setIsToggling(false);
    }
  };

  return (
    <Table.Row align="start" data-inactive={!template.is_active} className="template-row">
      <Table.Cell>
        {canWrite ? (
          <Switch
            checked={template.is_active}
            disabled={isToggling}
            onCheckedChange={(checked) => void toggle(checked)}
            aria-label={`${template.name} aktiv`}
          />
        ) : (
          <RecordStatusBadge status={template.is_active ? 'active' : 'inactive'} />
        )}
      </Table.Cell>
      <Table.RowHeaderCell>
        <Flex direction="column" gap="1">
          <Flex gap="2" align="center" wrap="wrap">
            <Text weight="medium">{template.name}</Text>
            <Code variant="ghost" color="gray" className="mono">
              {template.code}
            </Code>
            {template.category === 'demand' ? <DemandBadge template={template} /> : null}
          </Flex>
          <Text size="2" color="gray" className="template-preview-text">
            {template.preview}
          </Text>
        </Flex>
      </Table.RowHeaderCell>
      <Table.Cell>
        <Badge variant="soft">{categoryLabel(template.category)}</Badge>
      </Table.Cell>
      <Table.Cell>
        <ChannelBadge channel={template.channel} />
      </Table.Cell>
      <Table.Cell>
        <Text size="2">{template.version}</Text>
      </Table.Cell>
      <Table.Cell justify="end">
        {canWrite ? (
          <IconButton variant="ghost" color="gray" aria-label={`Redigera ${template.name}`} onClick={onEdit}>
            <Pencil1Icon />
          </IconButton>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}

function DemandBadge({ template }: { template: Template }) {
  const missing = template.missing_demand_content;
  if (missing.length === 0) {
    return (
      <Tooltip content="Har allt ett inkassokrav ska innehålla: får bära inkassoavgiften (180 kr)">
        <Badge color="green" variant="soft">
          <CheckCircledIcon /> Inkassolagen 5 §
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Tooltip content={`Saknar: ${missing.map((element) => element.label).join(', ')}`}>
      <Badge color="amber" variant="soft">
        <ExclamationTriangleIcon /> Saknar {missing.length} krav
      </Badge>
    </Tooltip>
  );
}
