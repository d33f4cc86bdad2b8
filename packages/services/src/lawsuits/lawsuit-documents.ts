import { DomainError } from '@fordran/core';
import { uuidV7 } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import type { LawsuitDetail } from '../schemas/lawsuits';
import { LAWSUIT_DOCUMENT_MAX_BYTES, lawsuitDocumentFolder, listLawsuitDocuments, NAME_SEPARATOR, storableFileName } from './lawsuit-document-store';
import { readLawsuit } from './lawsuit-scope';
import { loadLawsuitDetail } from './lawsuit-view';

/** Stores an uploaded document (at most 10 MB, not empty) and audits it; returns the lawsuit as the page shows it. */
export async function uploadLawsuitDocument(
  ctx: OrgScope,
  lawsuitId: string,
  file: { name: string; bytes: Uint8Array; contentType: string },
): Promise<LawsuitDetail> {
  requireScopePermission(ctx, 'lawsuits.write');
  const db = ctx.app.database.db;
  const lawsuit = await readLawsuit(db, ctx, lawsuitId);
  if (file.bytes.byteLength === 0) throw new DomainError('VALIDATION_FAILED', 'Filen är tom');
  if (file.bytes.byteLength > LAWSUIT_DOCUMENT_MAX_BYTES) throw new DomainError('FILE_TOO_LARGE', 'Dokumentet får vara högst 10 MB');
  const id = uuidV7();
  const fileName = storableFileName(file.name);
  const key = `${lawsuitDocumentFolder(lawsuit)}/${id}${NAME_SEPARATOR}${fileName}`;
  await ctx.app.files.put(key, file.bytes, file.contentType || 'application/octet-stream');
  const now = ctx.app.clock.now();
  await ctx.app.database.transaction((tx) =>
    appendAudit(tx, {
      org_id: lawsuit.org_id,
      actor_id: auditActor(ctx),
      event: 'lawsuit.document_uploaded',
      entity: 'lawsuits',
      entity_id: lawsuit.id,
      payload: { document_id: id, file_name: fileName, size: file.bytes.byteLength },
      created_at: now,
    }),
  );
  return loadLawsuitDetail(db, ctx, lawsuit.id);
}

/** A document to download: its bytes, type and name (NOT_FOUND for another lawsuit's or organisation's). */
export async function readLawsuitDocument(
  ctx: OrgScope,
  lawsuitId: string,
  documentId: string,
): Promise<{ bytes: Uint8Array; contentType: string; fileName: string }> {
  requireScopePermission(ctx, 'lawsuits.read');
  const lawsuit = await readLawsuit(ctx.app.database.db, ctx, lawsuitId);
  const document = (await listLawsuitDocuments(ctx.app.files, lawsuit)).find((candidate) => candidate.id === documentId);
  const stored = document ? await ctx.app.files.get(`${lawsuitDocumentFolder(lawsuit)}/${document.id}${NAME_SEPARATOR}${document.file_name}`) : null;
  if (!document || !stored) throw new DomainError('NOT_FOUND', 'Dokumentet hittades inte');
  return { bytes: stored.bytes, contentType: stored.contentType, fileName: document.file_name };
}
