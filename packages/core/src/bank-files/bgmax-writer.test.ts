import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ore } from '../money';
import { parseBankFile, writeBgMax, type BgMaxFileSummary, type BgMaxWriterFile, type ParsedBankFile } from '.';
import { SAMPLE_BGMAX_LINES, bgMaxWriterFileArb, expectedBgMaxRecord } from '../../test/arbitraries-bank-files';

/** The sample of reference §1.4 as writer input; written, it must equal the hand-made lines. */
const SAMPLE_FILE: BgMaxWriterFile = {
  timestamp: '20040525173035010331',
  sections: [
    {
      recipient_bankgiro: '9912346',
      account: '5841000001009823',
      paid_at: '2004-05-25',
      deposit_serial: 74,
      payments: [
        { amountOre: ore(100000), bgc_serial: '10', payer_bankgiro: '3783511', reference: '655969', channel_code: 'supplier_payments' },
        {
          amountOre: ore(140000),
          bgc_serial: '11',
          reference_code: 'none',
          extra_references: [
            { reference: '665869', amountOre: ore(100000), reference_code: 'ocr' },
            { reference: '665877', amountOre: ore(50000), reference_code: 'ocr' },
            { reference: '665885', amountOre: ore(40000), reference_code: 'ocr' },
            { reference: '665893', amountOre: ore(-50000), reference_code: 'ocr' },
          ],
          messages: ['Betalning för faktura 665869, 665877, 665885'],
          payer_name: 'Åsa Öberg',
          payer_extra_name: 'c/o Lindström',
          payer_street: 'Storgatan 1',
          payer_postcode: '12345',
          payer_city: 'Örebro',
          payer_country: 'Sverige',
          payer_country_code: 'SE',
          payer_org_no: '5500001234',
        },
        { amountOre: ore(-50000), bgc_serial: '12', reference: '655969', channel_code: 'paper_form', deduction_code: 'full' },
      ],
    },
    {
      recipient_bankgiro: '9912346',
      account: '5841000001009823',
      paid_at: '2004-05-25',
      deposit_serial: 75,
      deposit_type: 'K',
      payments: [
        {
          amountOre: ore(30000),
          bgc_serial: '13',
          payer_bankgiro: '5555555',
          reference: '657866 658765 657767',
          reference_code: 'multiple',
          extra_references: ['657866', '658765', '657767'].map((reference) => ({ reference, amountOre: ore(0), reference_code: 'free_text' as const })),
        },
      ],
    },
  ],
};

async function parse(text: string): Promise<ParsedBankFile<BgMaxFileSummary>> {
  return (await parseBankFile(text, 'bgmax')) as ParsedBankFile<BgMaxFileSummary>;
}

