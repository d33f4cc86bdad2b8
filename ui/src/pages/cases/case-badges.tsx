// Status and stage badges with the spec's Swedish names, and the open-flag marker of a case card.
import { ExclamationTriangleIcon, InfoCircledIcon, LockClosedIcon } from '@radix-ui/react-icons';
import { Badge, Flex, Tooltip } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { CASE_STAGE_LABELS, CASE_STATUS_LABELS, type CaseStage, type CaseStatus, type RuleSeverity } from '../../api/case-types';

type BadgeColor = NonNullable<ComponentProps<typeof Badge>['color']>;

const STATUS_COLORS: Record<CaseStatus, BadgeColor> = {
  draft: 'gray',
  active: 'green',
  on_hold: 'amber',
  closed: 'gray',
};

/** Escalation reads left to right: calm colours early in the process, red and purple at KFM and court. */
const STAGE_COLORS: Record<CaseStage, BadgeColor> = {
  intake: 'gray',
  reminder: 'blue',
  demand: 'orange',
  payment_plan: 'teal',
  kfm: 'red',
  legal: 'purple',
};

export const FLAG_COLORS: Record<RuleSeverity, 'red' | 'amber' | 'blue'> = {
  block: 'red',
  warning: 'amber',
  info: 'blue',
};

export function CaseStatusBadge({ status, size = '1' }: { status: CaseStatus; size?: '1' | '2' }) {
  return (
    <Badge size={size} radius="full" color={STATUS_COLORS[status]} variant={status === 'closed' ? 'outline' : 'soft'}>
      {CASE_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

export function CaseStageBadge({ stage, size = '1' }: { stage: CaseStage; size?: '1' | '2' }) {
  return (
    <Badge size={size} radius="full" color={STAGE_COLORS[stage]} variant="surface">
      {CASE_STAGE_LABELS[stage] ?? stage}
    </Badge>
  );
}

/** "1 varning", "2 blockerande flaggor": singular and plural per level. */
const FLAG_COUNT_NOUNS: Record<RuleSeverity, [string, string]> = {
  block: ['blockerande flagga', 'blockerande flaggor'],
  warning: ['varning', 'varningar'],
  info: ['informationsflagga', 'informationsflaggor'],
};

export function flagCountLabel(level: RuleSeverity, count: number): string {
  const [singular, plural] = FLAG_COUNT_NOUNS[level];
  return `${count} ${count === 1 ? singular : plural}`;
}

export const FLAG_ICONS = {
  block: LockClosedIcon,
  warning: ExclamationTriangleIcon,
  info: InfoCircledIcon,
} as const;

/** One small badge per flag level that has unresolved flags; nothing when there are none. */
export function OpenFlagsIndicator({ flags }: { flags: Record<RuleSeverity, number> }) {
  const levels = (['block', 'warning', 'info'] as const).filter((level) => flags[level] > 0);
  if (levels.length === 0) return null;
  return (
    <Flex gap="1" align="center">
      {levels.map((level) => {
        const Icon = FLAG_ICONS[level];
        const label = flagCountLabel(level, flags[level]);
        return (
          <Tooltip key={level} content={label}>
            <Badge size="1" color={FLAG_COLORS[level]} variant="soft" radius="full" aria-label={label}>
              <Icon aria-hidden width="12" height="12" />
              {flags[level]}
            </Badge>
          </Tooltip>
        );
      })}
    </Flex>
  );
}
