// 'Ny mall' (spec part 2 §5, §9): name, category among påminnelse, inkassokrav, betalplan and
// anpassad, channel, the subject only for e-mail and letter, and the body. Saving is disabled
// until name and body are filled; the server generates the code. 'Mall skapad'.
import { Grid } from '@radix-ui/themes';
import { useTemplateMutations, type CommChannel, type CommTemplateCategory, type TemplateVariable } from '../../api/templates';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { FormField } from '../../components/form/form-field';
import { SelectField } from '../../components/form/select-field';
import { useToast } from '../../components/toast';
import { CHANNEL_OPTIONS, hasSubject, SIMPLE_CATEGORY_OPTIONS } from './template-labels';
import { TemplateBodyField } from './template-body-field';
import { useForm } from '../../lib/use-form';

interface Values {
  name: string;
  category: CommTemplateCategory;
  channel: CommChannel;
  subject: string;
  body_md: string;
}

const INITIAL: Values = { name: '', category: 'custom', channel: 'email', subject: '', body_md: '' };

export interface TemplateCreateDialogProps {
  open: boolean;
  variables: readonly TemplateVariable[];
  onOpenChange(open: boolean): void;
}

export function TemplateCreateDialog({ open, variables, onOpenChange }: TemplateCreateDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      maxWidth="680px"
      title="Ny mall"
      description="Koden skapas av kategorin och tidpunkten. Fler inställningar finns i redigeraren."
    >
      <CreateForm variables={variables} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CreateForm({ variables, onDone }: { variables: readonly TemplateVariable[]; onDone(): void }) {
  const { createTemplate } = useTemplateMutations();
  const { toast } = useToast();
  const form = useForm(INITIAL, {
    failure: 'Fel vid sparande',
    async submit(values) {
      const created = await createTemplate({
        name: values.name.trim(),
        category: values.category,
        channel: values.channel,
        subject: hasSubject(values.channel) ? values.subject.trim() || null : null,
        body_md: values.body_md,
      });
      toast({ title: 'Mall skapad', description: `${created.name} (${created.code})`, variant: 'success' });
      onDone();
    },
  });
  const isReady = form.values.name.trim() !== '' && form.values.body_md.trim() !== '';

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Grid columns="1" gap="4">
        <FormField label="Namn *" placeholder="T.ex. Påminnelse före inkasso" {...form.text('name')} />
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <SelectField label="Kategori" options={SIMPLE_CATEGORY_OPTIONS} {...form.input('category')} />
          <SelectField label="Kanal" options={CHANNEL_OPTIONS} {...form.input('channel')} />
        </Grid>
        {hasSubject(form.values.channel) ? (
          <FormField label="Ämne" placeholder="T.ex. Påminnelse – ärende {{case_reference}}" {...form.text('subject')} />
        ) : null}
        <TemplateBodyField label="Innehåll *" variables={variables} {...form.input('body_md')} />
      </Grid>
      <FormActions submitLabel="Skapa mall" isSubmitting={form.isSubmitting} disabled={!isReady} />
    </form>
  );
}
