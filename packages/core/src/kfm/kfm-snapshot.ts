import { compareIsoDates, daysBetween, isIsoDate, type IsoDate } from '../dates';
import { DomainError, ERROR_MESSAGES, type DomainErrorCode, type Finding } from '../errors';
import { formatOrganisationsnummer, formatPersonnummer, isOrganisationsnummer, isPersonnummer } from '../identifiers';
import { formatOre, isOre, type Ore } from '../money';
import { findFeeSetExclusivityClash, LATE_FEE_CODE, STATUTORY_FEE_MAX_ORE } from '../fees';
import {
  KFM_APPLICATION_FEE_ORE,
  KFM_APPLICATION_TYPES,
  KFM_LATE_PAYMENT_FEE_CODES,
  KFM_WORK_COMPENSATION_MAX_ORE,
  type KfmApplicationType,
  type KfmDelkravType,
} from './kfm-constants';
import type { InterestPeriod, InterestResult } from '../interest';

/** A postal address (parties/organisations address_json: street, zip, city, country). */
export interface KfmAddress {
  street: string;
  zip: string;
  city: string;
  country: string | null;
}

/** The debtor (svarande) as the application names them (parties fields, spec part 1 §3). */
export interface KfmDebtorSnapshot {
  type: 'person' | 'company';
  name: string;
  /** Personnummer, persons only. */
  national_id: string | null;
  /** Organisationsnummer, companies only. */
  org_no: string | null;
  address: KfmAddress;
  email: string | null;
  phone: string | null;
}

/** The claim (claims fields) with the ground Kronofogden needs (domain reference §5.2). */
export interface KfmClaimSnapshot {
  reference_no: string;
  /** The capital, excluding interest and costs, in öre. */
  principalOre: Ore;
  due_date: IsoDate;
  contract_type: string | null;
  /** What the claim concerns, dates, invoice numbers (AnsokanGrundText). */
  description: string;
}

/** A collection cost claimed in the application, in öre. */
export interface KfmFeeSnapshot {
  code: string;
  name: string;
  amountOre: Ore;
  /** Kronofogden's delkravstyp: Förseningsersättning (LATE_FEE_450) or Inkasso. */
  delkrav_type: Exclude<KfmDelkravType, 'Kapital'>;
  /** The recorded "särskilda skäl" (lag 1981:739 4 §) for an amount above 60/180/170 kr; null when none. */
  above_maximum_reason: string | null;
}

/** The applicant (sökande): the party whose claim it is, with its organisationsnummer. */
export interface KfmApplicantSnapshot {
  name: string;
  org_no: string;
  address: KfmAddress;
  email: string | null;
  phone: string | null;
}

/** The agent (ombud) filing for the applicant, typically the collection organisation. */
export interface KfmAgentSnapshot extends KfmApplicantSnapshot {
  /** Kronofogden's ombudskod for approved file filers, when the organisation has one. */
  agent_code: string | null;
  /** The agent's own reference for the case. */
  reference: string | null;
}

/** The applicant's choices (domain reference §5.2). */
export interface KfmChoices {
  /** Överlämnande: send the case to tingsrätt if the debtor disputes it. */
  transfer_to_court: boolean;
  /** Verkställighet: send an utslag straight to enforcement (600 kr grundavgift, charged then). */
  enforcement: boolean;
}

/** What a KFM case stores: the claim as it stood on as_of_date (kfm_cases, spec part 1 §3). */
export interface KfmSnapshot {
  application_type: KfmApplicationType;
  as_of_date: IsoDate;
  /** kfm_cases.reference: the applicant's reference for the application. */
  reference: string;
  applicant: KfmApplicantSnapshot;
  agent: KfmAgentSnapshot | null;
  debtor: KfmDebtorSnapshot;
  claim: KfmClaimSnapshot;
  /** The interest module's result up to as_of_date; null when no interest is claimed. */
  interest: InterestResult | null;
  fees: KfmFeeSnapshot[];
  /** Kronofogden's ansökningsavgift claimed back from the debtor, in öre (default 300 kr). */
  application_feeOre: Ore;
  /** Whether compensation for the applicant's work is claimed (lag 1990:746 48 §). */
  work_compensation_claimed: boolean;
  /** The compensation claimed, in öre; 0 when not claimed. */
  work_compensationOre: Ore;
  choices: KfmChoices;
}

