// Swedish labels of the rule engine's severities (spec part 1 §3: block, warning, info).
import { Badge } from '@radix-ui/themes';
import type { RuleSeverity } from '../../api/rules';

export const SEVERITY_OPTIONS: { value: RuleSeverity; label: string; hint: string }[] = [
  { value: 'block', label: 'Blockerande', hint: 'Stoppar åtgärden och flaggar ärendet' },
  { value: 'warning', label: 'Varning', hint: 'Flaggar ärendet men stoppar inget' },
  { value: 'info', label: 'Info', hint: 'Ger en informationsflagga' },
];

const SEVERITY_COLORS = { block: 'red', warning: 'amber', info: 'blue' } as const;

export function SeverityBadge({ severity }: { severity: RuleSeverity }) {
  const label = SEVERITY_OPTIONS.find((option) => option.value === severity)?.label ?? severity;
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
