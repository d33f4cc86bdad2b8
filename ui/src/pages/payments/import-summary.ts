// The import summary (issue 5) as the lines the import dialog shows.
import type { ReconciliationStatus } from '../../api/bank';
import type { ImportFinding, ImportSummary } from '../../api/payments';
import { formatAmount, formatAmountIn, formatCount } from '../../lib/format';
import { BANK_FILE_FORMAT_LABELS, RECONCILIATION_STATUS_LABELS } from '@fordran/core/labels';

export type SummaryTone = 'neutral' | 'good' | 'attention' | 'muted';

export interface SummaryLine {
  label: string;
  value: string;
  /** How the figure should catch the eye: bookings good, work left attention, skipped muted. */
  tone: SummaryTone;
}

export const DUPLICATE_FILE_NOTICE = 'Filen är redan inläst – inget bokades om.';
export const DRY_RUN_NOTICE = 'Provkörning – inget bokades. Så här skulle filen ha bokats:';

/**
 * Payments booked by this import (for a dry run: that would be booked). Every payment that is
 * not a duplicate is booked, matched to a case or unallocated; a repeated file books nothing.
 */
export function bookedCount(summary: ImportSummary): number {
  return summary.matched + summary.unmatched;
}

function count(value: number): string {
  return `${formatCount(value)} st`;
}

/** The figures of an import in reading order: what the file held, what was booked and how. */
export function importSummaryLines(summary: ImportSummary): SummaryLine[] {
  const tone = (value: number, whenAny: SummaryTone): SummaryTone => (value > 0 ? whenAny : 'neutral');
  const booked = bookedCount(summary);
  const held: SummaryLine[] = [
    { label: 'Format', value: BANK_FILE_FORMAT_LABELS[summary.format] ?? summary.format, tone: 'neutral' },
    { label: 'Betalningar i filen', value: `${count(summary.payments)} · ${formatAmount(summary.total_amount)}`, tone: 'neutral' },
  ];
  // Neither booked nor skipped: a possible repeat waits for a person, a foreign amount is handled by hand.
  const notBooked: SummaryLine[] = [
    { label: 'Dubbletter som hoppades över', value: count(summary.duplicates), tone: tone(summary.duplicates, 'muted') },
    { label: 'Hållna för granskning (möjliga dubbletter)', value: count(summary.held), tone: tone(summary.held, 'attention') },
    { label: 'I annan valuta (bokförs inte)', value: count(summary.foreign), tone: tone(summary.foreign, 'attention') },
  ];
  // A dry run matches without allocating, so it cannot tell a full allocation from a partial one.
  if (summary.dry_run) {
    return [
      ...held,
      { label: 'Skulle bokas', value: count(booked), tone: tone(booked, 'good') },
      { label: 'Skulle matchas och avräknas automatiskt', value: count(summary.matched), tone: tone(summary.matched, 'good') },
      { label: 'Skulle bli ej matchade', value: count(summary.unmatched), tone: tone(summary.unmatched, 'attention') },
      ...notBooked,
    ];
  }
  return [
    ...held,
    { label: 'Bokade', value: count(booked), tone: tone(booked, 'good') },
    { label: 'Automatiskt matchade och avräknade', value: count(summary.allocated), tone: tone(summary.allocated, 'good') },
    {
      label: 'Delvis avräknade (överskott kvar)',
      value: count(summary.partially_allocated),
      tone: tone(summary.partially_allocated, 'attention'),
    },
    { label: 'Ej matchade', value: count(summary.unmatched), tone: tone(summary.unmatched, 'attention') },
    ...notBooked,
    ...(summary.reconciliation_status ? [reconciliationLine(summary.reconciliation_status)] : []),
  ];
}

const RECONCILIATION_TONES: Readonly<Record<ReconciliationStatus, SummaryTone>> = {
  reconciled: 'good',
  mismatch: 'attention',
  pending: 'neutral',
};

/** The bank statement the import created, reconciled against the bookings at once (/bank-reconciliation). */
function reconciliationLine(status: ReconciliationStatus): SummaryLine {
  return { label: 'Bankavstämning', value: RECONCILIATION_STATUS_LABELS[status], tone: RECONCILIATION_TONES[status] };
}

/** What to say above the figures: a repeated file or a dry run booked nothing. */
export function importSummaryNotice(summary: ImportSummary): string | null {
  if (summary.duplicate_file) return DUPLICATE_FILE_NOTICE;
  if (summary.dry_run) return DRY_RUN_NOTICE;
  return null;
}

/**
 * The amount a finding is about, in the file's own currency: an amount in another currency is
 * shown with its code ("8,85 EUR"), never as kronor. Null when the finding names no amount.
 */
export function findingAmount(finding: ImportFinding): string | null {
  return finding.amount === undefined ? null : formatAmountIn(finding.amount, finding.currency ?? null);
}

export const HELD_HINT = 'Hållna betalningar bokförs inte förrän någon har granskat dem: välj Granska vid betalningen i listan.';

/** Where the work the import left is done: held payments are reviewed in the payment list. */
export function importSummaryHint(summary: ImportSummary): string | null {
  return summary.held > 0 && !summary.dry_run ? HELD_HINT : null;
}

const SEVERITY_ORDER: Readonly<Record<ImportFinding['severity'], number>> = { error: 0, warning: 1, info: 2 };

/** Findings by line number (file-level findings without a line first), errors before warnings on a line. */
export function findingsByLine(findings: readonly ImportFinding[]): ImportFinding[] {
  return [...findings].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}