type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
type WithAddressInput<T extends { address: KfmAddress }> = Omit<T, 'address'> & { address: Optional<KfmAddress, 'country'> };

/** Input of `buildKfmSnapshot`: defaults fill what is left out. */
export interface KfmSnapshotInput {
  application_type: KfmApplicationType;
  as_of_date: IsoDate;
  /** Default: the claim's reference_no. */
  reference?: string | null;
  applicant: WithAddressInput<Optional<KfmApplicantSnapshot, 'email' | 'phone'>>;
  agent?: WithAddressInput<Optional<KfmAgentSnapshot, 'email' | 'phone' | 'agent_code' | 'reference'>> | null;
  debtor: WithAddressInput<Optional<KfmDebtorSnapshot, 'national_id' | 'org_no' | 'email' | 'phone'>>;
  /** description defaults to a ground text built from reference, contract type and due date. */
  claim: Optional<KfmClaimSnapshot, 'contract_type' | 'description'>;
  interest?: InterestResult | null;
  /** delkrav_type defaults from the code: LATE_FEE_450 → Förseningsersättning, else Inkasso. */
  fees?: Optional<KfmFeeSnapshot, 'delkrav_type' | 'above_maximum_reason'>[];
  /** Default 300 kr. */
  application_feeOre?: Ore;
  /** Claim compensation for work; amountOre defaults to the normal maximum (380 / 420 kr). */
  work_compensation?: { claimed: boolean; amountOre?: Ore };
  choices?: Partial<KfmChoices>;
}

// Characters XML 1.0 cannot carry: C0 controls except tab/LF/CR, U+FFFE/FFFF, lone surrogates.
function hasXmlInvalidCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if ((unit < 0x20 && unit !== 0x09 && unit !== 0x0a && unit !== 0x0d) || unit === 0xfffe || unit === 0xffff) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      index += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return true;
    }
  }
  return false;
}

const RATE_TEXT = /^-?\d{1,3}(?:\.\d{1,6})?$/;
// The day that decides the century of a 10-digit personnummer when as_of_date is unusable.
const FALLBACK_TODAY: IsoDate = '2099-12-31';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Whose address an application names, as the refusal says it. */
const ADDRESS_OWNERS = { applicant: 'Borgenärens', agent: 'Ombudets', debtor: 'Gäldenärens' } as const;
type AddressOwner = keyof typeof ADDRESS_OWNERS;
const ADDRESS_PARTS = [
  ['street', 'gatuadress'],
  ['zip', 'postnummer'],
  ['city', 'ort'],
] as const;

/** Collects findings; each helper reads a value defensively (snapshots come back from JSON). */
function collector(today: IsoDate) {
  const findings: Finding[] = [];
  const add = (code: DomainErrorCode, path: string, message: string = ERROR_MESSAGES[code]) => {
    findings.push({ code, path, message });
  };
  const checkText = (value: unknown, path: string, required: boolean, missing?: string): void => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (required) add('REQUIRED_FIELDS_MISSING', path, missing);
      return;
    }
    if (typeof value !== 'string') add('VALIDATION_FAILED', path);
    else if (hasXmlInvalidCharacter(value)) add('VALIDATION_FAILED', path, 'Texten innehåller otillåtna tecken');
  };
  const checkAmount = (value: unknown, path: string, minimum: 0 | 1): void => {
    if (!isOre(value)) add('INVALID_AMOUNT', path);
    else if (value < 0) add('NEGATIVE_AMOUNT', path);
    else if (value < minimum) add('AMOUNT_NOT_POSITIVE', path);
  };
  const checkDate = (value: unknown, path: string): value is IsoDate => {
    if (isIsoDate(value)) return true;
    add('INVALID_DATE', path);
    return false;
  };
  // A missing address part is named in Swedish ('Borgenärens adress saknas (postnummer)'): the
  // person fixing it edits the creditor, the debtor or the organisation, not a field path.
  const checkAddress = (value: unknown, path: AddressOwner): void => {
    const missing = `${ADDRESS_OWNERS[path]} adress saknas`;
    if (!isRecord(value)) {
      add('REQUIRED_FIELDS_MISSING', `${path}.address`, missing);
      return;
    }
    for (const [part, label] of ADDRESS_PARTS) checkText(value[part], `${path}.address.${part}`, true, `${missing} (${label})`);
    checkText(value['country'], `${path}.address.country`, false);
  };
  const checkOrganisation = (value: unknown, path: Exclude<AddressOwner, 'debtor'>): void => {
    if (!isRecord(value)) {
      add('REQUIRED_FIELDS_MISSING', path);
      return;
    }
    checkText(value['name'], `${path}.name`, true);
    checkText(value['org_no'], `${path}.org_no`, true);
    const orgNo = text(value['org_no']);
    if (orgNo !== null && !isOrganisationOrSoleTraderNumber(orgNo, today)) add('INVALID_ORGANISATIONSNUMMER', `${path}.org_no`);
    checkAddress(value['address'], path);
    checkText(value['email'], `${path}.email`, false);
    checkText(value['phone'], `${path}.phone`, false);
  };
  return { findings, add, checkText, checkAmount, checkDate, checkAddress, checkOrganisation };
}

