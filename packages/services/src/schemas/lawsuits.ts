import { LAWSUIT_SERVICE_STATUSES, LAWSUIT_STATUSES, LAWSUIT_TRACKS } from '@fordran/core';
import { z } from './zod-setup';
import { nullableTextSchema } from './common';
import { enumSchema, isoDateSchema, requiredTextSchema, uuidSchema } from './values';

/*
 * Lawsuits (tvistemål, issue 12): input and response schemas of the API and the CLI. Amounts are
 * decimal strings in kronor ("900.00"), like every amount the API sends.
 */

const amountText = z.string().meta({ description: 'Belopp i kronor med två decimaler, t.ex. "900.00"' });
const notesSchema = nullableTextSchema(5000, 'Anteckningarna får vara högst 5000 tecken');

/** A new lawsuit draft from a case ('Ny stämning', or KFM's 'Överlämna till tingsrätt'). */
export const lawsuitCreateSchema = z.object({
  case_id: uuidSchema.meta({ description: 'Ärendet stämningen gäller' }),
  kfm_case_id: uuidSchema.nullish().meta({ description: 'KFM-ärendet som överlämnas till tingsrätt (bestritt betalningsföreläggande)' }),
  track: enumSchema(LAWSUIT_TRACKS).optional().meta({ description: 'FT eller ORD; utan det föreslaget efter fordrans värde' }),
  filing_date: isoDateSchema.nullish().meta({ description: 'Planerat ingivningsdatum' }),
  court_name: nullableTextSchema(200, 'Domstolens namn får vara högst 200 tecken'),
  notes: notesSchema,
});
export type LawsuitCreateInput = z.input<typeof lawsuitCreateSchema>;

export const lawsuitListQuerySchema = z.object({
  status: enumSchema(LAWSUIT_STATUSES).optional(),
  track: enumSchema(LAWSUIT_TRACKS).optional(),
});
export type LawsuitListQuery = z.input<typeof lawsuitListQuerySchema>;

export const lawsuitSuggestionQuerySchema = z.object({
  case_id: uuidSchema,
  filing_date: isoDateSchema.optional().meta({ description: 'Året vars prisbasbelopp gäller; standard i dag' }),
});

/** A status change: the date it happened (filing date when filed), the court's case number, a reason. */
export const lawsuitStatusChangeSchema = z.object({
  status: enumSchema(LAWSUIT_STATUSES),
  date: isoDateSchema.optional().meta({ description: 'När det skedde (ingivningsdatum vid Inlämnad); standard i dag, inte i framtiden' }),
  court_case_no: nullableTextSchema(100, 'Målnumret får vara högst 100 tecken'),
  reason: nullableTextSchema(500, 'Anledningen får vara högst 500 tecken'),
});
export type LawsuitStatusChangeInput = z.input<typeof lawsuitStatusChangeSchema>;

export const lawsuitDeadlineAddSchema = z.object({
  label: requiredTextSchema(200),
  due_date: isoDateSchema,
});
export type LawsuitDeadlineAddInput = z.input<typeof lawsuitDeadlineAddSchema>;

export const lawsuitNotesSchema = z.object({ notes: notesSchema });
export type LawsuitNotesInput = z.input<typeof lawsuitNotesSchema>;

export const lawsuitDeadlineCheckSchema = z.object({
  as_of: isoDateSchema.optional().meta({ description: 'Dagen kontrollen gäller; standard i dag' }),
  org: z.string().trim().max(200).optional(),
});
export type LawsuitDeadlineCheckInput = z.input<typeof lawsuitDeadlineCheckSchema>;

export const lawsuitTrackSuggestionSchema = z.object({
  track: z.enum(LAWSUIT_TRACKS),
  track_label: z.string(),
  reason: z.string(),
  claim_value: amountText,
  limit: amountText,
  prisbasbelopp: amountText,
  year: z.number().int(),
  court_fees: z.object({ FT: amountText, ORD: amountText }),
});
export type LawsuitTrackSuggestion = z.output<typeof lawsuitTrackSuggestionSchema>;

export const lawsuitSummarySchema = z.object({
  id: z.string(),
  case_id: z.string(),
  case_reference: z.string(),
  party_name: z.string(),
  creditor_name: z.string(),
  status: z.enum(LAWSUIT_STATUSES),
  status_label: z.string(),
  track: z.enum(LAWSUIT_TRACKS),
  track_label: z.string(),
  court_fee: amountText.nullable(),
  filing_date: z.string().nullable(),
  service_status: z.enum(LAWSUIT_SERVICE_STATUSES),
  service_status_label: z.string(),
  created_at: z.string(),
});
export type LawsuitSummary = z.output<typeof lawsuitSummarySchema>;

export const lawsuitListResponseSchema = z.object({ lawsuits: z.array(lawsuitSummarySchema) });
export type LawsuitListResponse = z.output<typeof lawsuitListResponseSchema>;

const lawsuitDeadlineSchema = z.object({
  code: z.string(),
  label: z.string(),
  due_date: z.string(),
  done_at: z.string().nullable(),
  reminded_at: z.string().nullable(),
});

const lawsuitDocumentSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  stored_at: z.string(),
});
export type LawsuitDocument = z.output<typeof lawsuitDocumentSchema>;

export const lawsuitDetailSchema = lawsuitSummarySchema.extend({
  court_name: z.string().nullable(),
  court_case_no: z.string().nullable(),
  notes: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** What the status machine allows next (the detail page's buttons). */
  next_statuses: z.array(z.object({ status: z.enum(LAWSUIT_STATUSES), label: z.string() })),
  deadlines: z.array(lawsuitDeadlineSchema),
  documents: z.array(lawsuitDocumentSchema),
  /** The linked case's balance now. */
  case: z.object({
    id: z.string(),
    status: z.string(),
    stage: z.string(),
    total_principal: amountText,
    total_interest: amountText,
    total_fees: amountText,
    amount_paid_total: amountText,
    total_outstanding: amountText,
  }),
  /** Costs booked to the ledger for the lawsuit (the court fee at each filing). */
  costs: z.array(z.object({ journal_id: z.string(), booked_at: z.string(), label: z.string(), amount: amountText })),
  costs_total: amountText,
});
export type LawsuitDetail = z.output<typeof lawsuitDetailSchema>;

export const lawsuitDeadlineCheckResultSchema = z.object({
  as_of: z.string(),
  lawsuits_checked: z.number().int(),
  reminded: z.array(z.object({ lawsuit_id: z.string(), org_id: z.string(), code: z.string(), label: z.string(), due_date: z.string() })),
});
export type LawsuitDeadlineCheckResult = z.output<typeof lawsuitDeadlineCheckResultSchema>;
