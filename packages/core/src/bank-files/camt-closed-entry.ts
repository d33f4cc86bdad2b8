import type { Ore } from '../money';
import { parseBankDecimalOre } from './amounts';
import { camtEntryRecords, type CamtEntryState, type CamtReportContext } from './camt-entry';
import { defaultCamtAccountKey, type CamtReadState } from './camt-reader-state';
import { addCamtBookedEntry, camtReportAccount, camtReportFallbackDate, type CamtReportState } from './camt-report';
import { isBankBookingCurrency, reportForeignAmount } from './currency';
import { bankFindingMessage } from './findings';

const detail = bankFindingMessage;

/** What the records of an entry of `report` share: format, account and the date to fall back on. */
function reportContext(state: CamtReadState, report: CamtReportState): CamtReportContext {
  const account = camtReportAccount(report);
  return {
    format: state.message,
    account: account.iban ?? account.other_id,
    accountKey: state.options.accountKey?.(account) ?? defaultCamtAccountKey(account),
    recipientBankgiro: account.scheme === 'BGNR' ? account.other_id : null,
    fallbackDate: camtReportFallbackDate(report, state.createdAt),
  };
}

/**
 * The amount and direction of an entry that moves money, or null (with a finding) when it cannot
 * be read or is not booked; counts the entry in the report's summary either way.
 */
function bookedEntry(state: CamtReadState, report: CamtReportState, entry: CamtEntryState): { amountOre: Ore; creditDebit: 'CRDT' | 'DBIT' } | null {
  const { findings } = state;
  const entries = report.summary.entries;
  entries.total += 1;
  const amount = entry.amountText ? parseBankDecimalOre(entry.amountText) : null;
  if (!amount) {
    findings.add('error', 'INVALID_AMOUNT', detail('INVALID_AMOUNT', `postens belopp "${entry.amountText ?? ''}" (posten lästes inte in)`), entry.line);
    return null;
  }
  if (amount.rounded) findings.add('warning', 'TOO_MANY_DECIMALS', detail('TOO_MANY_DECIMALS', `"${entry.amountText}" avrundades till hela öre`), entry.line);
  if (entry.creditDebit !== 'CRDT' && entry.creditDebit !== 'DBIT') {
    findings.add(
      'error',
      'BANK_FILE_INVALID_FIELD',
      detail('BANK_FILE_INVALID_FIELD', `CdtDbtInd "${entry.creditDebit ?? ''}" (posten lästes inte in)`),
      entry.line,
    );
    return null;
  }
  let status = entry.status;
  if (!status) {
    findings.add('warning', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', 'posten saknar status, BOOK antas'), entry.line);
    status = 'BOOK';
  }
  // Reference §2.4: only booked entries move money; pending and information entries are reported only.
  if (status !== 'BOOK') {
    if (status === 'PDNG') entries.pending += 1;
    else if (status === 'INFO') entries.info += 1;
    else entries.other_status += 1;
    findings.add('info', 'BANK_FILE_RECORD_IGNORED', detail('BANK_FILE_RECORD_IGNORED', `posten har status ${status} och är inte bokförd`), entry.line);
    return null;
  }
  return { amountOre: amount.amountOre, creditDebit: entry.creditDebit };
}

/** An `Ntry` has closed: a booked entry adds to the report's and the file's totals and yields its records. */
export function closeCamtEntry(state: CamtReadState, entry: CamtEntryState): void {
  const { at, findings } = state;
  at.entry = null;
  at.entryDepth = -1;
  const report = at.report!;
  const booked = bookedEntry(state, report, entry);
  if (!booked) return;
  const entries = report.summary.entries;
  entries.booked += 1;
  if (entry.reversal) entries.reversals += 1;
  if (addCamtBookedEntry(report, booked.creditDebit, booked.amountOre, entry.amountCcy)) {
    (booked.creditDebit === 'CRDT' ? state.creditsOre : state.debitsOre).add(booked.amountOre);
  }
  const outputs = camtEntryRecords(entry, reportContext(state, report), booked.amountOre, findings, state.ids);
  if (!isBankBookingCurrency(entry.amountCcy) && !outputs.some((output) => output.kind === 'foreign')) {
    // A foreign entry that books nothing (outgoing money) is still left out of the kronor totals: say so.
    reportForeignAmount(findings, entry.amountText!, entry.amountCcy!, entry.line);
  }
  for (const output of outputs) {
    if (output.kind === 'payment') {
      state.counts.payments += 1;
      report.summary.payments += 1;
      state.netOre.add(output.record.amountOre);
    } else if (output.kind === 'reversal') state.counts.reversals += 1;
    else if (output.kind === 'foreign') state.counts.foreign += 1;
    state.ready.push(output);
  }
}
