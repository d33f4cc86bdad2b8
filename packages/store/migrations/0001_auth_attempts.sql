CREATE TABLE `auth_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`ip` text,
	`succeeded` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_attempts_kind_subject_created_idx` ON `auth_attempts` (`kind`,`subject`,`created_at`);--> statement-breakpoint
CREATE INDEX `auth_attempts_kind_ip_created_idx` ON `auth_attempts` (`kind`,`ip`,`created_at`);--> statement-breakpoint
CREATE INDEX `auth_attempts_created_idx` ON `auth_attempts` (`created_at`);