CREATE TABLE "prescription_interruptions" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"claim_id" text NOT NULL,
	"case_id" text NOT NULL,
	"interrupted_on" date NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"payment_allocation_id" text,
	"communication_id" text,
	"created_by" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "arose_on" date;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "arose_on_estimated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "prescription_interruptions" ADD CONSTRAINT "prescription_interruptions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_interruptions" ADD CONSTRAINT "prescription_interruptions_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_interruptions" ADD CONSTRAINT "prescription_interruptions_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_interruptions" ADD CONSTRAINT "prescription_interruptions_payment_allocation_id_payment_allocations_id_fk" FOREIGN KEY ("payment_allocation_id") REFERENCES "public"."payment_allocations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_interruptions" ADD CONSTRAINT "prescription_interruptions_communication_id_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_interruptions" ADD CONSTRAINT "prescription_interruptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prescription_interruptions_org_claim_idx" ON "prescription_interruptions" USING btree ("org_id","claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_interruptions_allocation_uq" ON "prescription_interruptions" USING btree ("payment_allocation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_interruptions_communication_uq" ON "prescription_interruptions" USING btree ("communication_id");--> statement-breakpoint
-- Existing claims: the best date known is the due date (no invoice date was ever stored), marked estimated (docs/prescription.md).
UPDATE "claims" SET "arose_on" = "due_date", "arose_on_estimated" = true;--> statement-breakpoint
-- The old single interruption date becomes a manual interruption row (the claim's id is its id: one per claim).
INSERT INTO "prescription_interruptions" ("id", "org_id", "claim_id", "case_id", "interrupted_on", "kind", "reason", "created_at")
SELECT "claims"."id", "claims"."org_id", "claims"."id", "cases"."id", "claims"."prescription_interrupted_on", 'manual', 'Överfört från prescription_interrupted_on vid migrering', "claims"."updated_at"
FROM "claims" JOIN "cases" ON "cases"."claim_id" = "claims"."id"
WHERE "claims"."prescription_interrupted_on" IS NOT NULL;--> statement-breakpoint
-- Payments already allocated interrupt from their payment date (5 § 1).
INSERT INTO "prescription_interruptions" ("id", "org_id", "claim_id", "case_id", "interrupted_on", "kind", "reason", "payment_allocation_id", "created_at")
SELECT "payment_allocations"."id", "payment_allocations"."org_id", "cases"."claim_id", "cases"."id", "payments"."paid_at", 'payment', 'Betalning (överförd vid migrering)', "payment_allocations"."id", "payment_allocations"."created_at"
FROM "payment_allocations" JOIN "payments" ON "payments"."id" = "payment_allocations"."payment_id" JOIN "cases" ON "cases"."id" = "payment_allocations"."case_id";--> statement-breakpoint
-- Påminnelser and inkassokrav delivered with evidence interrupt from the delivery's day (5 § 2; the delivery row's last change is its delivery).
INSERT INTO "prescription_interruptions" ("id", "org_id", "claim_id", "case_id", "interrupted_on", "kind", "reason", "communication_id", "created_at")
SELECT "communications"."id", "communications"."org_id", "cases"."claim_id", "cases"."id", "delivered"."on", 'demand_delivered', 'Levererat krav (överfört vid migrering)', "communications"."id", "communications"."created_at"
FROM "communications"
JOIN "comm_templates" ON "comm_templates"."id" = "communications"."template_id"
JOIN "cases" ON "cases"."id" = "communications"."case_id"
JOIN (SELECT "communication_id", substr(max("updated_at"), 1, 10)::date AS "on" FROM "comm_deliveries" WHERE "status" = 'delivered' GROUP BY "communication_id") AS "delivered" ON "delivered"."communication_id" = "communications"."id"
WHERE "communications"."status" = 'delivered' AND "comm_templates"."category" IN ('reminder', 'demand');
