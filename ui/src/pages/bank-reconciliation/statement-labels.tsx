// Swedish labels and badges of bank statements and their reconciliation.
import { Badge } from '@radix-ui/themes';
import type { BankStatementSummary, ReconciliationStatus, StatementLine } from '../../api/bank';
import { RECONCILIATION_STATUS_LABELS } from './reconciliation-status';

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

export const FILE_FORMAT_LABELS: Record<BankStatementSummary['file_format'], string> = {
  bgmax: 'BgMax',
  camt053: 'camt.053',
  camt054: 'camt.054',
  csv: 'CSV',
  lb: 'LB',
};

/** How a compared line (an incoming payment) stands against its booking. */
const LINE_STATUS: Record<Exclude<StatementLine['status'], 'not_compared'>, { label: string; color: 'green' | 'red' | 'amber' | 'orange' | 'gray' }> = {
  matched: { label: 'Stämmer', color: 'green' },
  missing: { label: 'Saknas', color: 'red' },
  differs: { label: 'Avviker', color: 'amber' },
  held: { label: 'Möjlig dubblett', color: 'orange' },
  excluded: { label: 'Annat konto', color: 'gray' },
};

/** A line that is not compared shows what it is instead (an amount in another currency wants a person: amber). */
const KIND_BADGES: Record<StatementLine['kind'], { label: string; color: 'gray' | 'amber' }> = {
  payment: { label: 'Betalning', color: 'gray' },
  deduction: { label: 'Avdrag', color: 'gray' },
  reversal: { label: 'Återföring', color: 'gray' },
  returned: { label: 'Returnerad', color: 'gray' },
  foreign: { label: 'Annan valuta', color: 'amber' },
};

export function LineStatusBadge({ line }: { line: StatementLine }) {
  const { label, color } = line.status === 'not_compared' ? KIND_BADGES[line.kind] : LINE_STATUS[line.status];
  return (
    <Badge color={color} variant="soft" radius="full">
      {label}
    </Badge>
  );
}
