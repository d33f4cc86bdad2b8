import { DomainError, type Finding } from '../errors';
import { compactIdentifierInput } from './compact-input';
import { isLuhnValid } from './luhn';

/** A checked organisationsnummer. */
export interface ParsedOrganisationsnummer {
  /** The stored form: 10 digits. */
  normalized: string;
  /** The display form `NNNNNN-NNNN`. */
  display: string;
  /** The first digit, which tells the legal form (reference §3.4). */
  group: number;
  /** The group in Swedish, e.g. 'Aktiebolag'. */
  groupName: string;
  /** The VAT number: `SE` + 10 digits + `01` (reference §3.4). */
  vatNumber: string;
}

/** Legal form by first digit, per organisationsnummer/js (reference §3.4). */
export const ORGANISATIONSNUMMER_GROUP_NAMES: Readonly<Record<number, string>> = {
  1: 'Dödsbo',
  2: 'Stat, region, kommun eller församling',
  3: 'Utländskt företag med verksamhet eller fastighet i Sverige',
  5: 'Aktiebolag',
  6: 'Enkelt bolag',
  7: 'Ekonomisk förening eller bostadsrättsförening',
  8: 'Ideell förening eller stiftelse',
  9: 'Handelsbolag eller kommanditbolag',
};

/** Group 4 has no listed legal form; the number is still valid if the checks pass. */
const UNKNOWN_GROUP_NAME = 'Okänd organisationsform';

// 10 digits with an optional hyphen after 6; or the 12-digit form, where only `16` is a valid prefix.
const FORM = /^(?:16)?(\d{6})-?(\d{4})$/;

const MESSAGES = {
  format: 'Ogiltigt organisationsnummer: ange 10 siffror (NNNNNN-NNNN)',
  leadingZero: 'Ogiltigt organisationsnummer: får inte börja med 0',
  month: 'Ogiltigt organisationsnummer: tredje och fjärde siffran måste vara minst 20',
  checkDigit: 'Ogiltigt organisationsnummer: kontrollsiffran stämmer inte',
} as const;

type CheckResult = { value: ParsedOrganisationsnummer; findings: [] } | { value: null; findings: Finding[] };

function finding(message: string): Finding {
  return { code: 'INVALID_ORGANISATIONSNUMMER', message };
}

function checkOrganisationsnummer(input: string): CheckResult {
  const compact = compactIdentifierInput(input);
  const match = FORM.exec(compact);
  if (!match) return { value: null, findings: [finding(MESSAGES.format)] };
  const normalized = `${match[1]}${match[2]}`;
  const findings: Finding[] = [];
  if (normalized.startsWith('0')) findings.push(finding(MESSAGES.leadingZero));
  // The "month" position is at least 20: what tells an organisation from a personnummer (§3.4).
  if (Number(normalized.slice(2, 4)) < 20) findings.push(finding(MESSAGES.month));
  // Luhn over the 10-digit part only, also for the 16-prefixed form (reference §3.4, §9.4).
  if (!isLuhnValid(normalized)) findings.push(finding(MESSAGES.checkDigit));
  if (findings.length > 0) return { value: null, findings };
  const group = Number(normalized[0]);
  return {
    value: {
      normalized,
      display: `${normalized.slice(0, 6)}-${normalized.slice(6)}`,
      group,
      groupName: ORGANISATIONSNUMMER_GROUP_NAMES[group] ?? UNKNOWN_GROUP_NAME,
      vatNumber: `SE${normalized}01`,
    },
    findings: [],
  };
}

/**
 * Every problem with an organisationsnummer (empty when valid). Accepts `NNNNNN-NNNN`,
 * `NNNNNNNNNN`, `16NNNNNNNNNN` and `16NNNNNN-NNNN`, spaces anywhere.
 * @example validateOrganisationsnummer('556036-0793') // []
 */
export function validateOrganisationsnummer(input: string): Finding[] {
  return checkOrganisationsnummer(input).findings;
}

/**
 * Parses an organisationsnummer; throws INVALID_ORGANISATIONSNUMMER with the first problem as the
 * message and all findings in `details`.
 * @example parseOrganisationsnummer('165560360793').display // '556036-0793'
 */
export function parseOrganisationsnummer(input: string): ParsedOrganisationsnummer {
  const result = checkOrganisationsnummer(input);
  if (!result.value) {
    throw new DomainError('INVALID_ORGANISATIONSNUMMER', result.findings[0]?.message, { input, findings: result.findings });
  }
  return result.value;
}

/**
 * Whether the input is a valid organisationsnummer.
 * @example isOrganisationsnummer('5560360793') // true
 */
export function isOrganisationsnummer(input: string): boolean {
  return checkOrganisationsnummer(input).value !== null;
}

/**
 * The display form `NNNNNN-NNNN`; throws INVALID_ORGANISATIONSNUMMER.
 * @example formatOrganisationsnummer('5560360793') // '556036-0793'
 */
export function formatOrganisationsnummer(input: string): string {
  return parseOrganisationsnummer(input).display;
}
