CREATE TABLE "dunning_case_steps" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"case_id" text NOT NULL,
	"step_id" text NOT NULL,
	"run_id" text,
	"as_of" date NOT NULL,
	"days_past_due" integer NOT NULL,
	"template_code" text NOT NULL,
	"channel" text NOT NULL,
	"stage" text,
	"communication_id" text NOT NULL,
	"fee_code" text,
	"fee_status" text DEFAULT 'none' NOT NULL,
	"fee_id" text,
	"fee_note" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dunning_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"creditor_id" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "dunning_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"as_of" date NOT NULL,
	"scheduled_for" date,
	"started_by" text,
	"started_at" text NOT NULL,
	"finished_at" text,
	"summary_json" json,
	"failure" text
);
--> statement-breakpoint
CREATE TABLE "dunning_steps" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"name" text NOT NULL,
	"days_past_due" integer NOT NULL,
	"template_code" text NOT NULL,
	"channel" text NOT NULL,
	"fee_code" text,
	"stage" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dunning_case_steps" ADD CONSTRAINT "dunning_case_steps_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_case_steps" ADD CONSTRAINT "dunning_case_steps_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_case_steps" ADD CONSTRAINT "dunning_case_steps_run_id_dunning_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."dunning_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_case_steps" ADD CONSTRAINT "dunning_case_steps_communication_id_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_case_steps" ADD CONSTRAINT "dunning_case_steps_fee_id_case_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."case_fees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_plans" ADD CONSTRAINT "dunning_plans_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_plans" ADD CONSTRAINT "dunning_plans_creditor_id_creditors_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."creditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_plans" ADD CONSTRAINT "dunning_plans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_runs" ADD CONSTRAINT "dunning_runs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_runs" ADD CONSTRAINT "dunning_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_steps" ADD CONSTRAINT "dunning_steps_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_steps" ADD CONSTRAINT "dunning_steps_plan_id_dunning_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."dunning_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dunning_case_steps_case_step_uq" ON "dunning_case_steps" USING btree ("case_id","step_id");--> statement-breakpoint
CREATE INDEX "dunning_case_steps_org_fee_status_idx" ON "dunning_case_steps" USING btree ("org_id","fee_status");--> statement-breakpoint
CREATE INDEX "dunning_plans_org_creditor_idx" ON "dunning_plans" USING btree ("org_id","creditor_id");--> statement-breakpoint
CREATE INDEX "dunning_runs_org_started_idx" ON "dunning_runs" USING btree ("org_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dunning_runs_org_scheduled_uq" ON "dunning_runs" USING btree ("org_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "dunning_steps_org_plan_idx" ON "dunning_steps" USING btree ("org_id","plan_id","days_past_due");