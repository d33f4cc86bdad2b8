import { DomainError } from '../errors';
import { addOre, ore, sumOre, type Ore } from '../money';
import { parseIsoDate, type IsoDate } from '../dates';
import type { AllocationSplit } from '../allocation';
import { BANK_ADJUSTMENT_ACCOUNT_CODES, LEDGER_ACCOUNT_CODES } from './chart-of-accounts';
import { assertJournalBalanced, type LedgerJournal, type LedgerJournalLine } from './journal';
import type { LedgerJournalSource } from './ledger-codes';

/** Where and when a journal is booked. `meta` adds context; the builder's own keys win. */
export interface LedgerBookingRefs {
  booked_at: IsoDate;
  meta?: Readonly<Record<string, unknown>>;
}

/** Refs of a booking that concerns one case (its lines carry case_id and creditor_id). */
export interface LedgerCaseRefs extends LedgerBookingRefs {
  case_id: string;
  creditor_id?: string;
}

interface LineParty {
  case_id?: string;
  creditor_id?: string;
}

function debit(account_code: string, amountOre: Ore, party: LineParty): LedgerJournalLine {
  return { account_code, debitOre: amountOre, creditOre: ore(0), ...partyFields(party) };
}

function credit(account_code: string, amountOre: Ore, party: LineParty): LedgerJournalLine {
  return { account_code, debitOre: ore(0), creditOre: amountOre, ...partyFields(party) };
}

// Optional keys are left out rather than set to undefined, so journals compare and serialise cleanly.
function partyFields(party: LineParty): LineParty {
  return {
    ...(party.case_id !== undefined ? { case_id: party.case_id } : {}),
    ...(party.creditor_id !== undefined ? { creditor_id: party.creditor_id } : {}),
  };
}

function positiveAmount(value: Ore, field: string): Ore {
  const amountOre = ore(value);
  if (amountOre <= 0) throw new DomainError('AMOUNT_NOT_POSITIVE', undefined, { field, value });
  return amountOre;
}

function checkedSplit(split: AllocationSplit): AllocationSplit {
  const checked = {
    principalOre: ore(split.principalOre),
    interestOre: ore(split.interestOre),
    feesOre: ore(split.feesOre),
    remainderOre: ore(split.remainderOre),
  };
  if (Object.values(checked).some((value) => value < 0)) throw new DomainError('NEGATIVE_AMOUNT', undefined, { split });
  return checked;
}

function journal(
  source: LedgerJournalSource,
  source_ref: string,
  refs: LedgerBookingRefs,
  meta: Record<string, unknown>,
  lines: LedgerJournalLine[],
): LedgerJournal {
  parseIsoDate(refs.booked_at);
  return assertJournalBalanced({ source, source_ref, booked_at: refs.booked_at, meta: { ...refs.meta, ...meta }, lines });
}

function caseParty(refs: LedgerCaseRefs): LineParty {
  return { case_id: refs.case_id, ...(refs.creditor_id !== undefined ? { creditor_id: refs.creditor_id } : {}) };
}

// Credits the receivables a split settles, in account order; parts of 0 get no line (spec part 2 §7).
function receivableCredits(split: AllocationSplit, party: LineParty): LedgerJournalLine[] {
  const parts: [string, Ore][] = [
    [LEDGER_ACCOUNT_CODES.principalReceivable, split.principalOre],
    [LEDGER_ACCOUNT_CODES.interestReceivable, split.interestOre],
    [LEDGER_ACCOUNT_CODES.feesReceivable, split.feesOre],
  ];
  return parts.filter(([, amountOre]) => amountOre > 0).map(([code, amountOre]) => credit(code, amountOre, party));
}

function splitMeta(split: AllocationSplit): Record<string, Ore> {
  return {
    principalOre: split.principalOre,
    interestOre: split.interestOre,
    feesOre: split.feesOre,
    remainderOre: split.remainderOre,
  };
}

/**
 * The posting of a payment allocated to a case (spec part 2 §7): debit 1900 client funds with
 * the full payment; credit 1510 principal, 1511 interest, 1512 fees, each only when > 0. An
 * import-mode remainder is credited to 2990 (unallocated payments) in the same journal, so the
 * 1900 debit is still the whole amount that arrived. Source `payment`, source_ref the payment id,
 * meta `{ case_id, payment_id, allocation }` with the split in öre.
 * @example buildAllocationJournal(allocatePayment(ore(200000), balances), { payment_id: 'p1', case_id: 'c1', booked_at: '2026-03-01' })
 */
