import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOre, fromDayNumber, ore, oreToDecimal, toDayNumber, type IsoDate, type Ore } from '@fordran/core';
import { makeCaseCreateInputSchema } from './cases';
import { makePaymentCreateInputSchema } from './payments';
import { halfYearStartSchema, isoDateSchema, isoInstantSchema, positiveOreAmountInput, uuidSchema } from './values';
import type { z } from './zod-setup';

/*
 * The edge's reading of domain values and the two create factories (moved here from core's
 * former entity schemas): the spec's Swedish messages and what each input becomes.
 */

const TODAY = '2026-11-22';
const CREDITOR_ID = '0b8f4c2e-5d1a-4c3e-9f7a-2b6d8e1c4a90';
const PARTY_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const REQUIRED = 'Alla obligatoriska fält måste fyllas i';

const positiveOreArb: fc.Arbitrary<Ore> = fc.integer({ min: 1, max: 10_000_000_000 }).map(ore);
const isoDateArb: fc.Arbitrary<IsoDate> = fc.integer({ min: toDayNumber('1900-01-01'), max: toDayNumber('2100-12-31') }).map(fromDayNumber);

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

/** Issues as "path: message" lines. */
function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** `undefined` in a patch removes the field. */
function patched(valid: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const result = { ...valid, ...patch };
  for (const [key, value] of Object.entries(patch)) if (value === undefined) delete result[key];
  return result;
}

describe('positiveOreAmountInput', () => {
  it.each([
    ['7950', 795000],
    ['7 950,50', 795050],
    ['7950.5', 795050],
    [7950.5, 795050],
    ['0,01', 1],
    ['  12 kr ', 1200],
  ] as const)('reads %j as %i öre', (input, expected) => {
    expect(positiveOreAmountInput.parse(input)).toBe(expected);
  });

  it.each([
    [undefined, REQUIRED],
    [null, REQUIRED],
    ['', REQUIRED],
    ['   ', REQUIRED],
    ['1234,567', 'Beloppet får ha högst två decimaler'],
    ['12,345', 'Otydligt belopp: skriv tusental med mellanslag och decimaler efter kommatecken, t.ex. 2 000,50'],
    [0, 'Belopp måste vara större än 0'],
    ['0,00', 'Belopp måste vara större än 0'],
    ['-5', 'Belopp måste vara större än 0'],
    ['tolv', 'Ogiltigt belopp'],
    ['1e5', 'Ogiltigt belopp'],
    [Number.NaN, 'Ogiltigt belopp'],
    [true, 'Ogiltigt belopp'],
  ])('refuses %j with %j', (input, message) => {
    expect(messages(positiveOreAmountInput.safeParse(input))).toEqual([message]);
  });

  it('reads every positive oreToDecimal(x) and formatOre(x) back as x', () => {
    fc.assert(
      fc.property(positiveOreArb, (amountOre) => {
        expect(positiveOreAmountInput.parse(oreToDecimal(amountOre))).toBe(amountOre);
        expect(positiveOreAmountInput.parse(formatOre(amountOre))).toBe(amountOre);
      }),
    );
  });

  it('never yields zero or less', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true }), fc.string()), (input) => {
        const result = positiveOreAmountInput.safeParse(input);
        if (result.success) expect(result.data).toBeGreaterThan(0);
      }),
    );
  });
});

describe('dates, instants and ids', () => {
  it('isoDateSchema accepts exactly the real calendar dates', () => {
    fc.assert(
      fc.property(isoDateArb, (date) => {
        expect(isoDateSchema.parse(date)).toBe(date);
      }),
    );
    expect(messages(isoDateSchema.safeParse('2023-02-29'))).toEqual(['Ogiltigt datum']);
    expect(messages(isoDateSchema.safeParse('22/11/2026'))).toEqual(['Ogiltigt datum']);
    expect(messages(isoDateSchema.safeParse(undefined))).toEqual([REQUIRED]);
  });

  it('halfYearStartSchema takes only 1 January and 1 July', () => {
    fc.assert(
      fc.property(isoDateArb, (date) => {
        expect(halfYearStartSchema.safeParse(date).success).toBe(date.endsWith('-01-01') || date.endsWith('-07-01'));
      }),
    );
    expect(messages(halfYearStartSchema.safeParse('2026-03-01'))).toEqual(['Referensräntan gäller från 1 januari eller 1 juli']);
  });

  it('isoInstantSchema needs a zone', () => {
    expect(isoInstantSchema.safeParse('2026-11-22T09:30:00.000Z').success).toBe(true);
    expect(isoInstantSchema.safeParse('2026-11-22T09:30:00+01:00').success).toBe(true);
    expect(isoInstantSchema.safeParse('2026-11-22T09:30:00').success).toBe(false);
  });

  it('uuidSchema accepts hand-written fixture ids and refuses the rest', () => {
    expect(uuidSchema.safeParse('11111111-1111-1111-1111-111111111111').success).toBe(true);
    expect(messages(uuidSchema.safeParse('case-1'))).toEqual(['Ogiltigt id']);
    expect(messages(uuidSchema.safeParse(undefined))).toEqual([REQUIRED]);
  });
});

