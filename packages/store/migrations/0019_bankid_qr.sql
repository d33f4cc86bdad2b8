ALTER TABLE `bankid_orders` ADD `qr_start_token` text;--> statement-breakpoint
ALTER TABLE `bankid_orders` ADD `qr_start_secret` text;