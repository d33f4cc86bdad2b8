import { z } from 'zod';
import { DomainError, ERROR_MESSAGES, type Finding } from '../errors';
import { decimalToOre, oreToDecimal, sumOre } from '../money';
import { addMonths, isIsoDate, type IsoDate } from '../dates';
import type { PaymentPlanSchedule } from './build-payment-plan';

/** The JSON form of a plan (plan_json, preview response): amounts as decimal strings "1234.50". */
export interface PaymentPlanJson {
  installments: number;
  first_due_date: IsoDate;
  outstanding_amount: string;
  setup_fee: string;
  setup_fee_code: string;
  setup_fee_override_reason?: string;
  total_amount: string;
  schedule: { due_date: IsoDate; amount: string }[];
}

/**
 * The JSON-ready form of a plan: the spec's field names, amounts as decimal strings.
 * @example paymentPlanToJson(plan).schedule[0] // { due_date: '2026-01-31', amount: '2040.00' }
 */
export function paymentPlanToJson(plan: PaymentPlanSchedule): PaymentPlanJson {
  return {
    installments: plan.installments,
    first_due_date: plan.first_due_date,
    outstanding_amount: oreToDecimal(plan.outstanding_amountOre),
    setup_fee: oreToDecimal(plan.setup_feeOre),
    setup_fee_code: plan.setup_fee_code,
    ...(plan.setup_fee_override_reason !== undefined ? { setup_fee_override_reason: plan.setup_fee_override_reason } : {}),
    total_amount: oreToDecimal(plan.total_amountOre),
    schedule: plan.schedule.map((item) => ({ due_date: item.due_date, amount: oreToDecimal(item.amountOre) })),
  };
}

const decimalText = z.string().regex(/^\d+\.\d{2}$/);
const isoDateText = z.string().refine(isIsoDate);

const paymentPlanJsonSchema = z.object({
  installments: z.number().int(),
  first_due_date: isoDateText,
  outstanding_amount: decimalText,
  setup_fee: decimalText,
  setup_fee_code: z.string(),
  setup_fee_override_reason: z.string().optional(),
  total_amount: decimalText,
  schedule: z.array(z.object({ due_date: isoDateText, amount: decimalText })),
});

function invalid(path: string, message: string): Finding {
  return { code: 'VALIDATION_FAILED', path, message };
}

/**
 * Reads a plan back from its JSON form (e.g. the plan_json a portal client posts to "create")
 * and checks that it is internally consistent: schedule length = installments, Σ schedule =
 * total = outstanding + fee, due dates addMonths(first_due_date, k). Throws VALIDATION_FAILED
 * with findings in details. It does not re-check the request rules that need `today`: the
 * service should compare the plan with a fresh `buildPaymentPlan` before saving it.
 * @example paymentPlanFromJson(paymentPlanToJson(plan)) // deep-equals plan
 */
export function paymentPlanFromJson(json: unknown): PaymentPlanSchedule {
  const parsed = paymentPlanJsonSchema.safeParse(json);
  if (!parsed.success) {
    const findings = parsed.error.issues.map((issue) => invalid(issue.path.join('.'), ERROR_MESSAGES.VALIDATION_FAILED));
    throw new DomainError('VALIDATION_FAILED', undefined, { findings });
  }
  const data = parsed.data;
  const plan: PaymentPlanSchedule = {
    installments: data.installments,
    first_due_date: data.first_due_date,
    outstanding_amountOre: decimalToOre(data.outstanding_amount),
    setup_feeOre: decimalToOre(data.setup_fee),
    setup_fee_code: data.setup_fee_code,
    ...(data.setup_fee_override_reason !== undefined ? { setup_fee_override_reason: data.setup_fee_override_reason } : {}),
    total_amountOre: decimalToOre(data.total_amount),
    schedule: data.schedule.map((item) => ({ due_date: item.due_date, amountOre: decimalToOre(item.amount) })),
  };

  const findings: Finding[] = [];
  if (plan.schedule.length !== plan.installments) findings.push(invalid('schedule', 'Antalet delbetalningar stämmer inte'));
  if (sumOre([plan.outstanding_amountOre, plan.setup_feeOre]) !== plan.total_amountOre) {
    findings.push(invalid('total_amount', 'Totalbeloppet stämmer inte med utestående belopp och avgift'));
  }
  if (sumOre(plan.schedule.map((item) => item.amountOre)) !== plan.total_amountOre) {
    findings.push(invalid('schedule', 'Delbetalningarna summerar inte till totalbeloppet'));
  }
  plan.schedule.forEach((item, k) => {
    if (item.due_date !== addMonths(plan.first_due_date, k)) findings.push(invalid(`schedule.${k}.due_date`, 'Fel förfallodag'));
  });
  if (findings.length > 0) throw new DomainError('VALIDATION_FAILED', undefined, { findings });
  return plan;
}
