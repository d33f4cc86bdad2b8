// The lawsuit's status and service badges: colours follow the course of a case (grey draft,
// blue at court, green for a judgment, red when it failed).
import { Badge } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { LAWSUIT_STATUS_LABELS, type LawsuitStatus } from '@fordran/core/labels';

type BadgeColor = NonNullable<ComponentProps<typeof Badge>['color']>;

const STATUS_COLORS: Record<LawsuitStatus, BadgeColor> = {
  draft: 'gray',
  filed: 'blue',
  served: 'indigo',
  prep_written: 'cyan',
  prep_oral: 'cyan',
  main_hearing: 'purple',
  judgment: 'green',
  default_judgment: 'green',
  settled: 'teal',
  withdrawn: 'amber',
  closed: 'gray',
  failed: 'red',
};

export function LawsuitStatusBadge({ status, size = '1' }: { status: LawsuitStatus; size?: '1' | '2' }) {
  return (
    <Badge size={size} radius="full" color={STATUS_COLORS[status]} variant={status === 'closed' ? 'outline' : 'soft'}>
      {LAWSUIT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** 'Inväntar delgivning' until the summons is served (spec part 2 §4). */
export function ServiceStatusBadge({ status, label }: { status: 'pending' | 'served' | 'failed'; label: string }) {
  return (
    <Badge radius="full" variant="surface" color={status === 'served' ? 'green' : status === 'failed' ? 'red' : 'amber'}>
      {label}
    </Badge>
  );
}
