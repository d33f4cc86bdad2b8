// Swedish labels and badges of bank statements and their reconciliation.
import { Badge } from '@radix-ui/themes';
import type { BankStatementSummary, ReconciliationStatus, StatementLine } from '../../api/bank';

const STATUS: Record<ReconciliationStatus, { label: string; color: 'gray' | 'green' | 'red' }> = {
  pending: { label: 'Väntar', color: 'gray' },
  reconciled: { label: 'Avstämd', color: 'green' },
  mismatch: { label: 'Avvikelse', color: 'red' },
};

/** pending 'Väntar', reconciled 'Avstämd', mismatch 'Avvikelse' (spec part 2 §4). */
export function ReconciliationBadge({ status }: { status: ReconciliationStatus }) {
  const { label, color } = STATUS[status] ?? STATUS.pending;
  return (
    <Badge color={color} variant="soft" radius="full">
      {label}
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
