import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, type Finding } from '../errors';
import { calculateInterest, LEGAL_INTEREST_PROFILE, REFERENCE_RATES_SEED } from '../interest';
import { ore } from '../money';
import { KFM_EXAMPLE_INPUT, kfmSnapshotInputArb } from '../../test/arbitraries-kfm';
import {
  buildKfmSnapshot,
  kfmDefaultGroundText,
  kfmFeeDelkravType,
  kfmSnapshotFromColumns,
  kfmSnapshotToColumns,
  validateKfmSnapshot,
  type KfmSnapshot,
  type KfmSnapshotColumns,
  type KfmSnapshotInput,
} from '.';

function findingsOf(input: KfmSnapshotInput): Finding[] {
  try {
    buildKfmSnapshot(input);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('KFM_INVALID_SNAPSHOT');
    return (error as DomainError & { details: { findings: Finding[] } }).details.findings;
  }
}

describe('buildKfmSnapshot', () => {
  it('the worked example carries exactly what the interest module computes', () => {
    const interest = calculateInterest({
      principalOre: KFM_EXAMPLE_INPUT.claim.principalOre,
      dueDate: KFM_EXAMPLE_INPUT.claim.due_date,
      asOf: KFM_EXAMPLE_INPUT.as_of_date,
      profile: LEGAL_INTEREST_PROFILE,
      referenceRates: REFERENCE_RATES_SEED,
    });
    expect(interest).toEqual(KFM_EXAMPLE_INPUT.interest);
    expect(buildKfmSnapshot({ ...KFM_EXAMPLE_INPUT, interest }).interest).toEqual(interest);
  });

  it('fills the defaults of the worked example', () => {
    const snapshot = buildKfmSnapshot(KFM_EXAMPLE_INPUT);
    expect(snapshot.application_feeOre).toBe(30000);
    expect(snapshot.work_compensation_claimed).toBe(true);
    expect(snapshot.work_compensationOre).toBe(38000);
    expect(snapshot.reference).toBe('F-2024-001');
    expect(snapshot.debtor.national_id).toBe('19811218-9876');
    expect(snapshot.debtor.org_no).toBeNull();
    expect(snapshot.applicant.org_no).toBe('559123-4561');
    expect(snapshot.applicant.address.country).toBeNull();
    expect(snapshot.fees.map((fee) => fee.delkrav_type)).toEqual(['Inkasso', 'Inkasso']);
    expect(snapshot.choices).toEqual({ transfer_to_court: true, enforcement: false });
  });

  it.each([
    ['payment_order', 38000],
    ['handräckning', 42000],
  ] as const)('claims the normal maximum for work in a %s by default (lag 1990:746 48 §): %i öre', (type, expected) => {
    expect(buildKfmSnapshot({ ...KFM_EXAMPLE_INPUT, application_type: type }).work_compensationOre).toBe(expected);
  });

  it('claims no compensation for work unless asked', () => {
    const snapshot = buildKfmSnapshot({ ...KFM_EXAMPLE_INPUT, work_compensation: undefined });
    expect(snapshot.work_compensation_claimed).toBe(false);
    expect(snapshot.work_compensationOre).toBe(0);
  });

  it('writes a ground text from the claim when staff gave none', () => {
    const snapshot = buildKfmSnapshot({ ...KFM_EXAMPLE_INPUT, claim: { ...KFM_EXAMPLE_INPUT.claim, description: '  ' } });
    expect(snapshot.claim.description).toBe('Obetald fordran (Faktura) med referensnummer F-2024-001, förfallen till betalning 2024-12-15.');
    expect(kfmDefaultGroundText({ reference_no: 'A1', due_date: '2025-01-31' })).toBe(
      'Obetald fordran med referensnummer A1, förfallen till betalning 2025-01-31.',
    );
  });

  it.each([
    ['LATE_FEE_450', 'Förseningsersättning'],
    ['late_fee_450', 'Förseningsersättning'],
    ['COLLECTION_180', 'Inkasso'],
    ['REMINDER_60', 'Inkasso'],
  ] as const)('files fee %s as delkravstyp %s', (code, expected) => {
    expect(kfmFeeDelkravType(code)).toBe(expected);
  });

  it('keeps a company debtor’s organisationsnummer and drops a national id', () => {
    const snapshot = buildKfmSnapshot({
      ...KFM_EXAMPLE_INPUT,
      debtor: { ...KFM_EXAMPLE_INPUT.debtor, type: 'company', name: 'Byggbolaget AB', org_no: '5560360793' },
    });
    expect(snapshot.debtor.org_no).toBe('556036-0793');
    expect(snapshot.debtor.national_id).toBeNull();
  });

  const example = KFM_EXAMPLE_INPUT;
  it.each<[string, KfmSnapshotInput, string, string]>([
    ['a claim due on the application day', { ...example, claim: { ...example.claim, due_date: '2025-08-20' } }, 'NOT_YET_DUE', 'claim.due_date'],
    ['a claim due after the application day', { ...example, claim: { ...example.claim, due_date: '2025-09-01' } }, 'NOT_YET_DUE', 'claim.due_date'],
    [
      'a debtor without street',
      { ...example, debtor: { ...example.debtor, address: { street: ' ', zip: '123 45', city: 'Farsta' } } },
      'REQUIRED_FIELDS_MISSING',
      'debtor.address.street',
    ],
    ['a person without personnummer', { ...example, debtor: { ...example.debtor, national_id: null } }, 'REQUIRED_FIELDS_MISSING', 'debtor.national_id'],
    [
      'a wrong personnummer check digit',
      { ...example, debtor: { ...example.debtor, national_id: '811218-9875' } },
      'INVALID_PERSONNUMMER',
      'debtor.national_id',
    ],
    [
      'a wrong applicant organisationsnummer',
      { ...example, applicant: { ...example.applicant, org_no: '556036-0794' } },
      'INVALID_ORGANISATIONSNUMMER',
      'applicant.org_no',
    ],
    ['an applicant without name', { ...example, applicant: { ...example.applicant, name: '' } }, 'REQUIRED_FIELDS_MISSING', 'applicant.name'],
    ['a negative principal', { ...example, claim: { ...example.claim, principalOre: -1 as never } }, 'NEGATIVE_AMOUNT', 'claim.principalOre'],
    ['a fractional principal', { ...example, claim: { ...example.claim, principalOre: 1.5 as never } }, 'INVALID_AMOUNT', 'claim.principalOre'],
    [
      'the same fee twice',
      { ...example, fees: [...example.fees!, { code: 'COLLECTION_180', name: 'Inkassoavgift', amountOre: ore(18000) }] },
      'NO_DOUBLE_FEES',
      'fees.2.code',
    ],
    ['a zero fee', { ...example, fees: [{ code: 'COLLECTION_180', name: 'Inkassoavgift', amountOre: ore(0) }] }, 'AMOUNT_NOT_POSITIVE', 'fees.0.amountOre'],
    [
      'compensation for work above 380 kr',
      { ...example, work_compensation: { claimed: true, amountOre: ore(38001) } },
      'AMOUNT_OUT_OF_RANGE',
      'work_compensationOre',
    ],
    ['interest computed past the application day', { ...example, interest: { ...example.interest!, to: '2025-08-21' } }, 'INVALID_DATE', 'interest.to'],
    ['interest from the due date itself', { ...example, interest: { ...example.interest!, from: '2024-12-15', days: 249 } }, 'INVALID_DATE', 'interest.from'],
    [
      'a period ending before it starts',
      { ...example, interest: { ...example.interest!, periods: [{ ...example.interest!.periods[0]!, to: '2024-12-01' }] } },
      'INVALID_INTEREST_PERIOD',
      'interest.periods.0.to',
    ],
    [
      'period days that do not count both ends',
      { ...example, interest: { ...example.interest!, periods: [{ ...example.interest!.periods[0]!, days: 15 }, ...example.interest!.periods.slice(1)] } },
      'VALIDATION_FAILED',
      'interest.periods.0.days',
    ],
    [
      'an interest total that is not the sum of its periods',
      { ...example, interest: { ...example.interest!, amountOre: ore(56685) } },
      'VALIDATION_FAILED',
      'interest.amountOre',
    ],
    ['interest without periods', { ...example, interest: { ...example.interest!, periods: [] } }, 'VALIDATION_FAILED', 'interest.periods'],
    [
      'a rate that is not decimal text',
      { ...example, interest: { ...example.interest!, periods: [{ ...example.interest!.periods[0]!, rate_pa: '12,00' }] } },
      'INVALID_RATE',
      'interest.periods.0.rate_pa',
    ],
    ['a control character in a name', { ...example, debtor: { ...example.debtor, name: 'Sven\u0007' } }, 'VALIDATION_FAILED', 'debtor.name'],
    [
      'a lone surrogate in the ground text',
      { ...example, claim: { ...example.claim, description: 'Faktura \ud800 maj' } },
      'VALIDATION_FAILED',
      'claim.description',
    ],
    ['an unknown application type', { ...example, application_type: 'lawsuit' as never }, 'VALIDATION_FAILED', 'application_type'],
    ['an invalid as-of date', { ...example, as_of_date: '2025-02-30' }, 'INVALID_DATE', 'as_of_date'],
    [
      'nothing to claim',
      {
        ...example,
        claim: { ...example.claim, principalOre: ore(0) },
        interest: null,
        fees: [],
        application_feeOre: ore(0),
        work_compensation: { claimed: false },
      },
      'AMOUNT_NOT_POSITIVE',
      'total',
    ],
  ])('refuses %s', (_label, input, code, path) => {
    expect(findingsOf(input)).toContainEqual(expect.objectContaining({ code, path }));
  });

  it('names a missing address in Swedish: whose address and which part', () => {
    const withoutZip = { ...example, applicant: { ...example.applicant, address: { street: 'Storgatan 1', zip: '', city: 'Stockholm' } } };
    expect(findingsOf(withoutZip)).toContainEqual({
      code: 'REQUIRED_FIELDS_MISSING',
      path: 'applicant.address.zip',
      message: 'Borgenärens adress saknas (postnummer)',
    });
    const debtorWithoutAddress = { ...example, debtor: { ...example.debtor, address: undefined as never } };
    expect(findingsOf(debtorWithoutAddress)).toContainEqual({ code: 'REQUIRED_FIELDS_MISSING', path: 'debtor.address', message: 'Gäldenärens adress saknas' });
  });

  it('reports every problem at once, not only the first', () => {
    const findings = findingsOf({
      ...example,
      debtor: { ...example.debtor, name: '', national_id: null },
      claim: { ...example.claim, reference_no: '', due_date: '2026-01-01' },
    });
    expect(findings.map((finding) => finding.path)).toEqual(
      expect.arrayContaining(['debtor.name', 'debtor.national_id', 'claim.reference_no', 'claim.due_date']),
    );
  });

  it('reports a snapshot read back from JSON with missing parts instead of crashing', () => {
    const broken = { application_type: 'payment_order', as_of_date: '2025-08-20' } as unknown as KfmSnapshot;
    expect(validateKfmSnapshot(broken).map((finding) => finding.path)).toEqual(
      expect.arrayContaining(['reference', 'applicant', 'debtor', 'claim', 'fees', 'choices']),
    );
  });

  it('a complete, due claim always builds a snapshot without findings', () => {
    fc.assert(
      fc.property(kfmSnapshotInputArb, (input) => {
        const snapshot = buildKfmSnapshot(input);
        return validateKfmSnapshot(snapshot).length === 0;
      }),
    );
  });

  it('a snapshot survives a JSON round trip unchanged and still valid', () => {
    fc.assert(
      fc.property(kfmSnapshotInputArb, (input) => {
        const snapshot = buildKfmSnapshot(input);
        const copy = JSON.parse(JSON.stringify(snapshot)) as KfmSnapshot;
        expect(copy).toEqual(snapshot);
        expect(validateKfmSnapshot(copy)).toEqual([]);
      }),
    );
  });
});

