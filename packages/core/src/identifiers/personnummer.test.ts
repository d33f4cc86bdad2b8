import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { formatPersonnummer, isPersonnummer, parsePersonnummer, validatePersonnummer } from '.';

const TODAY = '2026-11-22';

describe('parsePersonnummer accepted forms', () => {
  it.each([
    '811218-9876',
    '8112189876',
    '811218 9876',
    ' 811218-9876 ',
    '811218–9876', // en dash pasted from a document
    '19811218-9876',
    '198112189876',
    '19811218 9876',
    '1981 1218 9876',
  ])('%j is 198112189876', (input) => {
    expect(parsePersonnummer(input, TODAY)).toEqual({
      normalized: '198112189876',
      shortForm: '811218-9876',
      display: '19811218-9876',
      birthDate: '1981-12-18',
      kind: 'personnummer',
      sex: 'male',
    });
  });

  it('reads a samordningsnummer (day + 60) with its real birth date', () => {
    expect(parsePersonnummer('701063-2391', TODAY)).toEqual({
      normalized: '197010632391',
      shortForm: '701063-2391',
      display: '19701063-2391',
      birthDate: '1970-10-03',
      kind: 'samordningsnummer',
      sex: 'male',
    });
  });

  it('an even last birth-number digit is a woman', () => {
    expect(parsePersonnummer('8112180024', TODAY).sex).toBe('female');
  });
});

describe('century of a 10-digit form (reference §3.2)', () => {
  it.each([
    // input, today, normalized, shortForm
    ['811218-9876', TODAY, '198112189876', '811218-9876'],
    ['811218+9876', TODAY, '188112189876', '811218+9876'],
    ['8112189876', TODAY, '198112189876', '811218-9876'],
    ['8112189876', '1985-06-01', '198112189876', '811218-9876'],
    ['8112189876', '1981-12-18', '198112189876', '811218-9876'],
    ['8112189876', '2081-12-18', '208112189876', '811218-9876'],
    // YY = today's year: this year, not 100 years back
    ['2611011236', TODAY, '202611011236', '261101-1236'],
    ['2601011238', TODAY, '202601011238', '260101-1238'],
    // YY after today's year: the previous century
    ['2701011237', TODAY, '192701011237', '270101-1237'],
    // `+`: another 100 years back
    ['270101+1237', TODAY, '182701011237', '270101+1237'],
    ['260101+1238', TODAY, '192601011238', '260101+1238'],
  ])('%s on %s is %s (%s)', (input, today, normalized, shortForm) => {
    const parsed = parsePersonnummer(input, today);
    expect(parsed.normalized).toBe(normalized);
    expect(parsed.shortForm).toBe(shortForm);
  });

  it.each([
    // 12 digits, today, shortForm: `+` from the calendar year the person turns 100
    ['192601011238', TODAY, '260101+1238'],
    ['192701011237', TODAY, '270101-1237'],
    ['192712011234', '2027-01-01', '271201+1234'],
    ['188112189876', TODAY, '811218+9876'],
  ])('12-digit %s on %s shows as %s', (input, today, shortForm) => {
    expect(parsePersonnummer(input, today).shortForm).toBe(shortForm);
  });
});

describe('invalid personnummer', () => {
  it.each([
    ['', 'ange 10 siffror'],
    ['abc', 'ange 10 siffror'],
    ['81121-89876', 'ange 10 siffror'],
    ['81121898765', 'ange 10 siffror'],
    ['811218--9876', 'ange 10 siffror'],
    ['19811218+9876', 'ange 10 siffror'],
    ['T11218-9876', 'ange 10 siffror'], // interimsnummer letters are not accepted (§3.3)
    ['811218-9875', 'kontrollsiffran stämmer inte'],
    ['19811218-9875', 'kontrollsiffran stämmer inte'],
    ['8112180008', 'födelsenumret får inte vara 000'],
    ['0102291234', 'födelsedatumet finns inte'], // 2001 is not a leap year
    ['19000229-1235', 'födelsedatumet finns inte'], // 1900 is not a leap year
    ['8113011231', 'födelsedatumet finns inte'], // month 13
    ['8104311234', 'födelsedatumet finns inte'], // 31 April
    ['8112401230', 'födelsedatumet finns inte'], // day 40: neither kind
    ['0102891231', 'samordningsnummer: födelsedatumet (dag + 60) finns inte'],
    ['2612011235', 'födelsedatumet ligger i framtiden'],
    ['20261201-1235', 'födelsedatumet ligger i framtiden'],
  ])('%j is refused: %s', (input, message) => {
    expect(isPersonnummer(input, TODAY)).toBe(false);
    const findings = validatePersonnummer(input, TODAY);
    expect(findings.some((f) => f.code === 'INVALID_PERSONNUMMER' && f.message.includes(message))).toBe(true);
    expect(() => parsePersonnummer(input, TODAY)).toThrow(DomainError);
  });

  it('parse throws INVALID_PERSONNUMMER with the first finding as message and all findings in details', () => {
    try {
      parsePersonnummer('8112180009', TODAY);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      const domainError = error as DomainError;
      expect(domainError.code).toBe('INVALID_PERSONNUMMER');
      expect(domainError.message).toBe('Ogiltigt personnummer: födelsenumret får inte vara 000');
      expect((domainError.details as { findings: unknown[] }).findings).toHaveLength(2);
    }
  });

  it.each([
    ['0002291235', true], // 2000 is a leap year
    ['0402291231', true],
    ['0402891238', true], // samordningsnummer on 29 February 2004
    ['20000229-1235', true],
  ])('leap day %s is valid: %s', (input, expected) => {
    expect(isPersonnummer(input, TODAY)).toBe(expected);
  });

  it('a valid number has no findings', () => {
    expect(validatePersonnummer('811218-9876', TODAY)).toEqual([]);
  });

  it('a malformed today is an INVALID_DATE error', () => {
    expect(() => parsePersonnummer('811218-9876', '2026-13-01')).toThrow(expect.objectContaining({ code: 'INVALID_DATE' }));
  });
});

describe('formatPersonnummer', () => {
  it.each([
    ['8112189876', '19811218-9876'],
    ['811218+9876', '18811218-9876'],
    ['198112189876', '19811218-9876'],
    ['701063 2391', '19701063-2391'],
  ])('%s → %s', (input, expected) => {
    expect(formatPersonnummer(input, TODAY)).toBe(expected);
  });
});
