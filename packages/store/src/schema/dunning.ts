import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, table, uniqueIndex } from './table';
import { createdAt, id, instant, integer, isoDate, json, text, updatedAt } from './columns';
import { DUNNING_FEE_STATUSES } from '@fordran/core';
import { CASE_STAGES, CHANNELS } from './enums';
import { users } from './auth';
import { tenantId } from './orgs';
import { creditors } from './parties';
import { caseFees, cases } from './cases';
import { communications } from './communications';

/**
 * A dunning plan (issue 11): the organisation's (creditor_id null, one per organisation) or a
 * creditor's own, which replaces it wholly for that creditor's cases. A plan with no steps sends
 * nothing: that is how a creditor is kept out of automatic dunning.
 */
export const dunningPlans = table(
  'dunning_plans',
  {
    id: id(),
    org_id: tenantId(),
    creditor_id: text('creditor_id').references((): AnySQLiteColumn => creditors.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
    updated_by: text('updated_by').references((): AnySQLiteColumn => users.id),
  },
  (t) => [index('dunning_plans_org_creditor_idx').on(t.org_id, t.creditor_id)],
);

/**
 * One step of a plan, in order of `days_past_due` (days after the claim's due date). A step keeps
 * its id when edited, so a case that had it never gets it again; a new step is new to every case.
 */
export const dunningSteps = table(
  'dunning_steps',
  {
    id: id(),
    org_id: tenantId(),
    plan_id: text('plan_id')
      .notNull()
      .references((): AnySQLiteColumn => dunningPlans.id),
    name: text('name').notNull(),
    days_past_due: integer('days_past_due').notNull(),
    /** The template's code (a code stays when the template is edited). */
    template_code: text('template_code').notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    /** A fee_catalogue code charged with the step where the law allows it; null for none. */
    fee_code: text('fee_code'),
    /** The stage the case moves to (reminder, demand); null: it stays where it is. */
    stage: text('stage', { enum: CASE_STAGES }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('dunning_steps_org_plan_idx').on(t.org_id, t.plan_id, t.days_past_due)],
);

/**
 * A run of the dunning (real runs only: a dry run writes nothing). `scheduled_for` is the day of
 * the server's daily run, unique per organisation, so of several instances only one starts it;
 * null for runs started by hand. `finished_at` null: running, or killed midway.
 */
export const dunningRuns = table(
  'dunning_runs',
  {
    id: id(),
    org_id: tenantId(),
    as_of: isoDate('as_of').notNull(),
    scheduled_for: isoDate('scheduled_for'),
    started_by: text('started_by').references((): AnySQLiteColumn => users.id),
    started_at: instant('started_at').notNull(),
    finished_at: instant('finished_at'),
    /** The run's counts: cases_seen, messages, fees, fees_amount, skipped, skipped_by_reason. */
    summary_json: json<Record<string, unknown>>('summary_json'),
    /** A run that stopped on an error says why. */
    failure: text('failure'),
  },
  (t) => [index('dunning_runs_org_started_idx').on(t.org_id, t.started_at), uniqueIndex('dunning_runs_org_scheduled_uq').on(t.org_id, t.scheduled_for)],
);

/**
 * A step taken on a case: written in the same transaction as its message, its fee and the stage
 * change, unique per (case, step), so a step goes out once per case however often the dunning
 * runs or wherever it stopped. The step's settings are kept as they were when it was taken.
 */
export const dunningCaseSteps = table(
  'dunning_case_steps',
  {
    id: id(),
    org_id: tenantId(),
    case_id: text('case_id')
      .notNull()
      .references((): AnySQLiteColumn => cases.id),
    /** No foreign key: a step removed from the plan keeps its history. */
    step_id: text('step_id').notNull(),
    run_id: text('run_id').references((): AnySQLiteColumn => dunningRuns.id),
    as_of: isoDate('as_of').notNull(),
    days_past_due: integer('days_past_due').notNull(),
    template_code: text('template_code').notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    stage: text('stage', { enum: CASE_STAGES }),
    communication_id: text('communication_id')
      .notNull()
      .references((): AnySQLiteColumn => communications.id),
    fee_code: text('fee_code'),
    fee_status: text('fee_status', { enum: DUNNING_FEE_STATUSES }).notNull().default('none'),
    fee_id: text('fee_id').references((): AnySQLiteColumn => caseFees.id),
    /** Why the fee was not charged (the fee rules' message). */
    fee_note: text('fee_note'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('dunning_case_steps_case_step_uq').on(t.case_id, t.step_id), index('dunning_case_steps_org_fee_status_idx').on(t.org_id, t.fee_status)],
);
