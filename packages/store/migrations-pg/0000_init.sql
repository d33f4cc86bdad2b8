CREATE TABLE "ai_playbooks" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"config_json" json NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_suggestions" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"case_id" text,
	"playbook_id" text,
	"type" text NOT NULL,
	"payload_json" json NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" text,
	"decided_by" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"actor_id" text,
	"event" text NOT NULL,
	"entity" text,
	"entity_id" text,
	"payload_json" json NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"ip" text,
	"succeeded" boolean DEFAULT false NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"account_name" text NOT NULL,
	"type" text NOT NULL,
	"iban" text,
	"bg_number" text,
	"provider" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"pg_number" text
);
--> statement-breakpoint
CREATE TABLE "bank_statement_resolutions" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"statement_id" text NOT NULL,
	"kind" text NOT NULL,
	"difference_key" text NOT NULL,
	"difference_code" text NOT NULL,
	"difference_json" json NOT NULL,
	"line" integer,
	"transaction_id" text,
	"payment_id" text,
	"previous_transaction_id" text,
	"journal_id" text,
	"amount" bigint,
	"counter_account" text,
	"reason" text NOT NULL,
	"created_by" text,
	"created_at" text NOT NULL,
	"undone_at" text,
	"undone_by" text,
	"undo_reason" text,
	"undo_journal_id" text
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"bank_account_id" text,
	"statement_date" date NOT NULL,
	"file_format" text NOT NULL,
	"file_name" text NOT NULL,
	"file_checksum" text NOT NULL,
	"file_identity" text,
	"file_key" text,
	"reconciliation_status" text DEFAULT 'pending' NOT NULL,
	"total_debits" bigint DEFAULT 0 NOT NULL,
	"total_credits" bigint DEFAULT 0 NOT NULL,
	"opening_balance" bigint,
	"closing_balance" bigint,
	"differences_json" json NOT NULL,
	"imported_by" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bankid_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"order_ref" text NOT NULL,
	"purpose" text DEFAULT 'auth' NOT NULL,
	"national_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"hint_code" text,
	"completion_json" json,
	"portal_session_id" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_events" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"case_id" text NOT NULL,
	"type" text NOT NULL,
	"actor_id" text,
	"payload_json" json NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_fees" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"case_id" text NOT NULL,
	"code" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" text NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "case_flags" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"case_id" text NOT NULL,
	"rule_code" text NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"resolved_at" text,
	"resolved_by" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"creditor_id" text NOT NULL,
	"party_id" text NOT NULL,
	"claim_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"stage" text DEFAULT 'intake' NOT NULL,
	"total_principal" bigint DEFAULT 0 NOT NULL,
	"total_interest" bigint DEFAULT 0 NOT NULL,
	"total_fees" bigint DEFAULT 0 NOT NULL,
	"total_outstanding" bigint DEFAULT 0 NOT NULL,
	"amount_paid_total" bigint DEFAULT 0 NOT NULL,
	"mandate_type" text DEFAULT 'direct' NOT NULL,
	"legal_creditor_id" text,
	"agent_creditor_id" text,
	"interest_profile_id" text,
	"ocr_reference" text,
	"interest_calculated_to" date,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"closed_at" text,
	"handler_id" text
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"creditor_id" text NOT NULL,
	"reference_no" text NOT NULL,
	"principal_amount" bigint NOT NULL,
	"due_date" date NOT NULL,
	"contract_type" text,
	"notes" text,
	"reminder_fee_agreed" boolean DEFAULT false NOT NULL,
	"prescription_years" integer,
	"prescription_interrupted_on" date,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comm_channels_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"credentials_json" json NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"sandbox" boolean DEFAULT true NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comm_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"communication_id" text NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"status_detail" text,
	"next_retry_at" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comm_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'custom' NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"language" text DEFAULT 'sv' NOT NULL,
	"subject" text,
	"body_md" text NOT NULL,
	"variables_json" json NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communications" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"case_id" text NOT NULL,
	"channel" text NOT NULL,
	"template_id" text,
	"recipient" text NOT NULL,
	"subject" text,
	"body_rendered" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"dedupe_hash" text NOT NULL,
	"unsubscribe_link_included" boolean DEFAULT false NOT NULL,
	"attachments_json" json NOT NULL,
	"rendered_pdf_id" text,
	"open_count" integer DEFAULT 0 NOT NULL,
	"sent_at" text,
	"created_by" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creditors" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"org_no" text,
	"customer_no" text,
	"status" text DEFAULT 'active' NOT NULL,
	"contact_json" json,
	"address_json" json,
	"is_business" boolean DEFAULT true NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"case_id" text NOT NULL,
	"party_id" text,
	"type" text DEFAULT 'incorrect_amount' NOT NULL,
	"description" text NOT NULL,
	"attachments_json" json NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolved_by" text,
	"created_at" text NOT NULL,
	"resolved_at" text
);
--> statement-breakpoint
CREATE TABLE "distribution_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"config_json" json NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_catalogue" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"amount" bigint NOT NULL,
	"tax_code" text,
	"valid_from" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gl_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gl_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"journal_id" text NOT NULL,
	"account_id" text NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"case_id" text,
	"creditor_id" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gl_journals" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"source" text NOT NULL,
	"source_ref" text,
	"status" text DEFAULT 'posted' NOT NULL,
	"booked_at" text NOT NULL,
	"reverses_journal_id" text,
	"meta_json" json NOT NULL,
	"created_by" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interest_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"base" text NOT NULL,
	"margin_bp" integer DEFAULT 0 NOT NULL,
	"fixed_rate_pa" text,
	"valid_from" date,
	"valid_to" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"creditor_id" text,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" text NOT NULL,
	"accepted_at" text,
	"revoked_at" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_queue" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"job_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payload_json" json NOT NULL,
	"result_json" json,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_at" text NOT NULL,
	"locked_at" text,
	"locked_by" text,
	"last_error" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"lease_expires_at" text
);
--> statement-breakpoint
CREATE TABLE "kfm_cases" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"case_id" text NOT NULL,
	"creditor_id" text NOT NULL,
	"debtor_snapshot_json" json NOT NULL,
	"claim_snapshot_json" json NOT NULL,
	"interest_snapshot_json" json NOT NULL,
	"fees_snapshot_json" json NOT NULL,
	"application_fee_sek" bigint NOT NULL,
	"application_type" text DEFAULT 'payment_order' NOT NULL,
	"as_of_date" date NOT NULL,
	"reference" text NOT NULL,
	"current_status" text DEFAULT 'draft' NOT NULL,
	"kfm_case_no" text,
	"created_by" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kfm_events" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"kfm_case_id" text NOT NULL,
	"type" text NOT NULL,
	"payload_json" json NOT NULL,
	"actor_id" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kfm_files" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"kfm_case_id" text,
	"direction" text NOT NULL,
	"filename" text NOT NULL,
	"payload_text" text NOT NULL,
	"checksum" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kfm_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"kfm_case_id" text NOT NULL,
	"file_out_id" text NOT NULL,
	"file_in_id" text,
	"transport" text DEFAULT 'manual' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"submitted_at" text,
	"created_by" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lawsuits" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"case_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"track" text NOT NULL,
	"court_name" text,
	"court_case_no" text,
	"court_fee_sek" bigint NOT NULL,
	"filing_date" date,
	"service_status" text DEFAULT 'pending' NOT NULL,
	"deadlines_json" json NOT NULL,
	"notes" text,
	"created_by" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"closed_at" text
);
--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"factor_id" text NOT NULL,
	"expires_at" text NOT NULL,
	"verified_at" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text DEFAULT 'totp' NOT NULL,
	"friendly_name" text,
	"secret" text NOT NULL,
	"status" text DEFAULT 'unverified' NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"last_used_step" integer
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"user_id" text,
	"type" text DEFAULT 'info' NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"read_at" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_steps" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"step_code" text NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" text,
	"completed_by" text
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"org_no" text,
	"address_json" json,
	"allocation_order" text DEFAULT 'costs_first' NOT NULL,
	"require_mfa" boolean DEFAULT false NOT NULL,
	"default_interest_profile_id" text,
	"settings_json" json NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parties" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"national_id" text,
	"org_no" text,
	"email" text,
	"phone" text,
	"address_json" json,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"case_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"principal_amount" bigint DEFAULT 0 NOT NULL,
	"interest_amount" bigint DEFAULT 0 NOT NULL,
	"fees_amount" bigint DEFAULT 0 NOT NULL,
	"sequence_no" integer NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"case_id" text NOT NULL,
	"party_id" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"installments" integer NOT NULL,
	"first_due_date" date NOT NULL,
	"setup_fee" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	"plan_json" json NOT NULL,
	"signed_at" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"ocr" text,
	"reference" text,
	"message" text,
	"paid_at" date NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"bank_statement_id" text,
	"transaction_id" text,
	"payer_name" text,
	"unallocated_amount" bigint NOT NULL,
	"created_by" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"duplicate_of_payment_id" text
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"party_id" text NOT NULL,
	"national_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" text NOT NULL,
	"revoked_at" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text,
	"email" text NOT NULL,
	"avatar_url" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_rates" (
	"id" text PRIMARY KEY NOT NULL,
	"valid_from" date NOT NULL,
	"rate_bp" integer NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	CONSTRAINT "reference_rates_valid_from_uq" UNIQUE("valid_from")
);
--> statement-breakpoint
CREATE TABLE "risk_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"config_json" json NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"severity" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"condition_json" json NOT NULL,
	"action_json" json NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"aal" text DEFAULT 'aal1' NOT NULL,
	"expires_at" text NOT NULL,
	"revoked_at" text,
	"replaced_by" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unsubscribe_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"token" text NOT NULL,
	"created_at" text NOT NULL,
	"revoked_at" text
);
--> statement-breakpoint
CREATE TABLE "user_org_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"creditor_id" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_playbooks" ADD CONSTRAINT "ai_playbooks_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_suggestions" ADD CONSTRAINT "ai_suggestions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_suggestions" ADD CONSTRAINT "ai_suggestions_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_suggestions" ADD CONSTRAINT "ai_suggestions_playbook_id_ai_playbooks_id_fk" FOREIGN KEY ("playbook_id") REFERENCES "public"."ai_playbooks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_suggestions" ADD CONSTRAINT "ai_suggestions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_resolutions" ADD CONSTRAINT "bank_statement_resolutions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_resolutions" ADD CONSTRAINT "bank_statement_resolutions_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_resolutions" ADD CONSTRAINT "bank_statement_resolutions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_resolutions" ADD CONSTRAINT "bank_statement_resolutions_journal_id_gl_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."gl_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_resolutions" ADD CONSTRAINT "bank_statement_resolutions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_resolutions" ADD CONSTRAINT "bank_statement_resolutions_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_resolutions" ADD CONSTRAINT "bank_statement_resolutions_undo_journal_id_gl_journals_id_fk" FOREIGN KEY ("undo_journal_id") REFERENCES "public"."gl_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bankid_orders" ADD CONSTRAINT "bankid_orders_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bankid_orders" ADD CONSTRAINT "bankid_orders_portal_session_id_portal_sessions_id_fk" FOREIGN KEY ("portal_session_id") REFERENCES "public"."portal_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_fees" ADD CONSTRAINT "case_fees_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_fees" ADD CONSTRAINT "case_fees_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_fees" ADD CONSTRAINT "case_fees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_flags" ADD CONSTRAINT "case_flags_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_flags" ADD CONSTRAINT "case_flags_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_flags" ADD CONSTRAINT "case_flags_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_creditor_id_creditors_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."creditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_legal_creditor_id_creditors_id_fk" FOREIGN KEY ("legal_creditor_id") REFERENCES "public"."creditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_agent_creditor_id_creditors_id_fk" FOREIGN KEY ("agent_creditor_id") REFERENCES "public"."creditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_interest_profile_id_interest_profiles_id_fk" FOREIGN KEY ("interest_profile_id") REFERENCES "public"."interest_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_handler_id_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_creditor_id_creditors_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."creditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comm_channels_settings" ADD CONSTRAINT "comm_channels_settings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comm_deliveries" ADD CONSTRAINT "comm_deliveries_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comm_deliveries" ADD CONSTRAINT "comm_deliveries_communication_id_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comm_templates" ADD CONSTRAINT "comm_templates_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_template_id_comm_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."comm_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creditors" ADD CONSTRAINT "creditors_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_rules" ADD CONSTRAINT "distribution_rules_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_catalogue" ADD CONSTRAINT "fee_catalogue_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gl_accounts" ADD CONSTRAINT "gl_accounts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gl_entries" ADD CONSTRAINT "gl_entries_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gl_entries" ADD CONSTRAINT "gl_entries_journal_id_gl_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."gl_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gl_entries" ADD CONSTRAINT "gl_entries_account_id_gl_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."gl_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gl_entries" ADD CONSTRAINT "gl_entries_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gl_entries" ADD CONSTRAINT "gl_entries_creditor_id_creditors_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."creditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gl_journals" ADD CONSTRAINT "gl_journals_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gl_journals" ADD CONSTRAINT "gl_journals_reverses_journal_id_gl_journals_id_fk" FOREIGN KEY ("reverses_journal_id") REFERENCES "public"."gl_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gl_journals" ADD CONSTRAINT "gl_journals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_profiles" ADD CONSTRAINT "interest_profiles_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_creditor_id_creditors_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."creditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_queue" ADD CONSTRAINT "job_queue_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kfm_cases" ADD CONSTRAINT "kfm_cases_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kfm_cases" ADD CONSTRAINT "kfm_cases_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kfm_cases" ADD CONSTRAINT "kfm_cases_creditor_id_creditors_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."creditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kfm_cases" ADD CONSTRAINT "kfm_cases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kfm_events" ADD CONSTRAINT "kfm_events_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kfm_events" ADD CONSTRAINT "kfm_events_kfm_case_id_kfm_cases_id_fk" FOREIGN KEY ("kfm_case_id") REFERENCES "public"."kfm_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kfm_events" ADD CONSTRAINT "kfm_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kfm_files" ADD CONSTRAINT "kfm_files_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kfm_files" ADD CONSTRAINT "kfm_files_kfm_case_id_kfm_cases_id_fk" FOREIGN KEY ("kfm_case_id") REFERENCES "public"."kfm_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kfm_submissions" ADD CONSTRAINT "kfm_submissions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kfm_submissions" ADD CONSTRAINT "kfm_submissions_kfm_case_id_kfm_cases_id_fk" FOREIGN KEY ("kfm_case_id") REFERENCES "public"."kfm_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kfm_submissions" ADD CONSTRAINT "kfm_submissions_file_out_id_kfm_files_id_fk" FOREIGN KEY ("file_out_id") REFERENCES "public"."kfm_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kfm_submissions" ADD CONSTRAINT "kfm_submissions_file_in_id_kfm_files_id_fk" FOREIGN KEY ("file_in_id") REFERENCES "public"."kfm_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kfm_submissions" ADD CONSTRAINT "kfm_submissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawsuits" ADD CONSTRAINT "lawsuits_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawsuits" ADD CONSTRAINT "lawsuits_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawsuits" ADD CONSTRAINT "lawsuits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_factor_id_mfa_factors_id_fk" FOREIGN KEY ("factor_id") REFERENCES "public"."mfa_factors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD CONSTRAINT "mfa_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_steps" ADD CONSTRAINT "onboarding_steps_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_steps" ADD CONSTRAINT "onboarding_steps_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_default_interest_profile_id_interest_profiles_id_fk" FOREIGN KEY ("default_interest_profile_id") REFERENCES "public"."interest_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_statement_id_bank_statements_id_fk" FOREIGN KEY ("bank_statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_duplicate_of_payment_id_payments_id_fk" FOREIGN KEY ("duplicate_of_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_profiles" ADD CONSTRAINT "risk_profiles_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_replaced_by_sessions_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" ADD CONSTRAINT "unsubscribe_tokens_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_org_roles" ADD CONSTRAINT "user_org_roles_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_org_roles" ADD CONSTRAINT "user_org_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_org_roles" ADD CONSTRAINT "user_org_roles_creditor_id_creditors_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."creditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_playbooks_org_code_uq" ON "ai_playbooks" USING btree ("org_id","code");--> statement-breakpoint
CREATE INDEX "ai_suggestions_org_case_idx" ON "ai_suggestions" USING btree ("org_id","case_id");--> statement-breakpoint
CREATE INDEX "ai_suggestions_org_status_idx" ON "ai_suggestions" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "audit_logs_org_created_idx" ON "audit_logs" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_org_event_idx" ON "audit_logs" USING btree ("org_id","event","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_org_actor_idx" ON "audit_logs" USING btree ("org_id","actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_org_entity_idx" ON "audit_logs" USING btree ("org_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "auth_attempts_kind_subject_created_idx" ON "auth_attempts" USING btree ("kind","subject","created_at");--> statement-breakpoint
CREATE INDEX "auth_attempts_kind_ip_created_idx" ON "auth_attempts" USING btree ("kind","ip","created_at");--> statement-breakpoint
CREATE INDEX "auth_attempts_created_idx" ON "auth_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bank_accounts_org_type_idx" ON "bank_accounts" USING btree ("org_id","type");--> statement-breakpoint
CREATE INDEX "bank_statement_resolutions_statement_idx" ON "bank_statement_resolutions" USING btree ("org_id","statement_id");--> statement-breakpoint
CREATE INDEX "bank_statement_resolutions_payment_idx" ON "bank_statement_resolutions" USING btree ("payment_id") WHERE "bank_statement_resolutions"."payment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bank_statement_resolutions_journal_idx" ON "bank_statement_resolutions" USING btree ("journal_id") WHERE "bank_statement_resolutions"."journal_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bank_statement_resolutions_undo_journal_idx" ON "bank_statement_resolutions" USING btree ("undo_journal_id") WHERE "bank_statement_resolutions"."undo_journal_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_org_checksum_uq" ON "bank_statements" USING btree ("org_id","file_checksum");--> statement-breakpoint
CREATE INDEX "bank_statements_org_identity_idx" ON "bank_statements" USING btree ("org_id","file_identity");--> statement-breakpoint
CREATE INDEX "bank_statements_org_date_idx" ON "bank_statements" USING btree ("org_id","statement_date");--> statement-breakpoint
CREATE INDEX "bank_statements_account_idx" ON "bank_statements" USING btree ("bank_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bankid_orders_order_ref_uq" ON "bankid_orders" USING btree ("order_ref");--> statement-breakpoint
CREATE INDEX "bankid_orders_org_created_idx" ON "bankid_orders" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "case_events_org_case_created_idx" ON "case_events" USING btree ("org_id","case_id","created_at");--> statement-breakpoint
CREATE INDEX "case_events_org_type_idx" ON "case_events" USING btree ("org_id","type");--> statement-breakpoint
CREATE INDEX "case_fees_org_case_idx" ON "case_fees" USING btree ("org_id","case_id");--> statement-breakpoint
CREATE INDEX "case_flags_org_case_idx" ON "case_flags" USING btree ("org_id","case_id");--> statement-breakpoint
CREATE INDEX "case_flags_case_resolved_idx" ON "case_flags" USING btree ("case_id","resolved_at");--> statement-breakpoint
CREATE INDEX "cases_org_status_stage_idx" ON "cases" USING btree ("org_id","status","stage");--> statement-breakpoint
CREATE INDEX "cases_org_status_id_idx" ON "cases" USING btree ("org_id","status","id");--> statement-breakpoint
CREATE INDEX "cases_org_created_idx" ON "cases" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "cases_org_outstanding_idx" ON "cases" USING btree ("org_id","total_outstanding");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_org_ocr_reference_uq" ON "cases" USING btree ("org_id","ocr_reference");--> statement-breakpoint
CREATE INDEX "cases_org_creditor_idx" ON "cases" USING btree ("org_id","creditor_id");--> statement-breakpoint
CREATE INDEX "cases_org_party_idx" ON "cases" USING btree ("org_id","party_id");--> statement-breakpoint
CREATE INDEX "cases_org_handler_idx" ON "cases" USING btree ("org_id","handler_id");--> statement-breakpoint
CREATE INDEX "cases_claim_idx" ON "cases" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claims_org_creditor_idx" ON "claims" USING btree ("org_id","creditor_id");--> statement-breakpoint
CREATE INDEX "claims_org_reference_no_idx" ON "claims" USING btree ("org_id","reference_no","id");--> statement-breakpoint
CREATE INDEX "claims_org_due_date_idx" ON "claims" USING btree ("org_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "comm_channels_settings_org_channel_uq" ON "comm_channels_settings" USING btree ("org_id","channel");--> statement-breakpoint
CREATE INDEX "comm_deliveries_communication_idx" ON "comm_deliveries" USING btree ("communication_id");--> statement-breakpoint
CREATE INDEX "comm_deliveries_org_status_retry_idx" ON "comm_deliveries" USING btree ("org_id","status","next_retry_at");--> statement-breakpoint
CREATE UNIQUE INDEX "comm_templates_org_code_uq" ON "comm_templates" USING btree ("org_id","code");--> statement-breakpoint
CREATE INDEX "comm_templates_org_category_name_idx" ON "comm_templates" USING btree ("org_id","category","name");--> statement-breakpoint
CREATE INDEX "communications_org_case_created_idx" ON "communications" USING btree ("org_id","case_id","created_at");--> statement-breakpoint
CREATE INDEX "communications_org_dedupe_idx" ON "communications" USING btree ("org_id","dedupe_hash");--> statement-breakpoint
CREATE INDEX "communications_org_status_idx" ON "communications" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "creditors_org_name_idx" ON "creditors" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "creditors_org_org_no_idx" ON "creditors" USING btree ("org_id","org_no");--> statement-breakpoint
CREATE INDEX "disputes_org_case_idx" ON "disputes" USING btree ("org_id","case_id");--> statement-breakpoint
CREATE INDEX "disputes_org_status_idx" ON "disputes" USING btree ("org_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_rules_org_code_uq" ON "distribution_rules" USING btree ("org_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_catalogue_org_code_valid_from_uq" ON "fee_catalogue" USING btree ("org_id","code","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "gl_accounts_org_code_uq" ON "gl_accounts" USING btree ("org_id","code");--> statement-breakpoint
CREATE INDEX "gl_entries_journal_idx" ON "gl_entries" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "gl_entries_account_idx" ON "gl_entries" USING btree ("account_id","journal_id");--> statement-breakpoint
CREATE INDEX "gl_entries_org_case_idx" ON "gl_entries" USING btree ("org_id","case_id");--> statement-breakpoint
CREATE INDEX "gl_entries_org_creditor_idx" ON "gl_entries" USING btree ("org_id","creditor_id");--> statement-breakpoint
CREATE INDEX "gl_journals_org_booked_idx" ON "gl_journals" USING btree ("org_id","booked_at","id");--> statement-breakpoint
CREATE INDEX "gl_journals_org_source_booked_idx" ON "gl_journals" USING btree ("org_id","source","booked_at","id");--> statement-breakpoint
CREATE INDEX "gl_journals_org_source_idx" ON "gl_journals" USING btree ("org_id","source","source_ref");--> statement-breakpoint
CREATE INDEX "gl_journals_reverses_idx" ON "gl_journals" USING btree ("reverses_journal_id") WHERE "gl_journals"."reverses_journal_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "interest_profiles_org_code_idx" ON "interest_profiles" USING btree ("org_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_uq" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_org_email_idx" ON "invitations" USING btree ("org_id","email");--> statement-breakpoint
CREATE INDEX "job_queue_status_run_at_idx" ON "job_queue" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "job_queue_org_status_idx" ON "job_queue" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "kfm_cases_org_case_idx" ON "kfm_cases" USING btree ("org_id","case_id");--> statement-breakpoint
CREATE INDEX "kfm_cases_org_created_idx" ON "kfm_cases" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "kfm_cases_org_status_idx" ON "kfm_cases" USING btree ("org_id","current_status");--> statement-breakpoint
CREATE INDEX "kfm_events_org_case_created_idx" ON "kfm_events" USING btree ("org_id","kfm_case_id","created_at");--> statement-breakpoint
CREATE INDEX "kfm_files_org_case_idx" ON "kfm_files" USING btree ("org_id","kfm_case_id");--> statement-breakpoint
CREATE INDEX "kfm_files_org_checksum_idx" ON "kfm_files" USING btree ("org_id","checksum");--> statement-breakpoint
CREATE INDEX "kfm_submissions_org_case_idx" ON "kfm_submissions" USING btree ("org_id","kfm_case_id");--> statement-breakpoint
CREATE INDEX "lawsuits_org_status_track_idx" ON "lawsuits" USING btree ("org_id","status","track");--> statement-breakpoint
CREATE INDEX "lawsuits_org_case_idx" ON "lawsuits" USING btree ("org_id","case_id");--> statement-breakpoint
CREATE INDEX "mfa_challenges_factor_idx" ON "mfa_challenges" USING btree ("factor_id");--> statement-breakpoint
CREATE INDEX "mfa_factors_user_idx" ON "mfa_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_org_user_created_idx" ON "notifications" USING btree ("org_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_steps_org_step_uq" ON "onboarding_steps" USING btree ("org_id","step_code");--> statement-breakpoint
CREATE INDEX "parties_org_name_idx" ON "parties" USING btree ("org_id","name","id");--> statement-breakpoint
CREATE INDEX "parties_org_national_id_idx" ON "parties" USING btree ("org_id","national_id");--> statement-breakpoint
CREATE INDEX "parties_org_org_no_idx" ON "parties" USING btree ("org_id","org_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_allocations_payment_sequence_uq" ON "payment_allocations" USING btree ("payment_id","sequence_no");--> statement-breakpoint
CREATE INDEX "payment_allocations_org_case_idx" ON "payment_allocations" USING btree ("org_id","case_id");--> statement-breakpoint
CREATE INDEX "payment_plans_org_case_idx" ON "payment_plans" USING btree ("org_id","case_id");--> statement-breakpoint
CREATE INDEX "payments_org_paid_at_idx" ON "payments" USING btree ("org_id","paid_at");--> statement-breakpoint
CREATE INDEX "payments_org_amount_idx" ON "payments" USING btree ("org_id","amount");--> statement-breakpoint
CREATE INDEX "payments_org_status_idx" ON "payments" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "payments_org_ocr_idx" ON "payments" USING btree ("org_id","ocr");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_org_transaction_uq" ON "payments" USING btree ("org_id","transaction_id");--> statement-breakpoint
CREATE INDEX "payments_bank_statement_idx" ON "payments" USING btree ("bank_statement_id");--> statement-breakpoint
CREATE INDEX "payments_duplicate_of_idx" ON "payments" USING btree ("duplicate_of_payment_id") WHERE "payments"."duplicate_of_payment_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sessions_token_hash_uq" ON "portal_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_sessions_org_party_idx" ON "portal_sessions" USING btree ("org_id","party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_profiles_org_code_uq" ON "risk_profiles" USING btree ("org_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "rules_org_code_uq" ON "rules" USING btree ("org_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_family_idx" ON "sessions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "sessions_replaced_by_idx" ON "sessions" USING btree ("replaced_by") WHERE "sessions"."replaced_by" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscribe_tokens_token_uq" ON "unsubscribe_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "unsubscribe_tokens_org_channel_recipient_idx" ON "unsubscribe_tokens" USING btree ("org_id","channel","recipient");--> statement-breakpoint
CREATE UNIQUE INDEX "user_org_roles_org_user_uq" ON "user_org_roles" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE INDEX "user_org_roles_user_idx" ON "user_org_roles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");