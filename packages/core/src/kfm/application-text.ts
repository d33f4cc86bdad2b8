import { addDays } from '../dates';
import { formatOre } from '../money';
import { KFM_APPLICATION_TYPE_LABELS } from './kfm-constants';
import type { KfmAddress, KfmApplicantSnapshot, KfmSnapshot } from './kfm-snapshot';
import { kfmApplicationBreakdown } from './kfm-total';

/** The application in words, for the readable PDF staff may file by hand. */
export interface KfmApplicationText {
  /** "Ansökan om betalningsföreläggande" or "Ansökan om handräckning". */
  subject: string;
  body: string;
}

function addressLine(address: KfmAddress): string {
  return [address.street, `${address.zip} ${address.city}`, address.country].filter(Boolean).join(', ');
}

function organisationLines(label: string, party: KfmApplicantSnapshot): string[] {
  return [`${label}: ${party.name}, org.nr ${party.org_no}`, `  ${addressLine(party.address)}`];
}

function rateText(rate: string): string {
  return `${rate.replace('.', ',')} %`;
}

function yesNo(value: boolean): string {
  return value ? 'Ja' : 'Nej';
}

/**
 * The same application as the XML file (buildKfmApplicationXml), as text: parties, the claim and
 * its ground, interest per period with the ongoing rate, every cost, the total and the choices.
 * The amounts are the snapshot's, so the PDF and the file never disagree.
 * @example kfmApplicationText(snapshot).subject // "Ansökan om betalningsföreläggande"
 */
export function kfmApplicationText(snapshot: KfmSnapshot): KfmApplicationText {
  const amounts = kfmApplicationBreakdown(snapshot);
  const { debtor, claim, interest } = snapshot;
  const lines: string[] = [`Beräkningsdag: ${snapshot.as_of_date}`, `Sökandens referens: ${snapshot.reference}`, ''];
  lines.push(...organisationLines('Sökande', snapshot.applicant));
  if (snapshot.agent) lines.push(...organisationLines('Ombud', snapshot.agent));
  const identity = debtor.type === 'person' ? `personnr ${debtor.national_id ?? ''}` : `org.nr ${debtor.org_no ?? ''}`;
  lines.push(`Svarande: ${debtor.name}, ${identity}`, `  ${addressLine(debtor.address)}`, '');
  lines.push(`Kapital: ${formatOre(claim.principalOre)}, förfallodag ${claim.due_date}, referens ${claim.reference_no}`, `Grund: ${claim.description}`, '');
  if (interest) {
    lines.push(`Ränta ${interest.from} – ${interest.to}: ${formatOre(interest.amountOre)}`);
    for (const period of interest.periods) {
      lines.push(`  ${period.from} – ${period.to}, ${period.days} dagar, ${rateText(period.rate_pa)}: ${formatOre(period.amountOre)}`);
    }
    const lastRate = interest.periods.at(-1)?.rate_pa;
    if (lastRate) lines.push(`  Löpande ränta från ${addDays(snapshot.as_of_date, 1)} till dess betalning sker (nu ${rateText(lastRate)})`);
    lines.push('');
  }
  lines.push('Kostnader:');
  for (const fee of snapshot.fees) lines.push(`  ${fee.name}: ${formatOre(fee.amountOre)}`);
  lines.push(`  Ansökningsavgift: ${formatOre(amounts.application_feeOre)}`);
  if (snapshot.work_compensation_claimed) lines.push(`  Ersättning för arbete med ansökan: ${formatOre(amounts.work_compensationOre)}`);
  lines.push('', `Totalt: ${formatOre(amounts.totalOre)}`, '');
  lines.push(
    `Överlämnande till tingsrätt vid bestridande: ${yesNo(snapshot.choices.transfer_to_court)}`,
    `Verkställighet: ${yesNo(snapshot.choices.enforcement)}`,
  );
  return { subject: `Ansökan om ${KFM_APPLICATION_TYPE_LABELS[snapshot.application_type].toLowerCase()}`, body: lines.join('\n') };
}
