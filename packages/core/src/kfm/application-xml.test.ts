import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalToOre, ore, sumOre } from '../money';
import { childTextForTest, findAllForTest, KFM_EXAMPLE_INPUT, kfmSnapshotInputArb, parseXmlForTest, type XmlTestElement } from '../../test/arbitraries-kfm';
import { DomainError } from '../errors';
import { basisPointsToPercentText, buildKfmApplicationXml, buildKfmSnapshot, kfmApplicationTotal, sha256Hex, type KfmSnapshot } from '.';

const GENERATED_AT = '2025-08-20T10:15:00Z';

function xmlOf(snapshot: KfmSnapshot): XmlTestElement {
  return parseXmlForTest(buildKfmApplicationXml(snapshot, { generatedAt: GENERATED_AT }));
}

function amountOf(element: XmlTestElement, name: string) {
  return decimalToOre(childTextForTest(element, name));
}

describe('buildKfmApplicationXml', () => {
  it('writes the worked example exactly (golden file)', () => {
    const xml = buildKfmApplicationXml(buildKfmSnapshot(KFM_EXAMPLE_INPUT), { generatedAt: GENERATED_AT });
    expect(xml).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <!-- Fordrans eget exportformat för ansökan hos Kronofogden. Detta är inte Kronofogdens officiella XML-schema (schemat lämnas bara till godkända ingivare); innehållet följer Kronofogdens krav på en ansökan om betalningsföreläggande eller handräckning (lag 1990:746). -->
      <FordranKfmAnsokan xmlns="urn:fordran:kfm-ansokan" formatVersion="1.0">
        <Huvud>
          <Format>fordran-kfm-ansokan</Format>
          <Formatversion>1.0</Formatversion>
          <OfficielltSchema>false</OfficielltSchema>
          <Beskrivning>Fordrans eget exportformat för ansökan hos Kronofogden. Detta är inte Kronofogdens officiella XML-schema (schemat lämnas bara till godkända ingivare); innehållet följer Kronofogdens krav på en ansökan om betalningsföreläggande eller handräckning (lag 1990:746).</Beskrivning>
          <Skapad>2025-08-20T10:15:00Z</Skapad>
        </Huvud>
        <Ansokan>
          <Ansokningstyp kod="payment_order">Betalningsföreläggande</Ansokningstyp>
          <Berakningsdag>2025-08-20</Berakningsdag>
          <Valuta>SEK</Valuta>
          <SokandensReferens>F-2024-001</SokandensReferens>
          <Sokande>
            <Namn>Acme Kredit AB</Namn>
            <Organisationsnummer>559123-4561</Organisationsnummer>
            <Adress>
              <Utdelningsadress>Storgatan 1</Utdelningsadress>
              <Postnummer>111 22</Postnummer>
              <Postort>Stockholm</Postort>
            </Adress>
            <Epost>ekonomi@acmekredit.se</Epost>
          </Sokande>
          <Ombud>
            <Namn>Fordran Inkasso AB</Namn>
            <Organisationsnummer>556036-0793</Organisationsnummer>
            <Adress>
              <Utdelningsadress>Box 123</Utdelningsadress>
              <Postnummer>411 01</Postnummer>
              <Postort>Göteborg</Postort>
              <Land>SE</Land>
            </Adress>
            <Telefon>031-123 45 67</Telefon>
            <Ombudskod>OMB1234</Ombudskod>
            <Referens>FI-7</Referens>
          </Ombud>
          <Svarande typ="person">
            <Namn>Sven Svensson</Namn>
            <Personnummer>19811218-9876</Personnummer>
            <Adress>
              <Utdelningsadress>Lillgatan 2 B</Utdelningsadress>
              <Postnummer>123 45</Postnummer>
              <Postort>Farsta</Postort>
            </Adress>
            <Epost>sven@example.se</Epost>
          </Svarande>
          <Fordran>
            <Delkrav nr="1" typ="Kapital">
              <Belopp>7950.00</Belopp>
              <Forfallodag>2024-12-15</Forfallodag>
              <Referensnummer>F-2024-001</Referensnummer>
              <Avtalstyp>Faktura</Avtalstyp>
              <Ranta typ="reference_rate">
                <Marginal>8.00</Marginal>
                <FranOchMed>2024-12-16</FranOchMed>
                <TillOchMed>2025-08-20</TillOchMed>
                <Dagar>248</Dagar>
                <Belopp>566.84</Belopp>
                <Period nr="1">
                  <FranOchMed>2024-12-16</FranOchMed>
                  <TillOchMed>2024-12-31</TillOchMed>
                  <Dagar>16</Dagar>
                  <Rantesats>12.00</Rantesats>
                  <Referensranta>4.00</Referensranta>
                  <Belopp>41.82</Belopp>
                </Period>
                <Period nr="2">
                  <FranOchMed>2025-01-01</FranOchMed>
                  <TillOchMed>2025-06-30</TillOchMed>
                  <Dagar>181</Dagar>
                  <Rantesats>10.50</Rantesats>
                  <Referensranta>2.50</Referensranta>
                  <Belopp>413.94</Belopp>
                </Period>
                <Period nr="3">
                  <FranOchMed>2025-07-01</FranOchMed>
                  <TillOchMed>2025-08-20</TillOchMed>
                  <Dagar>51</Dagar>
                  <Rantesats>10.00</Rantesats>
                  <Referensranta>2.00</Referensranta>
                  <Belopp>111.08</Belopp>
                </Period>
                <LopandeRanta>
                  <FranOchMed>2025-08-21</FranOchMed>
                  <Rantesats>10.00</Rantesats>
                  <Villkor>Referensränta enligt 9 § räntelagen (1975:635) med tillägg av 8,00 procentenheter, till dess betalning sker</Villkor>
                </LopandeRanta>
              </Ranta>
              <AnsokanGrundText>Obetald faktura F-2024-001 daterad 2024-11-15 avseende konsulttjänster i november 2024, förfallen 2024-12-15.</AnsokanGrundText>
            </Delkrav>
          </Fordran>
          <Kostnader>
            <Kostnad typ="Ansokningsavgift">
              <Benamning>Ansökningsavgift</Benamning>
              <Belopp>300.00</Belopp>
            </Kostnad>
            <Kostnad typ="ErsattningForArbete">
              <Benamning>Ersättning för arbete med ansökan (48 § lag 1990:746)</Benamning>
              <Belopp>380.00</Belopp>
            </Kostnad>
            <Kostnad typ="Inkassokostnad" kod="REMINDER_60">
              <Benamning>Påminnelseavgift</Benamning>
              <Belopp>60.00</Belopp>
            </Kostnad>
            <Kostnad typ="Inkassokostnad" kod="COLLECTION_180">
              <Benamning>Inkassoavgift</Benamning>
              <Belopp>180.00</Belopp>
            </Kostnad>
          </Kostnader>
          <Val>
            <OverlamnandeTillTingsratt>true</OverlamnandeTillTingsratt>
            <Verkstallighet>false</Verkstallighet>
          </Val>
          <Summa>
            <Kapital>7950.00</Kapital>
            <Ranta>566.84</Ranta>
            <Avgifter>240.00</Avgifter>
            <Ansokningsavgift>300.00</Ansokningsavgift>
            <ErsattningForArbete>380.00</ErsattningForArbete>
            <Totalt>9436.84</Totalt>
          </Summa>
        </Ansokan>
      </FordranKfmAnsokan>
      "
    `);
    expect(sha256Hex(xml)).toMatchInlineSnapshot(`"2d6362ebd839daedb1e13bf0d633ce53fff390b216f0064977f0cf3f96d2c5ff"`);
  });

  it('is deterministic: the same snapshot and instant give the same bytes', () => {
    const snapshot = buildKfmSnapshot(KFM_EXAMPLE_INPUT);
    expect(buildKfmApplicationXml(snapshot, { generatedAt: '2025-08-20T12:15:00+02:00' })).toBe(
      buildKfmApplicationXml(snapshot, { generatedAt: GENERATED_AT }),
    );
  });

  it('says it is Fordran’s own format, with a format version', () => {
    const xml = buildKfmApplicationXml(buildKfmSnapshot(KFM_EXAMPLE_INPUT), { generatedAt: GENERATED_AT });
    expect(xml).toContain('<!-- Fordrans eget exportformat');
    const root = parseXmlForTest(xml);
    expect(root.attributes['formatVersion']).toBe('1.0');
    expect(root.attributes['xmlns']).toBe('urn:fordran:kfm-ansokan');
    expect(childTextForTest(root.children[0]!, 'OfficielltSchema')).toBe('false');
  });

  it('files förseningsersättning as its own delkrav and a company debtor by organisationsnummer', () => {
    const snapshot = buildKfmSnapshot({
      ...KFM_EXAMPLE_INPUT,
      debtor: { type: 'company', name: 'Byggbolaget AB', org_no: '5560360793', address: { street: 'Väg 1', zip: '12345', city: 'Ort' } },
      fees: [{ code: 'LATE_FEE_450', name: 'Förseningsersättning', amountOre: ore(45000) }],
    });
    const root = xmlOf(snapshot);
    const delkrav = findAllForTest(root, 'Delkrav');
    expect(delkrav.map((element) => element.attributes['typ'])).toEqual(['Kapital', 'Förseningsersättning']);
    expect(amountOf(delkrav[1]!, 'Belopp')).toBe(45000);
    expect(childTextForTest(delkrav[1]!, 'AnsokanGrundText')).toContain('4 a § lag (1981:739)');
    const debtor = findAllForTest(root, 'Svarande')[0]!;
    expect(debtor.attributes['typ']).toBe('company');
    expect(childTextForTest(debtor, 'Organisationsnummer')).toBe('556036-0793');
    expect(findAllForTest(debtor, 'Personnummer')).toEqual([]);
  });

  it('files a claim of only costs as delkrav of type Inkasso (capital already paid)', () => {
    const snapshot = buildKfmSnapshot({ ...KFM_EXAMPLE_INPUT, claim: { ...KFM_EXAMPLE_INPUT.claim, principalOre: ore(0) }, interest: null });
    const root = xmlOf(snapshot);
    const delkrav = findAllForTest(root, 'Delkrav');
    expect(delkrav.map((element) => element.attributes['typ'])).toEqual(['Inkasso', 'Inkasso']);
    expect(findAllForTest(root, 'Kostnad').map((element) => element.attributes['typ'])).toEqual(['Ansokningsavgift', 'ErsattningForArbete']);
    expect(childTextForTest(delkrav[0]!, 'AnsokanGrundText')).toMatch(/^Påminnelseavgift: Obetald faktura/);
  });

  it('leaves out the agent, compensation for work and interest when there are none', () => {
    const root = xmlOf(buildKfmSnapshot({ ...KFM_EXAMPLE_INPUT, agent: null, work_compensation: { claimed: false }, interest: null }));
    expect(findAllForTest(root, 'Ombud')).toEqual([]);
    expect(findAllForTest(root, 'Ranta').filter((element) => element.children.length > 0)).toEqual([]);
    expect(findAllForTest(root, 'Kostnad').map((element) => element.attributes['typ'])).toEqual(['Ansokningsavgift', 'Inkassokostnad', 'Inkassokostnad']);
    expect(amountOf(findAllForTest(root, 'Summa')[0]!, 'ErsattningForArbete')).toBe(0);
  });

  it('names handräckning and a fixed rate', () => {
    const interest = {
      ...KFM_EXAMPLE_INPUT.interest!,
      base: 'fixed' as const,
      margin_bp: null,
      periods: KFM_EXAMPLE_INPUT.interest!.periods.map((period) => ({ ...period, reference_rate_bp: null })),
    };
    const root = xmlOf(buildKfmSnapshot({ ...KFM_EXAMPLE_INPUT, application_type: 'handräckning', interest }));
    const type = findAllForTest(root, 'Ansokningstyp')[0]!;
    expect([type.attributes['kod'], type.text]).toEqual(['handräckning', 'Handräckning']);
    const rate = findAllForTest(root, 'Ranta')[0]!;
    expect(rate.attributes['typ']).toBe('fixed');
    expect(findAllForTest(rate, 'Marginal')).toEqual([]);
    expect(findAllForTest(rate, 'Referensranta')).toEqual([]);
    expect(childTextForTest(findAllForTest(rate, 'LopandeRanta')[0]!, 'Villkor')).toBe('Fast ränta enligt avtal, till dess betalning sker');
  });

  it('refuses an invalid snapshot and an instant without zone', () => {
    const snapshot = buildKfmSnapshot(KFM_EXAMPLE_INPUT);
    expect(() => buildKfmApplicationXml({ ...snapshot, as_of_date: '2024-01-01' }, { generatedAt: GENERATED_AT })).toThrow(
      expect.objectContaining({ code: 'KFM_INVALID_SNAPSHOT' }),
    );
    expect(() => buildKfmApplicationXml(snapshot, { generatedAt: '2025-08-20 10:15' })).toThrow(DomainError);
  });

  it.each([
    [800, '8.00'],
    [-50, '-0.50'],
    [5, '0.05'],
    [1250, '12.50'],
    [0, '0.00'],
  ])('writes %i basis points as %s percent', (basisPoints, expected) => {
    expect(basisPointsToPercentText(basisPoints)).toBe(expected);
  });

  it('the XML total equals kfmApplicationTotal and the sum of every claimed amount, for any snapshot', () => {
    fc.assert(
      fc.property(kfmSnapshotInputArb, (input) => {
        const snapshot = buildKfmSnapshot(input);
        const root = xmlOf(snapshot);
        const summary = findAllForTest(root, 'Summa')[0]!;
        const totalOre = amountOf(summary, 'Totalt');
        const delkravOre = findAllForTest(root, 'Delkrav').map((element) => amountOf(element, 'Belopp'));
        const interestOre = findAllForTest(root, 'Ranta')
          .filter((element) => element.children.length > 0)
          .map((element) => amountOf(element, 'Belopp'));
        const costsOre = findAllForTest(root, 'Kostnad').map((element) => amountOf(element, 'Belopp'));
        expect(totalOre).toBe(kfmApplicationTotal(snapshot));
        expect(sumOre([...delkravOre, ...interestOre, ...costsOre])).toBe(totalOre);
        const parts = ['Kapital', 'Ranta', 'Avgifter', 'Ansokningsavgift', 'ErsattningForArbete'].map((name) => amountOf(summary, name));
        expect(sumOre(parts)).toBe(totalOre);
      }),
    );
  });

  it('every interest period appears in the XML with its dates, days, rate and amount', () => {
    fc.assert(
      fc.property(kfmSnapshotInputArb, (input) => {
        const snapshot = buildKfmSnapshot(input);
        const periods = findAllForTest(xmlOf(snapshot), 'Period').map((element) => ({
          from: childTextForTest(element, 'FranOchMed'),
          to: childTextForTest(element, 'TillOchMed'),
          days: Number(childTextForTest(element, 'Dagar')),
          rate_pa: childTextForTest(element, 'Rantesats'),
          amountOre: amountOf(element, 'Belopp'),
        }));
        const expected = (snapshot.interest?.periods ?? []).map(({ from, to, days, rate_pa, amountOre }) => ({ from, to, days, rate_pa, amountOre }));
        expect(periods).toEqual(expected);
      }),
    );
  });

  it('every amount in the XML is written with exactly two decimals', () => {
    fc.assert(
      fc.property(kfmSnapshotInputArb, (input) => {
        const root = xmlOf(buildKfmSnapshot(input));
        const amounts = ['Belopp', 'Kapital', 'Ranta', 'Avgifter', 'Ansokningsavgift', 'ErsattningForArbete', 'Totalt']
          .flatMap((name) => findAllForTest(root, name))
          .filter((element) => element.children.length === 0);
        return amounts.length > 0 && amounts.every((element) => /^\d+\.\d{2}$/.test(element.text));
      }),
    );
  });

  it('names with XML special characters come back unchanged from the parsed file', () => {
    fc.assert(
      fc.property(kfmSnapshotInputArb, (input) => {
        const snapshot = buildKfmSnapshot(input);
        const root = xmlOf(snapshot);
        expect(childTextForTest(findAllForTest(root, 'Svarande')[0]!, 'Namn')).toBe(snapshot.debtor.name);
        expect(childTextForTest(findAllForTest(root, 'Sokande')[0]!, 'Namn')).toBe(snapshot.applicant.name);
      }),
    );
  });
});
