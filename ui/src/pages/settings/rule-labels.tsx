// The rule engine's severities (spec part 1 §3: block, warning, info): core's Swedish names, with a hint and a colour.
import { Badge } from '@radix-ui/themes';
import { RULE_SEVERITY_LABELS, type RuleSeverity } from '@fordran/core/labels';

export const SEVERITY_OPTIONS: { value: RuleSeverity; label: string; hint: string }[] = [
  { value: 'block', label: RULE_SEVERITY_LABELS.block, hint: 'Stoppar åtgärden och flaggar ärendet' },
  { value: 'warning', label: RULE_SEVERITY_LABELS.warning, hint: 'Flaggar ärendet men stoppar inget' },
  { value: 'info', label: RULE_SEVERITY_LABELS.info, hint: 'Ger en informationsflagga' },
];

const SEVERITY_COLORS = { block: 'red', warning: 'amber', info: 'blue' } as const;

export function SeverityBadge({ severity }: { severity: RuleSeverity }) {
  const label = RULE_SEVERITY_LABELS[severity] ?? severity;
  return (
    <Badge color={SEVERITY_COLORS[severity]} variant="soft" radius="full">
      {label}
    </Badge>
  );
}

/** The block_actions of a rule's action_json; empty when none are named. */
export function blockActionsOf(actionJson: Record<string, unknown>): string[] {
  const actions = actionJson['block_actions'];
  return Array.isArray(actions) ? actions.filter((action): action is string => typeof action === 'string') : [];
}
