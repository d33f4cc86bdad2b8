CREATE TABLE `mfa_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`factor_id` text NOT NULL,
	`expires_at` text NOT NULL,
	`verified_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`factor_id`) REFERENCES `mfa_factors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mfa_challenges_factor_idx` ON `mfa_challenges` (`factor_id`);--> statement-breakpoint
CREATE TABLE `mfa_factors` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text DEFAULT 'totp' NOT NULL,
	`friendly_name` text,
	`secret` text NOT NULL,
	`status` text DEFAULT 'unverified' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mfa_factors_user_idx` ON `mfa_factors` (`user_id`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`full_name` text,
	`email` text NOT NULL,
	`avatar_url` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`family_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`aal` text DEFAULT 'aal1' NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`replaced_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`replaced_by`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash_uq` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_family_idx` ON `sessions` (`family_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`creditor_id` text,
	`token_hash` text NOT NULL,
	`invited_by` text,
	`expires_at` text NOT NULL,
	`accepted_at` text,
	`revoked_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`creditor_id`) REFERENCES `creditors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_hash_uq` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitations_org_email_idx` ON `invitations` (`org_id`,`email`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`user_id` text,
	`type` text DEFAULT 'info' NOT NULL,
	`message` text NOT NULL,
	`link` text,
	`read_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_org_user_created_idx` ON `notifications` (`org_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `onboarding_steps` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`step_code` text NOT NULL,
	`completed` integer DEFAULT false NOT NULL,
	`completed_at` text,
	`completed_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`completed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `onboarding_steps_org_step_uq` ON `onboarding_steps` (`org_id`,`step_code`);--> statement-breakpoint
CREATE TABLE `organisations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`org_no` text,
	`address_json` text,
	`allocation_order` text DEFAULT 'costs_first' NOT NULL,
	`require_mfa` integer DEFAULT false NOT NULL,
	`default_interest_profile_id` text,
	`settings_json` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`default_interest_profile_id`) REFERENCES `interest_profiles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `user_org_roles` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`creditor_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`creditor_id`) REFERENCES `creditors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_org_roles_org_user_uq` ON `user_org_roles` (`org_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `user_org_roles_user_idx` ON `user_org_roles` (`user_id`);--> statement-breakpoint
CREATE TABLE `creditors` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`org_no` text,
	`customer_no` text,
	`status` text DEFAULT 'active' NOT NULL,
	`contact_json` text,
	`address_json` text,
	`is_business` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `creditors_org_name_idx` ON `creditors` (`org_id`,`name`);--> statement-breakpoint
CREATE INDEX `creditors_org_org_no_idx` ON `creditors` (`org_id`,`org_no`);--> statement-breakpoint
CREATE TABLE `parties` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`national_id` text,
	`org_no` text,
	`email` text,
	`phone` text,
	`address_json` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `parties_org_name_idx` ON `parties` (`org_id`,`name`);--> statement-breakpoint
CREATE INDEX `parties_org_national_id_idx` ON `parties` (`org_id`,`national_id`);--> statement-breakpoint
CREATE INDEX `parties_org_org_no_idx` ON `parties` (`org_id`,`org_no`);--> statement-breakpoint
CREATE TABLE `case_events` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`case_id` text NOT NULL,
	`type` text NOT NULL,
	`actor_id` text,
	`payload_json` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`case_id`) REFERENCES `cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `case_events_case_created_idx` ON `case_events` (`case_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `case_events_org_type_idx` ON `case_events` (`org_id`,`type`);--> statement-breakpoint
CREATE TABLE `case_fees` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`case_id` text NOT NULL,
	`code` text NOT NULL,
	`amount` integer NOT NULL,
	`created_at` text NOT NULL,
	`created_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`case_id`) REFERENCES `cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `case_fees_org_case_idx` ON `case_fees` (`org_id`,`case_id`);--> statement-breakpoint
CREATE TABLE `case_flags` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`case_id` text NOT NULL,
	`rule_code` text NOT NULL,
	`level` text NOT NULL,
	`message` text NOT NULL,
	`resolved_at` text,
	`resolved_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`case_id`) REFERENCES `cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `case_flags_org_case_idx` ON `case_flags` (`org_id`,`case_id`);--> statement-breakpoint
CREATE INDEX `case_flags_case_resolved_idx` ON `case_flags` (`case_id`,`resolved_at`);--> statement-breakpoint
CREATE TABLE `cases` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`creditor_id` text NOT NULL,
	`party_id` text NOT NULL,
	`claim_id` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`stage` text DEFAULT 'intake' NOT NULL,
	`total_principal` integer DEFAULT 0 NOT NULL,
	`total_interest` integer DEFAULT 0 NOT NULL,
	`total_fees` integer DEFAULT 0 NOT NULL,
	`total_outstanding` integer DEFAULT 0 NOT NULL,
	`amount_paid_total` integer DEFAULT 0 NOT NULL,
	`mandate_type` text DEFAULT 'direct' NOT NULL,
	`legal_creditor_id` text,
	`agent_creditor_id` text,
	`interest_profile_id` text,
	`ocr_reference` text,
	`interest_calculated_to` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`closed_at` text,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`creditor_id`) REFERENCES `creditors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`legal_creditor_id`) REFERENCES `creditors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`agent_creditor_id`) REFERENCES `creditors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`interest_profile_id`) REFERENCES `interest_profiles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `cases_org_status_stage_idx` ON `cases` (`org_id`,`status`,`stage`);--> statement-breakpoint
CREATE INDEX `cases_org_created_idx` ON `cases` (`org_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `cases_org_ocr_reference_uq` ON `cases` (`org_id`,`ocr_reference`);--> statement-breakpoint
CREATE INDEX `cases_org_creditor_idx` ON `cases` (`org_id`,`creditor_id`);--> statement-breakpoint
CREATE INDEX `cases_org_party_idx` ON `cases` (`org_id`,`party_id`);--> statement-breakpoint
CREATE INDEX `cases_claim_idx` ON `cases` (`claim_id`);--> statement-breakpoint
CREATE TABLE `claims` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`creditor_id` text NOT NULL,
	`reference_no` text NOT NULL,
	`principal_amount` integer NOT NULL,
	`due_date` text NOT NULL,
	`contract_type` text,
	`notes` text,
	`reminder_fee_agreed` integer DEFAULT false NOT NULL,
	`prescription_years` integer,
	`prescription_interrupted_on` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`creditor_id`) REFERENCES `creditors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `claims_org_creditor_idx` ON `claims` (`org_id`,`creditor_id`);--> statement-breakpoint
CREATE INDEX `claims_org_reference_no_idx` ON `claims` (`org_id`,`reference_no`);--> statement-breakpoint
CREATE TABLE `disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`case_id` text NOT NULL,
	`party_id` text,
	`type` text DEFAULT 'incorrect_amount' NOT NULL,
	`description` text NOT NULL,
	`attachments_json` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`resolution` text,
	`resolved_by` text,
	`created_at` text NOT NULL,
	`resolved_at` text,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`case_id`) REFERENCES `cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `disputes_org_case_idx` ON `disputes` (`org_id`,`case_id`);--> statement-breakpoint
CREATE INDEX `disputes_org_status_idx` ON `disputes` (`org_id`,`status`);--> statement-breakpoint
CREATE TABLE `payment_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`case_id` text NOT NULL,
	`party_id` text NOT NULL,
	`status` text DEFAULT 'proposed' NOT NULL,
	`installments` integer NOT NULL,
	`first_due_date` text NOT NULL,
	`setup_fee` integer NOT NULL,
	`total_amount` integer NOT NULL,
	`plan_json` text NOT NULL,
	`signed_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`case_id`) REFERENCES `cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_plans_org_case_idx` ON `payment_plans` (`org_id`,`case_id`);--> statement-breakpoint
CREATE TABLE `rules` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`code` text NOT NULL,
	`description` text,
	`severity` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`condition_json` text NOT NULL,
	`action_json` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rules_org_code_uq` ON `rules` (`org_id`,`code`);--> statement-breakpoint
