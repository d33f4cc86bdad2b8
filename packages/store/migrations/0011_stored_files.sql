CREATE TABLE `stored_files` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`content` blob NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stored_files_key_uq` ON `stored_files` (`key`);