// 'Lös' (issue 10): one open difference of a bank statement resolved by a person — linked to a
// payment registered by hand, booked as the bank's fee or as an adjustment on an account the docs
// allow, set aside as another account's, or acknowledged — with a required reason. Only the actions
// the difference offers are shown; payments are named by date, amount, payer and OCR, never by id.
import { Box, Callout, Flex, Grid, RadioCards, RadioGroup, Select, Skeleton, Table, Text } from '@radix-ui/themes';
import { useId, useRef, type ReactNode } from 'react';
import {
  useBankMutations,
  useResolutionOptions,
  type StatementDifference,
  type StatementPaymentCandidate,
  type StatementResolutionCreateInput,
  type StatementResolutionKind,
  type StatementResolutionOptions,
} from '../../api/bank';
import { orDash, TableCaption } from '../../components/data-table';
import { ErrorState } from '../../components/error-state';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { RadioList } from '../../components/form/radio-list';
import { ReasonField } from '../../components/reason-field';
import { useToast } from '../../components/toast';
import { reasonError } from '../../lib/decision-reason';
import type { FieldErrors } from '../../lib/form-errors';
import { formatAmount, formatCount, formatDate } from '../../lib/format';
import { useForm } from '../../lib/use-form';
import { bookingLines, candidateDistance, differenceTitle, magnitude, paymentText, RESOLUTION_ACTIONS, subjectOf } from './resolution-texts';

export interface ResolveDifferenceDialogProps {
  statementId: string;
  /** The open difference to resolve; null keeps the dialog closed. */
  difference: StatementDifference | null;
  onClose(): void;
}

