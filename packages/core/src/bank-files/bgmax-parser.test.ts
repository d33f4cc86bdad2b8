import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../errors';
import { encodeBankFileLatin1, parseBankFile, streamBgMax, type BankFileFinding, type BgMaxFileSummary, type ParsedBankFile } from '.';
import { SAMPLE_BGMAX_LINES, WORKED_TK15, WORKED_TK20 } from '../../test/arbitraries-bank-files';

/** Pads a record to 80 characters, like every BgMax line. */
const rec = (text: string) => text.padEnd(80, ' ');
const sampleText = (eol = '\r\n', lines = SAMPLE_BGMAX_LINES) => lines.map(rec).join(eol) + eol;

async function parse(text: string | Uint8Array): Promise<ParsedBankFile<BgMaxFileSummary>> {
  return (await parseBankFile(text, 'bgmax')) as ParsedBankFile<BgMaxFileSummary>;
}

const codes = (findings: BankFileFinding[]) => findings.map((f) => `${f.severity}:${f.code}@${f.line ?? '-'}`);

describe('BgMax worked example (reference §1.5)', () => {
  const file = [
    '01BGMAX               0120040525173035010331P',
    '050009912346          SEK',
    WORKED_TK20,
    '15000000000000000000058410000010098232004052500074000000000000100000SEK00000001',
    '7000000001000000000000000000000001',
  ];

  it.each([
    ['payer_bankgiro', '3783511'],
    ['reference', '655969'],
    ['reference_code', 'ocr'],
    ['ocr', '655969'],
    ['amountOre', 100000],
    ['channel_code', 'supplier_payments'],
    ['bank_reference', '000000000010'],
    ['has_image', false],
    ['paid_at', '2004-05-25'],
    ['recipient_account', '5841000001009823'],
    ['currency', 'SEK'],
  ] as const)('reads TK20 field %s = %j', async (field, value) => {
    const { payments } = await parse(sampleText('\n', file));
    expect(payments[0]![field]).toBe(value);
  });

  it('reads the TK15 example: account, date, deposit number, amount, count', async () => {
    const { summary } = await parse(sampleText());
    expect(summary.sections[0]).toMatchObject({
      account: '5841000001009823',
      paid_at: '2004-05-25',
      deposit_serial: '00074',
      deposit_amountOre: 190000,
      deposit_count: 3,
      currency: 'SEK',
      deposit_type: null,
    });
  });
});

describe('BgMax sample file (reference §1.4)', () => {
  it('returns every payment and deduction with signed amounts and no errors', async () => {
    const { payments, summary } = await parse(sampleText());
    expect(summary.errors).toEqual(expect.not.arrayContaining([expect.objectContaining({ severity: 'error' })]));
    expect(payments.map((p) => [p.line, p.amountOre, p.is_deduction])).toEqual([
      [3, 100000, false],
      [4, 140000, false],
      [14, -50000, true],
      [17, 30000, false],
    ]);
    expect(summary.sections.map((s) => s.deposit_amountOre)).toEqual([190000, 30000]);
    expect(summary).toMatchObject({ payments: 4, total_amountOre: 220000, total_creditsOre: 270000, total_debitsOre: 50000 });
  });

  it('keeps the extra references with TK23 negative', async () => {
    const { payments } = await parse(sampleText());
    expect(payments[1]!.extra_references).toEqual([
      { reference: '665869', amountOre: 100000, reference_code: 'ocr' },
      { reference: '665877', amountOre: 50000, reference_code: 'ocr' },
      { reference: '665885', amountOre: 40000, reference_code: 'ocr' },
      { reference: '665893', amountOre: -50000, reference_code: 'ocr' },
    ]);
    expect(payments[3]!.extra_references.map((r) => [r.reference, r.amountOre])).toEqual([
      ['657866', 0],
      ['658765', 0],
      ['657767', 0],
    ]);
    expect(payments[3]!).toMatchObject({ reference: '657866 658765 657767', reference_code: 'multiple', ocr: null });
  });

  it('reads the payer records TK25–TK29 (Latin-1)', async () => {
    const { payments } = await parse(encodeBankFileLatin1(sampleText()));
    expect(payments[1]).toMatchObject({
      message: 'Betalning för faktura 665869, 665877, 665885',
      payer_name: 'Åsa Öberg c/o Lindström',
      payer_address: 'Storgatan 1, 12345 Örebro, Sverige',
      payer_address_parts: { street: 'Storgatan 1', postcode: '12345', city: 'Örebro', country: 'Sverige', country_code: 'SE' },
      payer_org_no: '5500001234',
    });
  });

  it('reads the deduction code and the file header', async () => {
    const { payments, summary } = await parse(sampleText());
    expect(payments[2]).toMatchObject({ deduction_code: 'full', reference_code: 'ocr', channel_code: 'paper_form' });
    expect(summary).toMatchObject({
      timestamp: '20040525173035010331',
      written_at: '2004-05-25T17:30:35.010331',
      is_test: false,
      version: '01',
      trailer: { payment_records: 3, deduction_records: 1, extra_reference_records: 7, deposit_records: 2 },
    });
    expect(summary.sections[1]).toMatchObject({ deposit_type: 'K', deposit_serial: '00075' });
  });

  it('identifies transactions by recipient bankgiro, date and BGC-löpnummer, and the file by timestamp and deposits', async () => {
    const { payments, summary } = await parse(sampleText());
    expect(payments[0]!.transaction_id).toBe('bgmax:9912346:2004-05-25:000000000010');
    expect(new Set(payments.map((p) => p.transaction_id)).size).toBe(payments.length);
    expect(summary.file_identity).toBe('bgmax:20040525173035010331:9912346/00074,9912346/00075');
  });

  it('CRLF, LF and lines without trailing blanks give the same payments', async () => {
    const crlf = await parse(sampleText('\r\n'));
    const lf = await parse(sampleText('\n'));
    const trimmed = await parse(SAMPLE_BGMAX_LINES.join('\n'));
    expect(lf.payments).toEqual(crlf.payments);
    expect(trimmed.payments).toEqual(crlf.payments);
    expect(trimmed.summary.errors.map((f) => f.severity)).toEqual(['info']); // short lines, reported once
  });
});

