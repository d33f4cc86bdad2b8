DROP INDEX `case_events_case_created_idx`;--> statement-breakpoint
CREATE INDEX `case_events_org_case_created_idx` ON `case_events` (`org_id`,`case_id`,`created_at`);--> statement-breakpoint
DROP INDEX `parties_org_name_idx`;--> statement-breakpoint
CREATE INDEX `parties_org_name_idx` ON `parties` (`org_id`,`name`,`id`);--> statement-breakpoint
DROP INDEX `claims_org_reference_no_idx`;--> statement-breakpoint
CREATE INDEX `claims_org_due_date_idx` ON `claims` (`org_id`,`due_date`);--> statement-breakpoint
CREATE INDEX `claims_org_reference_no_idx` ON `claims` (`org_id`,`reference_no`,`id`);--> statement-breakpoint
CREATE INDEX `cases_org_status_id_idx` ON `cases` (`org_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `cases_org_outstanding_idx` ON `cases` (`org_id`,`total_outstanding`);