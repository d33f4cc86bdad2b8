// The Swedish names of a bank statement's reconciliation status (spec part 2 §4), shared by the
// statement badges and the payment import's summary.
import type { ReconciliationStatus } from '../../api/bank';

export const RECONCILIATION_STATUS_LABELS: Readonly<Record<ReconciliationStatus, string>> = {
  pending: 'Väntar',
  reconciled: 'Avstämd',
  mismatch: 'Avvikelse',
};