export function buildAllocationJournal(split: AllocationSplit, refs: LedgerCaseRefs & { payment_id: string }): LedgerJournal {
  const checked = checkedSplit(split);
  const party = caseParty(refs);
  const paymentOre = positiveAmount(sumOre([checked.principalOre, checked.interestOre, checked.feesOre, checked.remainderOre]), 'payment');
  const lines = [debit(LEDGER_ACCOUNT_CODES.clientFunds, paymentOre, party), ...receivableCredits(checked, party)];
  if (checked.remainderOre > 0) lines.push(credit(LEDGER_ACCOUNT_CODES.unallocatedPayments, checked.remainderOre, party));
  return journal('payment', refs.payment_id, refs, { case_id: refs.case_id, payment_id: refs.payment_id, allocation: splitMeta(checked) }, lines);
}

/**
 * A payment that matched no case: debit 1900 client funds, credit 2990 unallocated payments.
 * It stays there until moved to a case (`buildUnallocatedTransferJournal`) or refunded.
 * @example buildUnallocatedPaymentJournal({ amountOre: ore(50000), payment_id: 'p2', booked_at: '2026-03-01' })
 */
export function buildUnallocatedPaymentJournal(input: LedgerBookingRefs & { amountOre: Ore; payment_id: string }): LedgerJournal {
  const amountOre = positiveAmount(input.amountOre, 'amountOre');
  return journal('unallocated_payment', input.payment_id, input, { payment_id: input.payment_id, amountOre }, [
    debit(LEDGER_ACCOUNT_CODES.clientFunds, amountOre, {}),
    credit(LEDGER_ACCOUNT_CODES.unallocatedPayments, amountOre, {}),
  ]);
}

/**
 * Moves money held on 2990 (unallocated payments) to a case once it is matched: debit 2990 with
 * the allocated part of the split, credit 1510/1511/1512 (parts > 0). The split's remainder, if
 * any, is not moved: it stays on 2990 (recorded in meta).
 * @example buildUnallocatedTransferJournal(allocatePayment(ore(50000), balances), { payment_id: 'p2', case_id: 'c1', booked_at: '2026-03-05' })
 */
export function buildUnallocatedTransferJournal(split: AllocationSplit, refs: LedgerCaseRefs & { payment_id: string }): LedgerJournal {
  const checked = checkedSplit(split);
  const party = caseParty(refs);
  const movedOre = positiveAmount(sumOre([checked.principalOre, checked.interestOre, checked.feesOre]), 'allocated');
  const lines = [debit(LEDGER_ACCOUNT_CODES.unallocatedPayments, movedOre, party), ...receivableCredits(checked, party)];
  return journal('unallocated_transfer', refs.payment_id, refs, { case_id: refs.case_id, payment_id: refs.payment_id, allocation: splitMeta(checked) }, lines);
}

/**
 * A fee charged on a case (e.g. REMINDER_60, COLLECTION_180): debit 1512 fee receivable,
 * credit 3010 fee income. source_ref is the id of the case's fee row.
 * @example buildFeeJournal({ amountOre: kronor(180), fee_code: 'COLLECTION_180', source_ref: 'cf1', case_id: 'c1', booked_at: '2026-03-01' })
 */
export function buildFeeJournal(input: LedgerCaseRefs & { amountOre: Ore; fee_code: string; source_ref: string }): LedgerJournal {
  const amountOre = positiveAmount(input.amountOre, 'amountOre');
  const party = caseParty(input);
  return journal('fee', input.source_ref, input, { case_id: input.case_id, fee_code: input.fee_code, amountOre }, [
    debit(LEDGER_ACCOUNT_CODES.feesReceivable, amountOre, party),
    credit(LEDGER_ACCOUNT_CODES.feeIncome, amountOre, party),
  ]);
}

/**
 * Interest charged on a case for a period: debit 1511 interest receivable, credit 8310 interest
 * income. Pass the period and rate in `meta` (inkassolagen 5 §: the demand states them).
 * @example buildInterestJournal({ amountOre: ore(5227), source_ref: 'c1:2026-02-28', case_id: 'c1', booked_at: '2026-02-28' })
 */
