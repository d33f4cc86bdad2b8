import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import { addDays, daysBetween, fromDayNumber, startOfNextHalfYear, toDayNumber, type IsoDate } from '../src/dates';
import { ore, type Ore } from '../src/money';
import type { KfmSnapshotInput } from '../src/kfm';
import { birthNumberArb, buildPersonnummer, organisationsnummerArb } from './arbitraries-identifiers';

type InterestInput = NonNullable<KfmSnapshotInput['interest']>;
type InterestPeriodInput = InterestInput['periods'][number];

/**
 * The worked example of docs/kfm-application-format.md: invoice F-2024-001 of 7 950 kr due
 * 2024-12-15, dröjsmålsränta (reference rate + 8) from 2024-12-16 through 2025-08-20 over three
 * half-years, påminnelseavgift and inkassoavgift, 300 kr application fee, 380 kr for work, filed
 * by an agent. Period interest = 795 000 öre × rate × days / 365, rounded half up per period:
 * 16 days at 12.00 % = 4 182, 181 days at 10.50 % = 41 394, 51 days at 10.00 % = 11 108
 * (the interest module's own result; a test checks that).
 */
export const KFM_EXAMPLE_INPUT: KfmSnapshotInput = {
  application_type: 'payment_order',
  as_of_date: '2025-08-20',
  applicant: {
    name: 'Acme Kredit AB',
    org_no: '5591234561',
    address: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' },
    email: 'ekonomi@acmekredit.se',
  },
  agent: {
    name: 'Fordran Inkasso AB',
    org_no: '556036-0793',
    address: { street: 'Box 123', zip: '411 01', city: 'Göteborg', country: 'SE' },
    phone: '031-123 45 67',
    agent_code: 'OMB1234',
    reference: 'FI-7',
  },
  debtor: {
    type: 'person',
    name: 'Sven Svensson',
    national_id: '811218-9876',
    address: { street: 'Lillgatan 2 B', zip: '123 45', city: 'Farsta' },
    email: 'sven@example.se',
  },
  claim: {
    reference_no: 'F-2024-001',
    principalOre: ore(795000),
    due_date: '2024-12-15',
    contract_type: 'Faktura',
    description: 'Obetald faktura F-2024-001 daterad 2024-11-15 avseende konsulttjänster i november 2024, förfallen 2024-12-15.',
  },
  interest: {
    amountOre: ore(56684),
    days: 248,
    from: '2024-12-16',
    to: '2025-08-20',
    base: 'REFERENCE_RATE',
    margin_bp: 800,
    periods: [
      { from: '2024-12-16', to: '2024-12-31', days: 16, rate_pa: '12.00', reference_rate_bp: 400, principalOre: ore(795000), amountOre: ore(4182) },
      { from: '2025-01-01', to: '2025-06-30', days: 181, rate_pa: '10.50', reference_rate_bp: 250, principalOre: ore(795000), amountOre: ore(41394) },
      { from: '2025-07-01', to: '2025-08-20', days: 51, rate_pa: '10.00', reference_rate_bp: 200, principalOre: ore(795000), amountOre: ore(11108) },
    ],
  },
  fees: [
    { code: 'REMINDER_60', name: 'Påminnelseavgift', amountOre: ore(6000) },
    { code: 'COLLECTION_180', name: 'Inkassoavgift', amountOre: ore(18000) },
  ],
  work_compensation: { claimed: true },
  choices: { transfer_to_court: true, enforcement: false },
};

const textArb = fc
  .string({ unit: fc.constantFrom(...'abcxyzÅÄÖåäöé &<>"\'-/.:0123456789'.split('')), minLength: 1, maxLength: 30 })
  .filter((value) => value.trim() !== '');

const addressArb = fc.record({ street: textArb, zip: textArb, city: textArb, country: fc.option(fc.constantFrom('SE', 'NO'), { nil: null }) });

const DAY_2019 = toDayNumber('2019-01-01');

// Debtors born before the earliest as_of_date generated below (a personnummer from the future is invalid).
const debtorPersonnummerArb = fc
  .tuple(fc.integer({ min: toDayNumber('1920-01-01'), max: toDayNumber('2000-12-31') }).map(fromDayNumber), birthNumberArb)
  .map(([birthDate, birthNumber]) => buildPersonnummer(birthDate, birthNumber));
const DAY_2026 = toDayNumber('2026-12-31');

