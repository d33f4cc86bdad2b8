import { KFM_APPLICATION_TYPES, KFM_CASE_STATUSES, KFM_FILE_STATUSES, KFM_SUBMISSION_STATUSES } from '@fordran/core';
import { z } from './zod-setup';
import { isoDateSchema } from './values';

/*
 * KFM escalation (spec part 1 §2 "KFM escalation", §3–§5, §9; part 2 §3–§4): the three steps of
 * the case's KFM dialog (pre-check, snapshot, generate), the KFM cases list and detail, and the
 * status changes staff record from what Kronofogden answers.
 */

const amountText = z.string().describe('Belopp i kronor med två decimaler, t.ex. "7950.00"');

const findingSchema = z.object({ code: z.string(), message: z.string() });
const violationSchema = z.object({ rule_code: z.string(), level: z.enum(['block', 'warning', 'info']), message: z.string() });

/** Step 1: the pre-check. */
export const kfmPrecheckResponseSchema = z.object({
  case_id: z.string(),
  status: z.enum(['passed', 'warnings', 'blocked']),
  can_proceed: z.boolean(),
  /** 'Ärendet kan inte eskaleras på grund av blockerade regler', 'Varningar hittades, granska innan du fortsätter', or the claim's own problem; null when passed. */
  message: z.string().nullable(),
  blocking: z.array(violationSchema),
  warnings: z.array(violationSchema),
  /** Claim facts that block: not due, nothing to claim, an open payment plan, no inkassokrav delivered 8 days ago. */
  claim_findings: z.array(findingSchema),
  /** The day the latest inkassokrav reached the debtor (communications log), null when none did. */
  demand_delivered_on: z.string().nullable(),
});
export type KfmPrecheckResponse = z.infer<typeof kfmPrecheckResponseSchema>;

/** Step 2: what the snapshot is taken with. */
export const kfmSnapshotInputSchema = z.object({
  application_type: z.enum(KFM_APPLICATION_TYPES, { error: 'Ansökningstypen måste vara payment_order eller handräckning' }).default('payment_order'),
  /** The day the amounts are calculated to (default today; never in the future). */
  as_of: isoDateSchema.optional(),
  /** Överlämnande: send the case to tingsrätt if the debtor contests (default false). */
  transfer_to_court: z.boolean().default(false),
  /** Verkställighet: send an utslag straight to enforcement (default false). */
  enforcement: z.boolean().default(false),
});
export type KfmSnapshotInput = z.input<typeof kfmSnapshotInputSchema>;

/** Step 3 and the CLI: the day the amounts are calculated to when no snapshot was taken yet. */
export const kfmGenerateInputSchema = z.object({ as_of: isoDateSchema.optional() });
export type KfmGenerateInput = z.input<typeof kfmGenerateInputSchema>;

export const kfmStatusChangeSchema = z.object({
  to: z.enum(KFM_CASE_STATUSES, { error: 'Okänd KFM-status' }),
  /** KFM's målnummer, required for acknowledged (e.g. 14-141638-12). */
  kfm_case_no: z.string().trim().max(40, 'Målnumret får vara högst 40 tecken').optional(),
});
export type KfmStatusChangeInput = z.input<typeof kfmStatusChangeSchema>;

export const kfmCaseListQuerySchema = z.object({
  status: z.enum(KFM_CASE_STATUSES, { error: 'Okänd KFM-status' }).optional(),
  application_type: z.enum(KFM_APPLICATION_TYPES, { error: 'Okänd ansökningstyp' }).optional(),
  case_id: z.string().max(100).optional(),
  /** Part of the reference, the claim's reference or KFM's case number. */
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number({ error: 'Ogiltig gräns' }).int('Ogiltig gräns').min(1, 'Ogiltig gräns').max(200, 'Högst 200 rader per anrop').default(50),
});
export type KfmCaseListQuery = z.input<typeof kfmCaseListQuerySchema>;

const linkedCaseSchema = z.object({
  id: z.string(),
  reference_no: z.string(),
  status: z.string(),
  stage: z.string(),
  total_principal: amountText,
  total_interest: amountText,
  total_fees: amountText,
  total_outstanding: amountText,
});

export const kfmCaseSummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  application_type: z.enum(KFM_APPLICATION_TYPES),
  application_type_label: z.string(),
  status: z.enum(KFM_CASE_STATUSES),
  /** Swedish, spec part 2 §4 (Utkast, Inskickad, Mottagen, …). */
  status_label: z.string(),
  kfm_case_no: z.string().nullable(),
  /** Kronofogden's application fee claimed (300 kr by default). */
  application_fee: amountText,
  as_of_date: z.string(),
  case: linkedCaseSchema,
  created_at: z.string(),
});
export type KfmCaseSummary = z.infer<typeof kfmCaseSummarySchema>;

export const kfmCaseListResponseSchema = z.object({ kfm_cases: z.array(kfmCaseSummarySchema) });
export type KfmCaseListResponse = z.infer<typeof kfmCaseListResponseSchema>;

const kfmFileSchema = z.object({
  id: z.string(),
  direction: z.enum(['out', 'in']),
  filename: z.string(),
  /** SHA-256 of the file, hex. */
  checksum: z.string(),
  status: z.enum(KFM_FILE_STATUSES),
  created_at: z.string(),
});

export const kfmCaseDetailSchema = kfmCaseSummarySchema.extend({
  /** The application's amounts from the frozen snapshot. */
  amounts: z.object({
    principal: amountText,
    interest: amountText,
    fees: amountText,
    application_fee: amountText,
    work_compensation: amountText,
    total: amountText,
  }),
  /** The frozen snapshot: debtor, claim, interest per half-year period, fees, choices. */
  snapshot: z.record(z.string(), z.unknown()),
  /** The statuses the machine allows next, with their labels (the UI's buttons). */
  next_statuses: z.array(z.object({ status: z.enum(KFM_CASE_STATUSES), label: z.string() })),
  files: z.array(kfmFileSchema),
  submissions: z.array(
    z.object({ id: z.string(), file_out_id: z.string(), transport: z.string(), status: z.enum(KFM_SUBMISSION_STATUSES), created_at: z.string() }),
  ),
  events: z.array(z.object({ id: z.string(), type: z.string(), title: z.string(), payload: z.record(z.string(), z.unknown()), created_at: z.string() })),
});
export type KfmCaseDetail = z.infer<typeof kfmCaseDetailSchema>;

/** Step 3's answer: 'KFM-fil genererad'. */
export const kfmGenerateResponseSchema = z.object({
  message: z.string(),
  kfm_case: kfmCaseDetailSchema,
  file: kfmFileSchema.extend({ total: amountText }),
  /** The readable PDF of the same application, for filing by hand. */
  pdf_filename: z.string(),
});
export type KfmGenerateResponse = z.infer<typeof kfmGenerateResponseSchema>;

export const kfmStatusChangeResponseSchema = z.object({
  kfm_case: kfmCaseDetailSchema,
  /** enforcement_follow_up (utslag: verkställighet to follow up), offer_lawsuit (bestridd: 'Överlämna till tingsrätt'). */
  follow_ups: z.array(z.enum(['enforcement_follow_up', 'offer_lawsuit'])),
});
export type KfmStatusChangeResponse = z.infer<typeof kfmStatusChangeResponseSchema>;
