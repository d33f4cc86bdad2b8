import { cursorQuerySchema, dayRangeInOrder, dayRangeQueryShape, limitQuerySchema } from './common';
import { z } from './zod-setup';

/** `actor=system`: rows the system wrote (the CLI, nightly jobs, imports without a user). */
export const AUDIT_SYSTEM_ACTOR = 'system';

/** 'Systemlogg': 50 rows a page (spec part 2 §9), newest first, later pages by cursor. */
export const auditLogQuerySchema = z
  .object({
    limit: limitQuerySchema.shape.limit,
    /** The previous page's `next_cursor`: the page after it. */
    cursor: cursorQuerySchema,
    /** Written from and to these Swedish calendar days. */
    ...dayRangeQueryShape,
    /** One event, e.g. `payment.allocated`. */
    event: z.string().trim().min(1, 'Ogiltig händelse').max(100, 'Ogiltig händelse').optional(),
    /** A user's id, or `system`. */
    actor: z.string().trim().min(1, 'Ogiltig användare').max(100, 'Ogiltig användare').optional(),
  })
  .refine(...dayRangeInOrder);
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

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
export type AuditEntryResponse = z.infer<typeof auditEntryResponseSchema>;

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntryResponseSchema),
  /** The cursor of the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

/** What the log's filters can choose from: the events and the users that occur in it. */
export const auditLogFiltersResponseSchema = z.object({
  /** The events in the log with their Swedish labels, by label. */
  events: z.array(z.object({ event: z.string(), label: z.string() })),
  /** Users with rows in the log (former members too), by name. */
  actors: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AuditLogFiltersResponse = z.infer<typeof auditLogFiltersResponseSchema>;
