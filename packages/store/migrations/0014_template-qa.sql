CREATE TABLE `template_qa_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`templates_checked` integer DEFAULT 0 NOT NULL,
	`templates_failed` integer DEFAULT 0 NOT NULL,
	`fixtures_json` text NOT NULL,
	`report_json` text,
	`report_html` text,
	`created_by` text,
	`created_at` text NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `template_qa_batches_org_created_idx` ON `template_qa_batches` (`org_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `cases` ADD `qa_batch_id` text REFERENCES template_qa_batches(id);--> statement-breakpoint
CREATE INDEX `cases_qa_batch_idx` ON `cases` (`qa_batch_id`);