export function ResolveDifferenceDialog({ statementId, difference, onClose }: ResolveDifferenceDialogProps) {
  return (
    <FormDialog
      open={difference !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      maxWidth="720px"
      title="Lös avvikelse"
      description={difference ? differenceTitle(difference) : null}
    >
      {difference ? <ResolveForm key={difference.key} statementId={statementId} difference={difference} onDone={onClose} /> : null}
    </FormDialog>
  );
}

type AdjustmentAccount = Extract<StatementResolutionCreateInput, { kind: 'adjustment' }>['counter_account'];
type AmountDifference = 'bank_fee' | 'adjustment';

interface Choice {
  kind: StatementResolutionKind | null;
  paymentId: string | null;
  amountDifference: AmountDifference | null;
  counterAccount: AdjustmentAccount | null;
  reason: string;
}

type ChoiceErrors = FieldErrors<keyof Choice>;

/** "-5.00" ↔ "5.00": what is left to book once a payment of another amount is linked (file minus booked). */
function negated(decimal: string): string {
  if (decimal === '0.00') return decimal;
  return decimal.startsWith('-') ? decimal.slice(1) : `-${decimal}`;
}

function problemsOf(choice: Choice, candidate: StatementPaymentCandidate | undefined): ChoiceErrors {
  const errors: ChoiceErrors = {};
  if (!choice.kind) errors.kind = 'Välj en åtgärd';
  if (choice.kind === 'match_payment') {
    if (!candidate) errors.paymentId = 'Välj en betalning';
    else if (candidate.amount_difference !== '0.00' && !choice.amountDifference) errors.amountDifference = 'Välj hur skillnaden ska bokföras';
  }
  const needsAccount =
    choice.kind === 'adjustment' || (choice.kind === 'match_payment' && candidate?.amount_difference !== '0.00' && choice.amountDifference === 'adjustment');
  if (needsAccount && !choice.counterAccount) errors.counterAccount = 'Välj motkonto';
  const reason = reasonError(choice.reason);
  if (reason) errors.reason = reason;
  return errors;
}

function inputOf(difference: StatementDifference, choice: Choice, candidate: StatementPaymentCandidate | undefined): StatementResolutionCreateInput {
  const base = { difference: difference.key, reason: choice.reason.trim() };
  switch (choice.kind) {
    case 'match_payment': {
      const differs = candidate!.amount_difference !== '0.00';
      return {
        ...base,
        kind: 'match_payment',
        payment_id: candidate!.id,
        ...(differs && choice.amountDifference ? { amount_difference: choice.amountDifference } : {}),
        ...(differs && choice.amountDifference === 'adjustment' && choice.counterAccount ? { counter_account: choice.counterAccount } : {}),
      };
    }
    case 'adjustment':
      return { ...base, kind: 'adjustment', counter_account: choice.counterAccount! };
    case 'bank_fee':
    case 'other_account':
    case 'acknowledge':
      return { ...base, kind: choice.kind };
    default:
      throw new Error('Ingen åtgärd vald');
  }
}

function ResolveForm({ statementId, difference, onDone }: { statementId: string; difference: StatementDifference; onDone(): void }) {
  const { data, error, mutate } = useResolutionOptions(statementId, difference.key);
  const { resolveDifference } = useBankMutations();
  const { toast } = useToast();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const candidateOf = (choice: Choice) => data?.candidates.find((item) => item.id === choice.paymentId);
  const form = useForm<Choice>(
    { kind: difference.actions.length === 1 ? difference.actions[0]! : null, paymentId: null, amountDifference: null, counterAccount: null, reason: '' },
    {
      validate: (choice) => problemsOf(choice, candidateOf(choice)),
      // A missing reason alone: the person is at the field already.
      onInvalid: (problems) => {
        if (problems.reason && Object.values(problems).filter(Boolean).length === 1) reasonRef.current?.focus();
      },
      failure: 'Fel vid sparande',
      onFailure: () => void mutate(),
      async submit(choice) {
        const detail = await resolveDifference(statementId, inputOf(difference, choice, candidateOf(choice)));
        const left = detail.differences.length;
        const description =
          detail.statement.reconciliation_status === 'reconciled'
            ? 'Bankutdraget är avstämt'
            : `${formatCount(left)} ${left === 1 ? 'avvikelse' : 'avvikelser'} återstår`;
        toast({ title: 'Avvikelsen är löst', description, variant: 'success' });
        onDone();
      },
    },
  );

  if (error && !data) return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <OptionsSkeleton />;

  const { values: choice, errors } = form;
  const candidate = candidateOf(choice);
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex direction="column" gap="4">
        <DifferenceFacts difference={difference} />
        <ActionChoice actions={difference.actions} value={choice.kind} error={errors.kind} onChange={(kind) => form.set({ kind })} />
        {choice.kind === 'match_payment' ? <MatchSection options={data} choice={choice} candidate={candidate} errors={errors} onChange={form.set} /> : null}
        {choice.kind === 'bank_fee' && data.amount ? <Booking difference={data.amount} counter={data.fee_account} /> : null}
        {choice.kind === 'adjustment' && data.amount ? (
          <AdjustmentSection
            options={data}
            difference={data.amount}
            value={choice.counterAccount}
            error={errors.counterAccount}
            onChange={(counterAccount) => form.set({ counterAccount })}
          />
        ) : null}
        <ReasonField
          ref={reasonRef}
          placeholder="T.ex. Bankens avgift enligt besked från banken"
          note="Skälet sparas med beslutet och i händelseloggen; en bokföring får det som text."
          {...form.input('reason')}
        />
      </Flex>
      <FormActions submitLabel="Lös avvikelsen" isSubmitting={form.isSubmitting} />
    </form>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="1" minWidth="0">
      <Text size="1" color="gray">
        {label}
      </Text>
      <Text size="2" as="div">
        {children}
      </Text>
    </Flex>
  );
}

