// What the 'Lös' dialog says about each action on a difference of a bank reconciliation, and how a
// difference, a payment and a booking are named for a person (no ids): docs/bank-files.md
// "Resolving differences".
import type { StatementDifference, StatementResolutionKind } from '../../api/bank';
import { formatAmount, formatDate } from '../../lib/format';

export const RESOLUTION_ACTIONS: Readonly<Record<StatementResolutionKind, { label: string; description: string }>> = {
  match_payment: {
    label: 'Koppla till en registrerad betalning',
    description: 'Raden är pengarna för en betalning som redan är registrerad och bokförd, t.ex. för hand. Betalningen knyts till raden.',
  },
  bank_fee: { label: 'Bokför som bankavgift', description: 'Skillnaden är bankens avgift (eller en återbetald avgift).' },
  adjustment: { label: 'Bokför som justering', description: 'Skillnaden bokförs mot ett motkonto du väljer.' },
  other_account: {
    label: 'Hör till ett annat konto',
    description: 'Gäller ett annat av organisationens konton eller utdrag: jämförs inte här och räknas inte i summan. Inget bokförs.',
  },
  acknowledge: { label: 'Kvittera', description: 'Du har kontrollerat avvikelsen. Inget bokförs; beslutet och anledningen sparas.' },
};

/** The client funds account every fee and adjustment is booked against. */
export const CLIENT_FUNDS_ACCOUNT = { code: '1900', name: 'Klientmedelskonto' };

/** "-5.00" → "5.00": the size of a signed decimal amount. */
export function magnitude(decimal: string): string {
  return decimal.startsWith('-') ? decimal.slice(1) : decimal;
}

/**
 * The journal a fee or an adjustment books, as lines: more on the account than booked (a positive
 * difference) debits 1900, less credits it.
 * @example bookingLines('-5.00', { code: '6570', name: 'Bankkostnader' }) // debit 6570, credit 1900
 */
export function bookingLines(difference: string, counter: { code: string; name: string }): { side: 'Debet' | 'Kredit'; account: string; amount: string }[] {
  const amount = formatAmount(magnitude(difference));
  const [debit, credit] = difference.startsWith('-') ? [counter, CLIENT_FUNDS_ACCOUNT] : [CLIENT_FUNDS_ACCOUNT, counter];
  return [
    { side: 'Debet', account: `${debit.code} ${debit.name}`, amount },
    { side: 'Kredit', account: `${credit.code} ${credit.name}`, amount },
  ];
}

/** Who paid and the OCR or reference: "Anna Andersson · 100000199", or null. */
export function subjectOf(difference: Pick<StatementDifference, 'payer_name' | 'reference'>): string | null {
  return [difference.payer_name, difference.reference].filter(Boolean).join(' · ') || null;
}

/** "Rad 3: Bokfört belopp skiljer sig …" (the difference's line, when it has one). */
export function differenceTitle(difference: Pick<StatementDifference, 'line' | 'message'>): string {
  return difference.line === null ? difference.message : `Rad ${difference.line}: ${difference.message}`;
}

/** A payment as a person knows it: "2026-11-20 · 1 200,00 kr · Cecilia Berg · OCR 100000397". */
export function paymentText(payment: { paid_at: string; amount: string; payer_name: string | null; ocr: string | null; reference: string | null }): string {
  return [
    formatDate(payment.paid_at),
    formatAmount(payment.amount),
    payment.payer_name,
    payment.ocr ? `OCR ${payment.ocr}` : payment.reference ? `Ref. ${payment.reference}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** How a payment's amount and date stand against the line's: "Samma belopp · 1 dag före". */
export function candidateDistance(candidate: { amount_difference: string; days_apart: number }): string {
  const amount =
    candidate.amount_difference === '0.00'
      ? 'Samma belopp'
      : `${formatAmount(magnitude(candidate.amount_difference))} ${candidate.amount_difference.startsWith('-') ? 'mindre' : 'mer'} än raden`;
  const days = Math.abs(candidate.days_apart);
  const date = candidate.days_apart === 0 ? 'samma dag' : `${days} ${days === 1 ? 'dag' : 'dagar'} ${candidate.days_apart < 0 ? 'före' : 'efter'} raden`;
  return `${amount} · ${date}`;
}
