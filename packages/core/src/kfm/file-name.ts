import { formatUtcInstantCompact, toUtcInstant } from './utc-instant';

/** Longest claim-reference part kept in a file name, so names stay portable (< 100 characters). */
const MAX_REFERENCE_LENGTH = 60;

/**
 * The claim reference made safe as a file-name part: diacritics dropped (å → a), every character
 * outside A–Z, a–z, 0–9, '.', '_' and '-' replaced by '_', runs of '_' collapsed, leading and
 * trailing '.', '_' and '-' removed (no hidden files, no "..") and cut to 60 characters;
 * "kfm" when nothing is left.
 * @example sanitizeKfmFileNamePart('F/2024:001 Ö') // "F_2024_001_O"
 */
export function sanitizeKfmFileNamePart(reference: string): string {
  const ascii = reference.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const cleaned = ascii
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/_+/g, '_')
    .slice(0, MAX_REFERENCE_LENGTH)
    .replace(/^[._-]+|[._-]+$/g, '')
    .replace(/\.{2,}/g, '.');
  return cleaned === '' ? 'kfm' : cleaned;
}

/**
 * The name of a generated KFM application file (spec part 1 §9: claim reference plus a timestamp,
 * extension .xml): `<reference>_<YYYYMMDD>T<HHMMSS>Z.xml`, the timestamp being `generatedAt` in
 * UTC. Never contains a path separator.
 * @param claimReference the claim's reference_no
 * @param generatedAt ISO-8601 instant with a zone, e.g. "2026-11-22T10:15:00Z"
 * @example kfmFileName('F-2024-001', '2026-11-22T10:15:00Z') // "F-2024-001_20261122T101500Z.xml"
 */
export function kfmFileName(claimReference: string, generatedAt: string): string {
  return `${sanitizeKfmFileNamePart(claimReference)}_${formatUtcInstantCompact(toUtcInstant(generatedAt))}.xml`;
}