/** What the file says, what is booked, and whose money it is. */
function DifferenceFacts({ difference }: { difference: StatementDifference }) {
  const side = (amount: string | null, date: string | null) => (amount !== null ? formatAmount(amount) : date !== null ? formatDate(date) : '–');
  return (
    <Grid columns={{ initial: '1', sm: '3' }} gap="3" className="statement-facts">
      <Fact label="I filen">{side(difference.expected, difference.expected_date)}</Fact>
      <Fact label="Bokfört">{side(difference.actual, difference.actual_date)}</Fact>
      <Fact label="Betalare / referens">{orDash(subjectOf(difference))}</Fact>
    </Grid>
  );
}

function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  return message ? (
    <Text as="p" id={id} size="1" color="red" mt="1">
      {message}
    </Text>
  ) : null;
}

function ActionChoice({
  actions,
  value,
  error,
  onChange,
}: {
  actions: StatementResolutionKind[];
  value: StatementResolutionKind | null;
  error: string | undefined;
  onChange(kind: StatementResolutionKind): void;
}) {
  const id = useId();
  return (
    <Box>
      <Text as="div" id={id} size="2" weight="medium" mb="2">
        Åtgärd *
      </Text>
      <RadioList
        compact
        value={value ?? ''}
        aria-labelledby={id}
        onValueChange={onChange}
        options={actions.map((kind) => ({ value: kind, ...RESOLUTION_ACTIONS[kind] }))}
      />
      <FieldError message={error} />
    </Box>
  );
}