describe('kfm_cases columns', () => {
  it('puts each part in its spec column', () => {
    const columns = kfmSnapshotToColumns(buildKfmSnapshot(KFM_EXAMPLE_INPUT));
    expect(columns.application_fee_sek).toBe(30000);
    expect(columns.reference).toBe('F-2024-001');
    expect(columns.debtor_snapshot_json['national_id']).toBe('19811218-9876');
    expect(columns.claim_snapshot_json['principalOre']).toBe(795000);
    expect(columns.claim_snapshot_json['choices']).toEqual({ transfer_to_court: true, enforcement: false });
    expect(columns.fees_snapshot_json).toHaveLength(2);
  });

  it('refuses a stored row that no longer makes a valid snapshot', () => {
    const columns = kfmSnapshotToColumns(buildKfmSnapshot(KFM_EXAMPLE_INPUT));
    expect(() => kfmSnapshotFromColumns({ ...columns, debtor_snapshot_json: {} })).toThrow(expect.objectContaining({ code: 'KFM_INVALID_SNAPSHOT' }));
  });

  it('a snapshot stored in kfm_cases columns reads back equal', () => {
    fc.assert(
      fc.property(kfmSnapshotInputArb, (input) => {
        const snapshot = buildKfmSnapshot(input);
        const stored = JSON.parse(JSON.stringify(kfmSnapshotToColumns(snapshot))) as KfmSnapshotColumns;
        expect(kfmSnapshotFromColumns(stored)).toEqual(snapshot);
      }),
    );
  });
});
