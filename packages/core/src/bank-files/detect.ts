import { DomainError } from '../errors';
import { decodeLatin1 } from './lines';
import type { BankFileFormat } from './types';

const CAMT_NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:camt\.(\d{3})\./;
const CAMT_NAMES: Readonly<Record<string, string>> = {
  '052': 'camt.052 (kontoinformation under dagen)',
};

function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true;
  }
  return false;
}

/**
 * Which bank file format a file is, from its first chunk (a few hundred bytes are enough):
 * BgMax starts with `01BGMAX`; camt.053 and camt.054 are XML in their namespace; CSV has a header
 * line with `;`, `,` or TAB. Returns null when none fits. Throws BANK_FILE_UNKNOWN_FORMAT for
 * camt.052 and other camt messages, which are not a source of bookings (reference §2.1).
 * @example detectBankFileFormat('01BGMAX               0120040525173035010331P') // 'bgmax'
 */
export function detectBankFileFormat(firstChunk: string | Uint8Array): BankFileFormat | null {
  const raw = typeof firstChunk === 'string' ? firstChunk.slice(0, 8192) : decodeLatin1(firstChunk.subarray(0, 8192));
  // A UTF-8 BOM is U+FEFF as text and "ï»¿" when bytes are read as Latin-1.
  const text = raw.replace(/^(\ufeff|\u00ef\u00bb\u00bf)/, '');
  const start = text.trimStart();
  if (start.startsWith('01BGMAX')) return 'bgmax';
  if (start.startsWith('<')) {
    const match = CAMT_NAMESPACE.exec(start);
    if (!match) return null;
    if (match[1] === '053') return 'camt053';
    if (match[1] === '054') return 'camt054';
    throw new DomainError(
      'BANK_FILE_UNKNOWN_FORMAT',
      `Filen är ${CAMT_NAMES[match[1]!] ?? `camt.${match[1]}`}, varken ett kontoutdrag (camt.053) eller en avisering (camt.054)`,
      { namespace: `camt.${match[1]}` },
    );
  }
  const header = start.split(/\r\n|\n|\r/, 1)[0] ?? '';
  // Text only: control characters other than TAB mean binary data, not a header.
  if (header === '' || hasControlCharacter(header)) return null;
  if (/^sep=[;,\t]$/i.test(header) || /[;,\t]/.test(header)) return 'csv';
  return null;
}
