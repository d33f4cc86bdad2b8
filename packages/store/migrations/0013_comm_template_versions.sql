CREATE TABLE `comm_template_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`template_id` text NOT NULL,
	`version` integer NOT NULL,
	`name` text NOT NULL,
	`subject` text,
	`body_md` text NOT NULL,
	`replaced_at` text NOT NULL,
	`replaced_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`template_id`) REFERENCES `comm_templates`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`replaced_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `comm_template_versions_template_version_uq` ON `comm_template_versions` (`template_id`,`version`);--> statement-breakpoint
CREATE INDEX `comm_template_versions_org_template_idx` ON `comm_template_versions` (`org_id`,`template_id`);