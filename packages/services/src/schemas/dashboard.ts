import { z } from './zod-setup';

export const systemHealthSchema = z.enum(['ok', 'warning', 'error']);

export const dashboardResponseSchema = z.object({
  /** Cases with status active or on_hold. */
  cases_in_work: z.number().int(),
  /** Σ total_outstanding of cases that are not closed, kronor as a decimal string ("7950.00"). */
  unpaid_amount: z.string(),
  /** Cases created today (Swedish calendar day). */
  new_today: z.number().int(),
  /** Open cases whose claim fell due before today and that still have an outstanding amount. */
  overdue: z.number().int(),
  /** Communications created in the last 30 days. */
  messages: z.number().int(),
  /** The member's unread notifications (addressed to them or to everyone): the bell's count. */
  unread_notifications: z.number().int(),
  system_health: systemHealthSchema,
  system_health_details: z.string().optional(),
  /** The page where the first problem is dealt with ('/bank-reconciliation', '/finance'). */
  system_health_link: z.string().optional(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
