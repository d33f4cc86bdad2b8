import { z } from './zod-setup';
import { idSchema } from './common';

/* The debtor portal's BankID sign-in (issue 13, API contract). */

export const bankIdInitSchema = z.object({
  /** 12 digits YYYYMMDDXXXX; the check digit and date are checked by the service. */
  national_id: z
    .string({ error: 'Personnummer krävs' })
    .trim()
    .regex(/^\d{12}$/, 'Personnumret ska ha 12 siffror (ÅÅÅÅMMDDNNNN)'),
  org_id: idSchema.optional(),
});
export type BankIdInitInput = z.input<typeof bankIdInitSchema>;

export const bankIdOrderRefSchema = z.object({ order_ref: z.string({ error: 'order_ref krävs' }).min(1, 'order_ref krävs').max(100, 'Ogiltig order_ref') });

export const bankIdInitResponseSchema = z.object({ order_ref: z.string(), auto_start_token: z.string() });
export type BankIdInitResponse = z.infer<typeof bankIdInitResponseSchema>;

export const bankIdStatusResponseSchema = z.object({
  status: z.enum(['pending', 'complete', 'failed']),
  /** BankID's hintCode (outstandingTransaction, userSign, userCancel, …), or `noParty` when the person has no cases here. */
  hint_code: z.string().optional(),
  /** Once, on completion: the portal session token, sent as x-portal-session. */
  session_id: z.string().optional(),
  party_id: z.string().optional(),
});
export type BankIdStatusResponse = z.infer<typeof bankIdStatusResponseSchema>;

export const bankIdQrResponseSchema = z.object({ qr_data: z.string() });
export type BankIdQrResponse = z.infer<typeof bankIdQrResponseSchema>;

export const bankIdProviderResponseSchema = z.object({
  /** True when the local BankID simulator answers instead of BankID. */
  simulated: z.boolean(),
  /** Its approve/cancel page (only when simulated). */
  simulator_url: z.string().nullable(),
});
export type BankIdProviderResponse = z.infer<typeof bankIdProviderResponseSchema>;

export const portalCaseCardSchema = z.object({
  id: z.string(),
  status: z.string(),
  stage: z.string(),
  /** null: the UI shows 'Borgenär'. */
  creditor_name: z.string().nullable(),
  /** The claim's reference; null: the UI shows the id's first 8 characters. */
  reference: z.string().nullable(),
  due_date: z.string().nullable(),
  /** Decimal kronor strings, as elsewhere in the API. */
  total_principal: z.string(),
  total_interest: z.string(),
  total_fees: z.string(),
  total_outstanding: z.string(),
  created_at: z.string(),
});
export const portalCasesResponseSchema = z.object({ items: z.array(portalCaseCardSchema) });
export type PortalCasesResponse = z.infer<typeof portalCasesResponseSchema>;
