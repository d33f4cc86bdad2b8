import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ore } from '../money';
import {
  encodeBankFileLatin1,
  parseBankCsvAmount,
  parseBankCsvDate,
  parseBankFile,
  splitBankCsvRecord,
  type BankCsvFileSummary,
  type BankCsvOptions,
  type ParsedBankFile,
} from '.';
import { recentIsoDateArb } from '../../test/arbitraries';
import { bankTextArb } from '../../test/arbitraries-bank-files';

async function parse(input: string | Uint8Array, csv: BankCsvOptions = {}): Promise<ParsedBankFile<BankCsvFileSummary>> {
  return (await parseBankFile(input, 'csv', { csv })) as ParsedBankFile<BankCsvFileSummary>;
}

// 1234566 passes the Luhn check; 1234567 does not.
const SWEDISH = [
  '\ufeffDatum;Belopp;OCR;Meddelande;Namn',
  '2024-05-25;1 234,50;1234566;"Faktura ""maj""; tack";Åsa Öberg',
  '20240526;100;;"Rad ett',
  'rad två";Bo Ek',
  '2024-05-27;12,5;1234567;;',
  '2024-05-28;-300,00;;Utbetalning;',
  '2024-13-01;100,00;;;',
  '2024-05-29;tio kronor;;;',
  '',
].join('\r\n');

describe('bank CSV, Swedish headers', () => {
  it('reads the rows with decimal comma, quotes, escaped quotes and a line break inside quotes', async () => {
    const { payments, summary } = await parse(SWEDISH);
    expect(payments.map((p) => [p.line, p.paid_at, p.amountOre])).toEqual([
      [2, '2024-05-25', 123450],
      [3, '2024-05-26', 10000],
      [5, '2024-05-27', 1250],
    ]);
    expect(payments[0]).toMatchObject({ ocr: '1234566', reference_code: 'ocr', message: 'Faktura "maj"; tack', payer_name: 'Åsa Öberg', currency: 'SEK' });
    expect(payments[1]).toMatchObject({ message: 'Rad ett\nrad två', payer_name: 'Bo Ek', reference_code: 'none', ocr: null });
    expect(summary).toMatchObject({ delimiter: ';', encoding: 'utf-8', rows: 6, skipped_rows: 3, total_creditsOre: 134700, total_debitsOre: 30000 });
    expect(summary.columns).toMatchObject({ paid_at: 'Datum', amount: 'Belopp', ocr: 'OCR', message: 'Meddelande', payer_name: 'Namn' });
  });

  it('reports row problems with their line numbers', async () => {
    const { summary } = await parse(SWEDISH);
    expect(summary.errors.map((f) => [f.severity, f.code, f.line])).toEqual([
      ['warning', 'INVALID_OCR', 5],
      ['error', 'INVALID_DATE', 7],
      ['error', 'INVALID_AMOUNT', 8],
      ['info', 'BANK_FILE_RECORD_IGNORED', 6],
    ]);
  });

  it('keeps an OCR that fails the check digit as reference, marked invalid_ocr', async () => {
    const { payments } = await parse(SWEDISH);
    expect(payments[2]).toMatchObject({ reference: '1234567', reference_code: 'invalid_ocr', ocr: null });
  });

  it('falls back to Latin-1 when the bytes are not UTF-8', async () => {
    const { payments, summary } = await parse(encodeBankFileLatin1('datum;belopp;namn\n2024-05-25;10,00;Åsa Öberg\n'));
    expect(summary.encoding).toBe('latin1');
    expect(payments[0]!.payer_name).toBe('Åsa Öberg');
  });
});

