// Swedish labels and badges of bank statements and their reconciliation.
import { Badge } from '@radix-ui/themes';
import type { ReconciliationStatus, StatementLine } from '../../api/bank';
import { RECONCILIATION_STATUS_LABELS, STATEMENT_LINE_KIND_LABELS, STATEMENT_LINE_STATUS_LABELS } from '@fordran/core/labels';

const STATUS_COLORS: Record<ReconciliationStatus, 'gray' | 'green' | 'red'> = {
  pending: 'gray',
  reconciled: 'green',
  mismatch: 'red',
};

/** The statement's reconciliation status as a badge: 'Väntar', 'Avstämd' or 'Avvikelse'. */
export function ReconciliationBadge({ status }: { status: ReconciliationStatus }) {
  const known = status in STATUS_COLORS ? status : 'pending';
  return (
    <Badge color={STATUS_COLORS[known]} variant="soft" radius="full">
      {RECONCILIATION_STATUS_LABELS[known]}
    </Badge>
  );
}

/** How a compared line (an incoming payment) stands against its booking: its colour. */
const LINE_STATUS_COLORS: Record<Exclude<StatementLine['status'], 'not_compared'>, 'green' | 'red' | 'amber' | 'orange' | 'gray'> = {
  matched: 'green',
  missing: 'red',
  differs: 'amber',
  held: 'orange',
  excluded: 'gray',
};

export function LineStatusBadge({ line }: { line: StatementLine }) {
  // A line that is not compared shows what it is instead (an amount in another currency wants a person: amber).
  const label = line.status === 'not_compared' ? STATEMENT_LINE_KIND_LABELS[line.kind] : STATEMENT_LINE_STATUS_LABELS[line.status];
  const color = line.status === 'not_compared' ? (line.kind === 'foreign' ? 'amber' : 'gray') : LINE_STATUS_COLORS[line.status];
  return (
    <Badge color={color} variant="soft" radius="full">
      {label}
    </Badge>
  );
}
