import { describeRuleActions, describeRuleTypes, DomainError, RULE_SEVERITIES, validateRuleDefinition, type Finding } from '@fordran/core';
import {
  findRuleIdByCode,
  findRuleRow,
  insertRuleRow,
  listRuleRows,
  updateRuleRow,
  type Db,
  type RuleActionJson,
  type RuleConditionJson,
  type RuleRow,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { changedFields } from '../audit/changed-fields';
import { idSchema } from '../schemas/common';
import { parseInput } from '../schemas/zod-setup';
import {
  ruleCreateSchema,
  ruleUpdateSchema,
  ruleValidateSchema,
  type RuleCreateInput,
  type RuleFindingResponse,
  type RuleListResponse,
  type RuleResponse,
  type RuleUpdateInput,
  type RuleValidateInput,
  type RuleValidationResponse,
} from '../schemas/rules';

function findingsOf(findings: readonly Finding[]): RuleFindingResponse[] {
  return findings.map((finding) => ({ code: finding.code, path: finding.path ?? '', message: finding.message }));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toResponse(row: RuleRow): RuleResponse {
  const stored: { condition: unknown; action: unknown } = { condition: row.condition_json, action: row.action_json };
  const condition = isPlainObject(stored.condition) ? stored.condition : {};
  const action = isPlainObject(stored.action) ? stored.action : {};
  const ruleType = condition['rule_type'];
  return {
    id: row.id,
    org_id: row.org_id,
    code: row.code,
    description: row.description ?? null,
    severity: row.severity,
    is_active: row.is_active,
    condition_json: condition,
    action_json: action,
    rule_type: typeof ruleType === 'string' ? ruleType : null,
    findings: findingsOf(validateRuleDefinition(row.condition_json, row.action_json)),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Block first, then warning, then info (spec part 2 §7 "order severity"), then code. */
function compareRules(a: RuleRow, b: RuleRow): number {
  return RULE_SEVERITIES.indexOf(a.severity) - RULE_SEVERITIES.indexOf(b.severity) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

/** The editor sends text or objects; the store keeps objects. Only called once core accepted them. */
function asObject(value: unknown): Record<string, unknown> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return isPlainObject(parsed) ? parsed : {};
}

/**
 * Refuses a rule definition core does not accept (the spec ignores invalid JSON edits; Fordran
 * says why instead): INVALID_RULE with the first finding's message and every finding, with its
 * path, in details.findings. Nothing is written.
 */
function assertValidDefinition(conditionJson: unknown, actionJson: unknown): void {
  const findings = validateRuleDefinition(conditionJson, actionJson);
  if (findings.length === 0) return;
  throw new DomainError('INVALID_RULE', findings[0]!.message, { findings: findingsOf(findings) });
}

async function readRule(db: Db, orgId: string, id: string): Promise<RuleRow> {
  const row = await findRuleRow(db, orgId, id);
  if (!row) throw new DomainError('NOT_FOUND', 'Regeln hittades inte');
  return row;
}

/**
 * The organisation's rules (Regelmotor), block before warning before info, then by code, with the
 * rule types and actions the editor offers. Every staff member may read them.
 */
export async function listRules(ctx: OrgScope): Promise<RuleListResponse> {
  requireScopePermission(ctx, 'rules.read');
  const rows = await listRuleRows(ctx.app.database.db, ctx.membership.org_id);
  return {
    items: rows.sort(compareRules).map(toResponse),
    rule_types: describeRuleTypes(),
    actions: describeRuleActions(),
  };
}

/** The editor's live check of a condition and action: core's findings, nothing stored. */
export function validateRule(ctx: OrgScope, input: RuleValidateInput): RuleValidationResponse {
  requireScopePermission(ctx, 'rules.read');
  const parsed = parseInput(ruleValidateSchema, input);
  const findings = findingsOf(validateRuleDefinition(parsed.condition_json, parsed.action_json));
  return { valid: findings.length === 0, findings };
}

/**
 * A new rule (admin): the code is upper-cased and unique in the organisation (CONFLICT), the
 * condition and action must pass core's rule validation (INVALID_RULE otherwise).
 */
export async function createRule(ctx: OrgScope, input: RuleCreateInput): Promise<RuleResponse> {
  requireScopePermission(ctx, 'rules.write');
  const parsed = parseInput(ruleCreateSchema, input);
  const actionJson = parsed.action_json ?? {};
  assertValidDefinition(parsed.condition_json, actionJson);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    const existingId = await findRuleIdByCode(tx, orgId, parsed.code);
    if (existingId) throw new DomainError('CONFLICT', `Det finns redan en regel med koden ${parsed.code}`, { field: 'code', id: existingId });
    const row = await insertRuleRow(tx, {
      org_id: orgId,
      code: parsed.code,
      description: parsed.description,
      severity: parsed.severity,
      is_active: parsed.is_active,
      condition_json: asObject(parsed.condition_json) as RuleConditionJson,
      action_json: asObject(actionJson) as RuleActionJson,
      created_at: now,
      updated_at: now,
    });
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'rule.created',
      entity: 'rules',
      entity_id: row.id,
      payload: { code: row.code, severity: row.severity, condition_json: row.condition_json, action_json: row.action_json },
      created_at: now,
    });
    return toResponse(row);
  });
}

/**
 * Edits a rule (admin): is_active ('Regel uppdaterad'), or description, severity, condition and
 * action ('Regel sparad'). A changed condition or action is checked together with the part left
 * as it was; an invalid one is refused (INVALID_RULE) and the rule stays unchanged. Switching it
 * off needs a reason, which the audit row keeps.
 */
export async function updateRule(ctx: OrgScope, id: string, input: RuleUpdateInput): Promise<RuleResponse> {
  requireScopePermission(ctx, 'rules.write');
  const ruleId = parseInput(idSchema, id);
  const parsed = parseInput(ruleUpdateSchema, input);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    const before = await readRule(tx, orgId, ruleId);
    const changes: Partial<RuleRow> = {};
    if (parsed.description !== undefined) changes.description = parsed.description;
    if (parsed.severity !== undefined) changes.severity = parsed.severity;
    if (parsed.is_active !== undefined) changes.is_active = parsed.is_active;
    if (parsed.condition_json !== undefined || parsed.action_json !== undefined) {
      const conditionJson = parsed.condition_json !== undefined ? parsed.condition_json : before.condition_json;
      const actionJson = parsed.action_json !== undefined ? parsed.action_json : before.action_json;
      assertValidDefinition(conditionJson, actionJson);
      if (parsed.condition_json !== undefined) changes.condition_json = asObject(parsed.condition_json) as RuleConditionJson;
      if (parsed.action_json !== undefined) changes.action_json = asObject(parsed.action_json) as RuleActionJson;
    }
    const changed = changedFields(before, changes);
    if (Object.keys(changed).length === 0) return toResponse(before);
    const row = await updateRuleRow(tx, orgId, ruleId, { ...changed, updated_at: now });
    if (!row) throw new DomainError('NOT_FOUND', 'Regeln hittades inte');
    const onlyToggle = Object.keys(changed).length === 1 && changed.is_active !== undefined;
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: onlyToggle ? (row.is_active ? 'rule.activated' : 'rule.deactivated') : 'rule.updated',
      entity: 'rules',
      entity_id: ruleId,
      payload: { code: row.code, changed, ...(parsed.reason ? { reason: parsed.reason } : {}) },
      created_at: now,
    });
    return toResponse(row);
  });
}
