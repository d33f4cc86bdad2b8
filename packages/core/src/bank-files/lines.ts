import { createHash, type Hash } from 'node:crypto';
import type { BankFileChunk, BankFileInput } from './types';

/** How bytes become text: BgMax is Latin-1, camt.053 UTF-8, CSV either (`auto` sniffs the first bytes). */
export type BankFileEncoding = 'utf-8' | 'latin1' | 'auto';

/** One line of a text file without its line ending, with its 1-based number. */
export interface BankFileLine {
  line: number;
  text: string;
}

/** A plain string or byte array is one chunk; anything else is iterated (a string would iterate by character). */
export async function* iterateBankFileChunks(input: BankFileInput): AsyncGenerator<BankFileChunk> {
  if (typeof input === 'string' || input instanceof Uint8Array) {
    yield input;
    return;
  }
  for await (const chunk of input) yield chunk;
}

/** Incremental SHA-256 of the raw input (text chunks as UTF-8), for `content_sha256`. */
export interface BankFileHasher {
  update(chunk: BankFileChunk): void;
  hex(): string;
}

export function createBankFileHasher(): BankFileHasher {
  const hash: Hash = createHash('sha256');
  return {
    update: (chunk) => {
      if (typeof chunk === 'string') hash.update(chunk, 'utf8');
      else hash.update(chunk);
    },
    hex: () => hash.digest('hex'),
  };
}

/**
 * Exact ISO-8859-1: every byte is the code point of the same number. (WHATWG's `latin1` label
 * means windows-1252, which differs in 0x80–0x9F.) Stateless, so chunk borders cannot split a character.
 * @example decodeLatin1(new Uint8Array([0xc5, 0x73, 0x61])) // 'Åsa'
 */
export function decodeLatin1(bytes: Uint8Array): string {
  let text = '';
  const step = 8192;
  for (let start = 0; start < bytes.length; start += step) {
    text += String.fromCharCode(...bytes.subarray(start, start + step));
  }
  return text;
}

/**
 * Encodes text as ISO-8859-1 bytes (for writing BgMax files); characters above U+00FF become `?`.
 * @example encodeBankFileLatin1('Åsa') // Uint8Array [0xc5, 0x73, 0x61]
 */
export function encodeBankFileLatin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    bytes[index] = code > 0xff ? 0x3f : code;
  }
  return bytes;
}

function isValidUtf8Prefix(bytes: Uint8Array): boolean {
  // Only a sequence cut off at the very end of the sample may be incomplete.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    decoder.decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Decoded text chunks plus which encoding was used in the end. */
export interface BankFileTextStream {
  chunks: AsyncGenerator<string>;
  /** Settled once the first byte chunk has been seen; `utf-8` for text-only input. */
  encoding(): 'utf-8' | 'latin1';
}

const BOM = '\ufeff';

/**
 * Turns the input into text chunks, hashing the raw chunks on the way and dropping a leading BOM.
 * `auto`: UTF-8 if the first byte chunk is valid UTF-8, else Latin-1 (a CSV exported by an old
 * Windows program). Invalid UTF-8 later in a `utf-8` stream becomes U+FFFD rather than an error.
 */
export function decodeBankFileText(input: BankFileInput, encoding: BankFileEncoding, hasher: BankFileHasher): BankFileTextStream {
  let chosen: 'utf-8' | 'latin1' | null = encoding === 'auto' ? null : encoding;
  async function* generate(): AsyncGenerator<string> {
    let decoder: InstanceType<typeof TextDecoder> | null = null;
    let first = true;
    const emit = (text: string): string => {
      if (first && text.length > 0) {
        first = false;
        return text.startsWith(BOM) ? text.slice(1) : text;
      }
      return text;
    };
    for await (const chunk of iterateBankFileChunks(input)) {
      hasher.update(chunk);
      let text: string;
      if (typeof chunk === 'string') {
        if (decoder) text = decoder.decode() + chunk;
        else text = chunk;
        decoder = null;
      } else {
        if (chosen === null) chosen = isValidUtf8Prefix(chunk.subarray(0, 65536)) ? 'utf-8' : 'latin1';
        if (chosen === 'latin1') {
          text = decodeLatin1(chunk);
        } else {
          decoder ??= new TextDecoder('utf-8', { ignoreBOM: true });
          text = decoder.decode(chunk, { stream: true });
        }
      }
      const out = emit(text);
      if (out.length > 0) yield out;
    }
    if (decoder) {
      const rest = emit(decoder.decode());
      if (rest.length > 0) yield rest;
    }
  }
  return { chunks: generate(), encoding: () => chosen ?? 'utf-8' };
}

/**
 * Splits text chunks into lines (CRLF, LF or a lone CR), numbered from 1, yielding one batch of
 * lines per chunk so a large file does not cost one await per line. A final line without a line
 * ending is yielded; the empty "line" after a final line ending is not.
 */
export async function* splitBankFileLines(chunks: AsyncIterable<string>): AsyncGenerator<BankFileLine[]> {
  let carry = '';
  let lineNumber = 0;
  let pendingCr = false;
  for await (const chunk of chunks) {
    let text = chunk;
    if (pendingCr) {
      // A CR ended the previous chunk: a LF right here belongs to it.
      if (text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
    }
    const batch: BankFileLine[] = [];
    let start = 0;
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (code !== 10 && code !== 13) continue;
      lineNumber += 1;
      batch.push({ line: lineNumber, text: carry + text.slice(start, index) });
      carry = '';
      if (code === 13) {
        if (index + 1 < text.length) {
          if (text.charCodeAt(index + 1) === 10) index += 1;
        } else {
          pendingCr = true;
        }
      }
      start = index + 1;
    }
    carry += text.slice(start);
    if (batch.length > 0) yield batch;
  }
  if (carry.length > 0) yield [{ line: lineNumber + 1, text: carry }];
}

/** The first characters of an input (bytes shown as Latin-1, enough to sniff a format) and the whole input again. */
export interface PeekedBankFileInput {
  sample: string;
  input: AsyncIterable<BankFileChunk>;
}

/**
 * Reads chunks until `minLength` characters/bytes are seen (or the input ends) without losing them:
 * the returned `input` yields the peeked chunks, then the rest of the original iterator.
 */
export async function peekBankFileInput(input: BankFileInput, minLength = 4096): Promise<PeekedBankFileInput> {
  const iterator = iterateBankFileChunks(input);
  const head: BankFileChunk[] = [];
  let length = 0;
  let done = false;
  while (length < minLength) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    length += next.value.length;
  }
  const sample = head.map((chunk) => (typeof chunk === 'string' ? chunk.slice(0, minLength) : decodeLatin1(chunk.subarray(0, minLength)))).join('');
  async function* replay(): AsyncGenerator<BankFileChunk> {
    yield* head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { sample, input: replay() };
}
