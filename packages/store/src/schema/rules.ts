import { table, uniqueIndex } from './table';
import { createdAt, flag, id, json, text, updatedAt } from './columns';
import { SEVERITIES } from './enums';
import { tenantId } from './orgs';

/** condition_json: the rule type and its parameters (spec part 1 §5), e.g. years_b2c. */
export interface RuleConditionJson {
  rule_type: string;
  [parameter: string]: unknown;
}

/** action_json: actions a blocking violation stops; none named = every action. */
export interface RuleActionJson {
  block_actions?: string[];
  [key: string]: unknown;
}

/** Business rules evaluated by core's rule engine, per organisation. */
export const rules = table(
  'rules',
  {
    id: id(),
    org_id: tenantId(),
    code: text('code').notNull(),
    description: text('description'),
    severity: text('severity', { enum: SEVERITIES }).notNull(),
    is_active: flag('is_active').notNull().default(true),
    condition_json: json<RuleConditionJson>('condition_json').notNull(),
    action_json: json<RuleActionJson>('action_json')
      .notNull()
      .$defaultFn(() => ({})),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('rules_org_code_uq').on(t.org_id, t.code)],
);
