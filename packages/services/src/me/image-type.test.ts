import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sniffImageType } from './image-type';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe('sniffImageType', () => {
  it.each([
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['GIF87a', bytes(...ascii('GIF87a'), 1, 0), 'image/gif'],
    ['GIF89a', bytes(...ascii('GIF89a'), 1, 0), 'image/gif'],
    ['WebP', bytes(...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBP'), ...ascii('VP8 ')), 'image/webp'],
  ])('recognises %s', (_name, input, type) => {
    expect(sniffImageType(input)?.contentType).toBe(type);
  });

  it.each([
    ['empty', bytes()],
    ['HTML', bytes(...ascii('<html>'))],
    ['SVG (may carry script)', bytes(...ascii('<svg xmlns="http://www.w3.org/2000/svg">'))],
    ['PDF', bytes(...ascii('%PDF-1.7'))],
    ['RIFF that is not WebP (WAV)', bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVE'))],
    ['a PNG signature cut short', bytes(0x89, 0x50, 0x4e, 0x47)],
  ])('refuses %s', (_name, input) => {
    expect(sniffImageType(input)).toBeNull();
  });

  it('bytes that start with none of the signatures are never an image', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (input) => {
        fc.pre(![0x89, 0xff, 0x47, 0x52].includes(input[0] ?? -1));
        return sniffImageType(input) === null;
      }),
    );
  });

  it('whatever follows a PNG signature, it is a PNG', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (tail) => {
        const input = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...tail]);
        return sniffImageType(input)?.extension === 'png';
      }),
    );
  });
});
