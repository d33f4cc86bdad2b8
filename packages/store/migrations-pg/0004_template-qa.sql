CREATE TABLE "template_qa_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"templates_checked" integer DEFAULT 0 NOT NULL,
	"templates_failed" integer DEFAULT 0 NOT NULL,
	"fixtures_json" json NOT NULL,
	"report_json" json,
	"report_html" text,
	"created_by" text,
	"created_at" text NOT NULL,
	"completed_at" text
);
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "qa_batch_id" text;--> statement-breakpoint
ALTER TABLE "template_qa_batches" ADD CONSTRAINT "template_qa_batches_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_qa_batches" ADD CONSTRAINT "template_qa_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_qa_batches_org_created_idx" ON "template_qa_batches" USING btree ("org_id","created_at");--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_qa_batch_id_template_qa_batches_id_fk" FOREIGN KEY ("qa_batch_id") REFERENCES "public"."template_qa_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cases_qa_batch_idx" ON "cases" USING btree ("qa_batch_id");