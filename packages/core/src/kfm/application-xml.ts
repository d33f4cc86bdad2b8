import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { addDays } from '../dates';
import { oreToDecimal, type Ore } from '../money';
import { KFM_EXPORT_FORMAT, type KfmApplicationType } from './kfm-constants';
import { assertValidKfmSnapshot, type KfmAddress, type KfmApplicantSnapshot, type KfmFeeSnapshot, type KfmSnapshot } from './kfm-snapshot';
import { kfmApplicationBreakdown, type KfmApplicationBreakdown } from './kfm-total';
import { formatUtcInstant, toUtcInstant } from './utc-instant';

/** Options of `buildKfmApplicationXml`. */
export interface KfmApplicationXmlOptions {
  /** When the file is generated: an ISO-8601 instant with a zone (core has no clock). */
  generatedAt: string;
}

/** The namespace of Fordran's own format: deliberately not a Kronofogden namespace. */
export const KFM_EXPORT_NAMESPACE = 'urn:fordran:kfm-ansokan';

const APPLICATION_TYPE_NAMES: Readonly<Record<KfmApplicationType, string>> = {
  payment_order: 'Betalningsföreläggande',
  handräckning: 'Handräckning',
};

const FORMAT_NOTICE =
  'Fordrans eget exportformat för ansökan hos Kronofogden. Detta är inte Kronofogdens officiella XML-schema ' +
  '(schemat lämnas bara till godkända ingivare); innehållet följer Kronofogdens krav på en ansökan om ' +
  'betalningsföreläggande eller handräckning (lag 1990:746).';

/**
 * A rate in basis points as percent text with two decimals, by integer arithmetic.
 * @example basisPointsToPercentText(-50) // "-0.50"
 */
