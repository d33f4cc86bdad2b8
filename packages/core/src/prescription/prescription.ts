import { addDays, addYears, compareIsoDates, daysBetween, type IsoDate } from '../dates';

/*
 * Preskription (preskriptionslag 1981:130): a claim is time-barred `years` after it arose (2 §);
 * an interruption (5 §) while the period still runs starts a new period of the same length from
 * its own date. The period ends at the end of its last day: the claim is barred the day after.
 */

/** How a preskriptionsavbrott came about (5 §): a payment or acknowledgement (1), a demand that reached the debtor (2), or entered by staff. */
export const PRESCRIPTION_INTERRUPTION_KINDS = ['payment', 'acknowledgement', 'demand_delivered', 'manual'] as const;
export type PrescriptionInterruptionKind = (typeof PRESCRIPTION_INTERRUPTION_KINDS)[number];

export const PRESCRIPTION_INTERRUPTION_KIND_LABELS: Readonly<Record<PrescriptionInterruptionKind, string>> = {
  payment: 'Betalning',
  acknowledgement: 'Erkännande',
  demand_delivered: 'Levererat krav',
  manual: 'Manuellt avbrott',
};

/** One recorded interruption; `id` tells which one set the date (and orders interruptions of the same day). */
export interface PrescriptionInterruption {
  id: string;
  date: IsoDate;
  kind: PrescriptionInterruptionKind;
}

export interface PrescriptionInput<I extends PrescriptionInterruption = PrescriptionInterruption> {
  /** When the claim arose (2 §), not its due date. */
  aroseOn: IsoDate;
  years: number;
  interruptions: readonly I[];
}

export interface Prescription<I extends PrescriptionInterruption = PrescriptionInterruption> {
  /** The period runs until the end of this day (still a warning on it). */
  lastDay: IsoDate;
  /** The first day the claim is time-barred (a block from this day). */
  prescribedOn: IsoDate;
  /** The interruption the running period counts from; null = from arose_on. */
  setBy: I | null;
}

/** Date order, then id: interruptions of the same day give the same result in any order. */
function byDateThenId(a: PrescriptionInterruption, b: PrescriptionInterruption): number {
  return compareIsoDates(a.date, b.date) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * When the claim is time-barred and which interruption set that date. Interruptions are taken in
 * date order; one counts only while the period it falls in is still running (on or before its
 * last day) and after the period's start — one dated after the claim was already barred never
 * revives it. Order of `interruptions` does not matter.
 * @example computePrescription({ aroseOn: '2022-03-15', years: 3, interruptions: [] }) // { lastDay: '2025-03-15', prescribedOn: '2025-03-16', setBy: null }
 */
export function computePrescription<I extends PrescriptionInterruption>(input: PrescriptionInput<I>): Prescription<I> {
  let start = input.aroseOn;
  let lastDay = addYears(start, input.years);
  let setBy: I | null = null;
  for (const interruption of [...input.interruptions].sort(byDateThenId)) {
    if (compareIsoDates(interruption.date, lastDay) > 0) break;
    if (compareIsoDates(interruption.date, start) <= 0) continue;
    start = interruption.date;
    lastDay = addYears(start, input.years);
    setBy = interruption;
  }
  return { lastDay, prescribedOn: addDays(lastDay, 1), setBy };
}

export type PrescriptionLevel = 'block' | 'warning' | null;

/**
 * Where the claim stands on `today`: block from the prescribed date, a warning from `warningDays`
 * days before it (always on the last day, when the period can still be interrupted), else null.
 * @example prescriptionLevelOn({ lastDay: '2025-03-15', prescribedOn: '2025-03-16', setBy: null }, '2025-03-15', 120) // 'warning'
 */
export function prescriptionLevelOn(prescription: Pick<Prescription, 'prescribedOn'>, today: IsoDate, warningDays: number): PrescriptionLevel {
  const daysLeft = daysBetween(today, prescription.prescribedOn);
  if (daysLeft <= 0) return 'block';
  return daysLeft <= Math.max(warningDays, 1) ? 'warning' : null;
}

/** The interruptions known on `today` (a check as of an earlier day ignores later ones). */
export function interruptionsKnownOn<I extends PrescriptionInterruption>(interruptions: readonly I[], today: IsoDate): I[] {
  return interruptions.filter((interruption) => compareIsoDates(interruption.date, today) <= 0);
}

/** The period's length by debtor type (2 §): 3 years for a consumer claim, 10 otherwise; a rule may set others. */
export interface PrescriptionPeriods {
  years_b2c: number;
  years_b2b: number;
  /** Days before the prescribed date a warning is raised. */
  warning_days?: number;
}

/** The statute's periods and the spec's 120-day warning (part 2 §9), when no rule says otherwise. */
export const STATUTORY_PRESCRIPTION_PERIODS: Readonly<Required<PrescriptionPeriods>> = Object.freeze({ years_b2c: 3, years_b2b: 10, warning_days: 120 });

export interface PrescriptionAssessmentInput<I extends PrescriptionInterruption = PrescriptionInterruption> {
  aroseOn: IsoDate;
  debtorType: 'person' | 'company';
  /** The claim's own period (a consumer loan, say); null = the periods' years for the debtor type. */
  claimYears: number | null;
  interruptions: readonly I[];
  today: IsoDate;
  periods?: PrescriptionPeriods;
}

export interface PrescriptionAssessment<I extends PrescriptionInterruption = PrescriptionInterruption> extends Prescription<I> {
  years: number;
  level: PrescriptionLevel;
}

/**
 * The claim's prescription as known on `today`: its period (the claim's own, else by debtor type),
 * the prescribed date and what set it (interruptions after `today` not yet known), and the level.
 * @example assessPrescription({ aroseOn: '2022-03-15', debtorType: 'person', claimYears: null, interruptions: [], today: '2025-03-15' }).level // 'warning'
 */
export function assessPrescription<I extends PrescriptionInterruption>(input: PrescriptionAssessmentInput<I>): PrescriptionAssessment<I> {
  const periods = input.periods ?? STATUTORY_PRESCRIPTION_PERIODS;
  const years = input.claimYears ?? (input.debtorType === 'person' ? periods.years_b2c : periods.years_b2b);
  const prescription = computePrescription({ aroseOn: input.aroseOn, years, interruptions: interruptionsKnownOn(input.interruptions, input.today) });
  const warningDays = periods.warning_days ?? STATUTORY_PRESCRIPTION_PERIODS.warning_days;
  return { ...prescription, years, level: prescriptionLevelOn(prescription, input.today, warningDays) };
}
