import { PRESCRIPTION_INTERRUPTION_KINDS } from '@fordran/core';
import { z } from './zod-setup';
import { actionReasonSchema } from './common';

/*
 * Preskription of a case's claim (preskriptionslag 1981:130; docs/prescription.md): when it is
 * time-barred, the interruption that set that date, and a manual interruption's body.
 */

export const PRESCRIPTION_REASON_REQUIRED = 'Ange varför preskriptionen avbryts';
export const PRESCRIPTION_DATE_REQUIRED = 'Ange datum för avbrottet som ÅÅÅÅ-MM-DD';
export const PRESCRIPTION_DATE_IN_FUTURE = 'Avbrottets datum får inte vara i framtiden';

export const prescriptionInterruptionResponseSchema = z.object({
  id: z.string(),
  interrupted_on: z.string(),
  kind: z.enum(PRESCRIPTION_INTERRUPTION_KINDS),
  /** 'Betalning', 'Erkännande', 'Levererat krav', 'Manuellt avbrott'. */
  kind_label: z.string(),
  reason: z.string().nullable(),
  payment_allocation_id: z.string().nullable(),
  communication_id: z.string().nullable(),
  /** Null = recorded by the system. */
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type PrescriptionInterruptionResponse = z.infer<typeof prescriptionInterruptionResponseSchema>;

export const casePrescriptionSchema = z.object({
  /** The period in years: the claim's own, else the organisation's prescription rule by debtor type (3 consumer / 10 otherwise). */
  years: z.number().int(),
  /** The period runs until the end of this day. */
  last_day: z.string(),
  /** The first day the claim is time-barred. */
  prescribed_on: z.string(),
  /** Today: block (barred), warning (approaching, or the last day) or null. */
  level: z.enum(['block', 'warning']).nullable(),
  /** The interruption the running period counts from; null = from arose_on. */
  set_by: prescriptionInterruptionResponseSchema.nullable(),
  /** Every recorded interruption, oldest first. */
  interruptions: z.array(prescriptionInterruptionResponseSchema),
});
export type CasePrescription = z.infer<typeof casePrescriptionSchema>;

export const prescriptionInterruptionCreateSchema = z.object({
  interrupted_on: z
    .string({ error: PRESCRIPTION_DATE_REQUIRED })
    .regex(/^\d{4}-\d{2}-\d{2}$/, PRESCRIPTION_DATE_REQUIRED)
    .describe('ÅÅÅÅ-MM-DD, inte senare än i dag'),
  reason: actionReasonSchema(PRESCRIPTION_REASON_REQUIRED).describe('Varför (t.ex. "Gäldenären erkände skulden i telefon 2026-11-20")'),
});
export type PrescriptionInterruptionCreateInput = z.input<typeof prescriptionInterruptionCreateSchema>;

export const prescriptionInterruptionCreateResponseSchema = z.object({
  interruption: prescriptionInterruptionResponseSchema,
  prescription: casePrescriptionSchema,
});
export type PrescriptionInterruptionCreateResponse = z.infer<typeof prescriptionInterruptionCreateResponseSchema>;
