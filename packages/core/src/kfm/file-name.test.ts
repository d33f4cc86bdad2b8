import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { kfmFileName, sanitizeKfmFileNamePart, sha256Hex } from '.';

describe('kfmFileName', () => {
  it.each([
    ['F-2024-001', '2026-11-22T10:15:00Z', 'F-2024-001_20261122T101500Z.xml'],
    ['F-2024-001', '2026-11-22T10:15:00.987Z', 'F-2024-001_20261122T101500Z.xml'],
    ['F-2024-001', '2026-11-22T11:15:00+01:00', 'F-2024-001_20261122T101500Z.xml'],
    ['F-2024-001', '2026-01-01T00:30:00+01:00', 'F-2024-001_20251231T233000Z.xml'],
    ['F-2024-001', '2026-02-28T20:00:00-05:00', 'F-2024-001_20260301T010000Z.xml'],
    ['F/2024\\001', '2026-11-22T10:15:00Z', 'F_2024_001_20261122T101500Z.xml'],
    ['../../etc/passwd', '2026-11-22T10:15:00Z', 'etc_passwd_20261122T101500Z.xml'],
    ['Räkning Öst 12', '2026-11-22T10:15:00Z', 'Rakning_Ost_12_20261122T101500Z.xml'],
    ['   ', '2026-11-22T10:15:00Z', 'kfm_20261122T101500Z.xml'],
  ])('names the file for %j at %s %s', (reference, generatedAt, expected) => {
    expect(kfmFileName(reference, generatedAt)).toBe(expected);
  });

  it.each(['2026-11-22', '2026-11-22T10:15:00', '2026-11-22T25:00:00Z', '2026-02-30T10:00:00Z', 'now'])('refuses the instant %j', (generatedAt) => {
    expect(() => kfmFileName('F-1', generatedAt)).toThrow(DomainError);
  });

  const instantArb = fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
    .map((date) => date.toISOString());

  it('a file name always ends in .xml and has no path separator', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), instantArb, (reference, generatedAt) => {
        const name = kfmFileName(reference, generatedAt);
        return name.endsWith('.xml') && !/[/\\]/.test(name) && !name.startsWith('.') && !name.includes('..');
      }),
    );
  });

  it('a file name carries the UTC second of generatedAt, whatever offset it was written with', () => {
    fc.assert(
      fc.property(instantArb, fc.integer({ min: -12, max: 14 }), (instant, offsetHours) => {
        const utc = new Date(instant);
        const local = new Date(utc.getTime() + offsetHours * 3_600_000).toISOString().slice(0, 19);
        const sign = offsetHours < 0 ? '-' : '+';
        const withOffset = `${local}${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;
        return kfmFileName('A', withOffset) === kfmFileName('A', instant);
      }),
    );
  });

  it('a sanitized reference keeps only portable characters', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (reference) => /^[A-Za-z0-9._-]{1,60}$/.test(sanitizeKfmFileNamePart(reference))));
  });
});

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 test vector', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('hashes the UTF-8 bytes (å = C3 A5), not Latin-1', () => {
    expect(sha256Hex('å')).toBe('e83979df9d36090142f23051f8e8d7ad48e5c20dff5c9e7b92ca3454f67469f9');
  });

  it('a checksum is 64 lower-case hex characters and stable for the same text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => /^[0-9a-f]{64}$/.test(sha256Hex(text)) && sha256Hex(text) === sha256Hex(text.slice(0))));
  });

  it('a checksum changes when the text changes', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => (a === b) === (sha256Hex(a) === sha256Hex(b))));
  });
});
