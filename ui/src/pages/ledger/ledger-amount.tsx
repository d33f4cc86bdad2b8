import { formatAmount } from '../../lib/format';

/** A ledger amount in sv-SE ("7 950,00 kr"); `blankZero` leaves the other side of a line empty, as a ledger is read. */
export function LedgerAmount({ value, blankZero = false }: { value: string; blankZero?: boolean }) {
  if (blankZero && /^-?0+(\.0+)?$/.test(value)) return null;
  return <>{formatAmount(value)}</>;
}