type Checker = ReturnType<typeof collector>;

/** A sole trader (enskild firma) is identified by the owner's personnummer (reference §3.4). */
function isOrganisationOrSoleTraderNumber(value: string, today: IsoDate): boolean {
  return isOrganisationsnummer(value) || isPersonnummer(value, today);
}

function checkInterestPeriod(period: unknown, path: string, check: Checker): Ore | null {
  if (!isRecord(period)) {
    check.add('VALIDATION_FAILED', path);
    return null;
  }
  const fromValid = check.checkDate(period['from'], `${path}.from`);
  const toValid = check.checkDate(period['to'], `${path}.to`);
  const datesOrdered = fromValid && toValid && compareIsoDates(period['from'] as IsoDate, period['to'] as IsoDate) <= 0;
  if (fromValid && toValid && !datesOrdered) check.add('INVALID_INTEREST_PERIOD', `${path}.to`);
  checkInterestDays(period['days'], datesOrdered ? [period['from'] as IsoDate, period['to'] as IsoDate] : null, `${path}.days`, check);
  if (typeof period['rate_pa'] !== 'string' || !RATE_TEXT.test(period['rate_pa'])) check.add('INVALID_RATE', `${path}.rate_pa`);
  const referenceRate = period['reference_rate_bp'];
  if (referenceRate !== null && !Number.isInteger(referenceRate)) check.add('INVALID_RATE', `${path}.reference_rate_bp`);
  check.checkAmount(period['amountOre'], `${path}.amountOre`, 0);
  return isOre(period['amountOre']) ? period['amountOre'] : null;
}

/** Interest days count both ends (the interest module: from = first day, to = last day, inclusive). */
function checkInterestDays(days: unknown, range: [IsoDate, IsoDate] | null, path: string, check: Checker): void {
  if (!Number.isInteger(days) || (days as number) < 1) check.add('VALIDATION_FAILED', path, 'Antal räntedagar är ogiltigt');
  else if (range !== null && days !== daysBetween(range[0], range[1]) + 1) check.add('VALIDATION_FAILED', path, 'Antal räntedagar stämmer inte med perioden');
}

