import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { ore } from '../money';
import { oreArb, recentIsoDateArb } from '../../test/arbitraries';
import {
  COMM_TEMPLATE_VARIABLE_NAMES,
  COMM_TEMPLATE_VARIABLES,
  commTemplateValuesForCase,
  extractTemplateVariables,
  renderTemplate,
  unknownTemplateVariables,
  type CommTemplateValues,
  type CommTemplateVariableName,
} from '.';

const NBSP = '\u00a0';

const fullValues: CommTemplateValues = {
  debtor_name: 'Sven Svensson',
  debtor_national_id: '19811218-9876',
  creditor_name: 'Acme Kredit AB',
  case_reference: 'F-2024-001',
  amount: ore(943684),
  principal: ore(795000),
  interest: ore(56684),
  fees: ore(24000),
  due_date: '2024-12-15',
  today: '2025-08-20',
  message_reference: '3F2A1B2C',
  ocr: '12351',
  bankgiro: '5402-9681',
  agent_name: 'Nordisk Inkasso AB',
  claim_description: 'Faktura F-2024-001, förfallen 2024-12-15',
  interest_specification: 'Ingen ränta har debiterats.',
  fee_specification: 'Inga avgifter har debiterats.',
  paid: ore(0),
  payment_deadline: '2025-08-30',
};

function errorOf(action: () => unknown): DomainError {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('extractTemplateVariables', () => {
  it.each([
    ['Hej {{debtor_name}}!', ['debtor_name']],
    ['{{amount}} {{ amount }} {{\tamount\n}}', ['amount']],
    ['{{due_date}} före {{today}}, {{due_date}}', ['due_date', 'today']],
    ['{{ okänd variabel }} och {{debtor_name}}', ['okänd variabel', 'debtor_name']],
    ['{{}} {{ }} { {x} } {debtor_name}', []],
    ['{{{debtor_name}}}', ['debtor_name']],
    ['', []],
  ])('finds the variables of %j', (body, expected) => {
    expect(extractTemplateVariables(body)).toEqual(expected);
  });

  it('lists unknown names only', () => {
    expect(unknownTemplateVariables('{{debtor_name}} {{namn}} {{belopp}} {{namn}}')).toEqual(['namn', 'belopp']);
  });
});

describe('renderTemplate', () => {
  it('writes amounts and dates the sv-SE way', () => {
    const body =
      'Hej {{debtor_name}}! Att betala: {{ amount }} (kapital {{principal}}, ränta {{interest}}, avgifter {{fees}}) senast {{due_date}}. OCR {{ocr}}, bankgiro {{bankgiro}}, ref {{message_reference}}.';
    expect(renderTemplate(body, fullValues)).toBe(
      `Hej Sven Svensson! Att betala: 9${NBSP}436,84${NBSP}kr (kapital 7${NBSP}950,00${NBSP}kr, ränta 566,84${NBSP}kr, avgifter 240,00${NBSP}kr) senast 2024-12-15. OCR 12351, bankgiro 5402-9681, ref 3F2A1B2C.`,
    );
  });

  it('names every unknown variable in one error', () => {
    const error = errorOf(() => renderTemplate('{{namn}} {{debtor_name}} {{belopp}}', fullValues));
    expect(error.code).toBe('UNKNOWN_TEMPLATE_VARIABLE');
    expect(error.message).toBe('Okänd variabel i mallen: namn, belopp');
    expect(error.details).toEqual({ unknown: ['namn', 'belopp'] });
  });

  it('refuses to leave a known variable blank, naming all missing ones', () => {
    const error = errorOf(() => renderTemplate('{{amount}} {{due_date}} {{debtor_name}}', { debtor_name: 'Sven', due_date: null }));
    expect(error.code).toBe('TEMPLATE_VALUE_MISSING');
    expect(error.message).toBe('Värde saknas för variabel i mallen: amount, due_date');
  });

  it('keeps placeholders without values when asked (template preview)', () => {
    expect(renderTemplate('Hej {{ debtor_name }}, {{amount}}', { amount: ore(100) }, { missing: 'keep' })).toBe(`Hej {{ debtor_name }}, 1,00${NBSP}kr`);
  });

  it.each([
    ['an amount that is not whole öre', { amount: 12.5 as never }, 'INVALID_AMOUNT'],
    ['a date that is not YYYY-MM-DD', { today: '22/11/2026' }, 'INVALID_DATE'],
  ] as const)('refuses %s', (_label, values, code) => {
    expect(errorOf(() => renderTemplate('{{amount}}{{today}}', { ...fullValues, ...values })).code).toBe(code);
  });

  it('never expands braces that come from a value', () => {
    expect(renderTemplate('{{debtor_name}} {{creditor_name}}', { debtor_name: '{{creditor_name}}', creditor_name: 'Acme' })).toBe('{{creditor_name}} Acme');
  });

  const textArb = fc.string({ unit: fc.constantFrom(...'ab {}å\n$&'.split('')), maxLength: 20 });
  const valuesArb: fc.Arbitrary<CommTemplateValues> = fc.record(
    Object.fromEntries(
      COMM_TEMPLATE_VARIABLE_NAMES.map((name) => {
        const kind = COMM_TEMPLATE_VARIABLES[name].kind;
        const arb = kind === 'amount' ? oreArb : kind === 'date' ? recentIsoDateArb : fc.string({ unit: fc.constantFrom(...'Svenå 01-\n'.split('')) });
        return [name, arb];
      }),
    ) as { [K in CommTemplateVariableName]: fc.Arbitrary<NonNullable<CommTemplateValues[K]>> },
  );
  const bodyArb = fc
    .array(
      fc.oneof(
        textArb.map((text) => text.replace(/[{}]/g, '')),
        fc.tuple(fc.constantFrom(...COMM_TEMPLATE_VARIABLE_NAMES), fc.constantFrom('', ' ', '  ', '\t')).map(([name, space]) => `{{${space}${name}${space}}}`),
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join(''));

  it('every extracted variable, given a value, renders with no placeholder left', () => {
    fc.assert(
      fc.property(bodyArb, valuesArb, (body, values) => {
        const used = extractTemplateVariables(body);
        const rendered = renderTemplate(body, values);
        return used.every((name) => COMM_TEMPLATE_VARIABLE_NAMES.includes(name as CommTemplateVariableName)) && !/\{\{|\}\}/.test(rendered);
      }),
    );
  });

  it('text without placeholders renders unchanged', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => extractTemplateVariables(text).length === 0),
        (text) => renderTemplate(text, {}) === text,
      ),
    );
  });

  it('extraction gives each name once', () => {
    fc.assert(
      fc.property(bodyArb, (body) => {
        const names = extractTemplateVariables(body);
        return new Set(names).size === names.length;
      }),
    );
  });
});

