ALTER TABLE `creditors` ADD `qa_batch_id` text REFERENCES template_qa_batches(id);--> statement-breakpoint
CREATE INDEX `creditors_qa_batch_idx` ON `creditors` (`qa_batch_id`);--> statement-breakpoint
ALTER TABLE `parties` ADD `qa_batch_id` text REFERENCES template_qa_batches(id);--> statement-breakpoint
CREATE INDEX `parties_qa_batch_idx` ON `parties` (`qa_batch_id`);--> statement-breakpoint
ALTER TABLE `template_qa_batches` DROP COLUMN `fixtures_json`;