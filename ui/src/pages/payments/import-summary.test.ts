import { describe, expect, it } from 'vitest';
import type { ImportFinding, ImportSummary } from '../../api/payments';
import {
  bookedCount,
  DRY_RUN_NOTICE,
  DUPLICATE_FILE_NOTICE,
  findingAmount,
  findingsByLine,
  HELD_HINT,
  importSummaryHint,
  importSummaryLines,
  importSummaryNotice,
} from './import-summary';

const NBSP = '\u00a0';

const summary = (overrides: Partial<ImportSummary> = {}): ImportSummary => ({
  format: 'bgmax',
  file_name: 'all-record-types.txt',
  payments: 7,
  total_amount: '11448.45',
  matched: 3,
  allocated: 2,
  partially_allocated: 1,
  unmatched: 3,
  duplicates: 1,
  held: 0,
  foreign: 0,
  errors: [],
  statement_id: 'statement-1',
  reconciliation_status: 'reconciled',
  duplicate_file: false,
  dry_run: false,
  ...overrides,
});

describe('importSummaryLines', () => {
  it('lists what the file held and what was booked, formatted in Swedish', () => {
    expect(importSummaryLines(summary()).map(({ label, value }) => [label, value])).toEqual([
      ['Format', 'BgMax'],
      ['Betalningar i filen', `7 st · 11${NBSP}448,45${NBSP}kr`],
      ['Bokade', '6 st'],
      ['Automatiskt matchade och avräknade', '2 st'],
      ['Delvis avräknade (överskott kvar)', '1 st'],
      ['Ej matchade', '3 st'],
      ['Dubbletter som hoppades över', '1 st'],
      ['Hållna för granskning (möjliga dubbletter)', '0 st'],
      ['I annan valuta (bokförs inte)', '0 st'],
      ['Bankavstämning', 'Avstämd'],
    ]);
  });

  it('counts possible repeats held for review and amounts in another currency apart from the bookings, as work left', () => {
    // A camt.054 of 3 SEK payments and 8,85 EUR, met again in the camt.053: 2 repeats booked before, 1 held.
    const lines = importSummaryLines(
      summary({
        format: 'camt054',
        payments: 3,
        total_amount: '10645.00',
        matched: 0,
        allocated: 0,
        partially_allocated: 0,
        unmatched: 0,
        duplicates: 2,
        held: 1,
        foreign: 1,
      }),
    );
    expect(lines.map(({ label, value, tone }) => [label, value, tone])).toEqual([
      ['Format', 'camt.054', 'neutral'],
      ['Betalningar i filen', `3 st · 10${NBSP}645,00${NBSP}kr`, 'neutral'],
      ['Bokade', '0 st', 'neutral'],
      ['Automatiskt matchade och avräknade', '0 st', 'neutral'],
      ['Delvis avräknade (överskott kvar)', '0 st', 'neutral'],
      ['Ej matchade', '0 st', 'neutral'],
      ['Dubbletter som hoppades över', '2 st', 'muted'],
      ['Hållna för granskning (möjliga dubbletter)', '1 st', 'attention'],
      ['I annan valuta (bokförs inte)', '1 st', 'attention'],
      ['Bankavstämning', 'Avstämd', 'good'],
    ]);
    expect(bookedCount(summary({ matched: 0, unmatched: 0, held: 1 }))).toBe(0);
  });

  it('says how the new bank statement reconciled: a mismatch wants attention, none is left out', () => {
    const line = (status: ImportSummary['reconciliation_status']) =>
      importSummaryLines(summary({ reconciliation_status: status })).find(({ label }) => label === 'Bankavstämning');
    expect(line('mismatch')).toEqual({ label: 'Bankavstämning', value: 'Avvikelse', tone: 'attention' });
    expect(line('pending')).toEqual({ label: 'Bankavstämning', value: 'Väntar', tone: 'neutral' });
    expect(line(null)).toBeUndefined();
  });

  it('marks bookings good, work left for a person as attention and zeros as neutral', () => {
    const tones = Object.fromEntries(importSummaryLines(summary({ partially_allocated: 0 })).map(({ label, tone }) => [label, tone]));
    expect(tones).toMatchObject({
      Bokade: 'good',
      'Automatiskt matchade och avräknade': 'good',
      'Delvis avräknade (överskott kvar)': 'neutral',
      'Ej matchade': 'attention',
      'Dubbletter som hoppades över': 'muted',
    });
  });

  it('says what a dry run would book, without a split it cannot know', () => {
    const lines = importSummaryLines(
      summary({ dry_run: true, statement_id: null, reconciliation_status: null, allocated: 0, partially_allocated: 0, matched: 3 }),
    );
    expect(lines.map(({ label, value }) => [label, value])).toEqual([
      ['Format', 'BgMax'],
      ['Betalningar i filen', `7 st · 11${NBSP}448,45${NBSP}kr`],
      ['Skulle bokas', '6 st'],
      ['Skulle matchas och avräknas automatiskt', '3 st'],
      ['Skulle bli ej matchade', '3 st'],
      ['Dubbletter som hoppades över', '1 st'],
      ['Hållna för granskning (möjliga dubbletter)', '0 st'],
      ['I annan valuta (bokförs inte)', '0 st'],
    ]);
  });

  it('groups thousands in counts', () => {
    expect(importSummaryLines(summary({ payments: 100000, matched: 60000, unmatched: 40000 }))[2]?.value).toBe(`100${NBSP}000 st`);
  });
});