CREATE TABLE `fee_catalogue` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`amount` integer NOT NULL,
	`tax_code` text,
	`valid_from` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fee_catalogue_org_code_valid_from_uq` ON `fee_catalogue` (`org_id`,`code`,`valid_from`);--> statement-breakpoint
CREATE TABLE `interest_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`code` text NOT NULL,
	`name` text,
	`base` text NOT NULL,
	`margin_bp` integer DEFAULT 0 NOT NULL,
	`fixed_rate_pa` text,
	`valid_from` text,
	`valid_to` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `interest_profiles_org_code_idx` ON `interest_profiles` (`org_id`,`code`);--> statement-breakpoint
CREATE TABLE `payment_allocations` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`case_id` text NOT NULL,
	`amount` integer NOT NULL,
	`principal_amount` integer DEFAULT 0 NOT NULL,
	`interest_amount` integer DEFAULT 0 NOT NULL,
	`fees_amount` integer DEFAULT 0 NOT NULL,
	`sequence_no` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`case_id`) REFERENCES `cases`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_allocations_payment_sequence_uq` ON `payment_allocations` (`payment_id`,`sequence_no`);--> statement-breakpoint
CREATE INDEX `payment_allocations_org_case_idx` ON `payment_allocations` (`org_id`,`case_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`method` text NOT NULL,
	`amount` integer NOT NULL,
	`ocr` text,
	`reference` text,
	`message` text,
	`paid_at` text NOT NULL,
	`status` text DEFAULT 'received' NOT NULL,
	`bank_statement_id` text,
	`transaction_id` text,
	`payer_name` text,
	`unallocated_amount` integer NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bank_statement_id`) REFERENCES `bank_statements`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payments_org_paid_at_idx` ON `payments` (`org_id`,`paid_at`);--> statement-breakpoint
