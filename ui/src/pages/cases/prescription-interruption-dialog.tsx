// 'Registrera preskriptionsavbrott' (preskriptionslag 5 §): an interruption the system could not
// see (an acknowledgement on the phone, a demand handed over) with its date and a reason, which
// the timeline and the system log keep. Success: 'Preskriptionsavbrott registrerat'.
import { Flex } from '@radix-ui/themes';
import { useCaseMutations } from '../../api/cases';
import { DateInput } from '../../components/date-input';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { TextAreaField } from '../../components/form/text-area-field';
import { useToast } from '../../components/toast';
import { readDateField } from '../../lib/date-field';
import { formatDate, todayInSweden } from '../../lib/format';
import { useForm } from '../../lib/use-form';

// The server's texts (services schemas/prescription.ts).
const REASON_REQUIRED = 'Ange varför preskriptionen avbryts';
const DATE_REQUIRED = 'Ange datum för avbrottet som ÅÅÅÅ-MM-DD';
const DATE_IN_FUTURE = 'Avbrottets datum får inte vara i framtiden';

export interface PrescriptionInterruptionDialogProps {
  caseId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function PrescriptionInterruptionDialog({ caseId, open, onOpenChange }: PrescriptionInterruptionDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Registrera preskriptionsavbrott"
      description="T.ex. när gäldenären har erkänt skulden. Ett avbrott räknas bara om preskriptionstiden ännu inte hade gått ut den dagen."
    >
      <InterruptionForm caseId={caseId} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function InterruptionForm({ caseId, onDone }: { caseId: string; onDone(): void }) {
  const { addPrescriptionInterruption } = useCaseMutations();
  const { toast } = useToast();
  const today = todayInSweden();
  const form = useForm(() => ({ interrupted_on: today, reason: '' }), {
    failure: (error) => ({ title: 'Kunde inte registrera avbrottet', description: (error as Error).message, variant: 'destructive' }),
    validate(values) {
      const date = readDateField(values.interrupted_on);
      return {
        interrupted_on: !date.ok || date.date === null ? DATE_REQUIRED : date.date > today ? DATE_IN_FUTURE : undefined,
        reason: values.reason.trim() ? undefined : REASON_REQUIRED,
      };
    },
    async submit(values) {
      const date = readDateField(values.interrupted_on);
      if (!date.ok || date.date === null) return;
      const result = await addPrescriptionInterruption(caseId, { interrupted_on: date.date, reason: values.reason.trim() });
      toast({ title: 'Preskriptionsavbrott registrerat', description: `Preskriberas ${formatDate(result.prescription.prescribed_on)}`, variant: 'success' });
      onDone();
    },
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex direction="column" gap="4">
        <DateInput label="Datum för avbrottet *" {...form.input('interrupted_on')} max={today} />
        <TextAreaField label="Anledning *" rows={3} maxLength={500} placeholder="T.ex. Gäldenären erkände skulden i telefon" {...form.input('reason')} />
      </Flex>
      <FormActions submitLabel="Registrera avbrott" isSubmitting={form.isSubmitting} />
    </form>
  );
}