describe('bookedCount and the notice', () => {
  it('books every payment that was not a duplicate: matched or unallocated', () => {
    expect(bookedCount(summary())).toBe(6);
    expect(importSummaryNotice(summary())).toBeNull();
  });

  it('books nothing for a repeated file and says so plainly', () => {
    const repeated = summary({ duplicate_file: true, duplicates: 7, matched: 0, allocated: 0, partially_allocated: 0, unmatched: 0 });
    expect(bookedCount(repeated)).toBe(0);
    expect(importSummaryNotice(repeated)).toBe('Filen är redan inläst – inget bokades om.');
    expect(importSummaryNotice(repeated)).toBe(DUPLICATE_FILE_NOTICE);
  });

  it('says where held payments are reviewed, only when a real import held any', () => {
    expect(importSummaryHint(summary({ held: 2 }))).toBe(HELD_HINT);
    expect(importSummaryHint(summary({ held: 0 }))).toBeNull();
    expect(importSummaryHint(summary({ held: 1, dry_run: true }))).toBeNull();
  });

  it('tells a dry run apart', () => {
    expect(importSummaryNotice(summary({ dry_run: true }))).toBe(DRY_RUN_NOTICE);
  });
});

describe('findingAmount', () => {
  const finding = (fields: Partial<ImportFinding>): ImportFinding => ({ line: 40, code: 'BANK_FILE_CURRENCY', message: 'm', severity: 'warning', ...fields });

  it('writes an amount in another currency with its code, never as kronor', () => {
    expect(findingAmount(finding({ amount: '8.85', currency: 'EUR' }))).toBe(`8,85${NBSP}EUR`);
    expect(findingAmount(finding({ amount: '1250.00', currency: 'USD' }))).toBe(`1${NBSP}250,00${NBSP}USD`);
  });

  it('writes kronor as kronor, and nothing for a finding without an amount', () => {
    expect(findingAmount(finding({ amount: '700.00', currency: 'SEK' }))).toBe(`700,00${NBSP}kr`);
    expect(findingAmount(finding({ code: 'BANK_FILE_REVERSAL', payment_id: 'p-1' }))).toBeNull();
  });
});

describe('findingsByLine', () => {
  const finding = (line: number | null, severity: ImportFinding['severity'], code = 'X'): ImportFinding => ({ line, severity, code, message: code });

  it('orders file-level findings first, then by line, errors before warnings on one line', () => {
    const sorted = findingsByLine([finding(12, 'warning', 'a'), finding(3, 'info', 'b'), finding(12, 'error', 'c'), finding(null, 'error', 'd')]);
    expect(sorted.map((item) => item.code)).toEqual(['d', 'b', 'c', 'a']);
  });

  it('leaves the input as it was', () => {
    const findings = [finding(2, 'error'), finding(1, 'error')];
    findingsByLine(findings);
    expect(findings.map((item) => item.line)).toEqual([2, 1]);
  });
});
