CREATE TABLE `dunning_case_steps` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`case_id` text NOT NULL,
	`step_id` text NOT NULL,
	`run_id` text,
	`as_of` text NOT NULL,
	`days_past_due` integer NOT NULL,
	`template_code` text NOT NULL,
	`channel` text NOT NULL,
	`stage` text,
	`communication_id` text NOT NULL,
	`fee_code` text,
	`fee_status` text DEFAULT 'none' NOT NULL,
	`fee_id` text,
	`fee_note` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`case_id`) REFERENCES `cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`run_id`) REFERENCES `dunning_runs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`communication_id`) REFERENCES `communications`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fee_id`) REFERENCES `case_fees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dunning_case_steps_case_step_uq` ON `dunning_case_steps` (`case_id`,`step_id`);--> statement-breakpoint
CREATE INDEX `dunning_case_steps_org_fee_status_idx` ON `dunning_case_steps` (`org_id`,`fee_status`);--> statement-breakpoint
CREATE TABLE `dunning_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`creditor_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`creditor_id`) REFERENCES `creditors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `dunning_plans_org_creditor_idx` ON `dunning_plans` (`org_id`,`creditor_id`);--> statement-breakpoint
CREATE TABLE `dunning_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`as_of` text NOT NULL,
	`scheduled_for` text,
	`started_by` text,
	`started_at` text NOT NULL,
	`finished_at` text,
	`summary_json` text,
	`failure` text,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`started_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `dunning_runs_org_started_idx` ON `dunning_runs` (`org_id`,`started_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `dunning_runs_org_scheduled_uq` ON `dunning_runs` (`org_id`,`scheduled_for`);--> statement-breakpoint
CREATE TABLE `dunning_steps` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`name` text NOT NULL,
	`days_past_due` integer NOT NULL,
	`template_code` text NOT NULL,
	`channel` text NOT NULL,
	`fee_code` text,
	`stage` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `dunning_plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `dunning_steps_org_plan_idx` ON `dunning_steps` (`org_id`,`plan_id`,`days_past_due`);