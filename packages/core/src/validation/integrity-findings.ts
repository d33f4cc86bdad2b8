import { addDays, compareIsoDates, startOfHalfYear, startOfNextHalfYear, toDayNumber, type IsoDate } from '../dates';
import { formatOre } from '../money/format-amount';
import type { Ore } from '../money/ore';

/*
 * The integrity findings of system validation (spec part 2 §2), as pure functions over the
 * figures the services load: what a case's stored totals should be from its claim, fees,
 * allocations and ledger entries, and which half-years of interest lack a reference rate.
 * docs/architecture.md "Invariants" states the rules; the property tests of the money use cases
 * keep them (packages/services/src/testing/book-violations.ts).
 */

/** One case's stored totals beside what its rows say (öre; ledger balances are debit − credit). */
export interface CaseIntegrityFigures {
  /** The case as people know it (claim reference), for the message. */
  label: string;
  total_principal: Ore;
  total_interest: Ore;
  total_fees: Ore;
  amount_paid_total: Ore;
  total_outstanding: Ore;
  /** The claim's capital. */
  claim_principal: Ore;
  /** Σ case_fees.amount. */
  fees_charged: Ore;
  /** Σ of the case's allocations, and their split. */
  allocated: Ore;
  allocated_principal: Ore;
  allocated_interest: Ore;
  allocated_fees: Ore;
  /** The case's balance per account (1510 capital, 1511 interest, 1512 fees receivable; 2890, 3010, 8310). */
  ledger: Readonly<Record<'1510' | '1511' | '1512' | '2890' | '3010' | '8310', Ore>>;
}

function kr(amount: number): string {
  return formatOre(amount as Ore);
}

/**
 * What is wrong with one case's totals, in Swedish; empty when they agree with its rows:
 * capital = the claim's, fees = Σ its fees, paid = Σ its allocations, outstanding = capital +
 * interest + fees − paid, and every ledger account of the case holds what is still open of its
 * part (interest settled beyond what is charged counts against capital, as allocation does).
 * @example caseIntegrityMismatches({ ...figures, total_outstanding: ore(99) }) // ['utestående 0,99 kr men kapital + ränta + avgifter − inbetalt = 1,00 kr']
 */
export function caseIntegrityMismatches(c: CaseIntegrityFigures): string[] {
  const found: string[] = [];
  const expectedOutstanding = c.total_principal + c.total_interest + c.total_fees - c.amount_paid_total;
  if (c.total_principal !== c.claim_principal) found.push(`kapital ${kr(c.total_principal)} men fordran ${kr(c.claim_principal)}`);
  if (c.total_fees !== c.fees_charged) found.push(`avgifter ${kr(c.total_fees)} men debiterade avgifter ${kr(c.fees_charged)}`);
  if (c.amount_paid_total !== c.allocated) found.push(`inbetalt ${kr(c.amount_paid_total)} men fördelade inbetalningar ${kr(c.allocated)}`);
  if (c.total_outstanding !== expectedOutstanding) {
    found.push(`utestående ${kr(c.total_outstanding)} men kapital + ränta + avgifter − inbetalt = ${kr(expectedOutstanding)}`);
  }
  const interestBeyondCharged = Math.max(0, c.allocated_interest - c.total_interest);
  const expectedLedger: [code: keyof CaseIntegrityFigures['ledger'], balance: number, meaning: string][] = [
    ['1510', c.total_principal - c.allocated_principal - interestBeyondCharged, 'obetalt kapital'],
    ['1511', c.total_interest - c.allocated_interest + interestBeyondCharged, 'obetald ränta'],
    ['1512', c.total_fees - c.allocated_fees, 'obetalda avgifter'],
    ['2890', -c.total_principal, 'kapital till borgenären'],
    ['3010', -c.total_fees, 'avgiftsintäkt'],
    ['8310', -c.total_interest, 'ränteintäkt'],
  ];
  for (const [code, balance, meaning] of expectedLedger) {
    if (c.ledger[code] !== balance) found.push(`konto ${code} har saldo ${kr(c.ledger[code])} men ${meaning} är ${kr(balance)}`);
  }
  return found;
}

/** A stretch of days a case's interest runs over: from the day after its due date to the day it is calculated to. */
export interface InterestSpan {
  due_date: IsoDate;
  calculated_to: IsoDate;
}

/**
 * The half-years (their first days, oldest first) that the spans' interest uses and that
 * `rateHalfYears` lacks: interest for them could not have been computed (räntelagen 9 §).
 * @example missingReferenceRateHalfYears([{ due_date: '2025-12-31', calculated_to: '2026-02-01' }], ['2025-07-01']) // ['2026-01-01']
 */
export function missingReferenceRateHalfYears(spans: readonly InterestSpan[], rateHalfYears: readonly IsoDate[]): IsoDate[] {
  const known = new Set(rateHalfYears);
  const missing = new Set<IsoDate>();
  for (const span of spans) {
    const first = addDays(span.due_date, 1);
    if (compareIsoDates(first, span.calculated_to) > 0) continue;
    for (let half = startOfHalfYear(first); compareIsoDates(half, span.calculated_to) <= 0; half = startOfNextHalfYear(half)) {
      if (!known.has(half)) missing.add(half);
    }
  }
  return [...missing].sort(compareIsoDates);
}

/** Working days a dispute may wait for a decision (the time promised in the portal, spec part 2 §9). */
export const DISPUTE_DECISION_WORKING_DAYS = 10;

/**
 * The first day that is still within DISPUTE_DECISION_WORKING_DAYS working days (Monday–Friday;
 * public holidays are not known to core and count as working days) before `today`: a dispute
 * opened before it has waited too long.
 * @example disputeDecisionCutoff('2026-11-25') // '2026-11-11' (a Wednesday two weeks earlier)
 */
export function disputeDecisionCutoff(today: IsoDate): IsoDate {
  let day = today;
  for (let counted = 0; counted < DISPUTE_DECISION_WORKING_DAYS;) {
    day = addDays(day, -1);
    // 1970-01-01 (day 0) was a Thursday: (n + 3) mod 7 is 0 on Mondays, 5 and 6 at the weekend.
    if (mod7(toDayNumber(day) + 3) < 5) counted += 1;
  }
  return day;
}

function mod7(n: number): number {
  return ((n % 7) + 7) % 7;
}
