import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../errors';
import { detectBankFileFormat, encodeBankFileLatin1, parseBankFile, streamBankFile } from '.';
import { SAMPLE_BGMAX_LINES } from '../../test/arbitraries-bank-files';

const CAMT053 = '<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>';
const BGMAX = `${SAMPLE_BGMAX_LINES.map((line) => line.padEnd(80)).join('\r\n')}\r\n`;

describe('detectBankFileFormat', () => {
  it.each([
    ['BgMax', '01BGMAX               0120040525173035010331P', 'bgmax'],
    ['BgMax with a UTF-8 BOM (bytes)', new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('01BGMAX  ')]), 'bgmax'],
    ['camt.053 001.02', CAMT053, 'camt053'],
    ['camt.053 001.08 after a BOM', `\ufeff${CAMT053.replace('001.02', '001.08')}`, 'camt053'],
    ['camt.054 001.02', CAMT053.replace('camt.053', 'camt.054'), 'camt054'],
    ['camt.054 001.08', CAMT053.replace('camt.053.001.02', 'camt.054.001.08'), 'camt054'],
    ['CSV with semicolons', 'Datum;Belopp;OCR\n2024-05-25;100;', 'csv'],
    ['CSV with commas', 'date,amount\n', 'csv'],
    ['CSV with an Excel sep= line', 'sep=;\nDatum;Belopp', 'csv'],
    ['plain text', 'hello world', null],
    ['XML that is not camt', '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">', null],
    ['binary', new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x3b]), null],
    ['empty', '', null],
  ] as const)('%s → %s', (_name, chunk, expected) => {
    expect(detectBankFileFormat(chunk)).toBe(expected);
  });

  it.each(['052', '086'])('rejects camt.%s with a clear error', (message) => {
    expect(() => detectBankFileFormat(CAMT053.replace('camt.053', `camt.${message}`))).toThrow(
      expect.objectContaining({ code: 'BANK_FILE_UNKNOWN_FORMAT', message: expect.stringContaining(`camt.${message}`) }),
    );
  });

  it('never throws anything but a DomainError', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.uint8Array()), (chunk) => {
        try {
          const format = detectBankFileFormat(chunk);
          expect([null, 'bgmax', 'camt053', 'camt054', 'csv']).toContain(format);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
        }
      }),
    );
  });
});

describe('parseBankFile without a format', () => {
  it('detects BgMax in Latin-1 bytes delivered in small chunks', async () => {
    const bytes = encodeBankFileLatin1(BGMAX);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    const { payments, summary } = await parseBankFile(chunks);
    expect(summary.format).toBe('bgmax');
    expect(payments).toHaveLength(4);
    expect(payments[1]!.payer_name).toBe('Åsa Öberg c/o Lindström');
  });

  it('detects CSV', async () => {
    const { summary } = await parseBankFile('datum;belopp\n2024-05-25;10\n');
    expect(summary).toMatchObject({ format: 'csv', payments: 1 });
  });

  it('throws BANK_FILE_UNKNOWN_FORMAT for an unknown file', async () => {
    await expect(parseBankFile('hello world')).rejects.toMatchObject({ code: 'BANK_FILE_UNKNOWN_FORMAT' });
    await expect(parseBankFile(new Uint8Array())).rejects.toMatchObject({ code: 'BANK_FILE_UNKNOWN_FORMAT', message: 'Filen är tom' });
  });

  it('streams from an async iterable', async () => {
    async function* source() {
      for (const line of BGMAX.split(/(?<=\n)/)) yield line;
    }
    const kinds: string[] = [];
    for await (const event of streamBankFile(source())) kinds.push(event.kind);
    expect(kinds).toEqual(['payment', 'payment', 'payment', 'payment', 'end']);
  });
});

describe('garbage never crashes a parser', () => {
  const formats = [undefined, 'bgmax', 'camt053', 'csv'] as const;

  it('random text: each parser returns a summary or throws a DomainError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 400, unit: 'binary' }), fc.constantFrom(...formats), async (text, format) => {
        try {
          const { summary } = await parseBankFile(text, format);
          expect(summary.errors.length).toBeLessThanOrEqual(1001);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('random bytes: each parser returns a summary or throws a DomainError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), fc.constantFrom(...formats), async (bytes, format) => {
        try {
          await parseBankFile(bytes, format);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('random records made of BgMax-looking lines: returns a summary or throws a DomainError', async () => {
    const lineArb = fc
      .tuple(
        fc.constantFrom('01', '05', '15', '20', '21', '22', '23', '25', '26', '27', '28', '29', '70', '99'),
        fc.string({ maxLength: 90, unit: fc.constantFrom('0', '1', '9', ' ', 'A', 'Å', '\t') }),
      )
      .map(([tk, rest]) => tk + rest);
    await fc.assert(
      fc.asyncProperty(fc.array(lineArb, { maxLength: 30 }), async (lines) => {
        try {
          const { summary } = await parseBankFile(lines.join('\n'), 'bgmax');
          expect(summary.total_amountOre).toBe(summary.total_creditsOre - summary.total_debitsOre);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a flood of bad lines keeps at most the capped number of findings', async () => {
    const text = `01BGMAX               0120040525173035010331P\n${'99junk\n'.repeat(3000)}`;
    const { summary } = await parseBankFile(text, 'bgmax');
    expect(summary.errors.length).toBeLessThanOrEqual(1001);
    expect(summary.finding_counts.info).toBeGreaterThanOrEqual(3000);
  });
});