function checkInterest(interest: unknown, claimDueDate: unknown, asOfDate: unknown, check: Checker): void {
  if (interest === null || interest === undefined) return;
  if (!isRecord(interest)) {
    check.add('VALIDATION_FAILED', 'interest');
    return;
  }
  check.checkAmount(interest['amountOre'], 'interest.amountOre', 0);
  const fromValid = check.checkDate(interest['from'], 'interest.from');
  const toValid = check.checkDate(interest['to'], 'interest.to');
  const from = interest['from'] as IsoDate;
  const to = interest['to'] as IsoDate;
  // Interest runs from the day after the due date (räntelagen 4 §; the interest module's rule).
  if (fromValid && isIsoDate(claimDueDate) && compareIsoDates(from, claimDueDate) <= 0) {
    check.add('INVALID_DATE', 'interest.from', 'Ränta kan bara räknas från dagen efter förfallodagen');
  }
  if (toValid && isIsoDate(asOfDate) && compareIsoDates(to, asOfDate) > 0) {
    check.add('INVALID_DATE', 'interest.to', 'Räntan är beräknad längre än till ansökningsdagen');
  }
  const rangeValid = fromValid && toValid && compareIsoDates(from, to) <= 0;
  if (fromValid && toValid && !rangeValid) check.add('INVALID_INTEREST_PERIOD', 'interest.to');
  checkInterestDays(interest['days'], rangeValid ? [from, to] : null, 'interest.days', check);
  if (interest['base'] !== 'REFERENCE_RATE' && interest['base'] !== 'fixed') check.add('INVALID_INTEREST_PROFILE', 'interest.base');
  const margin = interest['margin_bp'];
  if (margin !== null && !Number.isInteger(margin)) check.add('INVALID_RATE', 'interest.margin_bp');
  if (interest['base'] === 'REFERENCE_RATE' && margin === null) check.add('INVALID_INTEREST_PROFILE', 'interest.margin_bp');
  const periods = interest['periods'];
  if (!Array.isArray(periods) || periods.length === 0) {
    check.add('VALIDATION_FAILED', 'interest.periods', 'Räntan saknar perioder');
    return;
  }
  const periodAmounts = periods.map((period: unknown, index) => checkInterestPeriod(period, `interest.periods.${index}`, check));
  // The application shows both the periods and the total: they must agree to the öre.
  if (isOre(interest['amountOre']) && periodAmounts.every((amountOre) => amountOre !== null)) {
    const periodSum = periodAmounts.reduce<number>((sum, amountOre) => sum + (amountOre ?? 0), 0);
    if (periodSum !== interest['amountOre']) check.add('VALIDATION_FAILED', 'interest.amountOre', 'Räntebeloppet är inte summan av periodernas belopp');
  }
}

function checkAgent(agent: unknown, check: Checker): void {
  if (agent === null || agent === undefined) return;
  check.checkOrganisation(agent, 'agent');
  if (isRecord(agent)) {
    check.checkText(agent['agent_code'], 'agent.agent_code', false);
    check.checkText(agent['reference'], 'agent.reference', false);
  }
}

function checkDebtor(debtor: unknown, today: IsoDate, check: Checker): void {
  if (!isRecord(debtor)) {
    check.add('REQUIRED_FIELDS_MISSING', 'debtor');
    return;
  }
  if (debtor['type'] !== 'person' && debtor['type'] !== 'company') check.add('VALIDATION_FAILED', 'debtor.type');
  check.checkText(debtor['name'], 'debtor.name', true);
  if (debtor['type'] === 'person') {
    check.checkText(debtor['national_id'], 'debtor.national_id', true);
    const nationalId = text(debtor['national_id']);
    if (nationalId !== null && !isPersonnummer(nationalId, today)) {
      check.add('INVALID_PERSONNUMMER', 'debtor.national_id');
    }
  }
  if (debtor['type'] === 'company') {
    check.checkText(debtor['org_no'], 'debtor.org_no', true);
    const orgNo = text(debtor['org_no']);
    if (orgNo !== null && !isOrganisationOrSoleTraderNumber(orgNo, today)) {
      check.add('INVALID_ORGANISATIONSNUMMER', 'debtor.org_no');
    }
  }
  // Kronofogden serves the föreläggande by post: the debtor's address is required (§5.4).
  check.checkAddress(debtor['address'], 'debtor');
  check.checkText(debtor['email'], 'debtor.email', false);
  check.checkText(debtor['phone'], 'debtor.phone', false);
}

/** Returns the due date as written, for the interest check; `asOfDate` is null when it is not a valid date. */
function checkClaim(claim: unknown, asOfDate: IsoDate | null, check: Checker): unknown {
  if (!isRecord(claim)) {
    check.add('REQUIRED_FIELDS_MISSING', 'claim');
    return undefined;
  }
  check.checkText(claim['reference_no'], 'claim.reference_no', true);
  check.checkAmount(claim['principalOre'], 'claim.principalOre', 0);
  const dueDateValid = check.checkDate(claim['due_date'], 'claim.due_date');
  if (dueDateValid && asOfDate !== null && compareIsoDates(claim['due_date'] as IsoDate, asOfDate) >= 0) {
    check.add('NOT_YET_DUE', 'claim.due_date', KFM_NOT_DUE_MESSAGE);
  }
  check.checkText(claim['contract_type'], 'claim.contract_type', false);
  check.checkText(claim['description'], 'claim.description', true);
  return claim['due_date'];
}

