// 'Ny inbetalning' (spec part 2 §2, §5): method, amount, OCR, message and the paid date (default
// today). The amount is a MoneyInput (the spec's "numeric, step 0.01" as a field that reads
// "2 000,50" the Swedish way); Save stays disabled until it holds an amount above zero. Each opening
// of the dialog has its own idempotency key, so a double click or a retry registers the payment once.
import { Box, Button, Dialog, Flex, Grid, Select, Text, TextArea } from '@radix-ui/themes';
import { useId, useRef, useState, type FormEvent } from 'react';
import { PAYMENT_METHODS, usePaymentMutations, type PaymentMethod } from '../../api/payments';
import { DateInput } from '../../components/date-input';
import { FormField } from '../../components/form-field';
import { MoneyInput } from '../../components/money-input';
import { useToast } from '../../components/toast';
import { readDateField } from '../../lib/date-field';
import { formatAmount, todayInSweden } from '../../lib/format';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { readMoneyField } from '../../lib/money';
import { PAYMENT_METHOD_LABELS } from '@fordran/core/labels';

export interface NewPaymentDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function NewPaymentDialog({ open, onOpenChange }: NewPaymentDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Ny inbetalning</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Registrera en betalning som kommit in utanför bankfilerna. Matcha den sedan mot ett ärende.
        </Dialog.Description>
        {/* Mounted only while open: every opening starts empty, with a new idempotency key. */}
        {open ? <NewPaymentForm onDone={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
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

function NewPaymentForm({ onDone }: { onDone(): void }) {
  const { createPayment } = usePaymentMutations();
  const { toast } = useToast();
  const methodId = useId();
  const messageId = useId();
  const [today] = useState(todayInSweden);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [values, setValues] = useState<PaymentValues>({ method: 'manual', amount: '', ocr: '', message: '', payer_name: '', paid_at: today });
  const [isSaving, setIsSaving] = useState(false);
  // A second submit in the same tick sees no re-render yet; the ref stops it before the network.
  const inFlight = useRef(false);
  const amount = readMoneyField(values.amount);
  const paidAt = readDateField(values.paid_at, { max: today });

  const setText = (field: Exclude<keyof PaymentValues, 'method'>) => (text: string) => setValues((current) => ({ ...current, [field]: text }));
  const set = (field: Exclude<keyof PaymentValues, 'method'>) => (event: { target: { value: string } }) => setText(field)(event.target.value);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || !amount.ok || !paidAt.ok) return;
    inFlight.current = true;
    setIsSaving(true);
    try {
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
    } catch (saveError) {
      toast({ title: 'Fel vid sparande', description: (saveError as Error).message, variant: 'destructive' });
    } finally {
      inFlight.current = false;
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <Box>
            <Text as="label" id={`${methodId}-label`} size="2" weight="medium">
              Betalsätt
            </Text>
            <Box mt="1">
              <Select.Root value={values.method} onValueChange={(method) => setValues((current) => ({ ...current, method: method as PaymentMethod }))}>
                <Select.Trigger aria-labelledby={`${methodId}-label`} className="full-width" />
                <Select.Content position="popper">
                  {PAYMENT_METHODS.map((method) => (
                    <Select.Item key={method} value={method}>
                      {PAYMENT_METHOD_LABELS[method]}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Box>
          </Box>
          <MoneyInput label="Belopp (kr) *" value={values.amount} onValueChange={setText('amount')} autoFocus />
        </Grid>
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <FormField label="OCR" value={values.ocr} onChange={set('ocr')} inputMode="numeric" maxLength={25} autoComplete="off" />
          <DateInput label="Betalningsdatum" value={values.paid_at} max={today} onValueChange={setText('paid_at')} />
        </Grid>
        <FormField label="Betalare" value={values.payer_name} onChange={set('payer_name')} maxLength={200} autoComplete="off" />
        <Box>
          <Text as="label" htmlFor={messageId} size="2" weight="medium">
            Meddelande
          </Text>
          <TextArea id={messageId} mt="1" value={values.message} onChange={set('message')} maxLength={500} rows={2} />
        </Box>
      </Flex>
      <Flex gap="3" justify="end" mt="5">
        <Dialog.Close>
          <Button type="button" variant="soft" color="gray">
            Avbryt
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={!amount.ok || !paidAt.ok || isSaving}>
          {isSaving ? 'Sparar...' : 'Spara'}
        </Button>
      </Flex>
    </form>
  );
}
