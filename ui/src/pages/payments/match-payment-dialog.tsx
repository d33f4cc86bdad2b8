// 'Matcha' (spec part 2 §2, §5, §8): the candidate cases of a payment, an amount (default the
// smaller of what is left of the payment and what the case owes, shown sv-SE: "2 000,50"),
// 'Avräkna', then the case's new balance. Above the outstanding amount the server refuses with 'Betalning överstiger utestående
// belopp'.
import { Link2Icon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Box, Button, Dialog, Flex, Separator, Skeleton, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { Link } from 'wouter';
import { usePaymentCandidates, usePaymentMutations, type Payment, type PaymentAllocateResult, type PaymentCandidate } from '../../api/payments';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { FormActions } from '../../components/form/form-actions';
import { MoneyInput } from '../../components/money-input';
import { useToast, type ToastInput } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { formatAmount, formatDate } from '../../lib/format';
import { oreOfDecimal, readMoneyField } from '../../lib/money';
import { useForm } from '../../lib/use-form';
import { canMatchPayment, defaultAllocationAmount } from './allocation-amount';
import { AllocationResult, caseHref } from './allocation-result';
import { CandidateList } from './candidate-list';
import { paymentMethodLabel } from './payment-labels';

export interface MatchPaymentDialogProps {
  /** The payment to match; null closes the dialog. */
  payment: Payment | null;
  onClose(): void;
}

export function MatchPaymentDialog({ payment, onClose }: MatchPaymentDialogProps) {
  return (
    <Dialog.Root
      open={payment !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Content maxWidth="600px">
        <Dialog.Title>Matcha inbetalning</Dialog.Title>
        {payment ? <MatchFlow key={payment.id} initialPayment={payment} onClose={onClose} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** Choose → allocate → result; 'Matcha resten' starts over with what is left of the payment. */
function MatchFlow({ initialPayment, onClose }: { initialPayment: Payment; onClose(): void }) {
  const [payment, setPayment] = useState(initialPayment);
  const [result, setResult] = useState<PaymentAllocateResult | null>(null);

  return (
    <>
      <PaymentSummary payment={payment} />
      <Separator size="4" my="4" />
      {result ? (
        <>
          <AllocationResult result={result} />
          <Flex gap="3" justify="end" mt="5" wrap="wrap">
            {canMatchPayment(result.payment) ? (
              <Button
                variant="soft"
                onClick={() => {
                  setPayment(result.payment);
                  setResult(null);
                }}
              >
                <Link2Icon /> Matcha resten
              </Button>
            ) : null}
            <Button asChild variant="soft" color="gray">
              <Link href={caseHref(result.case.id)}>Öppna ärendet</Link>
            </Button>
            <Button onClick={onClose}>Stäng</Button>
          </Flex>
        </>
      ) : (
        <AllocateForm payment={payment} onAllocated={setResult} />
      )}
    </>
  );
}

function PaymentSummary({ payment }: { payment: Payment }) {
  const reference = [payment.ocr ? `OCR ${payment.ocr}` : null, payment.reference, payment.payer_name].filter(Boolean).join(' · ');
  const isPartial = oreOfDecimal(payment.unallocated_amount) !== oreOfDecimal(payment.amount);
  return (
    <Box>
      <Dialog.Description size="2" color="gray">
        <Text weight="bold" highContrast>
          {formatAmount(payment.amount)}
        </Text>{' '}
        · {paymentMethodLabel(payment.method)} · {formatDate(payment.paid_at)}
        {reference ? ` · ${reference}` : ''}
      </Dialog.Description>
      {payment.message ? (
        <Text as="p" size="2" color="gray">
          Meddelande: {payment.message}
        </Text>
      ) : null}
      {isPartial ? (
        <Text as="p" size="2" color="amber">
          Kvar att avräkna: {formatAmount(payment.unallocated_amount)}
        </Text>
      ) : null}
    </Box>
  );
}

/** The toast of a refused allocation: above the outstanding amount says how much the case owes. */
function allocationErrorToast(error: unknown, candidate: PaymentCandidate | null): ToastInput {
  if (error instanceof ApiError && error.code === 'PAYMENT_EXCEEDS_OUTSTANDING' && candidate) {
    return {
      title: 'Betalning överstiger utestående belopp',
      description: `Ärende ${candidate.reference_no} har ${formatAmount(candidate.total_outstanding)} utestående.`,
      variant: 'destructive',
    };
  }
  return { title: 'Fel vid avräkning', description: (error as Error).message, variant: 'destructive' };
}

function AllocateForm({ payment, onAllocated }: { payment: Payment; onAllocated(result: PaymentAllocateResult): void }) {
  const { data, error, isLoading, mutate } = usePaymentCandidates(payment.id);
  const { allocatePayment } = usePaymentMutations();
  const { toast } = useToast();
  const [selected, setSelected] = useState<PaymentCandidate | null>(null);
  const form = useForm(
    { amount: '' },
    {
      failure: (allocateError) => allocationErrorToast(allocateError, selected),
      // The case may have been paid from elsewhere meanwhile: show its current outstanding amount.
      onFailure: () => void mutate(),
      async submit(values) {
        const amount = readMoneyField(values.amount);
        if (!selected || !amount.ok) return;
        const result = await allocatePayment(payment.id, { case_id: selected.case_id, amount: amount.decimal });
        const description = `${formatAmount(result.allocation.amount)} på ärende ${result.allocation.reference_no}`;
        toast({ title: 'Betalning avräknad', description, variant: 'success' });
        onAllocated(result);
      },
    },
  );

  const choose = (candidate: PaymentCandidate) => {
    setSelected(candidate);
    form.set({ amount: formatAmount(defaultAllocationAmount(payment.unallocated_amount, candidate.total_outstanding), { currency: false }) });
  };

  if (error && !data) return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <CandidateSkeleton />;
  if (data.candidates.length === 0) return <NoCandidates />;

  // Refreshed candidates carry the current outstanding amount of the chosen case.
  const current = selected ? (data.candidates.find((candidate) => candidate.case_id === selected.case_id) ?? selected) : null;

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Text as="p" size="2" weight="medium" mb="2">
        Välj ärende
      </Text>
      <CandidateList candidates={data.candidates} selectedCaseId={current?.case_id ?? null} onSelect={choose} />
      {current ? (
        <Box mt="4" maxWidth="260px">
          <MoneyInput label="Belopp att avräkna (kr)" {...form.input('amount')} hint={`Utestående på ärendet: ${formatAmount(current.total_outstanding)}`} />
        </Box>
      ) : null}
      <FormActions
        submitLabel="Avräkna"
        busyLabel="Avräknar..."
        isSubmitting={form.isSubmitting}
        disabled={!current || !readMoneyField(form.values.amount).ok}
      />
    </form>
  );
}

function NoCandidates() {
  return (
    <>
      <EmptyState
        icon={<MagnifyingGlassIcon width="22" height="22" />}
        title="Inga matchande ärenden hittades"
        description="Inget aktivt ärende eller utkast har betalningens OCR, referens eller belopp."
      />
      <Flex justify="end" mt="2">
        <Dialog.Close>
          <Button variant="soft" color="gray">
            Stäng
          </Button>
        </Dialog.Close>
      </Flex>
    </>
  );
}

function CandidateSkeleton() {
  return (
    <Flex direction="column" gap="2" aria-busy aria-label="Söker matchande ärenden">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height="72px" />
      ))}
    </Flex>
  );
}
