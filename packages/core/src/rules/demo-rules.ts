import type { RuleDefinition, RuleSeverity } from './rule-model';
import type { RuleType } from './rule-types';

/** A demo rule without its id (the store gives each organisation's copy its own). */
export interface DemoRule extends Omit<RuleDefinition, 'id' | 'condition_json' | 'action_json'> {
  description: string;
  severity: RuleSeverity;
  condition_json: { rule_type: RuleType; [parameter: string]: unknown };
  action_json: { block_actions?: string[] };
}

/**
 * One rule per rule type, for a new organisation and the demo seed. Every one passes
 * validateRuleDefinition (a test checks it).
 */
export const DEMO_RULES: readonly DemoRule[] = Object.freeze([
  {
    code: 'FEE_450_EXCLUSIVE',
    description: 'Förseningsersättning (450 kr) kan inte kombineras med påminnelse-, inkasso- eller amorteringsplansavgift',
    severity: 'block',
    is_active: true,
    condition_json: { rule_type: 'fee_450_exclusive' },
    action_json: { block_actions: ['add_fee'] },
  },
  {
    code: 'PRESCRIPTION',
    description: 'Preskription: 3 år mot privatpersoner, 10 år mot företag; varning 120 dagar innan',
    severity: 'block',
    is_active: true,
    condition_json: { rule_type: 'prescription_check', years_b2c: 3, years_b2b: 10 },
    action_json: {},
  },
  {
    code: 'DISPUTED_CASE',
    description: 'Bestridd fordran: inga utskick, avgifter eller KFM-ansökan medan invändningen utreds',
    severity: 'block',
    is_active: true,
    condition_json: { rule_type: 'dispute_check' },
    action_json: { block_actions: ['send_communication', 'add_fee', 'kfm_escalate'] },
  },
  {
    code: 'INTEREST_CAP',
    description: 'Varna när räntesatsen överstiger 20 % per år',
    severity: 'warning',
    is_active: true,
    condition_json: { rule_type: 'interest_cap', max_rate_pa: '20.00' },
    action_json: {},
  },
  {
    code: 'DUPLICATE_FEE',
    description: 'Dubbla avgifter stoppas alltid av avgiftskontrollen (regeln har ingen egen effekt)',
    severity: 'info',
    is_active: true,
    condition_json: { rule_type: 'duplicate_fee' },
    action_json: {},
  },
]);
