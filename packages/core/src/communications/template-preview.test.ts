import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { smsEncoding, smsSegmentCount, templatePreview } from '.';

describe('templatePreview', () => {
  it.each([
    ['short text', 'Hej!', 'Hej!'],
    ['exactly 150 characters', 'a'.repeat(150), 'a'.repeat(150)],
    ['151 characters', 'a'.repeat(151), `${'a'.repeat(150)}…`],
    ['emoji at the cut', `${'a'.repeat(149)}😀😀`, `${'a'.repeat(149)}😀…`],
  ])('shows %s', (_label, text, expected) => {
    expect(templatePreview(text)).toBe(expected);
  });

  it('a preview is at most 151 characters', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => Array.from(templatePreview(text)).length <= 151));
  });

  it('a preview is a prefix of the text, with an ellipsis exactly when cut', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const preview = templatePreview(text);
        const cut = Array.from(text).length > 150;
        return cut ? preview.endsWith('…') && text.startsWith(preview.slice(0, -1)) : preview === text;
      }),
    );
  });
});

describe('smsSegmentCount', () => {
  it.each([
    ['empty', '', 0],
    ['160 GSM characters', 'a'.repeat(160), 1],
    ['161 GSM characters', 'a'.repeat(161), 2],
    ['306 GSM characters', 'a'.repeat(306), 2],
    ['307 GSM characters', 'a'.repeat(307), 3],
    ['Swedish letters are GSM', 'åäöÅÄÖé'.repeat(22) + 'å'.repeat(6), 1],
    ['80 euro signs (2 septets each)', '€'.repeat(80), 1],
    ['81 euro signs', '€'.repeat(81), 2],
    ['an extension character is not split over parts', `${'a'.repeat(152)}€${'a'.repeat(10)}`, 2],
    ['an extension character at a part boundary moves to the next part', `${'a'.repeat(152)}€${'a'.repeat(153)}`, 3],
    ['70 UCS-2 characters', 'ç'.repeat(70), 1],
    ['71 UCS-2 characters', 'ç'.repeat(71), 2],
    ['134 UCS-2 characters', 'ç'.repeat(134), 2],
    ['135 UCS-2 characters', 'ç'.repeat(135), 3],
    ['35 emoji (two units each)', '😀'.repeat(35), 1],
    ['36 emoji', '😀'.repeat(36), 2],
  ])('%s: %i', (_label, text, expected) => {
    expect(smsSegmentCount(text)).toBe(expected);
  });

  it.each([
    ['Hej Åsa, 100 € kvar [OCR]', 'gsm7'],
    ['Hej 😀', 'ucs2'],
    ['Façade', 'ucs2'],
  ] as const)('sends %j as %s', (text, encoding) => {
    expect(smsEncoding(text)).toBe(encoding);
  });

  const smsTextArb = fc.string({ unit: fc.constantFrom('a', 'å', ' ', '€', '[', 'ç', '😀', '\n'), maxLength: 500 });

  it('the segment count never falls when text is appended', () => {
    fc.assert(fc.property(smsTextArb, smsTextArb, (text, more) => smsSegmentCount(text) <= smsSegmentCount(text + more)));
  });

  it('a text fits in its segments: units <= parts × capacity', () => {
    fc.assert(
      fc.property(smsTextArb, (text) => {
        const count = smsSegmentCount(text);
        const gsm = smsEncoding(text) === 'gsm7';
        const units = Array.from(text).reduce((sum, c) => sum + (gsm ? ('€[]{}^~|\\\f'.includes(c) ? 2 : 1) : c.length), 0);
        const capacity = count <= 1 ? (gsm ? 160 : 70) : count * (gsm ? 153 : 67);
        return units <= capacity && (text === '') === (count === 0);
      }),
    );
  });
});
