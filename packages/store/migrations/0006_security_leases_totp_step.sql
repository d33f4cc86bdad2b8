ALTER TABLE `mfa_factors` ADD `last_used_step` integer;--> statement-breakpoint
ALTER TABLE `job_queue` ADD `lease_expires_at` text;--> statement-breakpoint
-- Jobs processing under the old stale-lock scheme get a lease that has already lapsed: taken back at once.
UPDATE `job_queue` SET `lease_expires_at` = `locked_at` WHERE `status` = 'processing';
