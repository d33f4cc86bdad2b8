// 'Redigera mall' (spec part 2 §2, §5): tabs Grundläggande (name, code, category, channel),
// Innehåll (subject, body with 'Infoga variabel', live preview) and Inställningar (language,
// version, active). Name and code are required ('Obligatoriska fält saknas': 'Namn och kod måste
// fyllas i.'); the code is upper case and locked. 'Sparat'.
import { Box, Tabs } from '@radix-ui/themes';
import { useTemplate, useTemplateMutations, type Template, type TemplateVariable } from '../../api/templates';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { useToast, type ToastInput } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import type { FieldErrors } from '../../lib/form-errors';
import { useForm } from '../../lib/use-form';
import { hasSubject } from './template-labels';
import { TemplateBasicTab, TemplateContentTab, TemplateSettingsTab, type TemplateValues } from './template-editor-tabs';

export const REQUIRED_TITLE = 'Obligatoriska fält saknas';
export const REQUIRED_MESSAGE = 'Namn och kod måste fyllas i.';

export interface TemplateEditorDialogProps {
  template: Template | null;
  variables: readonly TemplateVariable[];
  onOpenChange(open: boolean): void;
}

export function TemplateEditorDialog({ template, variables, onOpenChange }: TemplateEditorDialogProps) {
  return (
    <FormDialog
      open={template !== null}
      onOpenChange={onOpenChange}
      maxWidth="880px"
      title="Redigera mall"
      description={template ? `${template.name} · ${template.code}` : undefined}
    >
      {template ? <EditorForm key={template.id} template={template} variables={variables} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

function valuesOf(template: Template): TemplateValues {
  return {
    name: template.name,
    code: template.code,
    category: template.category,
    channel: template.channel,
    subject: template.subject ?? '',
    body_md: template.body_md,
    language: template.language,
    version: String(template.version),
    is_active: template.is_active,
  };
}

function validate(values: TemplateValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.name.trim()) errors.name = 'Namn krävs';
  if (!values.code.trim()) errors.code = 'Kod krävs';
  if (!/^\d+$/.test(values.version.trim()) || Number(values.version) < 1) errors.version = 'Versionen måste vara ett heltal, minst 1';
  return errors;
}

/** A refusal of name or code under the spec's title; anything else as a failed save. */
function failureToast(error: unknown): ToastInput {
  const message = (error as Error).message;
  const required = error instanceof ApiError && error.code === 'TEMPLATE_FIELDS_MISSING';
  return { title: required ? REQUIRED_TITLE : 'Fel vid sparande', description: message, variant: 'destructive' };
}

function EditorForm({ template, variables, onDone }: { template: Template; variables: readonly TemplateVariable[]; onDone(): void }) {
  const { updateTemplate } = useTemplateMutations();
  const { data: detail } = useTemplate(template.id);
  const { toast } = useToast();
  const form = useForm(valuesOf(template), {
    validate,
    onInvalid: (errors) =>
      toast(
        errors.name || errors.code
          ? { title: REQUIRED_TITLE, description: REQUIRED_MESSAGE, variant: 'destructive' }
          : failureToast(new Error(Object.values(errors)[0])),
      ),
    failure: failureToast,
    async submit(values) {
      const saved = await updateTemplate(template.id, {
        name: values.name.trim(),
        code: values.code.trim(),
        category: values.category,
        channel: values.channel,
        subject: hasSubject(values.channel) ? values.subject.trim() || null : null,
        body_md: values.body_md,
        language: values.language.trim(),
        version: Number(values.version),
        is_active: values.is_active,
      });
      const newVersion = saved.version > template.version ? ` – version ${saved.version}` : '';
      toast({ title: 'Sparat', description: `${saved.name}${newVersion}`, variant: 'success' });
      onDone();
    },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Tabs.Root defaultValue="basic">
        <Tabs.List>
          <Tabs.Trigger value="basic">Grundläggande</Tabs.Trigger>
          <Tabs.Trigger value="content">Innehåll</Tabs.Trigger>
          <Tabs.Trigger value="settings">Inställningar</Tabs.Trigger>
        </Tabs.List>
        <Box pt="4">
          <Tabs.Content value="basic">
            <TemplateBasicTab form={form} />
          </Tabs.Content>
          <Tabs.Content value="content">
            <TemplateContentTab form={form} variables={variables} saved={template} />
          </Tabs.Content>
          <Tabs.Content value="settings">
            <TemplateSettingsTab form={form} detail={detail} />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
      <FormActions submitLabel="Spara mall" isSubmitting={form.isSubmitting} />
    </form>
  );
}