export function basisPointsToPercentText(basisPoints: number): string {
  const magnitude = Math.abs(basisPoints);
  const sign = basisPoints < 0 ? '-' : '';
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

function amount(parent: XMLBuilder, name: string, valueOre: Ore): void {
  parent.ele(name).txt(oreToDecimal(valueOre));
}

function optionalText(parent: XMLBuilder, name: string, value: string | null): void {
  if (value !== null) parent.ele(name).txt(value);
}

function addAddress(parent: XMLBuilder, address: KfmAddress): void {
  const element = parent.ele('Adress');
  element.ele('Utdelningsadress').txt(address.street);
  element.ele('Postnummer').txt(address.zip);
  element.ele('Postort').txt(address.city);
  optionalText(element, 'Land', address.country);
}

function addOrganisation(parent: XMLBuilder, name: string, party: KfmApplicantSnapshot): XMLBuilder {
  const element = parent.ele(name);
  element.ele('Namn').txt(party.name);
  element.ele('Organisationsnummer').txt(party.org_no);
  addAddress(element, party.address);
  optionalText(element, 'Epost', party.email);
  optionalText(element, 'Telefon', party.phone);
  return element;
}

function addInterest(delkrav: XMLBuilder, snapshot: KfmSnapshot): void {
  const interest = snapshot.interest;
  if (interest === null) return;
  const isReferenceRate = interest.base === 'REFERENCE_RATE';
  const element = delkrav.ele('Ranta', { typ: isReferenceRate ? 'reference_rate' : 'fixed' });
  if (interest.margin_bp !== null) element.ele('Marginal').txt(basisPointsToPercentText(interest.margin_bp));
  // Both dates are interest days (from och med, till och med), as the interest module counts them.
  element.ele('FranOchMed').txt(interest.from);
  element.ele('TillOchMed').txt(interest.to);
  element.ele('Dagar').txt(String(interest.days));
  amount(element, 'Belopp', interest.amountOre);
  // Dröjsmålsränta follows the reference rate of each half-year (räntelagen 6 and 9 §§), so
  // every period is given with its own rate rather than one rate for the whole time.
  interest.periods.forEach((period, index) => {
    const row = element.ele('Period', { nr: String(index + 1) });
    row.ele('FranOchMed').txt(period.from);
    row.ele('TillOchMed').txt(period.to);
    row.ele('Dagar').txt(String(period.days));
    row.ele('Rantesats').txt(period.rate_pa);
    if (period.reference_rate_bp !== null) row.ele('Referensranta').txt(basisPointsToPercentText(period.reference_rate_bp));
    amount(row, 'Belopp', period.amountOre);
  });
  // Interest after the calculation day is claimed as a rate "till dess betalning sker".
  const running = element.ele('LopandeRanta');
  running.ele('FranOchMed').txt(addDays(interest.to, 1));
  const lastPeriod = interest.periods[interest.periods.length - 1];
  if (lastPeriod !== undefined) running.ele('Rantesats').txt(lastPeriod.rate_pa);
  running
    .ele('Villkor')
    .txt(
      isReferenceRate
        ? `Referensränta enligt 9 § räntelagen (1975:635) med tillägg av ${basisPointsToPercentText(interest.margin_bp ?? 0).replace('.', ',')} procentenheter, till dess betalning sker`
        : 'Fast ränta enligt avtal, till dess betalning sker',
    );
}

function addFeeDelkrav(fordran: XMLBuilder, number: number, fee: KfmFeeSnapshot, groundText: string): void {
  const element = fordran.ele('Delkrav', { nr: String(number), typ: fee.delkrav_type, kod: fee.code });
  element.ele('Benamning').txt(fee.name);
  amount(element, 'Belopp', fee.amountOre);
  element.ele('AnsokanGrundText').txt(groundText);
}

function lateFeeGroundText(snapshot: KfmSnapshot): string {
  return `Förseningsersättning enligt 4 a § lag (1981:739) om ersättning för inkassokostnader m.m., avseende fordran med referensnummer ${snapshot.claim.reference_no}.`;
}

function addDebtor(application: XMLBuilder, debtor: KfmSnapshot['debtor']): void {
  const element = application.ele('Svarande', { typ: debtor.type });
  element.ele('Namn').txt(debtor.name);
  if (debtor.type === 'person') optionalText(element, 'Personnummer', debtor.national_id);
  else optionalText(element, 'Organisationsnummer', debtor.org_no);
  addAddress(element, debtor.address);
  optionalText(element, 'Epost', debtor.email);
  optionalText(element, 'Telefon', debtor.phone);
}

/** The claim's delkrav, numbered from 1; returns the fees that are claimed as costs instead. */
function addFordran(application: XMLBuilder, snapshot: KfmSnapshot): KfmFeeSnapshot[] {
  const fordran = application.ele('Fordran');
  let delkravNumber = 0;
  // A claim of only costs (the capital was paid and no interest is claimed) is filed with the
  // costs as delkrav of type Inkasso (kronofogden.se "Frågor och svar för ingivare").
  const hasCapital = snapshot.claim.principalOre > 0 || snapshot.interest !== null;
  if (hasCapital) {
    delkravNumber += 1;
    const capital = fordran.ele('Delkrav', { nr: String(delkravNumber), typ: 'Kapital' });
    amount(capital, 'Belopp', snapshot.claim.principalOre);
    capital.ele('Forfallodag').txt(snapshot.claim.due_date);
    capital.ele('Referensnummer').txt(snapshot.claim.reference_no);
    optionalText(capital, 'Avtalstyp', snapshot.claim.contract_type);
    addInterest(capital, snapshot);
    capital.ele('AnsokanGrundText').txt(snapshot.claim.description);
  }
  const collectionCosts: KfmFeeSnapshot[] = [];
  for (const fee of snapshot.fees) {
    if (fee.delkrav_type === 'Förseningsersättning') {
      delkravNumber += 1;
      addFeeDelkrav(fordran, delkravNumber, fee, lateFeeGroundText(snapshot));
    } else if (!hasCapital) {
      delkravNumber += 1;
      addFeeDelkrav(fordran, delkravNumber, fee, `${fee.name}: ${snapshot.claim.description}`);
    } else {
      collectionCosts.push(fee);
    }
  }
  return collectionCosts;
}

function addCosts(application: XMLBuilder, snapshot: KfmSnapshot, collectionCosts: KfmFeeSnapshot[]): void {
  const costs = application.ele('Kostnader');
  const applicationFee = costs.ele('Kostnad', { typ: 'Ansokningsavgift' });
  applicationFee.ele('Benamning').txt('Ansökningsavgift');
  amount(applicationFee, 'Belopp', snapshot.application_feeOre);
  if (snapshot.work_compensation_claimed) {
    const work = costs.ele('Kostnad', { typ: 'ErsattningForArbete' });
    work.ele('Benamning').txt('Ersättning för arbete med ansökan (48 § lag 1990:746)');
    amount(work, 'Belopp', snapshot.work_compensationOre);
  }
  for (const fee of collectionCosts) {
    const cost = costs.ele('Kostnad', { typ: 'Inkassokostnad', kod: fee.code });
    cost.ele('Benamning').txt(fee.name);
    amount(cost, 'Belopp', fee.amountOre);
  }
}

function addSummary(application: XMLBuilder, breakdown: KfmApplicationBreakdown): void {
  const summary = application.ele('Summa');
  amount(summary, 'Kapital', breakdown.principalOre);
  amount(summary, 'Ranta', breakdown.interestOre);
  amount(summary, 'Avgifter', breakdown.feesOre);
  amount(summary, 'Ansokningsavgift', breakdown.application_feeOre);
  amount(summary, 'ErsattningForArbete', breakdown.work_compensationOre);
  amount(summary, 'Totalt', breakdown.totalOre);
}

/**
 * The KFM application file for a snapshot (step 3 of the escalation dialog), as UTF-8 XML text.
 * Fordran's own export format (Kronofogden's schema is not public), modelled on the content of a
 * real application (domain reference §5.2–5.3): applicant, agent, debtor, each delkrav on its own
 * (Kapital with interest per half-year period as rate + dates, Förseningsersättning, Inkasso when
 * only costs remain), costs (ansökningsavgift, ersättning för arbete, inkassokostnader),
 * AnsokanGrundText, the choices, and a summary whose Totalt equals `kfmApplicationTotal`.
 * Amounts have two decimals. Throws KFM_INVALID_SNAPSHOT for an invalid snapshot, INVALID_DATE
 * for a bad `generatedAt`.
 * @example buildKfmApplicationXml(snapshot, { generatedAt: '2026-11-22T10:15:00Z' }) // '<?xml version="1.0" encoding="UTF-8"?>…'
 */
export function buildKfmApplicationXml(snapshot: KfmSnapshot, options: KfmApplicationXmlOptions): string {
  assertValidKfmSnapshot(snapshot);
  const generatedAt = formatUtcInstant(toUtcInstant(options.generatedAt));
  const breakdown = kfmApplicationBreakdown(snapshot);

  const document = create({ version: '1.0', encoding: 'UTF-8' }).com(` ${FORMAT_NOTICE} `);
  const root = document.ele(KFM_EXPORT_NAMESPACE, 'FordranKfmAnsokan', { formatVersion: KFM_EXPORT_FORMAT.version });

  const header = root.ele('Huvud');
  header.ele('Format').txt(KFM_EXPORT_FORMAT.name);
  header.ele('Formatversion').txt(KFM_EXPORT_FORMAT.version);
  header.ele('OfficielltSchema').txt('false');
  header.ele('Beskrivning').txt(FORMAT_NOTICE);
  header.ele('Skapad').txt(generatedAt);

  const application = root.ele('Ansokan');
  application.ele('Ansokningstyp', { kod: snapshot.application_type }).txt(APPLICATION_TYPE_NAMES[snapshot.application_type]);
  application.ele('Berakningsdag').txt(snapshot.as_of_date);
  application.ele('Valuta').txt('SEK');
  application.ele('SokandensReferens').txt(snapshot.reference);

  addOrganisation(application, 'Sokande', snapshot.applicant);
  if (snapshot.agent !== null) {
    const agent = addOrganisation(application, 'Ombud', snapshot.agent);
    optionalText(agent, 'Ombudskod', snapshot.agent.agent_code);
    optionalText(agent, 'Referens', snapshot.agent.reference);
  }
  addDebtor(application, snapshot.debtor);
  const collectionCosts = addFordran(application, snapshot);
  addCosts(application, snapshot, collectionCosts);

  const choices = application.ele('Val');
  choices.ele('OverlamnandeTillTingsratt').txt(String(snapshot.choices.transfer_to_court));
  choices.ele('Verkstallighet').txt(String(snapshot.choices.enforcement));
  addSummary(application, breakdown);

  return document.end({ prettyPrint: true, indent: '  ', newline: '\n' }) + '\n';
}
