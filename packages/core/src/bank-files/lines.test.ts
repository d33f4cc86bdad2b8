import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createBankFileHasher, decodeBankFileText, decodeLatin1, encodeBankFileLatin1, peekBankFileInput, splitBankFileLines } from './lines';

async function collectLines(chunks: string[]): Promise<{ line: number; text: string }[]> {
  async function* source() {
    yield* chunks;
  }
  const out: { line: number; text: string }[] = [];
  for await (const batch of splitBankFileLines(source())) out.push(...batch);
  return out;
}

function cut(text: string, points: number[]): string[] {
  const sorted = [0, ...[...new Set(points)].filter((p) => p > 0 && p < text.length).sort((a, b) => a - b), text.length];
  return sorted.slice(1).map((end, i) => text.slice(sorted[i], end));
}

const lineTextArb = fc.string({ maxLength: 12, unit: fc.constantFrom('a', 'b', ' ', 'å', ';') });

describe('splitBankFileLines', () => {
  it('gives back the lines, numbered from 1, whatever the line endings and chunk borders', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(lineTextArb, fc.constantFrom('\n', '\r\n', '\r')), { minLength: 1, maxLength: 15 }),
        fc.boolean(),
        fc.array(fc.nat({ max: 300 }), { maxLength: 10 }),
        async (lines, finalEnding, points) => {
          // A lone CR followed by an empty line ending in LF reads as one CRLF: genuinely ambiguous.
          fc.pre(!lines.some(([, eol], i) => eol === '\r' && lines[i + 1]?.[0] === '' && lines[i + 1]![1].startsWith('\n')));
          const text = lines.map(([line, eol], i) => line + (i < lines.length - 1 || finalEnding ? eol : '')).join('');
          const expected = lines.map(([line], i) => ({ line: i + 1, text: line }));
          // A last line that is empty and has no line ending is not a line.
          if (!finalEnding && expected.at(-1)!.text === '') expected.pop();
          expect(await collectLines(cut(text, points))).toEqual(expected);
        },
      ),
    );
  });
});

describe('decoding', () => {
  it('Latin-1 decode(encode(x)) = x for Latin-1 text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 255 }).map((code) => String.fromCharCode(code)) }), (text) => {
        expect(decodeLatin1(encodeBankFileLatin1(text))).toBe(text);
      }),
    );
  });

  it('decodes UTF-8 split inside a character, drops the BOM, and hashes the raw bytes', async () => {
    const bytes = new TextEncoder().encode('\ufeffÅsa;Öberg\n');
    const hasher = createBankFileHasher();
    const stream = decodeBankFileText([bytes.subarray(0, 4), bytes.subarray(4)], 'auto', hasher);
    let text = '';
    for await (const chunk of stream.chunks) text += chunk;
    expect(text).toBe('Åsa;Öberg\n');
    expect(stream.encoding()).toBe('utf-8');
    const whole = createBankFileHasher();
    whole.update(bytes);
    expect(hasher.hex()).toBe(whole.hex());
  });

  it('peeking does not lose or reorder chunks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 20 }), { maxLength: 10 }), fc.nat({ max: 60 }), async (chunks, minLength) => {
        const { sample, input } = await peekBankFileInput(chunks, minLength);
        const all: string[] = [];
        for await (const chunk of input) all.push(chunk as string);
        expect(all).toEqual(chunks);
        expect(chunks.join('').startsWith(sample.slice(0, minLength))).toBe(true);
      }),
    );
  });
});
