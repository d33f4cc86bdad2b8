import { DomainError, type Finding } from '../errors';
import { compareIsoDates, formatIsoDate, isValidCivilDate, parseIsoDate, type IsoDate } from '../dates';
import { compactIdentifierInput } from './compact-input';
import { appendLuhnCheckDigit, isLuhnValid } from './luhn';

/** A personnummer proper, or a samordningsnummer (birth day + 60, reference §3.3). */
export type PersonnummerKind = 'personnummer' | 'samordningsnummer';

/** From the birth number's last digit: odd = man, even = woman (reference §3.2). */
export type PersonnummerSex = 'male' | 'female';

/** A checked personnummer or samordningsnummer. */
export interface ParsedPersonnummer {
  /** The stored form: 12 digits `YYYYMMDDNNNC` (samordningsnummer keep day + 60). */
  normalized: string;
  /** The 10-digit form `YYMMDD-NNNC`, with `+` from the calendar year the person turns 100. */
  shortForm: string;
  /** The display form `YYYYMMDD-NNNC` (the party form's placeholder, spec part 1 §5). */
  display: string;
  /** The real birth date (for a samordningsnummer the day minus 60). */
  birthDate: IsoDate;
  kind: PersonnummerKind;
  sex: PersonnummerSex;
}

const SHORT_FORM = /^(\d{6})([-+]?)(\d{4})$/;
// A 12-digit number carries its century, so `+` (which only encodes the century) is refused.
const LONG_FORM = /^(\d{8})-?(\d{4})$/;

/** Samordningsnummer add 60 to the birth day (reference §3.3). */
const SAMORDNING_DAY_OFFSET = 60;

const MESSAGES = {
  format: 'Ogiltigt personnummer: ange 10 siffror (ÅÅMMDD-NNNN) eller 12 siffror (ÅÅÅÅMMDD-NNNN)',
  date: 'Ogiltigt personnummer: födelsedatumet finns inte',
  samordningDate: 'Ogiltigt samordningsnummer: födelsedatumet (dag + 60) finns inte',
  future: 'Ogiltigt personnummer: födelsedatumet ligger i framtiden',
  birthNumber: 'Ogiltigt personnummer: födelsenumret får inte vara 000',
  checkDigit: 'Ogiltigt personnummer: kontrollsiffran stämmer inte',
} as const;

type CheckResult = { value: ParsedPersonnummer; findings: [] } | { value: null; findings: Finding[] };

function finding(message: string): Finding {
  return { code: 'INVALID_PERSONNUMMER', message };
}

/**
 * Century of a 10-digit form (reference §3.2, as personnummer/js does it): with `-` (or none) the
 * most recent year not after today's year that ends in YY; with `+` another 100 years back.
 */
function inferBirthYear(yearOfCentury: number, separator: string, todayYear: number): number {
  const baseYear = separator === '+' ? todayYear - 100 : todayYear;
  return baseYear - ((((baseYear - yearOfCentury) % 100) + 100) % 100);
}

/** `+` from the calendar year the person turns 100 (reference §3.2). */
function shortFormSeparator(birthYear: number, todayYear: number): '-' | '+' {
  return todayYear - birthYear >= 100 ? '+' : '-';
}