describe('bank CSV, English headers and mapping', () => {
  const ENGLISH = 'id,date,amount,reference,message,name,currency\nT-1,2024-05-25,"1,234.50",INV 77,"Hello, world",Ann,EUR\nT-2,2024-05-25T10:00:00,99.9,,,,\n';

  it('detects the comma delimiter and reads dot decimals and the id column; a EUR row is reported, never a payment', async () => {
    const { payments, foreign, summary } = await parse(ENGLISH);
    expect(summary.delimiter).toBe(',');
    expect(payments.map((p) => [p.transaction_id, p.amountOre, p.currency, p.reference, p.reference_code])).toEqual([['csv:T-2', 9990, 'SEK', null, 'none']]);
    expect(foreign.map((p) => [p.transaction_id, p.amountOre, p.currency, p.reference, p.message])).toEqual([
      ['csv:T-1', 123450, 'EUR', 'INV 77', 'Hello, world'],
    ]);
    expect([summary.payments, summary.foreign, summary.total_amountOre, summary.total_creditsOre]).toEqual([1, 1, 9990, 9990]);
    expect(summary.errors).toContainEqual({ severity: 'warning', code: 'BANK_FILE_CURRENCY', line: 2, message: expect.stringContaining('1,234.50 EUR') });
  });

  it('uses an explicit mapping for unknown headers', async () => {
    const text = 'Bokf dag\tSumma kr\tBetalarens referens\n2024-05-25\t500\t1234566\n';
    const { payments } = await parse(text, { mapping: { paid_at: 'Bokf dag', amount: 'Summa kr', ocr: 'Betalarens referens' } });
    expect(payments[0]).toMatchObject({ paid_at: '2024-05-25', amountOre: 50000, ocr: '1234566' });
  });

  it.each([
    ['no date column', 'belopp;namn\n100;Ann\n'],
    ['no amount column', 'datum;namn\n2024-05-25;Ann\n'],
    ['a mapped header that is missing', 'datum;belopp\n2024-05-25;1\n', { mapping: { ocr: 'Referens' } }],
    ['no delimiter in the header', 'datum\n2024-05-25\n'],
    ['an empty file', ''],
  ] as [string, string, BankCsvOptions?][])('throws BANK_FILE_UNREADABLE for %s', async (_name, text, options) => {
    await expect(parse(text, options)).rejects.toMatchObject({ name: 'DomainError', code: 'BANK_FILE_UNREADABLE' });
  });

  it('hashes rows without an id stably and tells identical rows apart', async () => {
    const text = 'datum;belopp;ocr\n2024-05-25;100;1234566\n2024-05-25;100;1234566\n';
    const first = await parse(text);
    const again = await parse(`datum;belopp;ocr\n2024-05-25;100,00;1234566\n`);
    expect(first.payments[0]!.transaction_id).toMatch(/^csv:sha256-[0-9a-f]{32}$/);
    expect(again.payments[0]!.transaction_id).toBe(first.payments[0]!.transaction_id);
    expect(first.payments[1]!.transaction_id).toBe(`${first.payments[0]!.transaction_id}#2`);
    expect(first.summary.errors).toContainEqual(expect.objectContaining({ code: 'BANK_FILE_DUPLICATE_TRANSACTION', line: 3 }));
  });
});

describe('bank CSV values', () => {
  it.each([
    ['1 234,50', 123450],
    ['1.234,50', 123450],
    ['1,234.50', 123450],
    ['1234.5', 123450],
    ['+100', 10000],
    ['-12,50', -1250],
    ['1 000 kr', 100000],
    ['12,345', 1234500],
  ])('parseBankCsvAmount(%j) = %i', (text, expected) => {
    expect(parseBankCsvAmount(text)).toBe(expected);
  });

  it.each(['', 'abc', '1,2,3', '1.2.3,45', '12,3456'])('parseBankCsvAmount(%j) is null', (text) => {
    expect(parseBankCsvAmount(text)).toBeNull();
  });

  it.each([
    ['2024-05-25', '2024-05-25'],
    ['20240525', '2024-05-25'],
    ['2024/05/25', '2024-05-25'],
    ['2024-05-25 13:00', '2024-05-25'],
    ['2024-02-30', null],
    ['25.05.2024', null],
    ['2024-0525', null],
  ])('parseBankCsvDate(%j) = %j', (text, expected) => {
    expect(parseBankCsvDate(text)).toBe(expected);
  });
});

/** Writes one CSV field the way spreadsheet programs do. */
const csvField = (value: string, delimiter: string) => (/["\n\r]/.test(value) || value.includes(delimiter) ? `"${value.replace(/"/g, '""')}"` : value);

describe('bank CSV properties', () => {
  const rowArb = fc.record({
    paid_at: recentIsoDateArb,
    amountOre: fc.integer({ min: 1, max: 10_000_000_000 }).map(ore),
    message: fc.oneof(
      bankTextArb(40),
      bankTextArb(20).map((text) => `${text}\n${text}`),
    ),
    name: bankTextArb(30),
  });

  it('parse(write(rows)) returns the rows, whatever the delimiter and line ending', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArb, { minLength: 1, maxLength: 10 }),
        fc.constantFrom(';', ',', '\t'),
        fc.constantFrom('\n', '\r\n'),
        async (rows, delimiter, eol) => {
          const lines = [['Datum', 'Belopp', 'Meddelande', 'Namn'].join(delimiter)];
          for (const row of rows) {
            const amount = `${Math.floor(row.amountOre / 100)}${delimiter === ',' ? '.' : ','}${String(row.amountOre % 100).padStart(2, '0')}`;
            lines.push([row.paid_at, amount, row.message, row.name].map((value) => csvField(value, delimiter)).join(delimiter));
          }
          const { payments, summary } = await parse(lines.join(eol) + eol);
          expect(summary.errors.filter((f) => f.severity !== 'info' && f.code !== 'BANK_FILE_DUPLICATE_TRANSACTION')).toEqual([]);
          expect(payments.map((p) => [p.paid_at, p.amountOre, p.message, p.payer_name])).toEqual(rows.map((r) => [r.paid_at, r.amountOre, r.message, r.name]));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('splitting a written record gives back its fields', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 6 }), fc.constantFrom(';', ','), (fields, delimiter) => {
        const text = fields.map((field) => `"${field.replace(/"/g, '""')}"`).join(delimiter);
        expect(splitBankCsvRecord(text, delimiter)).toEqual({ fields, open: false });
      }),
    );
  });
});