describe('BgMax validation findings (reference §1.4)', () => {
  const lines = SAMPLE_BGMAX_LINES.map(rec);
  const replace = (index: number, line: string) => lines.map((l, i) => (i === index ? line : l));
  const without = (index: number) => lines.filter((_, i) => i !== index);
  const insert = (index: number, line: string) => [...lines.slice(0, index), line, ...lines.slice(index)];

  it.each([
    ['TK01 missing', without(0), 'error:BANK_FILE_STRUCTURE@1'],
    ['TK70 missing', without(21), 'error:BANK_FILE_STRUCTURE@21'],
    ['section not closed by TK15', without(14), 'error:BANK_FILE_STRUCTURE@15'],
    ['deposit amount ≠ Σ TK20 − Σ TK21', replace(14, WORKED_TK15.replace('000000000000190000', '000000000000190001')), 'error:BANK_FILE_TOTALS_MISMATCH@15'],
    ['deposit count ≠ TK20 + TK21', replace(14, WORKED_TK15.replace('SEK00000003', 'SEK00000002')), 'error:BANK_FILE_TOTALS_MISMATCH@15'],
    ['TK70 payment count', replace(21, rec('7000000004000000010000000700000002')), 'error:BANK_FILE_TOTALS_MISMATCH@22'],
    ['TK70 extra reference count', replace(21, rec('7000000003000000010000000600000002')), 'error:BANK_FILE_TOTALS_MISMATCH@22'],
    ['amount not numeric', replace(2, rec(WORKED_TK20.replace('000000000000100000', '0000000000001000x0'))), 'error:INVALID_AMOUNT@3'],
    ['invalid payment date', replace(14, WORKED_TK15.replace('20040525', '20040231')), 'error:INVALID_DATE@15'],
    ['invalid TK01 timestamp', replace(0, rec('01BGMAX               0120041325173035010331P')), 'error:INVALID_DATE@1'],
    ['unknown record type', insert(3, rec('99whatever')), 'info:BANK_FILE_RECORD_IGNORED@4'],
    ['record after TK70', [...lines, rec('25late')], 'error:BANK_FILE_STRUCTURE@23'],
    ['TK22 without a payment', insert(2, rec('220000000000                   665869000000000000100000210000000000110')), 'warning:BANK_FILE_STRUCTURE@3'],
    ['second TK26 for a payment', insert(10, rec('26Other Name')), 'warning:BANK_FILE_STRUCTURE@11'],
    ['a line longer than 81 characters', replace(2, rec(WORKED_TK20) + 'XY'), 'warning:BANK_FILE_LINE_FORMAT@3'],
  ])('%s', async (_name, fileLines, expected) => {
    const { summary } = await parse(fileLines.join('\r\n'));
    expect(codes(summary.errors)).toContain(expected);
  });

  it('tolerates a TAB, an 81st blank and blank lines with info findings only', async () => {
    const odd = replace(2, WORKED_TK20.replace('               655969', '\t              655969'));
    odd[3] = `${odd[3]} `;
    odd.splice(5, 0, '');
    const { payments, summary } = await parse(odd.join('\n'));
    expect(payments).toHaveLength(4);
    expect(payments[0]!.ocr).toBe('655969');
    expect(summary.errors.every((f) => f.severity === 'info')).toBe(true);
    // One finding per kind of oddity (TAB, short line, 81st blank, blank line), with its first line.
    expect(summary.errors.map((f) => [f.code, f.line])).toEqual([
      ['BANK_FILE_LINE_FORMAT', 3],
      ['BANK_FILE_LINE_FORMAT', 3],
      ['BANK_FILE_LINE_FORMAT', 4],
      ['BANK_FILE_LINE_FORMAT', 6],
    ]);
  });

  it('still dates the payments of an unclosed section (with the file date) and reports it', async () => {
    const { payments, summary } = await parse(without(14).join('\n'));
    expect(payments.slice(0, 3).map((p) => p.paid_at)).toEqual(['2004-05-25', '2004-05-25', '2004-05-25']);
    expect(summary.errors.some((f) => f.severity === 'error' && f.message.includes('skrivdag'))).toBe(true);
  });

  it('skips a payment whose amount is unreadable and does not repeat it as a sum error', async () => {
    const { payments, summary } = await parse(replace(2, rec(WORKED_TK20.replace('000000000000100000', '0000000000001000x0'))).join('\n'));
    expect(payments.map((p) => p.line)).toEqual([4, 14, 17]);
    expect(summary.errors.filter((f) => f.severity === 'error').map((f) => f.code)).toEqual(['INVALID_AMOUNT']);
  });

  it.each([
    ['an empty file', ''],
    ['only blank lines', '\r\n  \r\n'],
    ['text without BgMax records', 'hello world\nthis is not a bank file\n'],
  ])('throws BANK_FILE_UNREADABLE for %s', async (_name, text) => {
    await expect(parse(text)).rejects.toMatchObject({ name: 'DomainError', code: 'BANK_FILE_UNREADABLE' });
  });

  it('a mismatching section reports the TK15 line', async () => {
    const { summary } = await parse(replace(14, WORKED_TK15.replace('00000003', '00000009')).join('\n'));
    const finding = summary.errors.find((f) => f.code === 'BANK_FILE_TOTALS_MISMATCH');
    expect(finding?.line).toBe(15);
    expect(finding?.message).toContain('9');
  });
});

