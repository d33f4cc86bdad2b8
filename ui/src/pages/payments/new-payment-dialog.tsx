// 'Ny inbetalning' (spec part 2 §2, §5): method, amount, OCR, message and the paid date (default
// today). The amount is a MoneyInput (the spec's "numeric, step 0.01" as a field that reads
// "2 000,50" the Swedish way); Save stays disabled until it holds an amount above zero. Each opening
// of the dialog has its own idempotency key, so a double click or a retry registers the payment once.
import { Flex, Grid } from '@radix-ui/themes';
import { useState } from 'react';
import { PAYMENT_METHODS, usePaymentMutations, type PaymentMethod } from '../../api/payments';
import { DateInput } from '../../components/date-input';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { FormField } from '../../components/form/form-field';
import { SelectField } from '../../components/form/select-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { MoneyInput } from '../../components/money-input';
import { useToast } from '../../components/toast';
import { readDateField } from '../../lib/date-field';
import { formatAmount, todayInSweden } from '../../lib/format';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { readMoneyField } from '../../lib/money';
import { PAYMENT_METHOD_LABELS } from '@fordran/core/labels';
import { useForm } from '../../lib/use-form';

export interface NewPaymentDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function NewPaymentDialog({ open, onOpenChange }: NewPaymentDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      maxWidth="520px"
      title="Ny inbetalning"
      description="Registrera en betalning som kommit in utanför bankfilerna. Matcha den sedan mot ett ärende."
    >
      {/* Every opening starts empty, with a new idempotency key. */}
      <NewPaymentForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

interface PaymentValues {
  method: PaymentMethod;
  amount: string;
  ocr: string;
  message: string;
  payer_name: string;
  paid_at: string;
}

const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }));

function NewPaymentForm({ onDone }: { onDone(): void }) {
  const { createPayment } = usePaymentMutations();
  const { toast } = useToast();
  const [today] = useState(todayInSweden);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useForm<PaymentValues>(
    { method: 'manual', amount: '', ocr: '', message: '', payer_name: '', paid_at: today },
    {
      failure: 'Fel vid sparande',
      async submit(values) {
        const amount = readMoneyField(values.amount);
        const paidAt = readDateField(values.paid_at, { max: today });
        if (!amount.ok || !paidAt.ok) return;
        const payment = await createPayment({
          method: values.method,
          amount: amount.decimal,
          ocr: values.ocr.trim() || undefined,
          message: values.message.trim() || undefined,
          payer_name: values.payer_name.trim() || undefined,
          paid_at: paidAt.date ?? undefined,
          idempotency_key: idempotencyKey,
        });
        toast({ title: 'Inbetalning skapad', description: formatAmount(payment.amount), variant: 'success' });
        onDone();
      },
    },
  );
  // Save stays disabled until the amount and the date read.
  const isReady = readMoneyField(form.values.amount).ok && readDateField(form.values.paid_at, { max: today }).ok;

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <SelectField label="Betalsätt" options={METHOD_OPTIONS} {...form.input('method')} />
          <MoneyInput label="Belopp (kr) *" {...form.input('amount')} autoFocus />
        </Grid>
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <FormField label="OCR" {...form.text('ocr')} inputMode="numeric" maxLength={25} autoComplete="off" />
          <DateInput label="Betalningsdatum" {...form.input('paid_at')} max={today} />
        </Grid>
        <FormField label="Betalare" {...form.text('payer_name')} maxLength={200} autoComplete="off" />
        <TextAreaField label="Meddelande" {...form.input('message')} maxLength={500} rows={2} />
      </Flex>
      <FormActions submitLabel="Spara" isSubmitting={form.isSubmitting} disabled={!isReady} />
    </form>
  );
}