function checkFees(fees: unknown, check: Checker): void {
  if (!Array.isArray(fees)) {
    check.add('VALIDATION_FAILED', 'fees');
    return;
  }
  const seen = new Set<string>();
  fees.forEach((fee: unknown, index) => {
    const path = `fees.${index}`;
    if (!isRecord(fee)) {
      check.add('VALIDATION_FAILED', path);
      return;
    }
    check.checkText(fee['code'], `${path}.code`, true);
    check.checkText(fee['name'], `${path}.name`, true);
    check.checkText(fee['above_maximum_reason'], `${path}.above_maximum_reason`, false);
    check.checkAmount(fee['amountOre'], `${path}.amountOre`, 1);
    if (fee['delkrav_type'] !== 'Inkasso' && fee['delkrav_type'] !== 'Förseningsersättning') check.add('VALIDATION_FAILED', `${path}.delkrav_type`);
    const code = text(fee['code']);
    if (code !== null) {
      if (seen.has(code)) check.add('NO_DOUBLE_FEES', `${path}.code`);
      seen.add(code);
    }
  });
}

/**
 * The fees lag 1981:739 forbids, whatever the case's fee rows say (they may predate a rule or come
 * from an import): 450 kr förseningsersättning from a consumer (4 a §), 450 kr beside the
 * 60/180/170 kr it replaces (4 a § second paragraph), and 60/180/170 kr exceeded without a
 * recorded "särskilda skäl" (4 §); the fixed 450 kr is never exceeded.
 */
function checkFeeLaw(fees: unknown, debtorType: unknown, check: Checker): void {
  if (!Array.isArray(fees)) return;
  const codes: string[] = [];
  fees.forEach((fee: unknown, index) => {
    if (!isRecord(fee) || typeof fee['code'] !== 'string') return;
    const code = fee['code'].trim().toUpperCase();
    codes.push(code);
    const path = `fees.${index}`;
    if (code === LATE_FEE_CODE && debtorType === 'person') {
      check.add('FEE_NOT_ALLOWED', `${path}.code`, KFM_LATE_FEE_CONSUMER_MESSAGE);
    }
    const maxOre = STATUTORY_FEE_MAX_ORE[code];
    const amountOre = fee['amountOre'];
    if (maxOre === undefined || !isOre(amountOre) || amountOre <= maxOre) return;
    if (code === LATE_FEE_CODE) {
      check.add('FEE_NOT_ALLOWED', `${path}.amountOre`, `Förseningsersättningen är ${formatOre(maxOre)} och kan inte vara högre (lag 1981:739 4 a §)`);
    } else if (text(fee['above_maximum_reason']) === null) {
      check.add(
        'FEE_NOT_ALLOWED',
        `${path}.amountOre`,
        `${text(fee['name']) ?? code} får vara högst ${formatOre(maxOre)} om det inte finns särskilda skäl (lag 1981:739 4 §)`,
      );
    }
  });
  const clash = findFeeSetExclusivityClash(codes);
  if (clash !== null) check.add('FEE_NOT_ALLOWED', 'fees', clash.message);
}

/** Why a consumer never owes the 450 kr förseningsersättning. */
export const KFM_LATE_FEE_CONSUMER_MESSAGE =
  'Förseningsersättning får inte tas ut av en privatperson – den gäller bara mellan näringsidkare (lag 1981:739 4 a §)';

/** `applicationType` is null when it is not a known type (the maximum then cannot be checked). */
function checkWorkCompensation(claimed: unknown, compensation: unknown, applicationType: KfmApplicationType | null, check: Checker): void {
  if (typeof claimed !== 'boolean') check.add('VALIDATION_FAILED', 'work_compensation_claimed');
  if (claimed === true) {
    check.checkAmount(compensation, 'work_compensationOre', 1);
    if (applicationType !== null && isOre(compensation) && compensation > KFM_WORK_COMPENSATION_MAX_ORE[applicationType]) {
      check.add('AMOUNT_OUT_OF_RANGE', 'work_compensationOre', workCompensationMaxMessage(applicationType));
    }
  } else if (claimed === false && compensation !== 0) {
    check.add('VALIDATION_FAILED', 'work_compensationOre', 'Ersättning för arbete ska vara 0 när den inte yrkas');
  }
}

