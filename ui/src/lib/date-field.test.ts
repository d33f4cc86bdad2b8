import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_FORMAT_MESSAGE, readDateField } from './date-field';

describe('readDateField', () => {
  it.each([
    ['2026-01-31', '2026-01-31'],
    [' 2026-01-31 ', '2026-01-31'],
    ['20260131', '2026-01-31'],
    ['2024-02-29', '2024-02-29'],
  ])('%j → %s', (text, date) => {
    expect(readDateField(text)).toEqual({ ok: true, date });
  });

  it('reads an empty field as no date', () => {
    expect(readDateField('  ')).toEqual({ ok: true, date: null });
  });

  it.each(['2026-02-30', '2023-02-29', '2026-13-01', '01/31/2026', '31.01.2026', '2026-1-31', '2026-0131', '2026/01/31', 'idag'])('refuses %j', (text) => {
    expect(readDateField(text)).toEqual({ ok: false, message: DATE_FORMAT_MESSAGE });
  });

  it('keeps to min and max', () => {
    expect(readDateField('2026-01-30', { min: '2026-01-31' })).toEqual({ ok: false, message: 'Tidigast 2026-01-31' });
    expect(readDateField('2026-02-01', { max: '2026-01-31' })).toEqual({ ok: false, message: 'Senast 2026-01-31' });
    expect(readDateField('2026-01-31', { min: '2026-01-31', max: '2026-01-31' })).toEqual({ ok: true, date: '2026-01-31' });
  });

  it('reads every real date back as itself, with or without dashes', () => {
    const day = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(day, (instant) => {
        const iso = instant.toISOString().slice(0, 10);
        expect(readDateField(iso)).toEqual({ ok: true, date: iso });
        expect(readDateField(iso.replaceAll('-', ''))).toEqual({ ok: true, date: iso });
      }),
    );
  });
});
