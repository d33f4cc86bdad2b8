import { z } from './zod-setup';

export const auditEntryResponseSchema = z.object({
  id: z.string(),
  actor_id: z.string().nullable(),
  /** The actor's name or e-mail; null for the system. */
  actor_name: z.string().nullable(),
  event: z.string(),
  entity: z.string().nullable(),
  entity_id: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export const auditLogResponseSchema = z.object({ entries: z.array(auditEntryResponseSchema) });
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
