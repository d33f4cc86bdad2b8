import fc from 'fast-check';
import { fromDayNumber, toDayNumber, type IsoDate } from '../src/dates';
import { appendLuhnCheckDigit, buildPersonnummer, generateOcrReference } from '../src/identifiers';

export { buildPersonnummer };

const DAY_1900 = toDayNumber('1900-01-01');
const DAY_2020 = toDayNumber('2020-12-31');

/** Birth dates 1900–2020: every number built on them is valid for any `today` from 2021 to 2099. */
export const birthDateArb: fc.Arbitrary<IsoDate> = fc.integer({ min: DAY_1900, max: DAY_2020 }).map(fromDayNumber);

/** A birth number 001–999 (000 is never issued, reference §3.2). */
export const birthNumberArb: fc.Arbitrary<number> = fc.integer({ min: 1, max: 999 });

/** Valid personnummer in the 12-digit stored form, born 1900–2020. */
export const personnummerArb: fc.Arbitrary<string> = fc
  .tuple(birthDateArb, birthNumberArb)
  .map(([birthDate, birthNumber]) => buildPersonnummer(birthDate, birthNumber));

/** Valid samordningsnummer in the 12-digit stored form (day + 60), born 1900–2020. */
export const samordningsnummerArb: fc.Arbitrary<string> = fc
  .tuple(birthDateArb, birthNumberArb)
  .map(([birthDate, birthNumber]) => buildPersonnummer(birthDate, birthNumber, 'samordningsnummer'));

/** Valid organisationsnummer, 10 digits: first digit 1–9, "month" 20–99, Luhn (reference §3.4). */
export const organisationsnummerArb: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 20, max: 99 }), fc.integer({ min: 0, max: 99_999 }))
  .map(([group, second, month, rest]) => appendLuhnCheckDigit(`${group}${second}${month}${String(rest).padStart(5, '0')}`));

/** Valid bankgironummer, 7 or 8 digits without hyphen, no leading 0 (reference §3.5). */
export const bankgiroArb: fc.Arbitrary<string> = fc
  .oneof(fc.integer({ min: 100_000, max: 999_999 }), fc.integer({ min: 1_000_000, max: 9_999_999 }))
  .map((base) => appendLuhnCheckDigit(String(base)));

/** Valid plusgironummer, 2–8 digits without spaces or hyphen, no leading 0 (reference §3.6). */
export const plusgiroArb: fc.Arbitrary<string> = fc.integer({ min: 1, max: 9_999_999 }).map((base) => appendLuhnCheckDigit(String(base)));

/** A digit string of 1–23 digits, usable as the base of an OCR reference with length digit. */
export const ocrBaseArb: fc.Arbitrary<string> = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 23 }).map((digits) => digits.join(''));

/** Valid OCR references with length and check digit (3–25 digits). */
export const ocrReferenceArb: fc.Arbitrary<string> = ocrBaseArb.map((base) => generateOcrReference(base));
