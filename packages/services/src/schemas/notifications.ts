import { NOTIFICATION_TYPES } from '@fordran/store';
import { z } from './zod-setup';
import { idSchema } from './common';

/** A notification raised by a use case (`notify`). user_id null: everyone in the organisation. */
export const notifyInputSchema = z.object({
  org_id: idSchema,
  user_id: idSchema.nullish(),
  type: z.enum(NOTIFICATION_TYPES).default('info'),
  message: z.string().trim().min(1, 'Meddelande krävs').max(1000, 'Meddelandet får vara högst 1000 tecken'),
  link: z.string().trim().max(500).nullish(),
});
export type NotifyInput = z.input<typeof notifyInputSchema>;

export const notificationResponseSchema = z.object({
  id: z.string(),
  type: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  /** null: addressed to everyone in the organisation. */
  user_id: z.string().nullable(),
});
export type NotificationResponse = z.infer<typeof notificationResponseSchema>;

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationResponseSchema),
  unread_count: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const markAllReadResponseSchema = z.object({ updated: z.number().int() });