describe('writeBgMax', () => {
  it('writes the reference sample record for record, with computed TK15 and TK70', () => {
    const lines = writeBgMax(SAMPLE_FILE).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toEqual(SAMPLE_BGMAX_LINES.map((line) => line.padEnd(80, ' ')));
  });

  it('writes LF when asked', () => {
    const text = writeBgMax(SAMPLE_FILE, { lineEnding: 'lf' });
    expect(text).not.toContain('\r');
    expect(text.split('\n')).toHaveLength(SAMPLE_BGMAX_LINES.length + 1);
  });

  it.each([
    ['a reference longer than 25 characters', { reference: '1'.repeat(26) }, 'sections[0].payments[0].reference'],
    ['a character outside Latin-1', { payer_name: 'Łukasz' }, 'sections[0].payments[0].payer_name'],
    ['a line break in text', { messages: ['rad 1\nrad 2'] }, 'sections[0].payments[0].messages[0]'],
    ['a bankgiro with letters', { payer_bankgiro: '12A4567' }, 'sections[0].payments[0].payer_bankgiro'],
    ['a BGC-löpnummer longer than 12 digits', { bgc_serial: '1234567890123' }, 'sections[0].payments[0].bgc_serial'],
  ])('refuses %s with VALIDATION_FAILED and the field path', (_name, change, path) => {
    const file = { ...SAMPLE_FILE, sections: [{ ...SAMPLE_FILE.sections[0]!, payments: [{ ...SAMPLE_FILE.sections[0]!.payments[0]!, ...change }] }] };
    expect(() => writeBgMax(file)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', details: expect.objectContaining({ path }) }));
  });

  it('refuses a section whose deductions exceed its payments (the deposit is unsigned)', () => {
    const file = { ...SAMPLE_FILE, sections: [{ ...SAMPLE_FILE.sections[0]!, payments: [{ amountOre: ore(-1), bgc_serial: '1' }] }] };
    expect(() => writeBgMax(file)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('refuses an invalid payment date and timestamp', () => {
    expect(() => writeBgMax({ ...SAMPLE_FILE, timestamp: '2004' })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    const file = { ...SAMPLE_FILE, sections: [{ ...SAMPLE_FILE.sections[0]!, paid_at: '2004-02-30' }] };
    expect(() => writeBgMax(file)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });
});

describe('writeBgMax properties', () => {
  it('every record is exactly 80 characters', () => {
    fc.assert(
      fc.property(bgMaxWriterFileArb, (file) => {
        const lines = writeBgMax(file, { lineEnding: 'lf' }).split('\n').slice(0, -1);
        expect(lines.every((line) => line.length === 80)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('parse(write(x)) returns exactly the payments of x', async () => {
    await fc.assert(
      fc.asyncProperty(bgMaxWriterFileArb, async (file) => {
        const { payments } = await parse(writeBgMax(file));
        const expected = file.sections.flatMap((section) => section.payments.map((payment) => expectedBgMaxRecord(payment, section)));
        expect(payments).toHaveLength(expected.length);
        payments.forEach((record, index) => expect(record).toMatchObject(expected[index]!));
      }),
      { numRuns: 100 },
    );
  });

  it('parse(write(x)) reports no findings at all', async () => {
    await fc.assert(
      fc.asyncProperty(bgMaxWriterFileArb, async (file) => {
        const { summary } = await parse(writeBgMax(file));
        expect(summary.errors).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('each written deposit is Σ payments − Σ deductions of its section', async () => {
    await fc.assert(
      fc.asyncProperty(bgMaxWriterFileArb, async (file) => {
        const { summary } = await parse(writeBgMax(file));
        const expected = file.sections.map((section) => section.payments.reduce((sum, payment) => sum + payment.amountOre, 0));
        expect(summary.sections.map((section) => section.deposit_amountOre)).toEqual(expected);
        expect(summary.total_amountOre).toBe(expected.reduce((a, b) => a + b, 0));
      }),
      { numRuns: 100 },
    );
  });

  it('transaction ids are unique within a written file', async () => {
    await fc.assert(
      fc.asyncProperty(bgMaxWriterFileArb, async (file) => {
        const { payments } = await parse(writeBgMax(file));
        expect(new Set(payments.map((payment) => payment.transaction_id)).size).toBe(payments.length);
      }),
      { numRuns: 50 },
    );
  });
});

describe('100 000 payments', () => {
  it('writes and streams a 100 000-payment file with correct totals', async () => {
    const payments = Array.from({ length: 100_000 }, (_, index) => ({
      amountOre: ore(10_000 + index),
      bgc_serial: String(index + 1),
      reference: `${1_000_000 + index}`,
      payer_name: `Betalare ${index}`,
    }));
    const text = writeBgMax({ timestamp: '20261122120000000000', sections: [{ ...SAMPLE_FILE.sections[0]!, payments }] });
    const { summary } = await parse(text);
    expect(summary.payments).toBe(100_000);
    expect(summary.total_amountOre).toBe(payments.reduce((sum, p) => sum + p.amountOre, 0));
    expect(summary.errors).toEqual([]);
  }, 60_000);
});
