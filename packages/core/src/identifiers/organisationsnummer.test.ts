import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { formatOrganisationsnummer, isOrganisationsnummer, parseOrganisationsnummer, validateOrganisationsnummer } from '.';

describe('parseOrganisationsnummer', () => {
  it.each(['556036-0793', '5560360793', '165560360793', '16556036-0793', '556036 0793', ' 556036–0793 '])('%j is 5560360793', (input) => {
    expect(parseOrganisationsnummer(input)).toEqual({
      normalized: '5560360793',
      display: '556036-0793',
      group: 5,
      groupName: 'Aktiebolag',
      vatNumber: 'SE556036079301',
    });
  });

  it.each([
    ['202100-6255', 2, 'Stat, region, kommun eller församling'],
    ['212000-0142', 2, 'Stat, region, kommun eller församling'],
    ['4560360796', 4, 'Okänd organisationsform'],
    ['6560360791', 6, 'Enkelt bolag'],
  ])('%s is group %i (%s)', (input, group, groupName) => {
    const parsed = parseOrganisationsnummer(input);
    expect(parsed.group).toBe(group);
    expect(parsed.groupName).toBe(groupName);
  });

  it.each([
    ['', 'ange 10 siffror'],
    ['556036-079', 'ange 10 siffror'],
    ['55603607931', 'ange 10 siffror'],
    ['5560-360793', 'ange 10 siffror'],
    ['175560360793', 'ange 10 siffror'], // only 16 is a valid 12-digit prefix
    ['195560360793', 'ange 10 siffror'],
    ['556036-0794', 'kontrollsiffran stämmer inte'],
    ['165560360795', 'kontrollsiffran stämmer inte'], // Luhn over all 12 digits would accept this
    ['0123456782', 'får inte börja med 0'],
    ['5510360794', 'minst 20'], // "month" 10: a personnummer shape
    ['8112189876', 'minst 20'], // a personnummer is not an organisationsnummer
  ])('%j is refused: %s', (input, message) => {
    expect(isOrganisationsnummer(input)).toBe(false);
    expect(validateOrganisationsnummer(input).some((f) => f.code === 'INVALID_ORGANISATIONSNUMMER' && f.message.includes(message))).toBe(true);
    expect(() => parseOrganisationsnummer(input)).toThrow(DomainError);
  });

  it('parse throws INVALID_ORGANISATIONSNUMMER', () => {
    expect(() => parseOrganisationsnummer('556036-0794')).toThrow(expect.objectContaining({ code: 'INVALID_ORGANISATIONSNUMMER' }));
  });

  it('formats with a hyphen after six digits', () => {
    expect(formatOrganisationsnummer('165560360793')).toBe('556036-0793');
  });
});