export function buildInterestJournal(input: LedgerCaseRefs & { amountOre: Ore; source_ref: string }): LedgerJournal {
  const amountOre = positiveAmount(input.amountOre, 'amountOre');
  const party = caseParty(input);
  return journal('interest', input.source_ref, input, { case_id: input.case_id, amountOre }, [
    debit(LEDGER_ACCOUNT_CODES.interestReceivable, amountOre, party),
    credit(LEDGER_ACCOUNT_CODES.interestIncome, amountOre, party),
  ]);
}

/** A change of one case's accrued interest: positive when interest was added, negative when lowered. */
export interface InterestAccrual {
  case_id: string;
  creditor_id?: string;
  /** Signed öre. */
  amountOre: Ore;
  /**
   * Signed öre of payments that now count as capital rather than interest: when interest is
   * lowered below what payments already settled of it (a back-dated payment), the excess paid
   * the capital. Positive moves it from 1511 to 1510 (debit 1511, credit 1510); negative back.
   */
  reclassifiedOre?: Ore;
}

function signedPair(amountOre: Ore, up: [string, string], party: LineParty): LedgerJournalLine[] {
  if (amountOre === 0) return [];
  const magnitudeOre = ore(Math.abs(amountOre));
  const [debitCode, creditCode] = amountOre > 0 ? up : [up[1], up[0]];
  return [debit(debitCode, magnitudeOre, party), credit(creditCode, magnitudeOre, party)];
}

/**
 * The interest accrued on many cases in one run (the nightly interest job, or one case's
 * recalculation or allocation): per case, debit 1511 / credit 8310 for an increase and the
 * reverse for a decrease (a back-dated payment of capital lowers interest already booked;
 * corrections are new entries, never edits), plus a reclassification between 1511 and 1510 when
 * settled interest becomes capital. Cases with no change get no lines.
 * @example buildInterestAccrualJournal({ source_ref: 'run:2026-11-22', booked_at: '2026-11-22',
 *   accruals: [{ case_id: 'c1', amountOre: ore(5227) }, { case_id: 'c2', amountOre: ore(-120) }] })
 */
export function buildInterestAccrualJournal(input: LedgerBookingRefs & { source_ref: string; accruals: readonly InterestAccrual[] }): LedgerJournal {
  const lines: LedgerJournalLine[] = [];
  let netOre = ore(0);
  let cases = 0;
  for (const accrual of input.accruals) {
    const amountOre = ore(accrual.amountOre);
    const reclassifiedOre = ore(accrual.reclassifiedOre ?? 0);
    if (amountOre === 0 && reclassifiedOre === 0) continue;
    const party: LineParty = { case_id: accrual.case_id, ...(accrual.creditor_id !== undefined ? { creditor_id: accrual.creditor_id } : {}) };
    lines.push(
      ...signedPair(amountOre, [LEDGER_ACCOUNT_CODES.interestReceivable, LEDGER_ACCOUNT_CODES.interestIncome], party),
      ...signedPair(reclassifiedOre, [LEDGER_ACCOUNT_CODES.interestReceivable, LEDGER_ACCOUNT_CODES.principalReceivable], party),
    );
    netOre = addOre(netOre, amountOre);
    cases += 1;
  }
  return journal('interest', input.source_ref, input, { cases, netOre }, lines);
}

/**
 * A claim's capital taken on for collection: debit 1510 principal receivable, credit 2890
 * liability to the client, since the capital collected belongs to the creditor. Without it
 * the credits to 1510 of every allocation would leave the receivable negative.
 * @example buildClaimRegistrationJournal({ principalOre: kronor(7950), source_ref: 'claim-1', case_id: 'c1', creditor_id: 'k1', booked_at: '2026-01-10' })
 */
export function buildClaimRegistrationJournal(input: LedgerCaseRefs & { principalOre: Ore; source_ref: string }): LedgerJournal {
  const principalOre = positiveAmount(input.principalOre, 'principalOre');
  const party = caseParty(input);
  return journal('claim', input.source_ref, input, { case_id: input.case_id, principalOre }, [
    debit(LEDGER_ACCOUNT_CODES.principalReceivable, principalOre, party),
    credit(LEDGER_ACCOUNT_CODES.clientLiability, principalOre, party),
  ]);
}

