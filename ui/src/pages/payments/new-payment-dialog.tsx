// 'Ny inbetalning' (spec part 2 §2, §5): method, amount (numeric, step 0.01), OCR, message and the
// paid date (default today). Save stays disabled until an amount is entered. Each opening of the
// dialog has its own idempotency key, so a double click or a retry registers the payment once.
import { Box, Button, Dialog, Flex, Grid, Select, Text, TextArea } from '@radix-ui/themes';
import { useId, useRef, useState, type FormEvent } from 'react';
import { PAYMENT_METHODS, usePaymentMutations, type PaymentMethod } from '../../api/payments';
import { FormField } from '../../components/form-field';
import { useToast } from '../../components/toast';
import { isPositiveAmount, parseAmountInput } from '../../lib/amount-input';
import { formatAmount, todayInSweden } from '../../lib/format';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { PAYMENT_METHOD_LABELS } from './payment-labels';

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

const AMOUNT_ERROR = 'Ange ett belopp större än 0 med högst två decimaler';

function NewPaymentForm({ onDone }: { onDone(): void }) {
  const { createPayment } = usePaymentMutations();
  const { toast } = useToast();
  const methodId = useId();
  const messageId = useId();
  const [today] = useState(todayInSweden);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [values, setValues] = useState<PaymentValues>({ method: 'manual', amount: '', ocr: '', message: '', payer_name: '', paid_at: today });
  const [amountError, setAmountError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  // A second submit in the same tick sees no re-render yet; the ref stops it before the network.
  const inFlight = useRef(false);

  const set = (field: Exclude<keyof PaymentValues, 'method'>) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (field === 'amount') setAmountError(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const amount = parseAmountInput(values.amount);
    if (!amount || !isPositiveAmount(amount)) {
      setAmountError(AMOUNT_ERROR);
      return;
    }
    inFlight.current = true;
    setIsSaving(true);
    try {
      const payment = await createPayment({
        method: values.method,
        amount,
        ocr: values.ocr.trim() || undefined,
        message: values.message.trim() || undefined,
        payer_name: values.payer_name.trim() || undefined,
        paid_at: values.paid_at || undefined,
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
          <FormField
            label="Belopp (kr) *"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            value={values.amount}
            onChange={set('amount')}
            error={amountError}
            placeholder="0,00"
            autoFocus
          />
        </Grid>
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <FormField label="OCR" value={values.ocr} onChange={set('ocr')} inputMode="numeric" maxLength={25} autoComplete="off" />
          <FormField label="Betalningsdatum" type="date" value={values.paid_at} max={today} onChange={set('paid_at')} />
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
        <Button type="submit" disabled={values.amount.trim() === '' || isSaving}>
          {isSaving ? 'Sparar...' : 'Spara'}
        </Button>
      </Flex>
    </form>
  );
}
