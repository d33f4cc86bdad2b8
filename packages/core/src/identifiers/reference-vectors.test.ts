import { describe, expect, it } from 'vitest';
import {
  isBankgiro,
  isLuhnValid,
  isOcrReference,
  isOrganisationsnummer,
  isPersonnummer,
  isPlusgiro,
  parseOrganisationsnummer,
  parsePersonnummer,
  parsePlusgiro,
} from '.';

const TODAY = '2026-11-22';

// Domain reference §3.8, every row, plus the worked examples of §3.2–3.7.
describe('domain reference §3.8 test vectors', () => {
  it.each([
    ['8112189876', 'personnummer'],
    ['7010632391', 'samordningsnummer'],
  ] as const)('%s is a valid %s', (input, kind) => {
    expect(parsePersonnummer(input, TODAY).kind).toBe(kind);
  });

  it('5560360793 is a valid organisationsnummer', () => {
    expect(isOrganisationsnummer('5560360793')).toBe(true);
  });

  it('165560360793 is valid with the 16 prefix, checked on the last 10 digits', () => {
    expect(parseOrganisationsnummer('165560360793').normalized).toBe('5560360793');
    // Luhn over all 12 digits fails: the check must not run on them.
    expect(isLuhnValid('165560360793')).toBe(false);
  });

  it('54029681 is a valid bankgiro', () => {
    expect(isBankgiro('54029681')).toBe(true);
  });

  it('9020033 is a valid plusgiro (Luhn over the preceding digits)', () => {
    expect(isLuhnValid('9020033')).toBe(true);
    expect(isPlusgiro('9020033')).toBe(true);
  });

  it('12351 is a valid OCR reference with length digit', () => {
    expect(isOcrReference('12351', { requireLengthDigit: true })).toBe(true);
  });
});

describe('worked examples of reference §3.2–3.7', () => {
  it.each(['811218-9876', '701063-2391'])('personnummer/samordningsnummer %s is valid', (input) => {
    expect(isPersonnummer(input, TODAY)).toBe(true);
  });

  it.each(['556036-0793', '202100-6255', '212000-0142'])('organisationsnummer %s is valid', (input) => {
    expect(isOrganisationsnummer(input)).toBe(true);
  });

  it.each(['5402-9681'])('bankgiro %s is valid', (input) => {
    expect(isBankgiro(input)).toBe(true);
  });

  it.each(['90 20 03-3', '4 54 12 34-3'])('plusgiro %s is valid and displayed as written', (input) => {
    expect(isLuhnValid(input.replace(/[\s-]/g, ''))).toBe(true);
    expect(parsePlusgiro(input).display).toBe(input);
  });
});