/** The journal a fee or an adjustment books, line by line. */
function Booking({ difference, counter }: { difference: string; counter: { code: string; name: string } }) {
  return (
    <Box>
      <Text as="div" size="2" weight="medium" mb="1">
        Bokförs {formatAmount(magnitude(difference))}
      </Text>
      <Table.Root size="1" variant="surface">
        <TableCaption>Verifikation som bokförs</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Sida</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Konto</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Belopp</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {bookingLines(difference, counter).map((line) => (
            <Table.Row key={line.side}>
              <Table.Cell>{line.side}</Table.Cell>
              <Table.Cell>{line.account}</Table.Cell>
              <Table.Cell justify="end" className="nowrap amount-cell">
                {line.amount}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function CounterAccountField({
  options,
  value,
  error,
  onChange,
}: {
  options: StatementResolutionOptions;
  value: AdjustmentAccount | null;
  error: string | undefined;
  onChange(code: AdjustmentAccount): void;
}) {
  const id = useId();
  const chosen = options.counter_accounts.find((account) => account.code === value);
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        Motkonto *
      </Text>
      <Box mt="1">
        <Select.Root value={value ?? ''} onValueChange={(code) => onChange(code as AdjustmentAccount)}>
          <Select.Trigger id={id} className="full-width" placeholder="Välj motkonto" aria-invalid={error ? true : undefined} />
          <Select.Content position="popper">
            {options.counter_accounts.map((account) => (
              <Select.Item key={account.code} value={account.code}>
                {account.code} {account.name}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Box>
      {error ? (
        <FieldError message={error} />
      ) : (
        <Text as="p" size="1" color="gray" mt="1">
          {chosen ? chosen.purpose : 'Bara konton som dokumentationen tillåter för avstämningsdifferenser.'}
        </Text>
      )}
    </Box>
  );
}

function AdjustmentSection(props: {
  options: StatementResolutionOptions;
  difference: string;
  value: AdjustmentAccount | null;
  error: string | undefined;
  onChange(code: AdjustmentAccount): void;
}) {
  const chosen = props.options.counter_accounts.find((account) => account.code === props.value);
  return (
    <Flex direction="column" gap="3">
      <CounterAccountField options={props.options} value={props.value} error={props.error} onChange={props.onChange} />
      {chosen ? <Booking difference={props.difference} counter={chosen} /> : null}
    </Flex>
  );
}

/** The payments the line may be, best first. */
function PaymentChoice({
  options,
  value,
  error,
  onChange,
}: {
  options: StatementResolutionOptions;
  value: string | null;
  error: string | undefined;
  onChange(paymentId: string): void;
}) {
  const id = useId();
  return (
    <Box>
      <Text as="div" id={id} size="2" weight="medium" mb="2">
        Betalning *
      </Text>
      <RadioCards.Root columns="1" size="1" gap="2" value={value ?? ''} aria-labelledby={id} onValueChange={onChange}>
        {options.candidates.map((item) => (
          <RadioCards.Item key={item.id} value={item.id} aria-label={paymentText(item)}>
            <Flex justify="between" align="start" gap="4" width="100%">
              <Flex direction="column" gap="1" minWidth="0">
                <Text weight="bold">
                  {formatDate(item.paid_at)} · {formatAmount(item.amount)}
                </Text>
                <Text size="1" color="gray">
                  {[item.payer_name, item.ocr ? `OCR ${item.ocr}` : item.reference ? `Ref. ${item.reference}` : null].filter(Boolean).join(' · ') ||
                    'Ingen betalare eller OCR'}
                </Text>
              </Flex>
              <Text size="1" color={item.amount_difference === '0.00' ? 'green' : 'amber'} className="nowrap">
                {candidateDistance(item)}
              </Text>
            </Flex>
          </RadioCards.Item>
        ))}
      </RadioCards.Root>
      <FieldError message={error} />
    </Box>
  );
}

/** The payments the line may be, best first, and — for one of another amount — how the difference is booked. */
function MatchSection({
  options,
  choice,
  candidate,
  errors,
  onChange,
}: {
  options: StatementResolutionOptions;
  choice: Choice;
  candidate: StatementPaymentCandidate | undefined;
  errors: ChoiceErrors;
  onChange(patch: Partial<Choice>): void;
}) {
  if (options.candidates.length === 0) {
    return (
      <Callout.Root color="gray" variant="surface" role="status">
        <Callout.Text>
          Ingen bokförd betalning utan bankkoppling har ett belopp nära radens (högst 10 % ifrån). Registrera och avräkna betalningen under Inbetalningar, eller
          välj en annan åtgärd.
        </Callout.Text>
      </Callout.Root>
    );
  }
  const remaining = candidate && candidate.amount_difference !== '0.00' ? negated(candidate.amount_difference) : null;
  const counter =
    choice.amountDifference === 'bank_fee' ? options.fee_account : options.counter_accounts.find((account) => account.code === choice.counterAccount);
  return (
    <Flex direction="column" gap="3">
      <PaymentChoice
        options={options}
        value={choice.paymentId}
        error={errors.paymentId}
        onChange={(paymentId) => onChange({ paymentId, amountDifference: null, counterAccount: null })}
      />
      {remaining ? (
        <Box>
          <Text as="div" size="2" weight="medium" mb="2">
            Skillnaden {formatAmount(magnitude(remaining))} bokförs som *
          </Text>
          <RadioGroup.Root
            value={choice.amountDifference ?? ''}
            aria-label="Hur skillnaden bokförs"
            onValueChange={(value) => onChange({ amountDifference: value as AmountDifference })}
          >
            <Flex gap="4">
              {(['bank_fee', 'adjustment'] as const).map((kind) => (
                <Text as="label" size="2" key={kind}>
                  <Flex gap="2" align="center">
                    <RadioGroup.Item value={kind} />
                    {kind === 'bank_fee' ? 'Bankavgift' : 'Justering'}
                  </Flex>
                </Text>
              ))}
            </Flex>
          </RadioGroup.Root>
          <FieldError message={errors.amountDifference} />
        </Box>
      ) : null}
      {remaining && choice.amountDifference === 'adjustment' ? (
        <CounterAccountField
          options={options}
          value={choice.counterAccount}
          error={errors.counterAccount}
          onChange={(counterAccount) => onChange({ counterAccount })}
        />
      ) : null}
      {remaining && counter ? <Booking difference={remaining} counter={counter} /> : null}
    </Flex>
  );
}

function OptionsSkeleton() {
  return (
    <Flex direction="column" gap="2" aria-busy aria-label="Läser in åtgärderna">
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} height="32px" />
      ))}
    </Flex>
  );
}