CREATE INDEX `payments_org_status_idx` ON `payments` (`org_id`,`status`);--> statement-breakpoint
CREATE INDEX `payments_org_ocr_idx` ON `payments` (`org_id`,`ocr`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_org_transaction_uq` ON `payments` (`org_id`,`transaction_id`);--> statement-breakpoint
CREATE INDEX `payments_bank_statement_idx` ON `payments` (`bank_statement_id`);--> statement-breakpoint
CREATE TABLE `reference_rates` (
	`id` text PRIMARY KEY NOT NULL,
	`valid_from` text NOT NULL,
	`rate_bp` integer NOT NULL,
	`verified` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reference_rates_valid_from_uq` ON `reference_rates` (`valid_from`);--> statement-breakpoint
CREATE TABLE `gl_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gl_accounts_org_code_uq` ON `gl_accounts` (`org_id`,`code`);--> statement-breakpoint
CREATE TABLE `gl_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`journal_id` text NOT NULL,
	`account_id` text NOT NULL,
	`debit` integer DEFAULT 0 NOT NULL,
	`credit` integer DEFAULT 0 NOT NULL,
	`case_id` text,
	`creditor_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`journal_id`) REFERENCES `gl_journals`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `gl_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`case_id`) REFERENCES `cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`creditor_id`) REFERENCES `creditors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `gl_entries_journal_idx` ON `gl_entries` (`journal_id`);--> statement-breakpoint
CREATE INDEX `gl_entries_account_idx` ON `gl_entries` (`account_id`);--> statement-breakpoint
CREATE INDEX `gl_entries_org_case_idx` ON `gl_entries` (`org_id`,`case_id`);--> statement-breakpoint
CREATE INDEX `gl_entries_org_creditor_idx` ON `gl_entries` (`org_id`,`creditor_id`);--> statement-breakpoint
CREATE TABLE `gl_journals` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`source` text NOT NULL,
	`source_ref` text,
	`status` text DEFAULT 'posted' NOT NULL,
	`booked_at` text NOT NULL,
	`reverses_journal_id` text,
	`meta_json` text NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reverses_journal_id`) REFERENCES `gl_journals`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `gl_journals_org_booked_idx` ON `gl_journals` (`org_id`,`booked_at`);--> statement-breakpoint
CREATE INDEX `gl_journals_org_source_idx` ON `gl_journals` (`org_id`,`source`,`source_ref`);--> statement-breakpoint
CREATE TABLE `bank_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`account_name` text NOT NULL,
	`type` text NOT NULL,
	`iban` text,
	`bg_number` text,
	`provider` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bank_accounts_org_type_idx` ON `bank_accounts` (`org_id`,`type`);--> statement-breakpoint
