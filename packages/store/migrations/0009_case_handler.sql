ALTER TABLE `cases` ADD `handler_id` text REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `cases_org_handler_idx` ON `cases` (`org_id`,`handler_id`);