import { describe, it } from 'vitest';
import fc from 'fast-check';
import { fromDayNumber, toDayNumber } from '../dates';
import {
  bankgiroFromBgMax,
  generateOcrReference,
  hasValidOcrLengthDigit,
  isBankgiro,
  isPlusgiro,
  isOcrReference,
  isOrganisationsnummer,
  isPersonnummer,
  parseBankgiro,
  parsePlusgiro,
  parseOrganisationsnummer,
  parsePersonnummer,
  validateBankgiro,
  validatePlusgiro,
  validateOcrReference,
  validateOrganisationsnummer,
  validatePersonnummer,
} from '.';
import {
  bankgiroArb,
  plusgiroArb,
  birthDateArb,
  birthNumberArb,
  buildPersonnummer,
  ocrBaseArb,
  ocrReferenceArb,
  organisationsnummerArb,
  personnummerArb,
  samordningsnummerArb,
} from '../../test/arbitraries-identifiers';

/** `today` between 2021 and 2099: after every generated birth date, within 200 years of it. */
const todayArb = fc.integer({ min: toDayNumber('2021-01-01'), max: toDayNumber('2099-12-31') }).map(fromDayNumber);

/** Replaces the digit at `position` (mod length) by another digit. */
function changeOneDigit(digits: string, position: number, delta: number): string {
  const index = position % digits.length;
  return `${digits.slice(0, index)}${(Number(digits[index]) + delta) % 10}${digits.slice(index + 1)}`;
}

const positionArb = fc.nat();
const deltaArb = fc.integer({ min: 1, max: 9 });

describe('personnummer properties', () => {
  it('generated personnummer and samordningsnummer always validate', () => {
    fc.assert(fc.property(fc.oneof(personnummerArb, samordningsnummerArb), todayArb, (number, today) => validatePersonnummer(number, today).length === 0));
  });

  it('the parsed birth date, kind and sex are those the number was built from', () => {
    fc.assert(
      fc.property(
        birthDateArb,
        birthNumberArb,
        fc.constantFrom('personnummer' as const, 'samordningsnummer' as const),
        todayArb,
        (birthDate, birthNumber, kind, today) => {
          const parsed = parsePersonnummer(buildPersonnummer(birthDate, birthNumber, kind), today);
          return parsed.birthDate === birthDate && parsed.kind === kind && parsed.sex === (birthNumber % 2 === 1 ? 'male' : 'female');
        },
      ),
    );
  });

  it('changing any single digit of the 10-digit form makes the number invalid', () => {
    fc.assert(
      fc.property(fc.oneof(personnummerArb, samordningsnummerArb), todayArb, positionArb, deltaArb, (number, today, position, delta) => {
        const tenDigits = number.slice(2);
        return !isPersonnummer(changeOneDigit(tenDigits, position, delta), today);
      }),
    );
  });

  it('12 → 10 → 12 digits round-trips given today', () => {
    fc.assert(
      fc.property(fc.oneof(personnummerArb, samordningsnummerArb), todayArb, (number, today) => {
        const { shortForm } = parsePersonnummer(number, today);
        return parsePersonnummer(shortForm, today).normalized === number;
      }),
    );
  });

  it('10 → 12 → 10 digits round-trips given today', () => {
    fc.assert(
      fc.property(fc.oneof(personnummerArb, samordningsnummerArb), todayArb, (number, today) => {
        const { shortForm } = parsePersonnummer(number, today);
        return parsePersonnummer(parsePersonnummer(shortForm, today).normalized, today).shortForm === shortForm;
      }),
    );
  });

  it('every accepted spelling of a number parses to the same value', () => {
    fc.assert(
      fc.property(personnummerArb, todayArb, (number, today) => {
        const parsed = parsePersonnummer(number, today);
        const spellings = [parsed.display, parsed.shortForm, `${number.slice(0, 8)} ${number.slice(8)}`, ` ${number} `];
        return spellings.every((spelling) => JSON.stringify(parsePersonnummer(spelling, today)) === JSON.stringify(parsed));
      }),
    );
  });

  it('the separator is + exactly from the calendar year the person turns 100', () => {
    fc.assert(
      fc.property(personnummerArb, todayArb, (number, today) => {
        const separator = parsePersonnummer(number, today).shortForm[6];
        return separator === (Number(today.slice(0, 4)) - Number(number.slice(0, 4)) >= 100 ? '+' : '-');
      }),
    );
  });

  it('a number born after today is never valid', () => {
    fc.assert(
      fc.property(todayArb, fc.integer({ min: 1, max: 3000 }), birthNumberArb, (today, daysAhead, birthNumber) => {
        const birthDate = fromDayNumber(toDayNumber(today) + daysAhead);
        return !isPersonnummer(buildPersonnummer(birthDate, birthNumber), today);
      }),
    );
  });

  it('validation never throws and agrees with isPersonnummer for any text', () => {
    fc.assert(fc.property(fc.string(), todayArb, (text, today) => (validatePersonnummer(text, today).length === 0) === isPersonnummer(text, today)));
  });
});