/**
 * Every problem with a KFM snapshot, as findings with the field path (empty when it can be
 * sent): required parties and addresses, identifier shapes, amounts in whole öre, a claim that
 * is due before as_of_date (BF only concerns due claims, domain reference §5.2), interest
 * periods, fees (positive, one of each code, none the law forbids), compensation for work within the normal maximum of
 * lag 1990:746 48 §, characters XML can carry, and a total above zero.
 * @example validateKfmSnapshot(snapshot) // [] for a complete, due claim
 */
export function validateKfmSnapshot(snapshot: KfmSnapshot): Finding[] {
  const value: unknown = snapshot;
  if (!isRecord(value)) return [{ code: 'KFM_INVALID_SNAPSHOT', path: '', message: ERROR_MESSAGES.KFM_INVALID_SNAPSHOT }];
  const today = isIsoDate(value['as_of_date']) ? value['as_of_date'] : FALLBACK_TODAY;
  const check = collector(today);

  const applicationType = value['application_type'];
  const typeValid = KFM_APPLICATION_TYPES.includes(applicationType as KfmApplicationType);
  if (!typeValid) check.add('VALIDATION_FAILED', 'application_type', 'Okänd ansökningstyp');
  const asOfDateValid = check.checkDate(value['as_of_date'], 'as_of_date');
  check.checkText(value['reference'], 'reference', true);

  check.checkOrganisation(value['applicant'], 'applicant');
  checkAgent(value['agent'], check);
  checkDebtor(value['debtor'], today, check);
  const dueDate = checkClaim(value['claim'], asOfDateValid ? (value['as_of_date'] as IsoDate) : null, check);
  checkInterest(value['interest'], dueDate, value['as_of_date'], check);
  checkFees(value['fees'], check);
  checkFeeLaw(value['fees'], isRecord(value['debtor']) ? value['debtor']['type'] : undefined, check);
  check.checkAmount(value['application_feeOre'], 'application_feeOre', 0);
  checkWorkCompensation(value['work_compensation_claimed'], value['work_compensationOre'], typeValid ? (applicationType as KfmApplicationType) : null, check);

  const choices = value['choices'];
  if (!isRecord(choices) || typeof choices['transfer_to_court'] !== 'boolean' || typeof choices['enforcement'] !== 'boolean') {
    check.add('VALIDATION_FAILED', 'choices');
  }

  // A total only means something once every part is a sound amount.
  if (!check.findings.some((finding) => AMOUNT_CODES.has(finding.code))) {
    const parts = kfmTotalPartsIfSound(snapshot);
    if (parts !== null && parts.every((part) => part === 0)) check.add('AMOUNT_NOT_POSITIVE', 'total', KFM_ZERO_TOTAL_MESSAGE);
  }
  return check.findings;
}

function kfmTotalPartsIfSound(snapshot: KfmSnapshot): number[] | null {
  const interest: unknown = snapshot.interest;
  const fees: unknown = snapshot.fees;
  const parts: unknown[] = [
    isRecord(snapshot.claim) ? snapshot.claim.principalOre : undefined,
    interest === null ? 0 : isRecord(interest) ? interest['amountOre'] : undefined,
    ...(Array.isArray(fees) ? fees.map((fee: unknown) => (isRecord(fee) ? fee['amountOre'] : undefined)) : [undefined]),
    snapshot.application_feeOre,
    snapshot.work_compensation_claimed ? snapshot.work_compensationOre : 0,
  ];
  return parts.every((part) => isOre(part) && part >= 0) ? (parts as number[]) : null;
}

const AMOUNT_CODES = new Set<DomainErrorCode>(['INVALID_AMOUNT', 'NEGATIVE_AMOUNT', 'AMOUNT_NOT_POSITIVE']);

/** Why a claim that is not yet due cannot go to Kronofogden (domain reference §5.2). */
export const KFM_NOT_DUE_MESSAGE = 'Fordran är inte förfallen ännu – betalningsföreläggande kan bara sökas för en förfallen fordran';

/** Why an application with nothing to claim is refused. */
export const KFM_ZERO_TOTAL_MESSAGE = 'Ansökan saknar belopp att kräva';

function workCompensationMaxMessage(type: KfmApplicationType): string {
  return `Ersättning för arbete får normalt vara högst ${formatOre(KFM_WORK_COMPENSATION_MAX_ORE[type])} (lag 1990:746 48 §)`;
}