function checkPersonnummer(input: string, today: IsoDate): CheckResult {
  const todayYear = parseIsoDate(today).year;
  const compact = compactIdentifierInput(input);
  const short = SHORT_FORM.exec(compact);
  const long = short ? null : LONG_FORM.exec(compact);
  let year: number;
  let tenDigits: string;
  if (short) {
    tenDigits = `${short[1]}${short[3]}`;
    year = inferBirthYear(Number(compact.slice(0, 2)), short[2] ?? '', todayYear);
  } else if (long) {
    tenDigits = `${long[1]!.slice(2)}${long[2]}`;
    year = Number(long[1]!.slice(0, 4));
  } else {
    return { value: null, findings: [finding(MESSAGES.format)] };
  }

  const findings: Finding[] = [];
  const month = Number(tenDigits.slice(2, 4));
  const encodedDay = Number(tenDigits.slice(4, 6));
  const kind: PersonnummerKind = encodedDay > SAMORDNING_DAY_OFFSET ? 'samordningsnummer' : 'personnummer';
  const day = kind === 'samordningsnummer' ? encodedDay - SAMORDNING_DAY_OFFSET : encodedDay;
  const isDateValid = isValidCivilDate(year, month, day);
  const birthDate = isDateValid ? formatIsoDate({ year, month, day }) : null;
  if (!birthDate) {
    findings.push(finding(kind === 'samordningsnummer' ? MESSAGES.samordningDate : MESSAGES.date));
  } else if (compareIsoDates(birthDate, today) > 0) {
    findings.push(finding(MESSAGES.future));
  }
  if (tenDigits.slice(6, 9) === '000') findings.push(finding(MESSAGES.birthNumber));
  // The check digit covers the 10-digit form only, never the century (reference §3.2, §9.4).
  if (!isLuhnValid(tenDigits)) findings.push(finding(MESSAGES.checkDigit));
  if (findings.length > 0 || !birthDate) return { value: null, findings };

  const normalized = `${String(year).padStart(4, '0')}${tenDigits.slice(2)}`;
  return {
    value: {
      normalized,
      shortForm: `${tenDigits.slice(0, 6)}${shortFormSeparator(year, todayYear)}${tenDigits.slice(6)}`,
      display: `${normalized.slice(0, 8)}-${normalized.slice(8)}`,
      birthDate,
      kind,
      sex: Number(tenDigits[8]) % 2 === 1 ? 'male' : 'female',
    },
    findings: [],
  };
}

/**
 * Every problem with a personnummer or samordningsnummer (empty when valid). Accepts
 * `YYMMDD-NNNC`, `YYMMDD+NNNC`, `YYMMDDNNNC`, `YYYYMMDDNNNC`, `YYYYMMDD-NNNC`, spaces anywhere;
 * `today` (ISO date) decides the century of a 10-digit form.
 * @example validatePersonnummer('811218-9875', '2026-11-22') // [{ code: 'INVALID_PERSONNUMMER', message: 'Ogiltigt personnummer: kontrollsiffran stämmer inte' }]
 */
export function validatePersonnummer(input: string, today: IsoDate): Finding[] {
  return checkPersonnummer(input, today).findings;
}

/**
 * Parses a personnummer or samordningsnummer (forms as in `validatePersonnummer`); throws
 * INVALID_PERSONNUMMER with the first problem as the message and all findings in `details`.
 * @example parsePersonnummer('811218-9876', '2026-11-22').normalized // '198112189876'
 */
export function parsePersonnummer(input: string, today: IsoDate): ParsedPersonnummer {
  const result = checkPersonnummer(input, today);
  if (!result.value) {
    throw new DomainError('INVALID_PERSONNUMMER', result.findings[0]?.message, { input, findings: result.findings });
  }
  return result.value;
}

/**
 * Whether the input is a valid personnummer or samordningsnummer on `today` (ISO date).
 * @example isPersonnummer('701063-2391', '2026-11-22') // true (a samordningsnummer)
 */
export function isPersonnummer(input: string, today: IsoDate): boolean {
  return checkPersonnummer(input, today).value !== null;
}

/**
 * The display form `YYYYMMDD-NNNC` of any accepted input; throws INVALID_PERSONNUMMER.
 * @example formatPersonnummer('8112189876', '2026-11-22') // '19811218-9876'
 */
export function formatPersonnummer(input: string, today: IsoDate): string {
  return parsePersonnummer(input, today).display;
}

/**
 * The 12-digit stored form `YYYYMMDDNNNC` of a birth date and birth number (001–999); the check
 * digit covers the 10-digit form, and a samordningsnummer adds 60 to the day (reference §3.2–3.3).
 * For fixtures and tests: real numbers come from people, not from this function.
 * @example buildPersonnummer('1981-12-18', 987) // '198112189876'
 */
export function buildPersonnummer(birthDate: IsoDate, birthNumber: number, kind: 'personnummer' | 'samordningsnummer' = 'personnummer'): string {
  const { year, month, day } = parseIsoDate(birthDate);
  if (!Number.isInteger(birthNumber) || birthNumber < 1 || birthNumber > 999) {
    throw new DomainError('INVALID_PERSONNUMMER', 'Födelsenumret måste vara 001–999', { birthNumber });
  }
  const two = (n: number) => String(n).padStart(2, '0');
  const encodedDay = kind === 'samordningsnummer' ? day + 60 : day;
  const withCheck = appendLuhnCheckDigit(`${two(year % 100)}${two(month)}${two(encodedDay)}${String(birthNumber).padStart(3, '0')}`);
  return `${two(Math.floor(year / 100))}${withCheck}`;
}
