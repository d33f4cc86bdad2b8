ALTER TABLE "creditors" ADD COLUMN "qa_batch_id" text;--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "qa_batch_id" text;--> statement-breakpoint
ALTER TABLE "creditors" ADD CONSTRAINT "creditors_qa_batch_id_template_qa_batches_id_fk" FOREIGN KEY ("qa_batch_id") REFERENCES "public"."template_qa_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_qa_batch_id_template_qa_batches_id_fk" FOREIGN KEY ("qa_batch_id") REFERENCES "public"."template_qa_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creditors_qa_batch_idx" ON "creditors" USING btree ("qa_batch_id");--> statement-breakpoint
CREATE INDEX "parties_qa_batch_idx" ON "parties" USING btree ("qa_batch_id");--> statement-breakpoint
ALTER TABLE "template_qa_batches" DROP COLUMN "fixtures_json";