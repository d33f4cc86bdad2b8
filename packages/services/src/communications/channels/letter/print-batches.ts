import { PDFDocument } from 'pdf-lib';
import { DomainError } from '@fordran/core';
import { listQueuedLetters, takeQueuedLetters, uuidV7, type FileStorage, type QueuedLetterRow } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../../../access/operator';
import { appendAudit } from '../../../audit/audit-log';
import type { PrintBatchResponse, PrintQueueResponse } from '../../../schemas/channels';
import { recordDemandReceiptInterruption } from '../../../prescription/record-interruption';
import { letterPdfKey } from './letter-document';

/*
 * The manual provider's print queue (spec part 2 §9 "letter manual"): letters wait as `queued`
 * with their rendered PDF; staff create a batch — the waiting letters merged into one PDF (pdf-lib)
 * to print and post in one go — which marks them sent. The batch PDF and a manifest of its letters
 * stay in FileStorage to download again.
 */

/** Letters in one batch: a print run a person can still handle. */
const PRINT_BATCH_MAX_LETTERS = 500;
const BATCHES_SHOWN = 20;

const batchFolder = (orgId: string) => `orgs/${orgId}/print-batches`;

function letterView(letter: QueuedLetterRow): PrintBatchResponse['letters'][number] {
  return {
    id: letter.id,
    case_id: letter.case_id,
    reference_no: letter.reference_no,
    recipient: letter.recipient,
    subject: letter.subject,
    created_at: letter.created_at,
  };
}

async function readManifest(files: FileStorage, key: string): Promise<PrintBatchResponse | null> {
  const file = await files.get(key);
  return file ? (JSON.parse(new TextDecoder().decode(file.bytes)) as PrintBatchResponse) : null;
}

/** The letters waiting to be printed (oldest first, at most one batch) and the latest batches. */
export async function getPrintQueue(ctx: OrgScope): Promise<PrintQueueResponse> {
  requireScopePermission(ctx, 'letters.print');
  const orgId = ctx.membership.org_id;
  const letters = await listQueuedLetters(ctx.app.database.db, orgId, PRINT_BATCH_MAX_LETTERS);
  const manifests = (await ctx.app.files.list(batchFolder(orgId)))
    .filter((file) => file.key.endsWith('.json'))
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
    .slice(0, BATCHES_SHOWN);
  const batches = await Promise.all(manifests.map((file) => readManifest(ctx.app.files, file.key)));
  return { letters: letters.map(letterView), batches: batches.filter((batch): batch is PrintBatchResponse => batch !== null) };
}

/** One PDF of every letter, in queue order. */
async function mergeLetters(files: FileStorage, letters: readonly QueuedLetterRow[], title: string): Promise<Uint8Array> {
  const batch = await PDFDocument.create();
  batch.setTitle(title);
  batch.setCreator('Fordran');
  for (const letter of letters) {
    const stored = await files.get(letter.rendered_pdf_id);
    if (!stored) throw new DomainError('NOT_FOUND', `Brevets PDF saknas (meddelande ${letter.id}); inget har markerats som skickat`);
    const source = await PDFDocument.load(stored.bytes);
    const pages = await batch.copyPages(source, source.getPageIndices());
    for (const page of pages) batch.addPage(page);
  }
  return batch.save();
}

/**
 * A print batch of the waiting letters (at most 500, oldest first): one PDF, the letters marked
 * sent, in one transaction — a letter is in exactly one batch even when two people print at once.
 * CONFLICT when nothing waits.
 */
export async function createPrintBatch(ctx: OrgScope): Promise<PrintBatchResponse> {
  requireScopePermission(ctx, 'letters.print');
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  const id = uuidV7();
  const { files } = ctx.app;
  return ctx.app.database.transaction(async (tx) => {
    const letters = await takeQueuedLetters(tx, orgId, PRINT_BATCH_MAX_LETTERS, now);
    if (letters.length === 0) throw new DomainError('CONFLICT', 'Det finns inga brev i utskriftskön');
    // Printed now and posted: each påminnelse or inkassokrav among them interrupts prescription from its presumed arrival.
    for (const letter of letters) {
      await recordDemandReceiptInterruption(tx, { id: letter.id, org_id: orgId, case_id: letter.case_id, channel: 'letter' }, { status: 'sent', at: now });
    }
    const pdf = await mergeLetters(files, letters, `Utskriftsbunt ${now.slice(0, 10)} (${letters.length} brev)`);
    const batch: PrintBatchResponse = { id, count: letters.length, created_at: now, created_by: ctx.actor?.user_id ?? null, letters: letters.map(letterView) };
    await files.put(`${batchFolder(orgId)}/${id}.pdf`, pdf, 'application/pdf');
    await files.put(`${batchFolder(orgId)}/${id}.json`, new TextEncoder().encode(JSON.stringify(batch)), 'application/json');
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'print_batch.created',
      entity: 'communications',
      entity_id: id,
      payload: { count: letters.length, communication_ids: letters.map((letter) => letter.id) },
      created_at: now,
    });
    return batch;
  });
}

/** A batch's PDF to download (print) again. */
export async function readPrintBatchPdf(ctx: OrgScope, batchId: string): Promise<{ bytes: Uint8Array; filename: string }> {
  requireScopePermission(ctx, 'letters.print');
  const key = `${batchFolder(ctx.membership.org_id)}/${batchId}.pdf`;
  const file = /^[0-9a-f-]{36}$/.test(batchId) ? await ctx.app.files.get(key) : null;
  if (!file) throw new DomainError('NOT_FOUND', 'Utskriftsbunten finns inte');
  return { bytes: file.bytes, filename: `utskriftsbunt-${batchId}.pdf` };
}

/** One queued (or printed) letter's PDF, to look at before printing. */
export async function readLetterPdf(ctx: OrgScope, communicationId: string): Promise<{ bytes: Uint8Array; filename: string }> {
  requireScopePermission(ctx, 'letters.print');
  const orgId = ctx.membership.org_id;
  const file = /^[0-9a-f-]{36}$/.test(communicationId) ? await ctx.app.files.get(letterPdfKey(orgId, communicationId)) : null;
  if (!file) throw new DomainError('NOT_FOUND', 'Brevet finns inte');
  return { bytes: file.bytes, filename: `brev-${communicationId}.pdf` };
}
