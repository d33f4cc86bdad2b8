import {
  CASE_STAGE_LABELS,
  compareIsoDates,
  decimalToOre,
  DomainError,
  evaluateRules,
  nextDunningStep,
  oreToDecimal,
  sumOre,
  type DunningSkipReason,
  type DunningStage,
  type DunningStep,
  type IsoDate,
  type Ore,
  type RuleDefinition,
  type RuleFlagDraft,
} from '@fordran/core';
import {
  finishDunningRunRow,
  insertDunningCaseStepRow,
  insertDunningRunRow,
  listDunningCaseRows,
  listDunningCaseStepRefs,
  listDunningPlanRows,
  listWaitingDunningFeeRows,
  settleDunningCaseStepFee,
  type Db,
  type DunningCaseRow,
  type NightlyCaseStatus,
  type NotificationRow,
  type WaitingDunningFeeRow,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../../access/operator';
import { appendAudit } from '../../audit/audit-log';
import { bookCaseFee } from '../../cases/case-fees';
import { loadFeeCatalogue } from '../../cases/case-detail';
import { checkCaseAction } from '../../cases/case-rules';
import { caseRuleFacts, loadRules } from '../../cases/case-rule-facts';
import { loadCaseState, type CaseState } from '../../cases/case-state';
import { recordStageChange } from '../../cases/case-transitions';
import { noticeOfNewFlags } from '../../notifications/case-notices';
import { publishNotification } from '../../notifications/notifications';
import { parseInput } from '../../schemas/zod-setup';
import { dunningRunSchema, type DunningRunInput, type DunningRunResult, type DunningRunSummary } from '../../schemas/dunning';
import { writeMessage } from '../sending/send-communication';
import { loadDunningSteps } from './dunning-plans';
import { decideStep, decideWaitingFee, stageAfterStep, type RuleCheck, type StepContext } from './dunning-step';

const BATCH_SIZE = 500;
/** Paused cases are looked at too: a due step on one is reported as skipped ('on_hold'). */
const RUN_STATUSES: readonly NightlyCaseStatus[] = ['active', 'on_hold'];

/** One run: its day, whether it writes, the plans, and what it has done so far. */
interface Run extends StepContext {
  dryRun: boolean;
  runId: string | null;
  rules: RuleDefinition[];
  orgPlan: DunningStep[];
  creditorPlans: Map<string, DunningStep[]>;
  result: DunningRunResult;
  signal: AbortSignal | undefined;
  onCase: ((seen: number) => void) | undefined;
}

/** Another run took the step (or settled the fee) while this one was at it: its transaction is rolled back. */
class TakenMeanwhile extends Error {}

/** A real run's writes of one case, in one transaction: what it did, and the notice of rule flags to publish once committed. */
interface CaseOutcome<T> {
  value: T;
  notice: NotificationRow | null;
}

function skip(run: Run, caseId: string, reason: DunningSkipReason): void {
  run.result.skipped.push({ case_id: caseId, reason });
}

function addFee(run: Run, caseId: string, fee: { code: string; amountOre: Ore }, status: 'charged' | 'waiting'): void {
  run.result.fees.push({ case_id: caseId, code: fee.code, amount: oreToDecimal(fee.amountOre), status });
}

/** The rules as a dry run reads them: evaluated, nothing recorded. */
function evaluatingRules(db: Db, run: Run): RuleCheck {
  return async (state, action, extra) => evaluateRules(action, await caseRuleFacts(db, state, run.asOf, extra), run.rules);
}

/**
 * A real run's writes for one case in one transaction, with the rules checked as every guarded
 * action checks them (new flags recorded, and told to the case's handler once committed).
 * Returns null when another run took the same step meanwhile.
 */
async function inCaseTransaction<T>(run: Run, caseId: string, write: (tx: Db, state: CaseState, check: RuleCheck) => Promise<T>): Promise<T | null> {
  const { ctx } = run;
  const now = ctx.app.clock.now();
  try {
    const outcome = await ctx.app.database.transaction(async (tx): Promise<CaseOutcome<T>> => {
      const state = await loadCaseState(tx, ctx, caseId);
      const flags: RuleFlagDraft[] = [];
      const check: RuleCheck = async (checked, action, extra) => {
        const evaluation = await checkCaseAction(tx, checked, action, run.asOf, now, extra);
        flags.push(...evaluation.new_flags);
        return evaluation;
      };
      const value = await write(tx, state, check);
      const notice = await noticeOfNewFlags(tx, ctx.app, { ...state.row, reference_no: state.claim.reference_no }, flags, auditActor(ctx));
      return { value, notice };
    });
    if (outcome.notice) publishNotification(ctx.app, outcome.notice);
    return outcome.value;
  } catch (error) {
    if (error instanceof TakenMeanwhile) return null;
    throw error;
  }
}

/** Takes a due step on a case: the message, its fee and the stage, and the (case, step) record — one transaction, once. */
async function takeStep(run: Run, caseId: string, step: DunningStep): Promise<void> {
  const { ctx } = run;
  if (run.dryRun) {
    const db = ctx.app.database.db;
    const state = await loadCaseState(db, ctx, caseId);
    const decision = await decideStep(db, run, state, step, evaluatingRules(db, run));
    if (typeof decision === 'string') return skip(run, caseId, decision);
    const { prepared, template, fee } = decision;
    run.result.messages.push({
      case_id: caseId,
      step: step.name,
      template: template.code,
      channel: prepared.channel,
      recipient: prepared.recipient,
      communication_id: null,
    });
    if (fee.status === 'charged' || fee.status === 'waiting') addFee(run, caseId, fee.fee, fee.status);
    return;
  }
  const now = ctx.app.clock.now();
  const taken = await inCaseTransaction(run, caseId, async (tx, state, check) => {
    const decision = await decideStep(tx, run, state, step, check);
    if (typeof decision === 'string') return decision;
    const { prepared, template, fee } = decision;
    const message = await writeMessage(tx, ctx, state, prepared);
    const feeRow = fee.status === 'charged' ? await bookCaseFee(tx, ctx, state, fee.fee) : null;
    const stage = stageAfterStep(state, step);
    if (stage) await recordStageChange(tx, ctx, state, stage);
    const record = await insertDunningCaseStepRow(tx, {
      org_id: state.row.org_id,
      case_id: caseId,
      step_id: step.id,
      run_id: run.runId,
      as_of: run.asOf,
      days_past_due: step.days_past_due,
      template_code: template.code,
      channel: prepared.channel,
      stage,
      communication_id: message.id,
      fee_code: step.fee_code,
      fee_status: fee.status,
      fee_id: feeRow?.id ?? null,
      fee_note: fee.status === 'not_allowed' ? fee.message : null,
      created_at: now,
      updated_at: now,
    });
    if (!record) throw new TakenMeanwhile();
    return { message, template, fee };
  });
  if (taken === null) return;
  if (typeof taken === 'string') return skip(run, caseId, taken);
  const { message, template, fee } = taken;
  run.result.messages.push({
    case_id: caseId,
    step: step.name,
    template: template.code,
    channel: message.channel,
    recipient: message.recipient,
    communication_id: message.id,
  });
  if (fee.status === 'charged' || fee.status === 'waiting') addFee(run, caseId, fee.fee, fee.status);
}

/** A fee that waited for its inkassokrav: charged now if it may be (a dry run: listed), once. */
async function settleWaitingFee(run: Run, row: WaitingDunningFeeRow): Promise<void> {
  const { ctx } = run;
  if (run.dryRun) {
    const db = ctx.app.database.db;
    const fee = await decideWaitingFee(run, await loadCaseState(db, ctx, row.case_id), row, evaluatingRules(db, run));
    if (fee.status === 'charged') addFee(run, row.case_id, fee.fee, 'charged');
    return;
  }
  const now = ctx.app.clock.now();
  const settled = await inCaseTransaction(run, row.case_id, async (tx, state, check) => {
    const fee = await decideWaitingFee(run, state, row, check);
    if (fee.status === 'waiting') return fee;
    const feeRow = fee.status === 'charged' ? await bookCaseFee(tx, ctx, state, fee.fee) : null;
    const note = fee.status === 'not_allowed' ? fee.message : null;
    const set = { fee_status: fee.status, fee_id: feeRow?.id ?? null, fee_note: note, updated_at: now };
    if (!(await settleDunningCaseStepFee(tx, state.row.org_id, row.id, set))) throw new TakenMeanwhile();
    return fee;
  });
  if (settled?.status === 'charged') addFee(run, row.case_id, settled.fee, 'charged');
}

/** Every fee waiting for its message (or one case's), in batches (a settled one leaves the list, so each batch starts after the last seen). */
async function settleWaitingFees(run: Run, caseId?: string): Promise<void> {
  const db = run.ctx.app.database.db;
  const orgId = run.ctx.membership.org_id;
  let afterId = '';
  for (;;) {
    run.signal?.throwIfAborted();
    const rows = await listWaitingDunningFeeRows(db, orgId, afterId, BATCH_SIZE, caseId);
    for (const row of rows) await settleWaitingFee(run, row);
    if (rows.length < BATCH_SIZE) return;
    afterId = rows.at(-1)!.id;
  }
}

/** The step due on a case of the batch, or null; paused and disputed cases with a due step are skipped. */
function dueStepOf(run: Run, row: DunningCaseRow, done: Map<string, { step_id: string; as_of: IsoDate }[]>): DunningStep | null {
  const plan = run.creditorPlans.get(row.creditor_id) ?? run.orgPlan;
  const due = nextDunningStep(plan, { due_date: row.due_date, stage: row.stage, done: done.get(row.id) ?? [] }, run.asOf);
  if (!due) return null;
  if (row.disputed) skip(run, row.id, 'disputed');
  else if (row.status === 'on_hold') skip(run, row.id, 'on_hold');
  else return due.step;
  return null;
}

/** Walks the organisation's cases in id order per status, one batch read at a time, and takes each due step. */
async function takeDueSteps(run: Run): Promise<void> {
  const db = run.ctx.app.database.db;
  const orgId = run.ctx.membership.org_id;
  for (const status of RUN_STATUSES) {
    let afterId = '';
    for (;;) {
      run.signal?.throwIfAborted();
      const rows = await listDunningCaseRows(db, { orgId, status, afterId }, BATCH_SIZE);
      const done = new Map<string, { step_id: string; as_of: IsoDate }[]>();
      for (const ref of await listDunningCaseStepRefs(
        db,
        orgId,
        rows.map((row) => row.id),
      ))
        done.set(ref.case_id, [...(done.get(ref.case_id) ?? []), { step_id: ref.step_id, as_of: ref.as_of as IsoDate }]);
      for (const row of rows) {
        run.signal?.throwIfAborted();
        run.result.cases_seen += 1;
        const step = dueStepOf(run, row, done);
        if (step) await takeStep(run, row.id, step);
        run.onCase?.(run.result.cases_seen);
      }
      if (rows.length < BATCH_SIZE) break;
      afterId = rows.at(-1)!.id;
    }
  }
}

/** The counts kept with a run. */
export function summariseDunningRun(result: DunningRunResult): DunningRunSummary {
  const charged = result.fees.filter((fee) => fee.status === 'charged');
  const skippedByReason: Record<string, number> = {};
  for (const { reason } of result.skipped) skippedByReason[reason] = (skippedByReason[reason] ?? 0) + 1;
  return {
    cases_seen: result.cases_seen,
    messages: result.messages.length,
    fees: charged.length,
    fees_amount: oreToDecimal(sumOre(charged.map((fee) => decimalToOre(fee.amount)))),
    waiting_fees: result.fees.filter((fee) => fee.status === 'waiting').length,
    skipped: result.skipped.length,
    skipped_by_reason: skippedByReason,
  };
}

/** The day a run is for: today unless given; a real run never for a day after today (its messages go out now). */
function resolveAsOf(ctx: OrgScope, asOf: IsoDate | undefined, dryRun: boolean): IsoDate {
  const today = ctx.app.clock.today();
  const day = asOf ?? today;
  if (!dryRun && compareIsoDates(day, today) > 0)
    throw new DomainError('VALIDATION_FAILED', 'En körning kan inte göras för ett datum i framtiden; en provkörning kan', { field: 'as_of' });
  return day;
}

export interface DunningRunOptions {
  /** The run row to fill (the daily job made it); else a real run makes its own. */
  runId?: string;
  /** Stops the run between cases (the job worker's shutdown); what is committed stays, a rerun takes the rest. */
  signal?: AbortSignal;
  /** Called after each case looked at. */
  onCase?: (seen: number) => void;
}

async function loadRun(ctx: OrgScope, asOf: IsoDate, dryRun: boolean, options: DunningRunOptions): Promise<Run> {
  const db = ctx.app.database.db;
  const orgId = ctx.membership.org_id;
  const plans = await listDunningPlanRows(db, orgId);
  const steps = await loadDunningSteps(db, orgId, plans);
  const own = plans.find((plan) => plan.creditor_id === null);
  return {
    ctx,
    asOf,
    dryRun,
    runId: null,
    catalogue: await loadFeeCatalogue(db, orgId),
    rules: await loadRules(db, orgId),
    orgPlan: own ? (steps.get(own.id) ?? []) : [],
    creditorPlans: new Map(plans.flatMap((plan) => (plan.creditor_id ? [[plan.creditor_id, steps.get(plan.id) ?? []] as const] : []))),
    result: { as_of: asOf, dry_run: dryRun, cases_seen: 0, messages: [], fees: [], skipped: [] },
    signal: options.signal,
    onCase: options.onCase,
  };
}

/**
 * The dunning run (`fordran dunning run`, `POST …/dunning/runs`, the server's daily job): every
 * case of the organisation that is active, owes something and is at intake, reminder or demand
 * gets the step of its plan (the creditor's own, else the organisation's) that is due as of
 * `as_of` (core `nextDunningStep`). A real run takes each step in one transaction per case —
 * the message through the sending service (`writeMessage`: pending, delivered by the job worker),
 * its fee where the fee rules and the rules allow it, the stage, and the (case, step) record whose
 * unique index makes the step go out once however often the run is started or wherever it
 * stopped. Fees that waited for their inkassokrav to go out are charged first. A due step is
 * skipped with its reason: paused, disputed (an open dispute), opted out, blocked by a rule, no
 * contact for the channel, the template missing or switched off, the same message already sent
 * today, a value the template cannot fill. A dry run writes nothing and lists what would be sent
 * and charged. Real runs are kept (`dunning_runs`) with their counts, and audited.
 */
export async function runDunning(ctx: OrgScope, input: DunningRunInput = {}, options: DunningRunOptions = {}): Promise<DunningRunResult> {
  const { as_of, dry_run } = parseInput(dunningRunSchema, input);
  requireScopePermission(ctx, dry_run ? 'dunning.read' : 'dunning.run');
  const asOf = resolveAsOf(ctx, as_of, dry_run);
  const run = await loadRun(ctx, asOf, dry_run, options);
  if (dry_run) {
    await settleWaitingFees(run);
    await takeDueSteps(run);
    return run.result;
  }
  const { app } = ctx;
  const orgId = ctx.membership.org_id;
  const actor = auditActor(ctx);
  run.runId =
    options.runId ??
    (await app.database.transaction(async (tx) => insertDunningRunRow(tx, { org_id: orgId, as_of: asOf, started_by: actor, started_at: app.clock.now() }))).id;
  const runId = run.runId;
  const finish = (failure: string | null) =>
    app.database.transaction(async (tx) => {
      const summary = summariseDunningRun(run.result);
      await finishDunningRunRow(tx, orgId, runId, { finished_at: app.clock.now(), summary_json: summary, failure });
      await appendAudit(tx, {
        org_id: orgId,
        actor_id: actor,
        event: 'dunning.run',
        entity: 'dunning_runs',
        entity_id: runId,
        payload: { as_of: asOf, ...summary, ...(failure ? { failure } : {}) },
        created_at: app.clock.now(),
      });
    });
  try {
    await settleWaitingFees(run);
    await takeDueSteps(run);
  } catch (error) {
    // An abort (shutdown) leaves the run unfinished: the job takes it up again.
    if (!options.signal?.aborted) await finish(error instanceof Error ? error.message : String(error));
    throw error;
  }
  await finish(null);
  return run.result;
}

/**
 * The demo's history, told on the days it chose: the step of the case's plan that moves it to
 * `stage`, taken now on one case exactly as a run takes it (one transaction, once per case and
 * step; outside any run). Returns the message, or why the step was skipped.
 */
export async function takeDunningStep(
  ctx: OrgScope,
  caseId: string,
  stage: DunningStage,
): Promise<{ communication_id: string } | { skipped: DunningSkipReason }> {
  requireScopePermission(ctx, 'dunning.run');
  const run = await loadRun(ctx, ctx.app.clock.today(), false, {});
  const state = await loadCaseState(ctx.app.database.db, ctx, caseId);
  const step = (run.creditorPlans.get(state.row.creditor_id) ?? run.orgPlan).find((each) => each.stage === stage);
  if (!step) throw new DomainError('VALIDATION_FAILED', `Kravplanen har inget steg till ${CASE_STAGE_LABELS[stage]}`);
  await takeStep(run, caseId, step);
  const [message] = run.result.messages;
  if (message?.communication_id) return { communication_id: message.communication_id };
  const skipped = run.result.skipped[0];
  if (!skipped) throw new DomainError('CONFLICT', 'Steget är redan taget i ärendet');
  return { skipped: skipped.reason };
}

/** Charges one case's fees that waited for their inkassokrav, now that it may have gone out (the demo, after delivering it). */
export async function settleCaseDunningFees(ctx: OrgScope, caseId: string): Promise<void> {
  requireScopePermission(ctx, 'dunning.run');
  await settleWaitingFees(await loadRun(ctx, ctx.app.clock.today(), false, {}), caseId);
}
