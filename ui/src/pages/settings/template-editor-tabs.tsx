// The three tabs of the template editor, each a section of the editor's one form.
import { CheckCircledIcon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Callout, Card, Flex, Grid, Heading, Spinner, Switch, Text } from '@radix-ui/themes';
import type { CommChannel, CommTemplateCategory, Template, TemplateDetail, TemplateVariable } from '../../api/templates';
import { FormField } from '../../components/form/form-field';
import { SelectField } from '../../components/form/select-field';
import { formatDateTime } from '../../lib/format';
import type { Form } from '../../lib/use-form';
import { CATEGORY_OPTIONS, CHANNEL_OPTIONS, hasSubject } from './template-labels';
import { TemplateBodyField } from './template-body-field';
import { useTemplatePreview } from './use-template-preview';

export interface TemplateValues {
  name: string;
  code: string;
  category: CommTemplateCategory;
  channel: CommChannel;
  subject: string;
  body_md: string;
  language: string;
  version: string;
  is_active: boolean;
}

type EditorForm = Form<TemplateValues>;

export function TemplateBasicTab({ form }: { form: EditorForm }) {
  return (
    <Grid columns={{ initial: '1', sm: '2' }} gap="4">
      <FormField label="Namn *" {...form.text('name')} />
      <FormField label="Kod *" {...form.text('code', (text) => text.toUpperCase())} readOnly hint="Koden låses när mallen har sparats." className="mono" />
      <SelectField label="Kategori" options={CATEGORY_OPTIONS} {...form.input('category')} />
      <SelectField
        label="Kanal"
        options={CHANNEL_OPTIONS}
        {...form.input('channel')}
        hint={hasSubject(form.values.channel) ? undefined : 'SMS och Kivra har inget ämne.'}
      />
    </Grid>
  );
}

export function TemplateContentTab({ form, variables, saved }: { form: EditorForm; variables: readonly TemplateVariable[]; saved: Template }) {
  const subject = hasSubject(form.values.channel) ? form.values.subject : null;
  return (
    <Grid columns={{ initial: '1', md: '2' }} gap="4">
      <Flex direction="column" gap="3">
        {subject !== null ? <FormField label="Ämne" {...form.text('subject')} /> : null}
        <TemplateBodyField label="Innehåll *" variables={variables} rows={16} {...form.input('body_md')} />
        {form.values.category === 'demand' ? <DemandCheck saved={saved} /> : null}
      </Flex>
      <LivePreview body={form.values.body_md} subject={subject} />
    </Grid>
  );
}

function LivePreview({ body, subject }: { body: string; subject: string | null }) {
  const { preview, isRendering, error } = useTemplatePreview(body, subject);
  return (
    <Card variant="surface" className="template-preview" role="region" aria-label="Förhandsvisning">
      <Flex justify="between" align="center" mb="2">
        <Heading as="h3" size="2">
          Förhandsvisning
        </Heading>
        {isRendering ? (
          <Spinner size="1" />
        ) : (
          <Text size="1" color="gray">
            Exempelärende
          </Text>
        )}
      </Flex>
      {error ? (
        <Callout.Root color="red" size="1" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      ) : preview ? (
        <Flex direction="column" gap="2">
          {preview.subject ? (
            <Text size="2" weight="bold">
              {preview.subject}
            </Text>
          ) : null}
          <Text as="div" size="2" className="preview-text">
            {preview.body}
          </Text>
        </Flex>
      ) : (
        <Text size="2" color="gray">
          Skriv innehållet för att se hur meddelandet blir.
        </Text>
      )}
    </Card>
  );
}

/** What the saved text of a demand lacks of inkassolagen 5 § (the 180 kr fee needs none missing). */
function DemandCheck({ saved }: { saved: Template }) {
  if (saved.category !== 'demand') return null;
  const missing = saved.missing_demand_content;
  return missing.length === 0 ? (
    <Callout.Root color="green" size="1">
      <Callout.Icon>
        <CheckCircledIcon />
      </Callout.Icon>
      <Callout.Text>Den sparade texten har allt ett inkassokrav ska innehålla (inkassolagen 5 §).</Callout.Text>
    </Callout.Root>
  ) : (
    <Callout.Root color="amber" size="1">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>
        Den sparade texten saknar: {missing.map((element) => element.label).join(', ')}. Utan det får inkassoavgiften (180 kr) inte tas ut.
      </Callout.Text>
    </Callout.Root>
  );
}

export function TemplateSettingsTab({ form, detail }: { form: EditorForm; detail: TemplateDetail | undefined }) {
  return (
    <Flex direction="column" gap="4">
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <FormField label="Språk" maxLength={2} hint="Två bokstäver, t.ex. sv" {...form.text('language', (text) => text.toLowerCase())} />
        <FormField label="Version" inputMode="numeric" hint="Ett heltal, minst 1" {...form.text('version')} />
      </Grid>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch checked={form.values.is_active} onCheckedChange={(is_active) => form.set({ is_active })} /> Aktiv – en inaktiv mall skickas aldrig
        </Flex>
      </Text>
      {detail?.used ? (
        <Callout.Root color="blue" size="1">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            Mallen har använts i utskick. Ändrar du ämne eller innehåll blir det en ny version; skickade meddelanden behåller sin text och den nuvarande texten
            sparas.
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {detail && detail.versions.length > 0 ? (
        <Flex direction="column" gap="1">
          <Text size="2" weight="medium">
            Tidigare versioner
          </Text>
          {detail.versions.map((version) => (
            <Text key={version.version} size="2" color="gray">
              Version {version.version} – {version.name}, ersatt {formatDateTime(version.replaced_at)}
            </Text>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}