describe('organisationsnummer properties', () => {
  it('generated organisationsnummer always validate, also with the 16 prefix', () => {
    fc.assert(fc.property(organisationsnummerArb, (number) => isOrganisationsnummer(number) && isOrganisationsnummer(`16${number}`)));
  });

  it('changing any single digit makes an organisationsnummer invalid', () => {
    fc.assert(
      fc.property(organisationsnummerArb, positionArb, deltaArb, (number, position, delta) => !isOrganisationsnummer(changeOneDigit(number, position, delta))),
    );
  });

  it('the display form parses back to the same number', () => {
    fc.assert(fc.property(organisationsnummerArb, (number) => parseOrganisationsnummer(parseOrganisationsnummer(number).display).normalized === number));
  });

  it('no personnummer is an organisationsnummer', () => {
    fc.assert(fc.property(personnummerArb, (number) => !isOrganisationsnummer(number.slice(2)) && !isOrganisationsnummer(number)));
  });

  it('validation never throws for any text', () => {
    fc.assert(fc.property(fc.string(), (text) => Array.isArray(validateOrganisationsnummer(text))));
  });
});

describe('bankgiro properties', () => {
  it('generated bankgironummer always validate', () => {
    fc.assert(fc.property(bankgiroArb, (number) => isBankgiro(number)));
  });

  it('changing any single digit makes a bankgironummer invalid', () => {
    fc.assert(fc.property(bankgiroArb, positionArb, deltaArb, (number, position, delta) => !isBankgiro(changeOneDigit(number, position, delta))));
  });

  it('display and BgMax forms round-trip', () => {
    fc.assert(
      fc.property(bankgiroArb, (number) => {
        const parsed = parseBankgiro(number);
        return (
          parseBankgiro(parsed.display).normalized === number && bankgiroFromBgMax(parsed.bgMaxForm).normalized === number && parsed.bgMaxForm.length === 10
        );
      }),
    );
  });

  it('validation never throws for any text', () => {
    fc.assert(fc.property(fc.string(), (text) => Array.isArray(validateBankgiro(text))));
  });
});

describe('plusgiro properties', () => {
  it('generated plusgironummer always validate', () => {
    fc.assert(fc.property(plusgiroArb, (number) => isPlusgiro(number)));
  });

  it('changing any single digit makes a plusgironummer invalid', () => {
    fc.assert(fc.property(plusgiroArb, positionArb, deltaArb, (number, position, delta) => !isPlusgiro(changeOneDigit(number, position, delta))));
  });

  it('the display form round-trips and ends in the check digit after a hyphen', () => {
    fc.assert(
      fc.property(plusgiroArb, (number) => {
        const { display } = parsePlusgiro(number);
        return parsePlusgiro(display).normalized === number && display.endsWith(`-${number.at(-1)}`);
      }),
    );
  });

  it('validation never throws for any text', () => {
    fc.assert(fc.property(fc.string(), (text) => Array.isArray(validatePlusgiro(text))));
  });
});

describe('OCR reference properties', () => {
  it('generate → validate round-trips with the length digit required', () => {
    fc.assert(fc.property(ocrBaseArb, (base) => isOcrReference(generateOcrReference(base), { requireLengthDigit: true })));
  });

  it('generate without length digit → validate (check digit only) round-trips', () => {
    fc.assert(fc.property(ocrBaseArb, (base) => isOcrReference(generateOcrReference(base, { withLengthDigit: false }))));
  });

  it('a generated reference starts with its base and is 2–25 digits long', () => {
    fc.assert(
      fc.property(ocrBaseArb, fc.boolean(), (base, withLengthDigit) => {
        const reference = generateOcrReference(base, { withLengthDigit });
        return reference.startsWith(base) && reference.length === base.length + (withLengthDigit ? 2 : 1) && reference.length >= 2 && reference.length <= 25;
      }),
    );
  });

  it('the length digit of a generated reference is its length mod 10', () => {
    fc.assert(fc.property(ocrReferenceArb, (reference) => hasValidOcrLengthDigit(reference) && Number(reference.at(-2)) === reference.length % 10));
  });

  it('changing any single digit makes an OCR reference invalid', () => {
    fc.assert(fc.property(ocrReferenceArb, positionArb, deltaArb, (reference, position, delta) => !isOcrReference(changeOneDigit(reference, position, delta))));
  });

  it('validation never throws for any text', () => {
    fc.assert(fc.property(fc.string(), fc.boolean(), (text, requireLengthDigit) => Array.isArray(validateOcrReference(text, { requireLengthDigit }))));
  });
});
