// The rule engine's rules ('Regelmotor', API: GET/POST /orgs/:orgId/rules, PATCH …/rules/:id,
// POST …/rules/validate).
import useSWR from 'swr';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { useOrgWrites, type OrgWrites } from './org-writes';
import type {
  RuleCreateInput,
  RuleFindingResponse,
  RuleListResponse,
  RuleResponse,
  RuleUpdateInput,
  RuleValidateInput,
  RuleValidationResponse,
} from '@fordran/services';

export type { RuleSeverity } from '@fordran/core/labels';
export type Rule = RuleResponse;
export type RuleFinding = RuleFindingResponse;
export type RuleList = RuleListResponse;
export type RuleTypeDescription = RuleList['rule_types'][number];
export type RuleParameter = RuleTypeDescription['parameters'][number];
export type RuleActionDescription = RuleList['actions'][number];
/** condition_json and action_json go as the editor's JSON text; the server parses and checks them. */
export type RuleInput = RuleCreateInput;
/** `reason` is required with is_active false (kept in the system log). */
export type RulePatch = RuleUpdateInput;
export type RuleValidation = RuleValidationResponse;

export function rulesKey(orgId: string): string {
  return `/orgs/${orgId}/rules`;
}

export function useRules() {
  const orgId = useCurrentOrgId();
  return useSWR<RuleList, ApiError>(orgId ? rulesKey(orgId) : null, (path: string) => fetchJson<RuleList>(path));
}

/** The server's findings for a condition and action as they stand in the editor; nothing is stored. */
export function postRuleValidation(orgId: string, body: RuleValidateInput, signal?: AbortSignal): Promise<RuleValidation> {
  return api.post<RuleValidation>(`${rulesKey(orgId)}/validate`, body, signal ? { signal } : undefined);
}

/** Creating, toggling and editing rules; each revalidates the rule list. */
function ruleWrites({ orgId, mutate }: OrgWrites) {
  return {
    async createRule(input: RuleInput): Promise<Rule> {
      const id = orgId();
      const rule = await api.post<Rule>(rulesKey(id), input);
      await mutate(rulesKey(id));
      return rule;
    },
    async updateRule(ruleId: string, patch: RulePatch): Promise<Rule> {
      const id = orgId();
      const rule = await api.patch<Rule>(`${rulesKey(id)}/${encodeURIComponent(ruleId)}`, patch);
      await mutate(rulesKey(id));
      return rule;
    },
  };
}

export function useRuleMutations() {
  return useOrgWrites(ruleWrites);
}
