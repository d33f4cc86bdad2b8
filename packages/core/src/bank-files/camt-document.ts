import type { SaxesTagNS } from 'saxes';
import { DomainError } from '../errors';
import { closeCamtEntry } from './camt-closed-entry';
import { newCamtEntry, newCamtTx, openCamtTxElement, readCamtEntryLeaf, readCamtTxLeaf } from './camt-entry';
import { camtPathBelow as below, type CamtReadState } from './camt-reader-state';
import {
  finishCamtBalance,
  finishCamtReport,
  finishCamtStatement,
  newCamtBalance,
  newCamtReport,
  readCamtBalanceLeaf,
  readCamtReportLeaf,
  type CamtReportState,
} from './camt-report';
import { bankFindingMessage } from './findings';

/*
 * The walk through a camt document: which element opens a report, balance, entry or transaction,
 * and where the text of each closing element goes.
 */

/** camt namespaces: `urn:iso:std:iso:20022:tech:xsd:camt.053.001.02` → message 053, version 001.02 (reference §2.1). */
const CAMT_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.(\d{3})\.(\d{3}\.\d{2})$/;
const TESTED_VERSIONS = new Set(['001.02', '001.08']);

/** Sets the version from the first element in a camt namespace; throws for another camt message or a non-camt document. */
export function checkCamtNamespace(state: CamtReadState, tag: SaxesTagNS): void {
  const { spec, message, tagStartLine } = state;
  const match = CAMT_NAMESPACE.exec(tag.uri);
  if (match) {
    if (match[1] !== spec.number) {
      throw new DomainError('BANK_FILE_UNKNOWN_FORMAT', `Filen är camt.${match[1]}, inte ${spec.what}`, {
        format: message,
        line: tagStartLine,
        namespace: tag.uri,
      });
    }
    const version = match[2]!;
    state.version = version;
    if (!TESTED_VERSIONS.has(version)) {
      state.findings.add(
        'info',
        'BANK_FILE_UNKNOWN_FORMAT',
        bankFindingMessage('BANK_FILE_UNKNOWN_FORMAT', `camt.${spec.number} version ${version} läses som 001.02/001.08`),
        tagStartLine,
      );
    }
  } else if (tag.local === 'Document' || tag.local === spec.root) {
    throw new DomainError('BANK_FILE_UNKNOWN_FORMAT', `XML-filen är inte ${spec.what}`, { format: message, line: tagStartLine, namespace: tag.uri });
  }
}

/** An element opens at `depth`: it may start the document, the group header, a report, balance, entry or transaction. */
export function openCamtElement(state: CamtReadState, name: string, depth: number): void {
  const { at, spec, tagStartLine } = state;
  const inDocument = state.documentDepth >= 0 && depth === state.documentDepth + 1;
  if (name === spec.root && state.documentDepth < 0) state.documentDepth = depth;
  else if (inDocument && name === 'GrpHdr') state.groupDepth = depth;
  else if (inDocument && name === spec.report) {
    at.report = newCamtReport(tagStartLine);
    at.reportDepth = depth;
  } else if (at.report && !at.entry && !at.balance && depth === at.reportDepth + 1 && name === 'Bal' && state.message === 'camt053') {
    at.balance = newCamtBalance(tagStartLine);
    at.balanceDepth = depth;
  } else if (at.report && !at.entry && !at.balance && depth === at.reportDepth + 1 && name === 'Ntry') {
    at.entry = newCamtEntry(tagStartLine);
    at.entryDepth = depth;
  } else if (at.entry && !at.tx && depth === at.entryDepth + 2 && state.stack[depth - 1] === 'NtryDtls' && name === 'TxDtls') {
    at.tx = newCamtTx(tagStartLine);
    at.txDepth = depth;
  } else if (at.tx) {
    openCamtTxElement(at.tx, below(state, at.txDepth, depth));
  }
}

/** The element at `depth` closes with its text `value`: the innermost open part reads it, or is finished by it. */
export function closeCamtElement(state: CamtReadState, depth: number, value: string): void {
  const { at, currency, findings } = state;
  if (at.tx) {
    if (depth === at.txDepth) {
      at.entry!.txs.push(at.tx);
      at.tx = null;
    } else readCamtTxLeaf(at.tx, below(state, at.txDepth, depth), value, currency);
  } else if (at.entry) {
    if (depth === at.entryDepth) closeCamtEntry(state, at.entry);
    else readCamtEntryLeaf(at.entry, below(state, at.entryDepth, depth), value, currency);
  } else if (at.balance) {
    if (depth === at.balanceDepth) {
      finishCamtBalance(at.report!, at.balance, findings);
      at.balance = null;
    } else readCamtBalanceLeaf(at.balance, below(state, at.balanceDepth, depth), value, currency);
  } else if (at.report) {
    if (depth === at.reportDepth) closeReport(state, at.report);
    else readCamtReportLeaf(at.report, below(state, at.reportDepth, depth), value);
  } else if (state.groupDepth >= 0) {
    if (depth === state.groupDepth) state.groupDepth = -1;
    else if (below(state, state.groupDepth, depth) === 'MsgId' && value) state.messageId = value;
    else if (below(state, state.groupDepth, depth) === 'CreDtTm' && value) state.createdAt = value;
  }
}

function closeReport(state: CamtReadState, report: CamtReportState): void {
  state.at.report = null;
  state.at.reportDepth = -1;
  state.reports.push(report);
  state.finished.push(state.message === 'camt053' ? finishCamtStatement(report, state.findings) : finishCamtReport(report, state.findings));
}
