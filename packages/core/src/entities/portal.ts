import { z } from 'zod';
import { ERROR_MESSAGES } from '../errors';
import { caseStatusSchema } from './cases';
import { commChannelSchema, communicationStatusSchema } from './communications';
import { paymentPlanSchema } from './finance';
import { enumSchema, isoDateSchema, isoInstantSchema, nonNegativeOreSchema, oreSchema, uuidSchema } from './shared';

/*
 * The debtor portal (spec part 2 §2 Debtor portal, §3, §7): a debtor signs in with BankID and
 * gets a portal session (header x-portal-session); the portal reads their cases with a reduced
 * view. Money is öre here as everywhere in core; the API sends it as decimal strings.
 */

// ── BankID and portal sessions ──────────────────────────────────────────────────────────────

/** A BankID order's state as polled (collect: pending, complete, failed). */
export const BANKID_ORDER_STATUSES = ['pending', 'complete', 'failed'] as const;
export const BANKID_PURPOSES = ['auth', 'sign'] as const;
export const bankIdOrderStatusSchema = enumSchema(BANKID_ORDER_STATUSES);

/** `POST portal-auth-bankid/init` → the order to poll (part 2 §7). */
export const bankIdInitResponseSchema = z.object({ orderRef: z.string().min(1) });

/**
 * `POST portal-auth-bankid/status`, polled every 2 s (part 2 §7): on `complete` with one party,
 * session_id and party_id are set; with several, `multipleParties` and the `parties` to choose
 * from (the spec only logs them).
 */
export const bankIdStatusResponseSchema = z.object({
  status: bankIdOrderStatusSchema,
  session_id: z.string().nullable(),
  party_id: uuidSchema.nullable(),
  multipleParties: z.boolean(),
  parties: z.array(z.object({ id: uuidSchema, name: z.string() })),
});

/** A portal session as stored, without its token hash; national_id is the 12-digit personnummer BankID confirmed. */
export const portalSessionSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  party_id: uuidSchema,
  national_id: z.string().regex(/^\d{12}$/, ERROR_MESSAGES.INVALID_PERSONNUMMER),
  expires_at: isoInstantSchema,
  revoked_at: isoInstantSchema.nullable(),
  created_at: isoInstantSchema.nullish(),
});

// ── what the portal shows ───────────────────────────────────────────────────────────────────

/**
 * A case as the debtor sees it (part 2 §3 Portal case): amounts, the creditor's name (fallback
 * 'Borgenär'), the claim's reference and due date, and the payment plans. `stage` is a portal
 * stage (cases/portal-stage: PORTAL_STAGES, `portalStageOf`), kept open text because the portal
 * shows an unknown stage raw.
 */
export const portalCaseSchema = z.object({
  id: uuidSchema,
  status: caseStatusSchema,
  stage: z.string(),
  created_at: isoInstantSchema,
  total_principal: nonNegativeOreSchema,
  total_interest: nonNegativeOreSchema,
  total_fees: nonNegativeOreSchema,
  /** May go below zero when the debtor paid too much. */
  total_outstanding: oreSchema,
  creditors: z.object({ name: z.string() }).nullable(),
  claims: z.object({ reference_no: z.string().nullable(), due_date: isoDateSchema.nullable() }).nullable(),
  payment_plans: z.array(paymentPlanSchema.pick({ id: true, status: true, plan_json: true, setup_fee: true })),
});

/** A message sent to the debtor, in the portal's history tab (part 2 §3 Portal communication). */
export const portalCommunicationSchema = z.object({
  id: uuidSchema,
  /** null: shown as 'Meddelande'. */
  subject: z.string().nullable(),
  channel: commChannelSchema,
  sent_at: isoInstantSchema.nullable(),
  status: communicationStatusSchema,
});

export type BankIdInitResponse = z.infer<typeof bankIdInitResponseSchema>;
export type BankIdStatusResponse = z.infer<typeof bankIdStatusResponseSchema>;
export type PortalSessionEntity = z.infer<typeof portalSessionSchema>;
export type PortalCase = z.infer<typeof portalCaseSchema>;
export type PortalCommunication = z.infer<typeof portalCommunicationSchema>;
