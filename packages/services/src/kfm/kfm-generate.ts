import {
  assertStateMachineTransition,
  buildKfmApplicationXml,
  buildKfmSnapshot,
  isDomainError,
  KFM_CASE_STATUS_MACHINE,
  kfmApplicationText,
  kfmApplicationTotal,
  kfmFileName,
  oreToDecimal,
  sanitizeKfmFileNamePart,
  sha256Hex,
  type IsoDate,
  type KfmSnapshot,
  type Ore,
} from '@fordran/core';
import { insertKfmEventRow, insertKfmFileRow, insertKfmSubmissionRow, listKfmReadyCaseIds, updateKfmCaseRow, type Db } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { appendCaseEvent } from '../cases/case-events';
import { loadCaseState } from '../cases/case-state';
import { recordStageChange } from '../cases/case-transitions';
import { renderLetterPdf } from '../communications/channels/letter/letter-pdf';
import { parseInput } from '../schemas/zod-setup';
import { kfmGenerateInputSchema, type KfmGenerateInput, type KfmGenerateResponse } from '../schemas/kfm';
import { kfmFileKey, kfmPdfKey, kfmSnapshotOfRow, loadKfmCaseDetail } from './kfm-case-view';
import { assertKfmCheckPassed, checkCaseForKfm } from './kfm-precheck';
import { findDraftKfmCase, kfmAsOf, kfmSnapshotInputOf, storeKfmSnapshot, type KfmSnapshotChoices } from './kfm-snapshot';

/** Kronofogden's postal address for applications on paper (the readable PDF's recipient). */
const KRONOFOGDEN_ADDRESS_LINES = ['Kronofogden', 'Box 1050', '172 21 Sundbyberg'] as const;

/** An application file as generated: its name, bytes, checksum and total. */
export interface KfmApplicationFile {
  filename: string;
  xml: string;
  sha256: string;
  totalOre: Ore;
}

/** The XML file of a snapshot generated at `generatedAt` (name from the claim reference and the instant). */
export function kfmApplicationFile(snapshot: KfmSnapshot, generatedAt: string): KfmApplicationFile {
  const xml = buildKfmApplicationXml(snapshot, { generatedAt });
  return { filename: kfmFileName(snapshot.claim.reference_no, generatedAt), xml, sha256: sha256Hex(xml), totalOre: kfmApplicationTotal(snapshot) };
}

/** The readable PDF of the application, in the letters' house style, addressed to Kronofogden. */
export function renderKfmApplicationPdf(snapshot: KfmSnapshot, date: IsoDate): Promise<Uint8Array> {
  const sender = snapshot.agent ?? snapshot.applicant;
  const { subject, body } = kfmApplicationText(snapshot);
  const { street, zip, city } = sender.address;
  return renderLetterPdf({
    sender: { name: sender.name, address_lines: [street, `${zip} ${city}`], org_no: sender.org_no },
    recipient_lines: KRONOFOGDEN_ADDRESS_LINES,
    date,
    reference: snapshot.reference,
    subject,
    body,
  });
}

function defaultChoices(asOf: IsoDate): KfmSnapshotChoices {
  return { application_type: 'payment_order', as_of: asOf, transfer_to_court: false, enforcement: false };
}

/**
 * 'KFM-fil genererad' (step 3 of the case's KFM dialog; `fordran kfm generate`). The case's draft
 * KFM case — or, without one, a snapshot taken now with the defaults (betalningsföreläggande on
 * `as_of`) — after the pre-check again: the XML file (name from the claim reference and the
 * time, SHA-256), a kfm_files row (out, ready) and a kfm_submissions row (pending, manual), the
 * KFM case submitted, `KFM_SUBMITTED` on the case and its stage to kfm — one transaction; the XML
 * and the readable PDF go to file storage with it.
 */
export async function generateKfmFile(ctx: OrgScope, caseId: string, input: KfmGenerateInput = {}): Promise<KfmGenerateResponse> {
  return (await generateKfmApplication(ctx, caseId, input)).response;
}

