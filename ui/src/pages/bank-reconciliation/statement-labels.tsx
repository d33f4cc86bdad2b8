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
  csv: 'CSV',
  lb: 'LB',
};

const LINE_STATUS: Record<StatementLine['status'], { label: string; color: 'green' | 'red' | 'amber' | 'gray' }> = {
  matched: { label: 'Stämmer', color: 'green' },
  missing: { label: 'Saknas', color: 'red' },
  differs: { label: 'Avviker', color: 'amber' },
  not_compared: { label: 'Jämförs ej', color: 'gray' },
};

const KIND_LABELS: Record<StatementLine['kind'], string> = {
  payment: 'Betalning',
  deduction: 'Avdrag',
  reversal: 'Återföring',
};

export function LineStatusBadge({ line }: { line: StatementLine }) {
  const { label, color } = LINE_STATUS[line.status];
  return (
    <Badge color={color} variant="soft" radius="full">
      {line.status === 'not_compared' ? KIND_LABELS[line.kind] : label}
    </Badge>
  );
}