/**
 * The delkravstyp of a fee: förseningsersättning (lag 1981:739 4 a §) is its own claim type at
 * Kronofogden; every other collection cost is Inkasso.
 * @example kfmFeeDelkravType('LATE_FEE_450') // "Förseningsersättning"
 */
export function kfmFeeDelkravType(code: string): Exclude<KfmDelkravType, 'Kapital'> {
  return KFM_LATE_PAYMENT_FEE_CODES.includes(code.trim().toUpperCase()) ? 'Förseningsersättning' : 'Inkasso';
}

/**
 * A ground text (AnsokanGrundText) built from the claim when staff wrote none: Kronofogden wants
 * the debtor to understand the claim without the original invoice, so staff should prefer their
 * own text naming what was delivered and when.
 * @example kfmDefaultGroundText({ reference_no: 'F-2024-001', due_date: '2024-01-31', contract_type: 'Faktura' })
 * // "Obetald fordran (Faktura) med referensnummer F-2024-001, förfallen till betalning 2024-01-31."
 */
export function kfmDefaultGroundText(claim: { reference_no: string; due_date: IsoDate; contract_type?: string | null }): string {
  const contractType = text(claim.contract_type);
  const kind = contractType === null ? '' : ` (${contractType})`;
  return `Obetald fordran${kind} med referensnummer ${claim.reference_no.trim()}, förfallen till betalning ${claim.due_date}.`;
}

// Builders below trim what is text and pass anything else through untouched: a wrong type is
// then reported by validateKfmSnapshot rather than crashing here (inputs may come from JSON).
function trimmed(value: unknown): string {
  return (typeof value === 'string' ? value.trim() : value) as string;
}

function normalizeAddress(value: unknown): KfmAddress {
  if (!isRecord(value)) return value as KfmAddress;
  return { street: trimmed(value['street']), zip: trimmed(value['zip']), city: trimmed(value['city']), country: text(value['country']) };
}

/** Identifiers in their display form (556036-0793, 19811218-9876) when valid; else as given. */
function normalizeOrgNo(value: unknown, today: IsoDate): string {
  if (typeof value !== 'string') return value as string;
  if (isOrganisationsnummer(value)) return formatOrganisationsnummer(value);
  if (isPersonnummer(value, today)) return formatPersonnummer(value, today);
  return value.trim();
}

function normalizeNationalId(value: unknown, today: IsoDate): string | null {
  const nationalId = text(value);
  return nationalId !== null && isPersonnummer(nationalId, today) ? formatPersonnummer(nationalId, today) : nationalId;
}

function normalizeApplicant(value: unknown, today: IsoDate): KfmApplicantSnapshot {
  if (!isRecord(value)) return value as KfmApplicantSnapshot;
  return {
    name: trimmed(value['name']),
    org_no: normalizeOrgNo(value['org_no'], today),
    address: normalizeAddress(value['address']),
    email: text(value['email']),
    phone: text(value['phone']),
  };
}

function normalizeInterest(value: unknown): InterestResult | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) return value as InterestResult;
  const periods: unknown = value['periods'];
  return {
    ...(value as unknown as InterestResult),
    periods: Array.isArray(periods)
      ? periods.map((period: unknown) => (isRecord(period) ? ({ ...period } as unknown as InterestPeriod) : (period as InterestPeriod)))
      : (periods as InterestPeriod[]),
  };
}

function normalizeFee(value: unknown): KfmFeeSnapshot {
  if (!isRecord(value)) return value as KfmFeeSnapshot;
  const code = value['code'];
  return {
    code: typeof code === 'string' ? code.trim().toUpperCase() : (code as string),
    name: trimmed(value['name']),
    amountOre: value['amountOre'] as Ore,
    delkrav_type: (value['delkrav_type'] ?? (typeof code === 'string' ? kfmFeeDelkravType(code) : undefined)) as KfmFeeSnapshot['delkrav_type'],
    above_maximum_reason: text(value['above_maximum_reason']),
  };
}

/**
 * Builds the snapshot a KFM case stores (step 2 of the escalation dialog) from the case's parts,
 * filling defaults (application fee 300 kr, compensation 380/420 kr when claimed, choices off,
 * reference = claim reference, ground text, fee delkrav types), trimming texts, and validating.
 * Throws KFM_INVALID_SNAPSHOT with `details.findings` listing every problem.
 * @example buildKfmSnapshot({ application_type: 'payment_order', as_of_date: '2026-11-22', applicant, debtor, claim, interest, fees })
 */
