import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import {
  checkDemandPaymentDays,
  DEMAND_PAYMENT_DAYS_DEFAULT,
  demandPaymentDeadline,
  hasSentCompliantDemand,
  LIBRARY_DEMAND_CODES,
  missingDemandContent,
  TEMPLATE_LIBRARY_V1,
  templateBodyAt,
} from '.';

const DEMAND = TEMPLATE_LIBRARY_V1.find((template) => template.code === LIBRARY_DEMAND_CODES.letter)!.body_md;

function codeOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('the payment time of a demand (god inkassosed: at least 8 days)', () => {
  it.each([
    [8, 8],
    [DEMAND_PAYMENT_DAYS_DEFAULT, 10],
    [60, 60],
  ])('accepts %s days', (days, expected) => {
    expect(checkDemandPaymentDays(days)).toBe(expected);
  });

  it.each([
    [7, 'DEMAND_PAYMENT_DAYS_TOO_SHORT'],
    [0, 'DEMAND_PAYMENT_DAYS_TOO_SHORT'],
    [-10, 'DEMAND_PAYMENT_DAYS_TOO_SHORT'],
    [8.5, 'VALIDATION_FAILED'],
    [61, 'VALIDATION_FAILED'],
    [Number.NaN, 'VALIDATION_FAILED'],
  ])('refuses %s days with %s', (days, code) => {
    expect(codeOf(() => checkDemandPaymentDays(days))).toBe(code);
  });

  it('counts the deadline from the day the demand is sent, across a month and a year', () => {
    expect(demandPaymentDeadline('2026-11-20', 10)).toBe('2026-11-30');
    expect(demandPaymentDeadline('2026-12-28', 8)).toBe('2027-01-05');
    expect(codeOf(() => demandPaymentDeadline('2026-11-20', 7))).toBe('DEMAND_PAYMENT_DAYS_TOO_SHORT');
  });
});

describe('missingDemandContent (inkassolagen 5 §, god inkassosed)', () => {
  it('finds nothing missing in the library’s inkassokrav, on every channel it is offered', () => {
    for (const template of TEMPLATE_LIBRARY_V1.filter((t) => t.category === 'demand'))
      expect(missingDemandContent(template.body_md), template.code).toEqual([]);
  });

  it('names each element a thin demand lacks, in the order a demand reads', () => {
    expect(missingDemandContent('Hej {{debtor_name}}, betala {{amount}}.').map((element) => element.label)).toEqual([
      'Borgenär',
      'Inkassoombud',
      'Vad fordran avser',
      'Kapital',
      'Ränta med räntesats och period',
      'Varje avgift för sig',
      'Sista dag att betala (minst 8 dagar)',
      'Bankgiro och OCR-nummer',
      'Hur och senast när invändning görs',
      'Vad som händer om gäldenären varken betalar eller invänder',
    ]);
  });

  it.each([
    ['the interest as one number instead of per period', '{{interest_specification}}', '{{interest}}', 'interest'],
    ['one fee total instead of each fee', '{{fee_specification}}', '{{fees}}', 'fees'],
    ['the OCR number', '{{ocr}}', 'ditt OCR-nummer', 'payment_details'],
    ['how to object', /invändning|invänder/g, 'synpunkt', 'objection'],
    ['what happens next', /Kronofogden|betalningsföreläggande/g, 'nästa steg', 'consequence'],
  ])('notices when a demand loses %s', (_label, find, replacement, code) => {
    const thinner = DEMAND.replaceAll(find as string, replacement);
    expect(missingDemandContent(thinner).map((element) => element.code)).toContain(code);
  });
});

describe('hasSentCompliantDemand (what the 180 kr fee requires, lag 1981:739 3 § 1)', () => {
  const demand = { status: 'sent' as const, category: 'demand' as const, template_body: DEMAND };

  it('is true once the compliant demand has left the agency', () => {
    for (const status of ['sent', 'delivered', 'opened'] as const) expect(hasSentCompliantDemand([{ ...demand, status }])).toBe(true);
  });

  it.each([
    ['nothing sent', []],
    ['a demand still queued', [{ ...demand, status: 'pending' as const }]],
    ['a demand that failed', [{ ...demand, status: 'failed' as const }]],
    ['a demand cancelled', [{ ...demand, status: 'cancelled' as const }]],
    ['a reminder with the same text', [{ ...demand, category: 'reminder' as const }]],
    ['a message without a template', [{ ...demand, category: null, template_body: null }]],
    ['a demand lacking the interest periods', [{ ...demand, template_body: DEMAND.replace('{{interest_specification}}', '{{interest}}') }]],
  ])('is false for %s', (_label, messages) => {
    expect(hasSentCompliantDemand(messages)).toBe(false);
  });
});

describe('templateBodyAt', () => {
  const replaced = [
    { version: 1, body_md: 'v1', replaced_at: '2026-01-01T00:00:00.000Z' },
    { version: 2, body_md: 'v2', replaced_at: '2026-02-01T00:00:00.000Z' },
  ];

  it.each([
    ['2025-12-31T23:59:59.999Z', 'v1'],
    ['2026-01-01T00:00:00.000Z', 'v2'],
    ['2026-01-15T12:00:00.000Z', 'v2'],
    ['2026-02-01T00:00:00.000Z', 'v3'],
    ['2026-03-01T00:00:00.000Z', 'v3'],
  ])('a message made at %s was rendered from %s', (at, expected) => {
    expect(templateBodyAt('v3', [...replaced].reverse(), at)).toBe(expected);
  });
});
