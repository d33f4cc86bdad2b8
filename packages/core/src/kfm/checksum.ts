import { createHash } from 'node:crypto';

/**
 * SHA-256 of a text's UTF-8 bytes as 64 lower-case hex characters: the checksum stored with a
 * KFM file (kfm_files.checksum, spec part 1 §9).
 * @example sha256Hex('abc') // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
