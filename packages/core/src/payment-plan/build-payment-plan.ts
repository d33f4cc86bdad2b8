import Big from 'big.js';
import { DomainError, ERROR_MESSAGES, type Finding } from '../errors';
import { isOre, ore, roundToOre, subOre, sumOre, type Ore } from '../money';
import { addMonths, daysBetween, isIsoDate, type IsoDate } from '../dates';
import {
  PAYMENT_PLAN_DEFAULT_INSTALLMENTS,
  PAYMENT_PLAN_FEE_CODE,
  PAYMENT_PLAN_MAX_INSTALLMENTS,
  PAYMENT_PLAN_MIN_DAYS_AHEAD,
  PAYMENT_PLAN_MIN_INSTALLMENTS,
  PAYMENT_PLAN_STATUTORY_MAX_FEE_ORE,
} from './payment-plan-rules';

/** What a payment plan is computed from. */
export interface PaymentPlanInput {
  /** The case's total_outstanding when the plan is made, in öre (> 0). */
  outstandingOre: Ore;
  /** Number of monthly instalments, 2..12; default 6. */
  installments?: number;
  first_due_date: IsoDate;
  /** The current date (core has no clock). */
  today: IsoDate;
  /** Setup fee in öre; default the statutory 170 kr. 0 means no fee. */
  setup_feeOre?: Ore;
  /** Required when the fee exceeds 170 kr: the "särskilda skäl" of lag (1981:739) 4 §. */
  setup_fee_override_reason?: string;
}

/** One instalment: due date and amount in öre. */
export interface PaymentPlanInstallment {
  due_date: IsoDate;
  amountOre: Ore;
}

/** A computed plan (spec part 2 §3: plan_json{schedule[]}, setup_fee, total_amount). */
export interface PaymentPlanSchedule {
  installments: number;
  first_due_date: IsoDate;
  /** The case's outstanding amount the plan covers, before the setup fee. */
  outstanding_amountOre: Ore;
  setup_feeOre: Ore;
  setup_fee_code: string;
  /** Present only when the fee is above the statutory maximum. */
  setup_fee_override_reason?: string;
  /** outstanding_amountOre + setup_feeOre = Σ schedule amounts. */
  total_amountOre: Ore;
  schedule: PaymentPlanInstallment[];
}

function finding(code: Finding['code'], path: string, message: string = ERROR_MESSAGES[code]): Finding {
  return { code, path, message };
}

/**
 * Every problem with a payment-plan request, as findings with the field path (empty when the
 * request is valid): instalments outside 2..12 (INVALID_INSTALLMENTS), a first due date that is
 * invalid (INVALID_DATE) or less than 7 days after today (FIRST_DUE_DATE_TOO_EARLY), an
 * outstanding amount <= 0, a negative fee, a fee above 170 kr without a stated reason
 * (PAYMENT_PLAN_FEE_ABOVE_MAX), or a total too small to give every instalment at least 1 öre.
 * @example validatePaymentPlanRequest({ outstandingOre: ore(631000), installments: 13, first_due_date: '2026-03-03', today: '2026-03-01' }).map((f) => f.code)
 * // ['INVALID_INSTALLMENTS', 'FIRST_DUE_DATE_TOO_EARLY']
 */
