import { DomainError, evaluateRules, type RuleEvaluation, type RuleFacts, type RuleViolation } from '@fordran/core';
import { findCaseFlagRow, insertCaseFlagRows, resolveCaseFlagRow, type Db, type NotificationRow } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { noticeOfNewFlags } from '../notifications/case-notices';
import { publishNotification } from '../notifications/notifications';
import { parseInput } from '../schemas/zod-setup';
import { idSchema } from '../schemas/common';
import { caseFlagResolveSchema, FLAG_RESOLVE_REASON_REQUIRED, type CaseDetail, type CaseFlagResolveInput } from '../schemas/cases';
import { appendCaseEvent } from './case-events';
import { loadCaseDetail } from './case-detail';
import { caseRuleFacts, loadRules } from './case-rule-facts';
import { loadCaseState, type CaseState } from './case-state';
import { caseNotFound } from './case-scope';
import { loadCodeNames } from '../labels/code-names';

/** Inserts the evaluation's new flags (unresolved) on the case; returns how many. */
export async function recordRuleFlags(tx: Db, state: CaseState, evaluation: RuleEvaluation, now: string): Promise<number> {
  await insertCaseFlagRows(
    tx,
    evaluation.new_flags.map((flag) => ({
      org_id: state.row.org_id,
      case_id: state.row.id,
      rule_code: flag.rule_code,
      level: flag.level,
      message: flag.message,
      created_at: now,
    })),
  );
  return evaluation.new_flags.length;
}

/** The violations a response reports: those that did not block (warnings and infos). */
export function reportedViolations(evaluation: RuleEvaluation): Pick<RuleViolation, 'rule_code' | 'level' | 'message'>[] {
  return evaluation.violations.filter((v) => !v.blocks_action).map(({ rule_code, level, message }) => ({ rule_code, level, message }));
}

/**
 * 'Åtgärd blockerad' (part 1 §5): the message is the first blocking violation's (the UI shows
 * the code's title with it); every violation is in the details.
 */
export function actionBlocked(evaluation: RuleEvaluation, action: string): DomainError {
  const blocking = evaluation.violations.filter((v) => v.blocks_action);
  return new DomainError('ACTION_BLOCKED', blocking[0]?.message, {
    action,
    violations: blocking.map(({ rule_code, level, message }) => ({ rule_code, level, message })),
  });
}

/**
 * Runs the organisation's rules for `action` on a case inside the caller's transaction and
 * records new flags. Returns the evaluation; the caller throws `actionBlocked` AFTER its
 * transaction commits, so the flags that explain the block are kept while the action is not.
 */
export async function checkCaseAction(
  tx: Db,
  state: CaseState,
  action: string,
  today: string,
  now: string,
  extra: Partial<RuleFacts> = {},
): Promise<RuleEvaluation> {
  const evaluation = evaluateRules(action, await caseRuleFacts(tx, state, today, extra), await loadRules(tx, state.row.org_id));
  await recordRuleFlags(tx, state, evaluation, now);
  return evaluation;
}

/** How a change is checked against the rules. */
export interface CaseActionGuard {
  /** The rule-engine action: add_fee, send_communication, kfm_escalate, calculate_interest. */
  action: string;
  /** The action's own facts (e.g. the fee code). */
  facts?: (state: CaseState, tx: Db) => Partial<RuleFacts> | Promise<Partial<RuleFacts>>;
  /** Checks that come before the rules (e.g. a duplicate fee is 'Avgift redan tillagd', not a block). */
  precheck?: (state: CaseState, tx: Db) => void | Promise<void>;
}

/**
 * Runs a change of one case in one transaction: loads the case and — for a guarded action
 * (`guard` null for none) — checks the organisation's rules and records new flags first. A
 * blocking violation commits only the flags that explain it and then throws ACTION_BLOCKED;
 * otherwise `perform` runs in the same transaction. New flags are told to the case's handler
 * when someone else's action raised them.
 */