describe('commTemplateValuesForCase', () => {
  const context = {
    case_id: '3f2a1b2c-9d8e-4f70-a1b2-c3d4e5f60718',
    debtor: { name: 'Byggbolaget AB', national_id: null, org_no: '556036-0793' },
    creditor_name: 'Acme Kredit AB',
    agent_name: 'Nordisk Inkasso AB',
    claim_reference: null,
    contract_type: 'Faktura',
    total_outstandingOre: ore(943684),
    total_principalOre: ore(795000),
    total_interestOre: ore(56684),
    total_feesOre: ore(24000),
    amount_paidOre: ore(0),
    interest_periods: [
      { from: '2024-12-16', to: '2024-12-31', days: 16, rate_pa: '11.50', reference_rate_bp: 350, principalOre: ore(795000), amountOre: ore(4008) },
      { from: '2025-01-01', to: '2025-08-20', days: 232, rate_pa: '10.50', reference_rate_bp: 250, principalOre: ore(795000), amountOre: ore(52676) },
    ],
    fees: [
      { name: 'Påminnelseavgift', amountOre: ore(6000) },
      { name: 'Inkassoavgift', amountOre: ore(18000) },
    ],
    due_date: '2024-12-15',
    today: '2025-08-20',
    sent_on: '2025-08-20',
    payment_days: 10,
    ocr: '12351',
    bankgiro: null,
  };

  it('fills the spec’s variables and a demand’s from a case', () => {
    expect(commTemplateValuesForCase(context)).toEqual({
      debtor_name: 'Byggbolaget AB',
      debtor_national_id: '556036-0793',
      creditor_name: 'Acme Kredit AB',
      agent_name: 'Nordisk Inkasso AB',
      case_reference: '3F2A1B2C',
      claim_description: 'Faktura, förfallen 2024-12-15',
      amount: 943684,
      principal: 795000,
      interest: 56684,
      interest_specification: [
        `2024-12-16 – 2024-12-31 (16 dagar): 11,50${NBSP}% per år på 7${NBSP}950,00${NBSP}kr = 40,08${NBSP}kr`,
        `2025-01-01 – 2025-08-20 (232 dagar): 10,50${NBSP}% per år på 7${NBSP}950,00${NBSP}kr = 526,76${NBSP}kr`,
      ].join('\n'),
      fees: 24000,
      fee_specification: `Påminnelseavgift: 60,00${NBSP}kr\nInkassoavgift: 180,00${NBSP}kr`,
      paid: 0,
      due_date: '2024-12-15',
      payment_deadline: '2025-08-30',
      today: '2025-08-20',
      message_reference: '3F2A1B2C',
      ocr: '12351',
      bankgiro: null,
    });
  });

  it('prefers the claim reference and the national id when present', () => {
    const values = commTemplateValuesForCase({
      ...context,
      claim_reference: 'F-2024-001',
      debtor: { name: 'Sven', national_id: '19811218-9876', org_no: null },
    });
    expect([values.case_reference, values.debtor_national_id, values.claim_description]).toEqual([
      'F-2024-001',
      '19811218-9876',
      'Faktura F-2024-001, förfallen 2024-12-15',
    ]);
  });

  it('refuses interest periods that do not add up to the case’s interest, and a payment time under 8 days', () => {
    expect(errorOf(() => commTemplateValuesForCase({ ...context, total_interestOre: ore(56685) })).code).toBe('INTEREST_SPECIFICATION_MISMATCH');
    expect(errorOf(() => commTemplateValuesForCase({ ...context, payment_days: 7 })).code).toBe('DEMAND_PAYMENT_DAYS_TOO_SHORT');
  });
});