export function validatePaymentPlanRequest(input: PaymentPlanInput): Finding[] {
  const findings: Finding[] = [];
  const installments = input.installments ?? PAYMENT_PLAN_DEFAULT_INSTALLMENTS;
  const installmentsValid = Number.isInteger(installments) && installments >= PAYMENT_PLAN_MIN_INSTALLMENTS && installments <= PAYMENT_PLAN_MAX_INSTALLMENTS;
  if (!installmentsValid) findings.push(finding('INVALID_INSTALLMENTS', 'installments'));

  if (!isIsoDate(input.today)) findings.push(finding('INVALID_DATE', 'today'));
  if (!isIsoDate(input.first_due_date)) {
    findings.push(finding('INVALID_DATE', 'first_due_date'));
  } else if (isIsoDate(input.today) && daysBetween(input.today, input.first_due_date) < PAYMENT_PLAN_MIN_DAYS_AHEAD) {
    findings.push(finding('FIRST_DUE_DATE_TOO_EARLY', 'first_due_date'));
  }

  const outstandingValid = isOre(input.outstandingOre) && input.outstandingOre > 0;
  if (!isOre(input.outstandingOre)) findings.push(finding('INVALID_AMOUNT', 'outstandingOre'));
  else if (input.outstandingOre <= 0) findings.push(finding('AMOUNT_NOT_POSITIVE', 'outstandingOre'));

  const feeOre = input.setup_feeOre ?? PAYMENT_PLAN_STATUTORY_MAX_FEE_ORE;
  const feeValid = isOre(feeOre) && feeOre >= 0;
  if (!isOre(feeOre)) findings.push(finding('INVALID_AMOUNT', 'setup_feeOre'));
  else if (feeOre < 0) findings.push(finding('NEGATIVE_AMOUNT', 'setup_feeOre'));
  else if (feeOre > PAYMENT_PLAN_STATUTORY_MAX_FEE_ORE && !input.setup_fee_override_reason?.trim()) {
    findings.push(finding('PAYMENT_PLAN_FEE_ABOVE_MAX', 'setup_feeOre'));
  }

  if (installmentsValid && outstandingValid && feeValid && input.outstandingOre + feeOre < installments) {
    findings.push(finding('AMOUNT_NOT_POSITIVE', 'installments', 'Varje delbetalning måste vara minst 0,01 kr'));
  }
  return findings;
}

/**
 * Computes a monthly payment plan. total = outstanding + setup fee (the spec's wizard shows the
 * fee "added to outstanding total", part 2 §9), spread over the instalments: each gets
 * ⌊total / n⌋ öre and the last also takes the division's remainder, so the schedule sums to the
 * total exactly and the last differs from the others by less than n öre. Instalment k falls on
 * addMonths(first_due_date, k), always counted from the first date, so a plan starting 31 Jan
 * runs 31 Jan, 28/29 Feb, 31 Mar. Throws the first finding of `validatePaymentPlanRequest` as a
 * DomainError (all findings in details).
 * @example buildPaymentPlan({ outstandingOre: kronor(5950), installments: 3, first_due_date: '2026-01-31', today: '2026-01-20' })
 * // total 6 120 kr: 2 040 kr on 2026-01-31, 2026-02-28, 2026-03-31
 */
export function buildPaymentPlan(input: PaymentPlanInput): PaymentPlanSchedule {
  const findings = validatePaymentPlanRequest(input);
  const first = findings[0];
  if (first) throw new DomainError(first.code, first.message, { findings });

  const installments = input.installments ?? PAYMENT_PLAN_DEFAULT_INSTALLMENTS;
  const outstandingOre = ore(input.outstandingOre);
  const setupFeeOre = ore(input.setup_feeOre ?? PAYMENT_PLAN_STATUTORY_MAX_FEE_ORE);
  const totalOre = sumOre([outstandingOre, setupFeeOre]);
  // Whole öre per instalment, rounded down (big.js, no float division); the last takes the rest.
  const regularOre = roundToOre(new Big(totalOre).div(installments).round(0, Big.roundDown));
  const lastOre = subOre(totalOre, ore(regularOre * (installments - 1)));

  const schedule: PaymentPlanInstallment[] = [];
  for (let k = 0; k < installments; k += 1) {
    schedule.push({ due_date: addMonths(input.first_due_date, k), amountOre: k === installments - 1 ? lastOre : regularOre });
  }
  const overrideReason = input.setup_fee_override_reason?.trim();
  return {
    installments,
    first_due_date: input.first_due_date,
    outstanding_amountOre: outstandingOre,
    setup_feeOre: setupFeeOre,
    setup_fee_code: PAYMENT_PLAN_FEE_CODE,
    ...(setupFeeOre > PAYMENT_PLAN_STATUTORY_MAX_FEE_ORE && overrideReason ? { setup_fee_override_reason: overrideReason } : {}),
    total_amountOre: totalOre,
    schedule,
  };
}
