import { BGMAX_LAYOUT, bgMaxCount, bgMaxField, bgMaxTimestamp } from './bgmax-records';
import type { BgMaxReadState } from './bgmax-reader-state';
import { closeUnfinishedBgMaxSection } from './bgmax-sections';
import { bankFindingMessage } from './findings';
import type { BgMaxTrailerCounts } from './types';

const detail = bankFindingMessage;

const TRAILER_LABELS: Readonly<Record<keyof BgMaxTrailerCounts, string>> = {
  payment_records: 'betalningsposter',
  deduction_records: 'avdragsposter',
  extra_reference_records: 'extra referensnummerposter',
  deposit_records: 'insättningsposter',
};

/** TK01, the start record: layout name, version, Skrivdag and test marker. */
export function readBgMaxStart(state: BgMaxReadState, record: string, line: number): void {
  const { findings } = state;
  if (state.startSeen || state.nonBlank > 1) {
    findings.add('error', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', 'startposten (TK01) ska vara filens första och enda'), line);
  }
  state.startSeen = true;
  const L = BGMAX_LAYOUT.start;
  if (bgMaxField(record, L.layout_name).trim() !== 'BGMAX') {
    findings.add('error', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', 'layoutnamnet är inte BGMAX'), line);
  }
  const version = bgMaxField(record, L.version);
  state.version = version;
  if (version !== '01') {
    findings.add('warning', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', `okänd version "${version}"`), line);
  }
  const stamp = bgMaxField(record, L.timestamp);
  state.timestamp = stamp.trim() === '' ? null : stamp;
  state.writtenAt = bgMaxTimestamp(stamp);
  if (!state.writtenAt) findings.add('error', 'INVALID_DATE', detail('INVALID_DATE', `skrivdag "${stamp.trim()}"`), line);
  const marker = bgMaxField(record, L.test_marker);
  state.isTest = marker === 'T' ? true : marker === 'P' ? false : null;
  if (state.isTest === null) findings.add('warning', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', `testmarkering "${marker}"`), line);
}

/** TK70, the end record: its counts against the records the file has. */
export function readBgMaxEnd(state: BgMaxReadState, record: string, line: number): void {
  const { findings, counts } = state;
  closeUnfinishedBgMaxSection(state, line, 'före slutposten');
  if (state.endLine !== null) findings.add('error', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', 'mer än en slutpost (TK70)'), line);
  state.endLine = line;
  const L = BGMAX_LAYOUT.end;
  const written = {
    payment_records: bgMaxCount(record, L.payment_records),
    deduction_records: bgMaxCount(record, L.deduction_records),
    extra_reference_records: bgMaxCount(record, L.extra_reference_records),
    deposit_records: bgMaxCount(record, L.deposit_records),
  };
  const actual = { payment_records: counts.tk20, deduction_records: counts.tk21, extra_reference_records: counts.extra, deposit_records: counts.tk15 };
  for (const key of Object.keys(written) as (keyof typeof written)[]) {
    const value = written[key];
    if (value === null) {
      findings.add('error', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', `antal ${TRAILER_LABELS[key]} i slutposten`), line);
    } else if (value !== actual[key]) {
      findings.add(
        'error',
        'BANK_FILE_TOTALS_MISMATCH',
        detail('BANK_FILE_TOTALS_MISMATCH', `slutposten anger ${value} ${TRAILER_LABELS[key]}, filen har ${actual[key]}`),
        line,
      );
    }
  }
  state.trailer = {
    payment_records: written.payment_records ?? 0,
    deduction_records: written.deduction_records ?? 0,
    extra_reference_records: written.extra_reference_records ?? 0,
    deposit_records: written.deposit_records ?? 0,
  };
}
