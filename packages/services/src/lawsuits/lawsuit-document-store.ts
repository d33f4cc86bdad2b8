import type { FileStorage, LawsuitRow } from '@fordran/store';
import type { LawsuitDocument } from '../schemas/lawsuits';

/*
 * A lawsuit's documents (stämningsansökan, föreläggande, dom …) live in FileStorage like every
 * other file, one folder per lawsuit: lawsuits/<org>/<lawsuit>/<document id>--<file name>. The
 * folder is the list, so no table is needed; the audit log says who uploaded what.
 */

/** Court papers are PDFs and scans: 10 MB is generous for them and keeps the database file small. */
export const LAWSUIT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const NAME_SEPARATOR = '--';

export function lawsuitDocumentFolder(lawsuit: Pick<LawsuitRow, 'org_id' | 'id'>): string {
  return `lawsuits/${lawsuit.org_id}/${lawsuit.id}`;
}

/**
 * A file name as a storage key segment: letters without their accents (å → a), anything else
 * outside A–Z, 0–9, '.', '_' and '-' becomes '_'.
 * @example storableFileName('Stämning mot Åsa.pdf') // 'Stamning_mot_Asa.pdf'
 */
export function storableFileName(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(-120);
  return plain || 'dokument';
}

/** The documents of a lawsuit, oldest first (ids are time-ordered). */
export async function listLawsuitDocuments(files: FileStorage, lawsuit: Pick<LawsuitRow, 'org_id' | 'id'>): Promise<LawsuitDocument[]> {
  const folder = lawsuitDocumentFolder(lawsuit);
  const stored = await files.list(folder);
  return stored
    .map((file) => {
      const name = file.key.slice(folder.length + 1);
      const at = name.indexOf(NAME_SEPARATOR);
      return { id: name.slice(0, at), file_name: name.slice(at + NAME_SEPARATOR.length), size: file.size, stored_at: file.stored_at };
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