/** `generateKfmFile` with the file it wrote. */
async function generateKfmApplication(
  ctx: OrgScope,
  caseId: string,
  input: KfmGenerateInput,
): Promise<{ response: KfmGenerateResponse; file: KfmApplicationFile }> {
  requireScopePermission(ctx, 'kfm.write');
  const today = ctx.app.clock.today();
  const asOf = kfmAsOf(parseInput(kfmGenerateInputSchema, input).as_of, today);
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);
  return ctx.app.database.transaction(async (tx) => {
    const state = await loadCaseState(tx, ctx, caseId);
    // The pre-check runs again either way: storeKfmSnapshot runs it for a new snapshot.
    const existing = await findDraftKfmCase(tx, state);
    if (existing) assertKfmCheckPassed(await checkCaseForKfm(tx, state, today));
    const draft = existing ?? (await storeKfmSnapshot(tx, ctx, state, defaultChoices(asOf)));
    assertStateMachineTransition(KFM_CASE_STATUS_MACHINE, draft.current_status, 'submitted');
    const snapshot = kfmSnapshotOfRow(draft);
    const file = kfmApplicationFile(snapshot, now);
    const orgId = state.row.org_id;
    const fileRow = await insertKfmFileRow(tx, {
      org_id: orgId,
      kfm_case_id: draft.id,
      direction: 'out',
      filename: file.filename,
      payload_text: file.xml,
      checksum: file.sha256,
      status: 'ready',
      created_at: now,
    });
    await insertKfmSubmissionRow(tx, {
      org_id: orgId,
      kfm_case_id: draft.id,
      file_out_id: fileRow.id,
      transport: 'manual',
      status: 'pending',
      created_by: actor,
      created_at: now,
    });
    const submitted = (await updateKfmCaseRow(tx, orgId, draft.id, { current_status: 'submitted', updated_at: now }))!;
    const payload = {
      kfm_case_id: draft.id,
      filename: file.filename,
      checksum: file.sha256,
      total: oreToDecimal(file.totalOre),
      application_type: snapshot.application_type,
      application_fee: oreToDecimal(snapshot.application_feeOre),
      reference: snapshot.reference,
    };
    await insertKfmEventRow(tx, { org_id: orgId, kfm_case_id: draft.id, type: 'file_generated', payload_json: payload, actor_id: actor, created_at: now });
    await appendCaseEvent(tx, { org_id: orgId, case_id: state.row.id, type: 'KFM_SUBMITTED', actor_id: actor, payload, created_at: now });
    await recordStageChange(tx, ctx, state, 'kfm');
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: actor,
      event: 'kfm.file_generated',
      entity: 'kfm_files',
      entity_id: fileRow.id,
      payload,
      created_at: now,
    });
    // Stored last: a failure here rolls the rows back (a stray stored file is harmless, a row without its file is not).
    await ctx.app.files.put(kfmFileKey(submitted, file.filename), new TextEncoder().encode(file.xml), 'application/xml');
    await ctx.app.files.put(kfmPdfKey(submitted), await renderKfmApplicationPdf(snapshot, today), 'application/pdf');
    const { id, direction, filename, checksum, status, created_at } = fileRow;
    const response = {
      message: 'KFM-fil genererad',
      kfm_case: await loadKfmCaseDetail(tx, submitted),
      file: { id, direction, filename, checksum, status, created_at, total: oreToDecimal(file.totalOre) },
      pdf_filename: `${sanitizeKfmFileNamePart(snapshot.reference)}_ansokan.pdf`,
    };
    return { response, file };
  });
}

/** The file `generateKfmFile` would write for the case now, writing nothing (`--dry-run`). */
export async function previewKfmFile(ctx: OrgScope, caseId: string, input: KfmGenerateInput = {}): Promise<KfmApplicationFile> {
  requireScopePermission(ctx, 'kfm.write');
  const today = ctx.app.clock.today();
  const asOf = kfmAsOf(parseInput(kfmGenerateInputSchema, input).as_of, today);
  const db: Db = ctx.app.database.db;
  const state = await loadCaseState(db, ctx, caseId);
  assertKfmCheckPassed(await checkCaseForKfm(db, state, today));
  const draft = await findDraftKfmCase(db, state);
  const snapshot = draft ? kfmSnapshotOfRow(draft) : buildKfmSnapshot(await kfmSnapshotInputOf(db, state, defaultChoices(asOf)));
  return kfmApplicationFile(snapshot, ctx.app.clock.now());
}

/** Why a case was refused, each reason a Swedish sentence: the error's message, then each finding. */
export function kfmRefusalReasons(error: unknown): string[] {
  if (!isDomainError(error)) throw error;
  const details = (error.details ?? {}) as {
    blocking?: { message: string }[];
    claim_findings?: { message: string }[];
    findings?: { path?: string; message: string }[];
  };
  const reasons = [
    ...(details.blocking ?? []).map((violation) => violation.message),
    ...(details.claim_findings ?? []).map((finding) => finding.message),
    ...(details.findings ?? []).map((finding) => (finding.path ? `${finding.path}: ${finding.message}` : finding.message)),
  ];
  return [...new Set([error.message, ...reasons])];
}

export interface KfmBatchResult {
  files: { case_id: string; file: KfmApplicationFile }[];
  refused: { case_id: string; reasons: string[] }[];
}

/**
 * `fordran kfm generate`: each case in turn (its own transaction), or every ready case (active,
 * stage demand, no open KFM case) with `case_ids` null. A refused case is listed with its reasons
 * and never written; `dry_run` writes nothing at all.
 */
export async function generateKfmFiles(
  ctx: OrgScope,
  options: { case_ids: readonly string[] | null; as_of?: IsoDate; dry_run: boolean },
): Promise<KfmBatchResult> {
  requireScopePermission(ctx, 'kfm.write');
  const caseIds = options.case_ids ?? (await listKfmReadyCaseIds(ctx.app.database.db, ctx.membership.org_id));
  const input = options.as_of ? { as_of: options.as_of } : {};
  const result: KfmBatchResult = { files: [], refused: [] };
  for (const caseId of caseIds) {
    try {
      const file = options.dry_run ? await previewKfmFile(ctx, caseId, input) : (await generateKfmApplication(ctx, caseId, input)).file;
      result.files.push({ case_id: caseId, file });
    } catch (error) {
      result.refused.push({ case_id: caseId, reasons: kfmRefusalReasons(error) });
    }
  }
  return result;
}