describe('BgMax streaming', () => {
  it('any chunking of the bytes gives the same result as the whole file', async () => {
    const bytes = encodeBankFileLatin1(sampleText());
    const whole = await parse(bytes);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }), async (cuts) => {
        const points = [0, ...[...new Set(cuts)].sort((a, b) => a - b), bytes.length];
        const chunks = points.slice(1).map((end, i) => bytes.subarray(points[i]!, end));
        const parsed = await parseBankFile(chunks, 'bgmax');
        expect(parsed.payments).toEqual(whole.payments);
        expect(parsed.summary.content_sha256).toBe(whole.summary.content_sha256);
      }),
      { numRuns: 50 },
    );
  });

  it('yields a section’s payments before the next section is read', async () => {
    const lines = sampleText('\n').split('\n');
    let pulled = 0;
    async function* source() {
      for (const line of lines) {
        pulled += 1;
        yield `${line}\n`;
      }
    }
    for await (const event of streamBgMax(source())) {
      if (event.kind === 'payment') {
        expect(pulled).toBeLessThan(lines.length);
        break;
      }
    }
  });

  it('never throws anything but a DomainError for a mutated file', async () => {
    const text = sampleText('\n');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: text.length - 1 }), fc.string({ maxLength: 3 }), fc.nat({ max: 5 })), { maxLength: 8 }),
        async (edits) => {
          let mutated = text;
          for (const [at, insertText, remove] of edits) mutated = mutated.slice(0, at) + insertText + mutated.slice(at + remove);
          try {
            const { summary } = await parse(mutated);
            expect(summary.format).toBe('bgmax');
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