CREATE TABLE `bank_statements` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`bank_account_id` text,
	`statement_date` text NOT NULL,
	`file_format` text NOT NULL,
	`file_name` text NOT NULL,
	`file_checksum` text NOT NULL,
	`file_identity` text,
	`file_key` text,
	`reconciliation_status` text DEFAULT 'pending' NOT NULL,
	`total_debits` integer DEFAULT 0 NOT NULL,
	`total_credits` integer DEFAULT 0 NOT NULL,
	`opening_balance` integer,
	`closing_balance` integer,
	`differences_json` text NOT NULL,
	`imported_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`imported_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_statements_org_checksum_uq` ON `bank_statements` (`org_id`,`file_checksum`);--> statement-breakpoint
CREATE INDEX `bank_statements_org_identity_idx` ON `bank_statements` (`org_id`,`file_identity`);--> statement-breakpoint
CREATE INDEX `bank_statements_org_date_idx` ON `bank_statements` (`org_id`,`statement_date`);--> statement-breakpoint
CREATE INDEX `bank_statements_account_idx` ON `bank_statements` (`bank_account_id`);--> statement-breakpoint
CREATE TABLE `comm_channels_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`channel` text NOT NULL,
	`provider` text NOT NULL,
	`credentials_json` text NOT NULL,
	`is_active` integer DEFAULT false NOT NULL,
	`sandbox` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `comm_channels_settings_org_channel_uq` ON `comm_channels_settings` (`org_id`,`channel`);--> statement-breakpoint
CREATE TABLE `comm_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`communication_id` text NOT NULL,
	`provider` text,
	`provider_message_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`status_detail` text,
	`next_retry_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`communication_id`) REFERENCES `communications`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `comm_deliveries_communication_idx` ON `comm_deliveries` (`communication_id`);--> statement-breakpoint
CREATE INDEX `comm_deliveries_org_status_retry_idx` ON `comm_deliveries` (`org_id`,`status`,`next_retry_at`);--> statement-breakpoint
CREATE TABLE `comm_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`category` text DEFAULT 'custom' NOT NULL,
	`channel` text DEFAULT 'email' NOT NULL,
	`language` text DEFAULT 'sv' NOT NULL,
	`subject` text,
	`body_md` text NOT NULL,
	`variables_json` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `comm_templates_org_code_uq` ON `comm_templates` (`org_id`,`code`);--> statement-breakpoint
CREATE INDEX `comm_templates_org_category_name_idx` ON `comm_templates` (`org_id`,`category`,`name`);--> statement-breakpoint
CREATE TABLE `communications` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`case_id` text NOT NULL,
	`channel` text NOT NULL,
	`template_id` text,
	`recipient` text NOT NULL,
	`subject` text,
	`body_rendered` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`dedupe_hash` text NOT NULL,
	`unsubscribe_link_included` integer DEFAULT false NOT NULL,
	`attachments_json` text NOT NULL,
	`rendered_pdf_id` text,
	`open_count` integer DEFAULT 0 NOT NULL,
	`sent_at` text,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`case_id`) REFERENCES `cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`template_id`) REFERENCES `comm_templates`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `communications_org_case_created_idx` ON `communications` (`org_id`,`case_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `communications_org_dedupe_idx` ON `communications` (`org_id`,`dedupe_hash`);--> statement-breakpoint
CREATE INDEX `communications_org_status_idx` ON `communications` (`org_id`,`status`);--> statement-breakpoint
CREATE TABLE `unsubscribe_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`token` text NOT NULL,
	`created_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `unsubscribe_tokens_token_uq` ON `unsubscribe_tokens` (`token`);--> statement-breakpoint
CREATE INDEX `unsubscribe_tokens_org_channel_recipient_idx` ON `unsubscribe_tokens` (`org_id`,`channel`,`recipient`);--> statement-breakpoint
CREATE TABLE `kfm_cases` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`case_id` text NOT NULL,
	`creditor_id` text NOT NULL,
	`debtor_snapshot_json` text NOT NULL,
	`claim_snapshot_json` text NOT NULL,
	`interest_snapshot_json` text NOT NULL,
	`fees_snapshot_json` text NOT NULL,
	`application_fee_sek` integer NOT NULL,
	`application_type` text DEFAULT 'payment_order' NOT NULL,
	`as_of_date` text NOT NULL,
	`reference` text NOT NULL,
	`current_status` text DEFAULT 'draft' NOT NULL,
	`kfm_case_no` text,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`case_id`) REFERENCES `cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`creditor_id`) REFERENCES `creditors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `kfm_cases_org_case_idx` ON `kfm_cases` (`org_id`,`case_id`);--> statement-breakpoint