/**
 * The tingsrätt's application fee (ansökningsavgift) paid when a lawsuit is filed: the agency
 * pays it from its own account (credit 1930) as an outlay for its client, so it reduces what the
 * agency owes the creditor (debit 2890, on the creditor). It is not a debt of the debtor until a
 * judgment awards costs, so it carries no case_id and leaves the case's receivables alone; the
 * case and lawsuit are in meta. source_ref is the lawsuit id.
 * @example buildCourtFeeJournal({ amountOre: kronor(900), source_ref: 'l1', case_id: 'c1', creditor_id: 'k1', booked_at: '2026-11-25' })
 */
export function buildCourtFeeJournal(input: LedgerBookingRefs & { amountOre: Ore; source_ref: string; case_id: string; creditor_id: string }): LedgerJournal {
  const amountOre = positiveAmount(input.amountOre, 'amountOre');
  const party = { creditor_id: input.creditor_id };
  return journal('court_fee', input.source_ref, input, { case_id: input.case_id, lawsuit_id: input.source_ref, amountOre }, [
    debit(LEDGER_ACCOUNT_CODES.clientLiability, amountOre, party),
    credit(LEDGER_ACCOUNT_CODES.operatingBank, amountOre, {}),
  ]);
}

/** A difference of a bank statement booked by a person (docs/bank-files.md "Resolving differences"). */
export interface BankDifferenceBooking extends LedgerBookingRefs {
  /** `bank_fee` books on 6570 Bankkostnader; `adjustment` on the chosen counter account. */
  kind: 'bank_fee' | 'adjustment';
  /** Signed öre: what the bank file says minus what is booked (positive: more on the account than booked). */
  differenceOre: Ore;
  /** For an adjustment: one of BANK_ADJUSTMENT_ACCOUNT_CODES. */
  counter_account?: string;
  /** The resolution that books it. */
  source_ref: string;
  bank_statement_id: string;
  /** The journal's text: what was resolved and the reason a person gave. */
  text: string;
}

function bankDifferenceCounterAccount(input: BankDifferenceBooking): string {
  if (input.kind === 'bank_fee') return LEDGER_ACCOUNT_CODES.bankCharges;
  const code = BANK_ADJUSTMENT_ACCOUNT_CODES.find((candidate) => candidate === input.counter_account);
  if (!code) {
    throw new DomainError('INVALID_OPTION', `Motkontot för en justering måste vara ${BANK_ADJUSTMENT_ACCOUNT_CODES.join(' eller ')}`, {
      counter_account: input.counter_account,
    });
  }
  return code;
}

/**
 * Books a difference between a bank statement and the bookings against 1900 client funds: the
 * bank's charge (6570) or an adjustment (2990 or 3740). More on the account than booked
 * (difference > 0) debits 1900; less (the bank kept a charge) credits it. Source `bank_fee` or
 * `bank_adjustment`, meta `{ bank_statement_id, differenceOre, counter_account, text }`.
 * @example buildBankDifferenceJournal({ kind: 'bank_fee', differenceOre: ore(-4500), source_ref: 'r1', bank_statement_id: 's1', text: 'Avgift', booked_at: '2026-11-25' })
 */
export function buildBankDifferenceJournal(input: BankDifferenceBooking): LedgerJournal {
  const differenceOre = ore(input.differenceOre);
  if (differenceOre === 0) throw new DomainError('AMOUNT_NOT_POSITIVE', 'En avvikelse på 0 kr bokförs inte', { field: 'differenceOre' });
  const counter = bankDifferenceCounterAccount(input);
  const amountOre = ore(Math.abs(differenceOre));
  const lines =
    differenceOre > 0
      ? [debit(LEDGER_ACCOUNT_CODES.clientFunds, amountOre, {}), credit(counter, amountOre, {})]
      : [debit(counter, amountOre, {}), credit(LEDGER_ACCOUNT_CODES.clientFunds, amountOre, {})];
  return journal(
    input.kind === 'bank_fee' ? 'bank_fee' : 'bank_adjustment',
    input.source_ref,
    input,
    { bank_statement_id: input.bank_statement_id, differenceOre, counter_account: counter, text: input.text },
    lines,
  );
}
