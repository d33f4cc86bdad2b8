import { z } from './zod-setup';

export const auditEntryResponseSchema = z.object({
  id: z.string(),
  actor_id: z.string().nullable(),
  /** The actor's name or e-mail; null for the system. */
  actor_name: z.string().nullable(),
  event: z.string(),
  /** The event in Swedish (never its code): 'Kundens status ändrad'. */
  title: z.string(),
  entity: z.string().nullable(),
  /** What the row is about, in Swedish: 'Kund'; null when it names nothing. */
  entity_label: z.string().nullable(),
  /** Who or what it touched, and the reason of a risky action, from the payload. */
  detail: z.string().nullable(),
  entity_id: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export const auditLogResponseSchema = z.object({ entries: z.array(auditEntryResponseSchema) });
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
