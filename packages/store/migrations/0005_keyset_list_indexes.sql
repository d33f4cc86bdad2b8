DROP INDEX `gl_entries_account_idx`;--> statement-breakpoint
CREATE INDEX `gl_entries_account_idx` ON `gl_entries` (`account_id`,`journal_id`);--> statement-breakpoint
DROP INDEX `gl_journals_org_booked_idx`;--> statement-breakpoint
CREATE INDEX `gl_journals_org_source_booked_idx` ON `gl_journals` (`org_id`,`source`,`booked_at`,`id`);--> statement-breakpoint
CREATE INDEX `gl_journals_org_booked_idx` ON `gl_journals` (`org_id`,`booked_at`,`id`);--> statement-breakpoint
DROP INDEX `audit_logs_org_created_idx`;--> statement-breakpoint
CREATE INDEX `audit_logs_org_event_idx` ON `audit_logs` (`org_id`,`event`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_logs_org_actor_idx` ON `audit_logs` (`org_id`,`actor_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_logs_org_created_idx` ON `audit_logs` (`org_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `payments_org_amount_idx` ON `payments` (`org_id`,`amount`);