CREATE INDEX `kfm_cases_org_created_idx` ON `kfm_cases` (`org_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `kfm_cases_org_status_idx` ON `kfm_cases` (`org_id`,`current_status`);--> statement-breakpoint
CREATE TABLE `kfm_events` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`kfm_case_id` text NOT NULL,
	`type` text NOT NULL,
	`payload_json` text NOT NULL,
	`actor_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`kfm_case_id`) REFERENCES `kfm_cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `kfm_events_org_case_created_idx` ON `kfm_events` (`org_id`,`kfm_case_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `kfm_files` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`kfm_case_id` text,
	`direction` text NOT NULL,
	`filename` text NOT NULL,
	`payload_text` text NOT NULL,
	`checksum` text NOT NULL,
	`status` text DEFAULT 'ready' NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`kfm_case_id`) REFERENCES `kfm_cases`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `kfm_files_org_case_idx` ON `kfm_files` (`org_id`,`kfm_case_id`);--> statement-breakpoint
CREATE INDEX `kfm_files_org_checksum_idx` ON `kfm_files` (`org_id`,`checksum`);--> statement-breakpoint
CREATE TABLE `kfm_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`kfm_case_id` text NOT NULL,
	`file_out_id` text NOT NULL,
	`file_in_id` text,
	`transport` text DEFAULT 'manual' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`submitted_at` text,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`kfm_case_id`) REFERENCES `kfm_cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`file_out_id`) REFERENCES `kfm_files`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`file_in_id`) REFERENCES `kfm_files`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `kfm_submissions_org_case_idx` ON `kfm_submissions` (`org_id`,`kfm_case_id`);--> statement-breakpoint
CREATE TABLE `lawsuits` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`case_id` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`track` text NOT NULL,
	`court_name` text,
	`court_case_no` text,
	`court_fee_sek` integer NOT NULL,
	`filing_date` text,
	`service_status` text DEFAULT 'pending' NOT NULL,
	`deadlines_json` text NOT NULL,
	`notes` text,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`closed_at` text,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`case_id`) REFERENCES `cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `lawsuits_org_status_track_idx` ON `lawsuits` (`org_id`,`status`,`track`);--> statement-breakpoint
CREATE INDEX `lawsuits_org_case_idx` ON `lawsuits` (`org_id`,`case_id`);--> statement-breakpoint
CREATE TABLE `bankid_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`order_ref` text NOT NULL,
	`purpose` text DEFAULT 'auth' NOT NULL,
	`national_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`hint_code` text,
	`completion_json` text,
	`portal_session_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`portal_session_id`) REFERENCES `portal_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bankid_orders_order_ref_uq` ON `bankid_orders` (`order_ref`);--> statement-breakpoint
CREATE INDEX `bankid_orders_org_created_idx` ON `bankid_orders` (`org_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `portal_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`party_id` text NOT NULL,
	`national_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `portal_sessions_token_hash_uq` ON `portal_sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `portal_sessions_org_party_idx` ON `portal_sessions` (`org_id`,`party_id`);--> statement-breakpoint
CREATE TABLE `ai_playbooks` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`config_json` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ai_playbooks_org_code_uq` ON `ai_playbooks` (`org_id`,`code`);--> statement-breakpoint
CREATE TABLE `ai_suggestions` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`case_id` text,
	`playbook_id` text,
	`type` text NOT NULL,
	`payload_json` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_at` text,
	`decided_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`case_id`) REFERENCES `cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`playbook_id`) REFERENCES `ai_playbooks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ai_suggestions_org_case_idx` ON `ai_suggestions` (`org_id`,`case_id`);--> statement-breakpoint
CREATE INDEX `ai_suggestions_org_status_idx` ON `ai_suggestions` (`org_id`,`status`);--> statement-breakpoint
CREATE TABLE `audit_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`actor_id` text,
	`event` text NOT NULL,
	`entity` text,
	`entity_id` text,
	`payload_json` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_logs_org_created_idx` ON `audit_logs` (`org_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_org_entity_idx` ON `audit_logs` (`org_id`,`entity`,`entity_id`);--> statement-breakpoint
CREATE TABLE `distribution_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`config_json` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `distribution_rules_org_code_uq` ON `distribution_rules` (`org_id`,`code`);--> statement-breakpoint
CREATE TABLE `job_queue` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`job_type` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`payload_json` text NOT NULL,
	`result_json` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 3 NOT NULL,
	`run_at` text NOT NULL,
	`locked_at` text,
	`locked_by` text,
	`last_error` text,
	`progress` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `job_queue_status_run_at_idx` ON `job_queue` (`status`,`run_at`);--> statement-breakpoint
CREATE INDEX `job_queue_org_status_idx` ON `job_queue` (`org_id`,`status`);--> statement-breakpoint
CREATE TABLE `risk_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`config_json` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `risk_profiles_org_code_uq` ON `risk_profiles` (`org_id`,`code`);