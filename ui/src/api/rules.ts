// The rule engine's rules ('Regelmotor', API: GET/POST /orgs/:orgId/rules, PATCH …/rules/:id,
// POST …/rules/validate).
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';

/** Most severe first (spec part 1 §3). */
export type RuleSeverity = 'block' | 'warning' | 'info';

export interface RuleFinding {
  code: string;
  /** Where in the rule, e.g. `condition_json.years_b2c`. */
  path: string;
  message: string;
}

export interface Rule {
  id: string;
  org_id: string;
  code: string;
  description: string | null;
  severity: RuleSeverity;
  is_active: boolean;
  condition_json: Record<string, unknown>;
  action_json: Record<string, unknown>;
  rule_type: string | null;
  /** Problems of the stored rule; the engine reports, never runs, such a rule. */
  findings: RuleFinding[];
  created_at: string;
  updated_at: string;
}

export interface RuleParameter {
  name: string;
  label: string;
  required: boolean;
}

export interface RuleTypeDescription {
  rule_type: string;
  label: string;
  description: string;
  parameters: RuleParameter[];
  example: Record<string, unknown>;
}

export interface RuleActionDescription {
  action: string;
  label: string;
}

export interface RuleList {
  items: Rule[];
  rule_types: RuleTypeDescription[];
  actions: RuleActionDescription[];
}

/** condition_json and action_json go as the editor's JSON text; the server parses and checks them. */
export interface RuleInput {
  code: string;
  description?: string | null;
  severity: RuleSeverity;
  is_active?: boolean;
  condition_json: string;
  action_json: string;
}

/** `reason` is required with is_active false (kept in the system log). */
export type RulePatch = Partial<Omit<RuleInput, 'code'>> & { reason?: string };

export interface RuleValidation {
  valid: boolean;
  findings: RuleFinding[];
}

export function rulesKey(orgId: string): string {
  return `/orgs/${orgId}/rules`;
}

export function useRules() {
  const orgId = useCurrentOrgId();
  return useSWR<RuleList, ApiError>(orgId ? rulesKey(orgId) : null, (path: string) => fetchJson<RuleList>(path));
}

/** The server's findings for a condition and action as they stand in the editor; nothing is stored. */
export function postRuleValidation(orgId: string, body: { condition_json: string; action_json: string }, signal?: AbortSignal): Promise<RuleValidation> {
  return api.post<RuleValidation>(`${rulesKey(orgId)}/validate`, body, signal ? { signal } : undefined);
}

/** Creating, toggling and editing rules; each revalidates the rule list. */
export function useRuleMutations() {
  const orgId = useCurrentOrgId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const requireOrg = (): string => {
      if (!orgId) throw new Error('Ingen organisation vald');
      return orgId;
    };
    return {
      async createRule(input: RuleInput): Promise<Rule> {
        const id = requireOrg();
        const rule = await api.post<Rule>(rulesKey(id), input);
        await mutate(rulesKey(id));
        return rule;
      },
      async updateRule(ruleId: string, patch: RulePatch): Promise<Rule> {
        const id = requireOrg();
        const rule = await api.patch<Rule>(`${rulesKey(id)}/${encodeURIComponent(ruleId)}`, patch);
        await mutate(rulesKey(id));
        return rule;
      },
    };
  }, [orgId, mutate]);
}
