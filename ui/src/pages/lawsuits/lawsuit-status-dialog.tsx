// Moves a lawsuit to the status its button names: when it happened (the filing date when filed,
// never in the future), the court's case number and a note for the timeline. 'Status ändrad'.
import { Flex, Grid } from '@radix-ui/themes';
import { LAWSUIT_STATUS_LABELS, type LawsuitStatus } from '@fordran/core/labels';
import { useLawsuitMutations, type LawsuitDetail } from '../../api/lawsuits';
import { DateInput } from '../../components/date-input';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { FormField } from '../../components/form/form-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { useToast } from '../../components/toast';
import { readDateField } from '../../lib/date-field';
import { formatAmount, todayInSweden } from '../../lib/format';
import { useForm } from '../../lib/use-form';

interface StatusValues {
  date: string;
  court_case_no: string;
  reason: string;
}

export interface LawsuitStatusDialogProps {
  lawsuit: LawsuitDetail;
  /** The status to move to; null closes the dialog. */
  target: LawsuitStatus | null;
  onClose(): void;
}

export function LawsuitStatusDialog({ lawsuit, target, onClose }: LawsuitStatusDialogProps) {
  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={target ? `Ändra till ${LAWSUIT_STATUS_LABELS[target]}` : ''}
      description={
        target === 'filed' && lawsuit.court_fee ? `Ansökningsavgiften ${formatAmount(lawsuit.court_fee)} bokförs när stämningen lämnas in.` : undefined
      }
    >
      {target ? <StatusForm lawsuit={lawsuit} target={target} onDone={onClose} /> : null}
    </FormDialog>
  );
}

function StatusForm({ lawsuit, target, onDone }: { lawsuit: LawsuitDetail; target: LawsuitStatus; onDone(): void }) {
  const { toast } = useToast();
  const { changeStatus } = useLawsuitMutations();
  const today = todayInSweden();
  const form = useForm<StatusValues>(
    { date: today, court_case_no: lawsuit.court_case_no ?? '', reason: '' },
    {
      failure: 'Fel vid sparande',
      validate: (values) => (readDateField(values.date, { max: today }).ok ? {} : { date: 'Ange ett datum, inte i framtiden' }),
      async submit(values) {
        const date = readDateField(values.date, { max: today });
        const updated = await changeStatus(lawsuit.id, {
          status: target,
          ...(date.ok && date.date ? { date: date.date } : {}),
          court_case_no: values.court_case_no.trim() || null,
          reason: values.reason.trim() || null,
        });
        toast({ title: 'Status ändrad', description: updated.status_label, variant: 'success' });
        onDone();
      },
    },
  );
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <DateInput label={target === 'filed' ? 'Inlämningsdatum' : 'Datum'} {...form.input('date')} max={today} />
          <FormField label="Målnummer" {...form.text('court_case_no')} maxLength={100} autoComplete="off" />
        </Grid>
        <TextAreaField label="Kommentar" {...form.input('reason')} maxLength={500} rows={2} />
      </Flex>
      <FormActions submitLabel={`Ändra till ${LAWSUIT_STATUS_LABELS[target]}`} isSubmitting={form.isSubmitting} />
    </form>
  );
}