/** Half-year periods over the interest days `from`..`to` inclusive (the interest module's shape). */
function periodsArb(from: IsoDate, to: IsoDate): fc.Arbitrary<InterestPeriodInput[]> {
  const bounds: [IsoDate, IsoDate][] = [];
  let start = from;
  while (start <= to) {
    const nextStart = startOfNextHalfYear(start);
    const end = nextStart <= to ? addDays(nextStart, -1) : to;
    bounds.push([start, end]);
    start = addDays(end, 1);
  }
  return fc.tuple(
    ...bounds.map(([periodFrom, periodTo]) =>
      fc.record({
        from: fc.constant(periodFrom),
        to: fc.constant(periodTo),
        days: fc.constant(daysBetween(periodFrom, periodTo) + 1),
        rate_pa: fc.integer({ min: 0, max: 3000 }).map((bp) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`),
        reference_rate_bp: fc.option(fc.integer({ min: -100, max: 1000 }), { nil: null }),
        principalOre: fc.integer({ min: 0, max: 100_000_000 }).map(ore),
        amountOre: fc.integer({ min: 0, max: 100_000_000 }).map(ore),
      }),
    ),
  );
}

// Lawful fee sets only (lag 1981:739): 60/180/170 within their maxima; 450 kr only from a
// company and never beside the fees it replaces (see `lawfulFees`).
const feeCodes = ['REMINDER_60', 'COLLECTION_180', 'PAYMENT_PLAN_170', 'OTHER_FEE'] as const;
const FEE_MAX_ORE: Readonly<Record<(typeof feeCodes)[number], number>> = {
  REMINDER_60: 6000,
  COLLECTION_180: 18000,
  PAYMENT_PLAN_170: 17000,
  OTHER_FEE: 100_000,
};

/** With `late` and a company debtor: the 450 kr förseningsersättning replaces the 60/180/170 kr fees. */
function lawfulFees(input: KfmSnapshotInput, late: boolean): KfmSnapshotInput {
  if (!late || input.debtor.type !== 'company') return input;
  const others = (input.fees ?? []).filter((fee) => fee.code === 'OTHER_FEE');
  return { ...input, fees: [...others, { code: 'LATE_FEE_450', name: 'Förseningsersättning', amountOre: ore(45000) }] };
}

/** Valid snapshot inputs: a claim due before as_of_date, interest per half-year, distinct fees. */
export const kfmSnapshotInputArb: fc.Arbitrary<KfmSnapshotInput> = fc
  .record({
    dueDay: fc.integer({ min: DAY_2019, max: DAY_2026 - 1 }),
    daysAfter: fc.integer({ min: 1, max: 1500 }),
  })
  .chain(({ dueDay, daysAfter }) => {
    const due_date = fromDayNumber(dueDay);
    const as_of_date = addDays(due_date, daysAfter);
    const interestArb = fc.option(
      fc.integer({ min: 1, max: daysAfter }).chain((startOffset) => {
        const from = addDays(due_date, startOffset);
        return periodsArb(from, as_of_date).map((periods) => ({
          amountOre: ore(periods.reduce((sum, period) => sum + period.amountOre, 0)),
          days: daysBetween(from, as_of_date) + 1,
          from,
          to: as_of_date,
          base: 'REFERENCE_RATE' as const,
          margin_bp: 800,
          periods,
        }));
      }),
      { nil: null },
    );
    const feesArb = fc
      .uniqueArray(fc.constantFrom(...feeCodes), { maxLength: feeCodes.length })
      .chain((codes) =>
        fc.tuple(
          ...codes.map((code) => fc.record({ code: fc.constant(code), name: textArb, amountOre: fc.integer({ min: 1, max: FEE_MAX_ORE[code] }).map(ore) })),
        ),
      );
    const applicationType = fc.constantFrom('payment_order' as const, 'handräckning' as const);
    return fc
      .record({
        application_type: applicationType,
        as_of_date: fc.constant(as_of_date),
        applicant: fc.record({ name: textArb, org_no: organisationsnummerArb, address: addressArb }),
        agent: fc.option(fc.record({ name: textArb, org_no: organisationsnummerArb, address: addressArb, agent_code: fc.option(textArb, { nil: null }) }), {
          nil: null,
        }),
        debtor: fc.oneof(
          fc.record({ type: fc.constant('person' as const), name: textArb, national_id: debtorPersonnummerArb, address: addressArb }),
          fc.record({ type: fc.constant('company' as const), name: textArb, org_no: organisationsnummerArb, address: addressArb }),
        ),
        claim: fc.record({
          reference_no: textArb,
          principalOre: fc.integer({ min: 0, max: 10_000_000_000 }).map(ore),
          due_date: fc.constant(due_date),
          contract_type: fc.option(textArb, { nil: null }),
          description: textArb,
        }),
        interest: interestArb,
        fees: feesArb,
        // Never zero: a valid application always claims something (the fee covers a zero claim).
        application_feeOre: fc.integer({ min: 1, max: 100_000 }).map((value): Ore => ore(value)),
        work_compensation: fc.record({ claimed: fc.boolean() }),
        choices: fc.record({ transfer_to_court: fc.boolean(), enforcement: fc.boolean() }),
        late: fc.boolean(),
      })
      .map(({ late, ...input }): KfmSnapshotInput => lawfulFees(input, late));
  });

// ── reading a generated file back (tests only) ──────────────────────────────────────────────

/** A parsed XML element for tests: name, attributes, child elements and its own text. */
export interface XmlTestElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlTestElement[];
  text: string;
}

/** Parses well-formed XML (saxes throws on anything malformed) into a small tree. */
export function parseXmlForTest(xml: string): XmlTestElement {
  const parser = new SaxesParser();
  const root: XmlTestElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlTestElement[] = [root];
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes)) attributes[key] = String(value);
    const element: XmlTestElement = { name: tag.name, attributes, children: [], text: '' };
    stack[stack.length - 1]!.children.push(element);
    stack.push(element);
  });
  parser.on('text', (text) => {
    stack[stack.length - 1]!.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  return root.children[0]!;
}

/** Every descendant element (depth first) with this name. */
export function findAllForTest(element: XmlTestElement, name: string): XmlTestElement[] {
  const found: XmlTestElement[] = [];
  for (const child of element.children) {
    if (child.name === name) found.push(child);
    found.push(...findAllForTest(child, name));
  }
  return found;
}

/** The text of the single direct child with this name (throws when absent). */
export function childTextForTest(element: XmlTestElement, name: string): string {
  const child = element.children.find((candidate) => candidate.name === name);
  if (!child) throw new Error(`no <${name}> in <${element.name}>`);
  return child.text;
}