export function buildKfmSnapshot(input: KfmSnapshotInput): KfmSnapshot {
  const raw: unknown = input;
  if (!isRecord(raw)) {
    throw new DomainError('KFM_INVALID_SNAPSHOT', undefined, {
      findings: [{ code: 'REQUIRED_FIELDS_MISSING', path: '', message: ERROR_MESSAGES.REQUIRED_FIELDS_MISSING }],
    });
  }
  const applicationType = input.application_type;
  const claim: unknown = input.claim;
  const debtor: unknown = input.debtor;
  const agent: unknown = input.agent;
  const workCompensation = input.work_compensation ?? { claimed: false };
  const defaultCompensationOre = KFM_APPLICATION_TYPES.includes(applicationType) ? KFM_WORK_COMPENSATION_MAX_ORE[applicationType] : (0 as Ore);
  const referenceNo = isRecord(claim) ? trimmed(claim['reference_no']) : (undefined as unknown as string);
  const dueDate = isRecord(claim) ? (claim['due_date'] as IsoDate) : (undefined as unknown as IsoDate);
  const contractType = isRecord(claim) ? text(claim['contract_type']) : null;
  const debtorType = isRecord(debtor) ? (debtor['type'] as KfmDebtorSnapshot['type']) : (undefined as unknown as KfmDebtorSnapshot['type']);
  const fees: unknown = input.fees ?? [];
  const today = isIsoDate(input.as_of_date) ? input.as_of_date : FALLBACK_TODAY;

  const snapshot: KfmSnapshot = {
    application_type: applicationType,
    as_of_date: input.as_of_date,
    reference: text(input.reference) ?? referenceNo,
    applicant: normalizeApplicant(input.applicant, today),
    agent: isRecord(agent) ? { ...normalizeApplicant(agent, today), agent_code: text(agent['agent_code']), reference: text(agent['reference']) } : null,
    debtor: isRecord(debtor)
      ? {
          type: debtorType,
          name: trimmed(debtor['name']),
          national_id: debtorType === 'person' ? normalizeNationalId(debtor['national_id'], today) : null,
          org_no: debtorType === 'company' && text(debtor['org_no']) !== null ? normalizeOrgNo(debtor['org_no'], today) : null,
          address: normalizeAddress(debtor['address']),
          email: text(debtor['email']),
          phone: text(debtor['phone']),
        }
      : (debtor as KfmDebtorSnapshot),
    claim: isRecord(claim)
      ? {
          reference_no: referenceNo,
          principalOre: claim['principalOre'] as Ore,
          due_date: dueDate,
          contract_type: contractType,
          description:
            text(claim['description']) ??
            (typeof referenceNo === 'string' && isIsoDate(dueDate)
              ? kfmDefaultGroundText({ reference_no: referenceNo, due_date: dueDate, contract_type: contractType })
              : ''),
        }
      : (claim as KfmClaimSnapshot),
    interest: normalizeInterest(input.interest),
    fees: Array.isArray(fees) ? fees.map((fee: unknown) => normalizeFee(fee)) : (fees as KfmFeeSnapshot[]),
    application_feeOre: input.application_feeOre ?? KFM_APPLICATION_FEE_ORE,
    work_compensation_claimed: workCompensation.claimed,
    work_compensationOre: workCompensation.claimed === true ? (workCompensation.amountOre ?? defaultCompensationOre) : (0 as Ore),
    choices: {
      transfer_to_court: input.choices?.transfer_to_court ?? false,
      enforcement: input.choices?.enforcement ?? false,
    },
  };
  assertValidKfmSnapshot(snapshot);
  return snapshot;
}

/**
 * Throws KFM_INVALID_SNAPSHOT (details.findings) unless the snapshot is valid.
 * @example assertValidKfmSnapshot(snapshot)
 */
export function assertValidKfmSnapshot(snapshot: KfmSnapshot): void {
  const findings = validateKfmSnapshot(snapshot);
  if (findings.length > 0) {
    const summary = findings.map((finding) => `${finding.path}: ${finding.message}`).join('; ');
    throw new DomainError('KFM_INVALID_SNAPSHOT', `${ERROR_MESSAGES.KFM_INVALID_SNAPSHOT}: ${summary}`, { findings });
  }
}
