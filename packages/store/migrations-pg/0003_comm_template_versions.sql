CREATE TABLE "comm_template_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"template_id" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"subject" text,
	"body_md" text NOT NULL,
	"replaced_at" text NOT NULL,
	"replaced_by" text
);
--> statement-breakpoint
ALTER TABLE "comm_template_versions" ADD CONSTRAINT "comm_template_versions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comm_template_versions" ADD CONSTRAINT "comm_template_versions_template_id_comm_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."comm_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comm_template_versions" ADD CONSTRAINT "comm_template_versions_replaced_by_users_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comm_template_versions_template_version_uq" ON "comm_template_versions" USING btree ("template_id","version");--> statement-breakpoint
CREATE INDEX "comm_template_versions_org_template_idx" ON "comm_template_versions" USING btree ("org_id","template_id");