export async function guardedCaseAction<T>(
  ctx: OrgScope,
  caseId: string,
  guard: CaseActionGuard | null,
  perform: (tx: Db, state: CaseState, evaluation: RuleEvaluation | null) => Promise<T>,
): Promise<T> {
  const today = ctx.app.clock.today();
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);
  type Outcome = ({ blocked: RuleEvaluation; action: string } | { result: T }) & { notice: NotificationRow | null };
  const outcome = await ctx.app.database.transaction(async (tx): Promise<Outcome> => {
    const state = await loadCaseState(tx, ctx, caseId);
    if (guard === null) return { result: await perform(tx, state, null), notice: null };
    await guard.precheck?.(state, tx);
    const evaluation = await checkCaseAction(tx, state, guard.action, today, now, (await guard.facts?.(state, tx)) ?? {});
    const notice = await noticeOfNewFlags(tx, ctx.app, { ...state.row, reference_no: state.claim.reference_no }, evaluation.new_flags, actor);
    if (evaluation.blocked) return { blocked: evaluation, action: guard.action, notice };
    return { result: await perform(tx, state, evaluation), notice };
  });
  // Committed either way: the flags that explain a block are kept, and so is their notice.
  if (outcome.notice) publishNotification(ctx.app, outcome.notice);
  if ('blocked' in outcome) throw actionBlocked(outcome.blocked, outcome.action);
  return outcome.result;
}

/**
 * Resolves an unresolved flag ('Flagga löst'); the timeline and the system log record who did it
 * and why. A blocking flag needs a reason (FLAG_RESOLVE_REASON_REQUIRED): it stops actions on the
 * case, so lifting it is a decision someone answers for.
 */
export async function resolveCaseFlag(
  ctx: OrgScope,
  caseId: string,
  flagId: string,
  input: CaseFlagResolveInput = {},
): Promise<{ flag: CaseDetail['flags'][number]; case: CaseDetail }> {
  requireScopePermission(ctx, 'cases.write');
  const id = parseInput(idSchema, flagId);
  const { reason } = parseInput(caseFlagResolveSchema, input);
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);
  return ctx.app.database.transaction(async (tx) => {
    const state = await loadCaseState(tx, ctx, caseId);
    const flag = await findCaseFlagRow(tx, state.row.org_id, state.row.id, id);
    if (!flag) throw new DomainError('NOT_FOUND', 'Flaggan hittades inte');
    if (flag.resolved_at !== null) throw new DomainError('CONFLICT', 'Flaggan är redan löst');
    if (flag.level === 'block' && reason === undefined) throw new DomainError('VALIDATION_FAILED', FLAG_RESOLVE_REASON_REQUIRED, { field: 'reason' });
    const resolved = await resolveCaseFlagRow(tx, state.row.org_id, id, now, actor);
    if (!resolved) throw caseNotFound();
    await appendCaseEvent(tx, {
      org_id: state.row.org_id,
      case_id: state.row.id,
      type: 'flag_resolved',
      actor_id: actor,
      payload: { rule_code: flag.rule_code, level: flag.level, message: flag.message, ...(reason ? { reason } : {}) },
      created_at: now,
    });
    await appendAudit(tx, {
      org_id: state.row.org_id,
      actor_id: actor,
      event: 'case.flag_resolved',
      entity: 'case_flags',
      entity_id: id,
      payload: { case_id: state.row.id, rule_code: flag.rule_code, level: flag.level, ...(reason ? { reason } : {}) },
      created_at: now,
    });
    return {
      flag: {
        id: resolved.id,
        rule_code: resolved.rule_code,
        rule_label: (await loadCodeNames(tx, state.row.org_id)).rule(resolved.rule_code),
        level: resolved.level,
        message: resolved.message,
        created_at: resolved.created_at,
        resolved_at: resolved.resolved_at,
      },
      case: await loadCaseDetail(tx, ctx, state.row.id),
    };
  });
}
