ALTER TABLE `payments` ADD `duplicate_of_payment_id` text REFERENCES payments(id);--> statement-breakpoint
CREATE INDEX `payments_duplicate_of_idx` ON `payments` (`duplicate_of_payment_id`) WHERE "payments"."duplicate_of_payment_id" IS NOT NULL;--> statement-breakpoint
-- camt.053 and camt.054 share transaction ids (`camt:` instead of `camt053:`), so a transaction met in
-- both is booked once; end-to-end ids now end with the OCR or reference (docs/bank-files.md).
UPDATE `payments` SET `transaction_id` = 'camt:' || substr(`transaction_id`, 9) WHERE `transaction_id` LIKE 'camt053:%' AND `transaction_id` NOT LIKE 'camt053:%:e2e:%';
--> statement-breakpoint
UPDATE `payments` SET `transaction_id` = 'camt:' || substr(`transaction_id`, 9) || ':' || coalesce(`reference`, '') WHERE `transaction_id` LIKE 'camt053:%:e2e:%' AND instr(`transaction_id`, '#') = 0;
--> statement-breakpoint
UPDATE `payments` SET `transaction_id` = 'camt:' || substr(`transaction_id`, 9, instr(`transaction_id`, '#') - 9) || ':' || coalesce(`reference`, '') || substr(`transaction_id`, instr(`transaction_id`, '#')) WHERE `transaction_id` LIKE 'camt053:%:e2e:%' AND instr(`transaction_id`, '#') > 0;