describe('makeCaseCreateInputSchema', () => {
  const valid = { creditor_id: CREDITOR_ID, party_id: PARTY_ID, reference_no: 'F-1001', principal_amount: 7950, due_date: TODAY };

  it.each([
    [{ creditor_id: undefined }, `creditor_id: ${REQUIRED}`],
    [{ party_id: undefined }, `party_id: ${REQUIRED}`],
    [{ creditor_id: 'acme' }, 'creditor_id: Ogiltigt id'],
    [{ reference_no: '  ' }, `reference_no: ${REQUIRED}`],
    [{ principal_amount: undefined }, `principal_amount: ${REQUIRED}`],
    [{ principal_amount: 0 }, 'principal_amount: Belopp måste vara större än 0'],
    [{ principal_amount: '1 000,555' }, 'principal_amount: Beloppet får ha högst två decimaler'],
    [{ due_date: undefined }, `due_date: ${REQUIRED}`],
    [{ due_date: '2026-11-23' }, 'due_date: Förfallodatum måste vara i det förflutna'],
    [{ due_date: '2026-02-30' }, 'due_date: Ogiltigt datum'],
    [{ mandate_type: 'agent' }, `agent_creditor_id: ${REQUIRED}`],
    [{ mandate_type: 'broker' }, 'mandate_type: Ogiltigt val'],
  ])('%j gives %j', (patch, issue) => {
    expect(issues(makeCaseCreateInputSchema(TODAY), patched(valid, patch))).toContain(issue);
  });

  it('reads the amount to öre, trims text, and is a direct mandate with no arose_on (the due date, estimated) unless told otherwise', () => {
    expect(makeCaseCreateInputSchema(TODAY).parse({ ...valid, reference_no: ' F-1 ', principal_amount: '7 950,50', notes: '' })).toEqual({
      ...valid,
      reference_no: 'F-1',
      principal_amount: 795050,
      contract_type: null,
      notes: null,
      mandate_type: 'direct',
      legal_creditor_id: null,
      agent_creditor_id: null,
      interest_profile_id: null,
      arose_on: null,
      arose_on_estimated: false,
    });
  });

  it('accepts a claim due on any day up to today and refuses any later day', () => {
    const schema = makeCaseCreateInputSchema(TODAY);
    fc.assert(
      fc.property(isoDateArb, (dueDate) => {
        expect(schema.safeParse({ ...valid, due_date: dueDate }).success).toBe(dueDate <= TODAY);
      }),
    );
  });
});

describe('makePaymentCreateInputSchema', () => {
  const valid = { method: 'bankgiro', amount: '2000.00', ocr: '1234567897' };

  it.each([
    [{ amount: undefined }, `amount: ${REQUIRED}`],
    [{ amount: '0' }, 'amount: Belopp måste vara större än 0'],
    [{ paid_at: '2026-11-23' }, 'paid_at: Betaldatum kan inte vara i framtiden'],
    [{ method: 'cash' }, 'method: Ogiltigt val'],
  ])('%j gives %j', (patch, issue) => {
    expect(issues(makePaymentCreateInputSchema(TODAY), patched(valid, patch))).toContain(issue);
  });

  it('is a manual payment dated today unless told otherwise', () => {
    expect(makePaymentCreateInputSchema(TODAY).parse({ amount: 100 })).toMatchObject({ method: 'manual', amount: 10000, paid_at: TODAY });
  });
});

it('the factories refuse a malformed today', () => {
  expect(() => makeCaseCreateInputSchema('22/11/2026')).toThrow('Ogiltigt datum');
  expect(() => makePaymentCreateInputSchema('2026-02-30')).toThrow('Ogiltigt datum');
});
