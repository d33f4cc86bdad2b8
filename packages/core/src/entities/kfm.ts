import { z } from 'zod';
import { KFM_CASE_STATUSES, KFM_FILE_STATUSES, KFM_SUBMISSION_STATUSES, LAWSUIT_SERVICE_STATUSES, LAWSUIT_STATUSES, LAWSUIT_TRACKS } from '../cases';
import { ERROR_MESSAGES } from '../errors';
import type { KfmApplicationType } from '../kfm';
import { ZERO_ORE } from '../money';
import {
  enumSchema,
  isoDateSchema,
  isoInstantSchema,
  jsonObjectSchema,
  nonNegativeOreSchema,
  optionalTextSchema,
  oreAmountInput,
  REQUIRED_FIELD_MESSAGE,
  requiredTextSchema,
  uuidSchema,
} from './shared';

export const kfmCaseStatusSchema = enumSchema(KFM_CASE_STATUSES);
export const kfmFileStatusSchema = enumSchema(KFM_FILE_STATUSES);
export const kfmSubmissionStatusSchema = enumSchema(KFM_SUBMISSION_STATUSES);

/**
 * Application types (spec part 2 §3), spelled as the spec and the kfm module do
 * (`handräckning` with ä; the kfm module's KFM_APPLICATION_TYPES is the list).
 */
const APPLICATION_TYPE_VALUES = ['payment_order', 'handräckning'] as const satisfies readonly KfmApplicationType[];
export const KFM_APPLICATION_TYPE_LABELS: Readonly<Record<KfmApplicationType, string>> = {
  payment_order: 'Betalningsföreläggande',
  handräckning: 'Handräckning',
};
export const kfmApplicationTypeSchema = enumSchema(APPLICATION_TYPE_VALUES);

/** How a file reaches KFM: uploaded by a person (manual, the spec's), or KFM's file service. */
export const kfmTransportSchema = enumSchema(['manual', 'file_service']);

/**
 * A KFM case: the snapshot of the claim at as_of_date that the application was built from.
 * application_fee_sek holds öre despite its spec name (300 kr = 30000), like every money field.
 */
export const kfmCaseSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  case_id: uuidSchema,
  creditor_id: uuidSchema,
  debtor_snapshot_json: jsonObjectSchema.nullable(),
  claim_snapshot_json: jsonObjectSchema.nullable(),
  interest_snapshot_json: jsonObjectSchema.nullable(),
  /** The kfm module's fee list (an array), or an object wrapping it. */
  fees_snapshot_json: z.union([z.array(z.unknown()), jsonObjectSchema]).nullable(),
  application_fee_sek: nonNegativeOreSchema,
  application_type: kfmApplicationTypeSchema,
  as_of_date: isoDateSchema,
  reference: z.string(),
  current_status: kfmCaseStatusSchema,
  /** KFM's målnummer once acknowledged (e.g. 14-141638-12; format unconfirmed). */
  kfm_case_no: z.string().nullish(),
  created_by: uuidSchema.nullish(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/** Files to and from KFM: out = our applications, in = receipts, acknowledgements, utslag. */
export const kfmFileDirectionSchema = enumSchema(['out', 'in']);

export const kfmFileSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  kfm_case_id: uuidSchema.nullish(),
  direction: kfmFileDirectionSchema,
  filename: z.string(),
  payload_text: z.string(),
  /** SHA-256 of payload_text, hex (part 1 §9). */
  checksum: z.string().regex(/^[0-9a-f]{64}$/i, ERROR_MESSAGES.VALIDATION_FAILED),
  status: kfmFileStatusSchema,
  created_at: isoInstantSchema.nullish(),
});

/** A submission of a file; transport is manual for now (part 1 §9). */
export const kfmSubmissionSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  kfm_case_id: uuidSchema,
  file_out_id: uuidSchema,
  /** The receipt (kvittens) file, once one came back. */
  file_in_id: uuidSchema.nullish(),
  transport: kfmTransportSchema,
  status: kfmSubmissionStatusSchema,
  submitted_at: isoInstantSchema.nullish(),
  created_by: uuidSchema.nullish(),
  created_at: isoInstantSchema.nullish(),
});

export const kfmEventSchema = z.object({
  id: uuidSchema.nullish(),
  org_id: uuidSchema,
  kfm_case_id: uuidSchema,
  type: z.string(),
  payload_json: jsonObjectSchema.nullable(),
  actor_id: uuidSchema.nullish(),
  created_at: isoInstantSchema.nullish(),
});

export type KfmCaseEntity = z.infer<typeof kfmCaseSchema>;
export type KfmFileEntity = z.infer<typeof kfmFileSchema>;
export type KfmSubmissionEntity = z.infer<typeof kfmSubmissionSchema>;
export type KfmEventEntity = z.infer<typeof kfmEventSchema>;

// ── lawsuits (tvistemål) ────────────────────────────────────────────────────────────────────

export const lawsuitStatusSchema = enumSchema(LAWSUIT_STATUSES);
export const lawsuitTrackSchema = enumSchema(LAWSUIT_TRACKS);
export const lawsuitServiceStatusSchema = enumSchema(LAWSUIT_SERVICE_STATUSES);

/** A procedural deadline of a lawsuit (e.g. svaromål, komplettering). */
export const lawsuitDeadlineSchema = z.object({
  code: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 50),
  label: z.string().optional(),
  due_date: isoDateSchema,
  done_at: isoInstantSchema.nullish(),
});

/** A lawsuit; court_fee_sek holds öre despite its spec name. */
export const lawsuitSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  case_id: uuidSchema,
  status: lawsuitStatusSchema,
  track: lawsuitTrackSchema,
  court_name: z.string().nullish(),
  /** The court's målnummer, e.g. FT 1234-26. */
  court_case_no: z.string().nullish(),
  court_fee_sek: nonNegativeOreSchema,
  filing_date: isoDateSchema.nullable(),
  service_status: lawsuitServiceStatusSchema,
  deadlines_json: z.array(lawsuitDeadlineSchema).nullable(),
  notes: z.string().nullable(),
  created_by: uuidSchema.nullish(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
  closed_at: isoInstantSchema.nullish(),
});

/**
 * 'Ny stämning' (the create screen is not shown in the spec): the case and the track are
 * required; the court fee is entered in kronor (→ öre, default 0).
 * @example lawsuitCreateInputSchema.parse({ case_id, track: 'FT', court_fee_sek: '900' })
 */
export const lawsuitCreateInputSchema = z.object({
  case_id: uuidSchema,
  track: lawsuitTrackSchema,
  court_name: optionalTextSchema(200),
  court_fee_sek: oreAmountInput.default(ZERO_ORE),
  filing_date: isoDateSchema.nullish().transform((value) => value ?? null),
  deadlines_json: z.array(lawsuitDeadlineSchema).default([]),
  notes: optionalTextSchema(5000),
});

export type LawsuitDeadline = z.infer<typeof lawsuitDeadlineSchema>;
export type LawsuitEntity = z.infer<typeof lawsuitSchema>;
export type LawsuitCreateInput = z.infer<typeof lawsuitCreateInputSchema>;
