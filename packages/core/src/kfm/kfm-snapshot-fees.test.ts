import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, type Finding } from '../errors';
import { ore } from '../money';
import { KFM_EXAMPLE_INPUT, kfmSnapshotInputArb } from '../../test/arbitraries-kfm';
import { buildKfmApplicationXml, buildKfmSnapshot, type KfmSnapshotInput } from '.';

function findingsOf(input: KfmSnapshotInput): Finding[] {
  try {
    buildKfmSnapshot(input);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError & { details: { findings: Finding[] } }).details.findings;
  }
}

const company = { type: 'company' as const, name: 'Byggbolaget AB', org_no: '5560360793', address: { street: 'Väg 1', zip: '12345', city: 'Ort' } };
const lateFee = { code: 'LATE_FEE_450', name: 'Förseningsersättning', amountOre: ore(45000) };
const reminder = { code: 'REMINDER_60', name: 'Påminnelseavgift', amountOre: ore(6000) };
const collection = { code: 'COLLECTION_180', name: 'Inkassoavgift', amountOre: ore(18000) };
const planFee = { code: 'PAYMENT_PLAN_170', name: 'Avgift för amorteringsplan', amountOre: ore(17000) };

describe('buildKfmSnapshot refuses fees the law forbids (lag 1981:739)', () => {
  it('refuses 450 kr förseningsersättning from a consumer (4 a §)', () => {
    const findings = findingsOf({ ...KFM_EXAMPLE_INPUT, fees: [lateFee] });
    expect(findings).toContainEqual(
      expect.objectContaining({ code: 'FEE_NOT_ALLOWED', path: 'fees.0.code', message: expect.stringContaining('privatperson') }),
    );
  });

  it('accepts 450 kr from a company', () => {
    expect(findingsOf({ ...KFM_EXAMPLE_INPUT, debtor: company, fees: [lateFee] })).toEqual([]);
  });

  it.each([[reminder], [collection], [planFee]])('refuses 450 kr together with %o (4 a § second paragraph)', (other) => {
    const findings = findingsOf({ ...KFM_EXAMPLE_INPUT, debtor: company, fees: [lateFee, other] });
    expect(findings).toContainEqual(
      expect.objectContaining({ code: 'FEE_NOT_ALLOWED', path: 'fees', message: expect.stringContaining('förseningsersättning') }),
    );
  });

  it('refuses a påminnelseavgift above 60 kr without a recorded reason (4 §)', () => {
    const findings = findingsOf({ ...KFM_EXAMPLE_INPUT, fees: [{ ...reminder, amountOre: ore(6001) }] });
    expect(findings).toContainEqual(
      expect.objectContaining({ code: 'FEE_NOT_ALLOWED', path: 'fees.0.amountOre', message: expect.stringContaining('särskilda skäl') }),
    );
  });

  it('accepts a påminnelseavgift above 60 kr with a recorded reason, and keeps the reason', () => {
    const snapshot = buildKfmSnapshot({
      ...KFM_EXAMPLE_INPUT,
      fees: [{ ...reminder, amountOre: ore(7500), above_maximum_reason: ' Avtalad extra avisering ' }],
    });
    expect(snapshot.fees[0]!.above_maximum_reason).toBe('Avtalad extra avisering');
  });

  it('refuses an inkassoavgift above 180 kr without a reason, and never more than 450 kr förseningsersättning', () => {
    expect(findingsOf({ ...KFM_EXAMPLE_INPUT, fees: [{ ...collection, amountOre: ore(18001) }] })).toContainEqual(
      expect.objectContaining({ code: 'FEE_NOT_ALLOWED', path: 'fees.0.amountOre' }),
    );
    expect(findingsOf({ ...KFM_EXAMPLE_INPUT, debtor: company, fees: [{ ...lateFee, amountOre: ore(45001), above_maximum_reason: 'Skäl' }] })).toContainEqual(
      expect.objectContaining({ code: 'FEE_NOT_ALLOWED', path: 'fees.0.amountOre' }),
    );
  });

  const forbiddenFeesArb = fc.oneof(
    fc.constant({ consumer: true, fees: [lateFee] as KfmSnapshotInput['fees'] }),
    fc.constantFrom(reminder, collection, planFee).map((other) => ({ consumer: false, fees: [lateFee, other] })),
    fc
      .tuple(fc.constantFrom(reminder, collection, planFee), fc.integer({ min: 1, max: 100_000 }))
      .map(([fee, extra]) => ({ consumer: true, fees: [{ ...fee, amountOre: ore(fee.amountOre + extra) }] })),
  );

  it('a forbidden fee set never produces a snapshot, and so never a file', () => {
    fc.assert(
      fc.property(kfmSnapshotInputArb, forbiddenFeesArb, (input, forbidden) => {
        const debtor = forbidden.consumer ? KFM_EXAMPLE_INPUT.debtor : company;
        let built: unknown = null;
        try {
          built = buildKfmApplicationXml(buildKfmSnapshot({ ...input, debtor, fees: forbidden.fees }), { generatedAt: '2026-01-01T00:00:00Z' });
        } catch (error) {
          expect((error as DomainError).code).toBe('KFM_INVALID_SNAPSHOT');
        }
        expect(built).toBeNull();
      }),
    );
  });
});
