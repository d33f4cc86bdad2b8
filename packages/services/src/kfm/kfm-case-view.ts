import {
  allowedStateMachineTransitions,
  DomainError,
  KFM_APPLICATION_TYPE_LABELS,
  KFM_CASE_STATUS_LABELS,
  KFM_CASE_STATUS_MACHINE,
  kfmApplicationBreakdown,
  kfmSnapshotFromColumns,
  oreToDecimal,
  sanitizeKfmFileNamePart,
  type KfmSnapshot,
  type Ore,
} from '@fordran/core';
import {
  findKfmCaseRow,
  findKfmFileRow,
  listKfmCaseRows,
  listKfmEventRows,
  listKfmFileRows,
  listKfmSubmissionRows,
  type Db,
  type KfmCaseListRow,
  type KfmCaseRow,
} from '@fordran/store';
import { requireScopePermission, type OrgScope } from '../access/operator';
import { readCase } from '../cases/case-scope';
import { parseInput } from '../schemas/zod-setup';
import { idSchema } from '../schemas/common';
import { kfmCaseListQuerySchema, type KfmCaseDetail, type KfmCaseListQuery, type KfmCaseListResponse, type KfmCaseSummary } from '../schemas/kfm';

/** 'KFM-ärendet hittades inte'. */
export function kfmCaseNotFound(): DomainError {
  return new DomainError('NOT_FOUND', 'KFM-ärendet hittades inte');
}

/** The snapshot a kfm_cases row holds (kfmCaseColumns wraps fees and interest in objects). */
export function kfmSnapshotOfRow(row: KfmCaseRow): KfmSnapshot {
  const interest = row.interest_snapshot_json['interest'];
  const fees = row.fees_snapshot_json['fees'];
  return kfmSnapshotFromColumns({
    debtor_snapshot_json: row.debtor_snapshot_json,
    claim_snapshot_json: row.claim_snapshot_json,
    interest_snapshot_json: (interest ?? null) as Record<string, unknown> | null,
    fees_snapshot_json: Array.isArray(fees) ? fees : [],
    application_fee_sek: row.application_fee_sek,
    application_type: row.application_type,
    as_of_date: row.as_of_date,
    reference: row.reference,
  });
}

/** Swedish titles of the kfm_events types. */
const KFM_EVENT_TITLES: Readonly<Record<string, string>> = {
  snapshot_created: 'Snapshot skapad',
  file_generated: 'KFM-fil genererad',
  status_changed: 'Status ändrad',
  costs_booked: 'Kostnader enligt utslag bokförda',
};

function money(value: number): string {
  return oreToDecimal(value as Ore);
}

function summaryOf(row: KfmCaseListRow): KfmCaseSummary {
  return {
    id: row.id,
    reference: row.reference,
    application_type: row.application_type,
    application_type_label: KFM_APPLICATION_TYPE_LABELS[row.application_type],
    status: row.current_status,
    status_label: KFM_CASE_STATUS_LABELS[row.current_status],
    kfm_case_no: row.kfm_case_no,
    application_fee: money(row.application_fee_sek),
    as_of_date: row.as_of_date,
    case: {
      id: row.case_id,
      reference_no: row.case_reference_no,
      status: row.case_status,
      stage: row.case_stage,
      total_principal: money(row.case_total_principal),
      total_interest: money(row.case_total_interest),
      total_fees: money(row.case_total_fees),
      total_outstanding: money(row.case_total_outstanding),
    },
    created_at: row.created_at,
  };
}

/** A KFM case with its amounts, snapshot, files, submissions, events and the statuses it may take next. */
export async function loadKfmCaseDetail(db: Db, row: KfmCaseRow): Promise<KfmCaseDetail> {
  const [listed] = await listKfmCaseRows(db, row.org_id, { id: row.id }, 1);
  if (!listed) throw kfmCaseNotFound();
  const snapshot = kfmSnapshotOfRow(row);
  const amounts = kfmApplicationBreakdown(snapshot);
  return {
    ...summaryOf(listed),
    amounts: {
      principal: oreToDecimal(amounts.principalOre),
      interest: oreToDecimal(amounts.interestOre),
      fees: oreToDecimal(amounts.feesOre),
      application_fee: oreToDecimal(amounts.application_feeOre),
      work_compensation: oreToDecimal(amounts.work_compensationOre),
      total: oreToDecimal(amounts.totalOre),
    },
    snapshot: JSON.parse(JSON.stringify(snapshot)) as Record<string, unknown>,
    next_statuses: allowedStateMachineTransitions(KFM_CASE_STATUS_MACHINE, row.current_status).map((status) => ({
      status,
      label: KFM_CASE_STATUS_LABELS[status],
    })),
    files: await listKfmFileRows(db, row.org_id, row.id),
    submissions: (await listKfmSubmissionRows(db, row.org_id, row.id)).map(({ id, file_out_id, transport, status, created_at }) => ({
      id,
      file_out_id,
      transport,
      status,
      created_at,
    })),
    events: (await listKfmEventRows(db, row.org_id, row.id)).map((event) => ({
      id: event.id,
      type: event.type,
      title: KFM_EVENT_TITLES[event.type] ?? 'Händelse hos Kronofogden',
      payload: event.payload_json,
      created_at: event.created_at,
    })),
  };
}

/** A KFM case of the organisation, or NOT_FOUND (another organisation's id included). */
export async function readKfmCase(db: Db, ctx: OrgScope, kfmCaseId: string): Promise<KfmCaseRow> {
  const row = await findKfmCaseRow(db, ctx.membership.org_id, parseInput(idSchema, kfmCaseId));
  if (!row) throw kfmCaseNotFound();
  return row;
}

/** /kfm and the case's KFM tab: the organisation's KFM cases, newest first, filtered. */
export async function listKfmCases(ctx: OrgScope, query: KfmCaseListQuery = {}): Promise<KfmCaseListResponse> {
  requireScopePermission(ctx, 'kfm.read');
  const { limit, ...filter } = parseInput(kfmCaseListQuerySchema, query);
  const rows = await listKfmCaseRows(ctx.app.database.db, ctx.membership.org_id, filter, limit);
  return { kfm_cases: rows.map(summaryOf) };
}

/** The KFM case's detail view. */
export async function getKfmCase(ctx: OrgScope, kfmCaseId: string): Promise<KfmCaseDetail> {
  requireScopePermission(ctx, 'kfm.read');
  const db = ctx.app.database.db;
  return loadKfmCaseDetail(db, await readKfmCase(db, ctx, kfmCaseId));
}

/** A case's KFM case, checked to belong to that case (the case routes: /cases/:id/kfm/:kfmId). */
export async function readCaseKfmCase(db: Db, ctx: OrgScope, caseId: string, kfmCaseId: string): Promise<KfmCaseRow> {
  const caseRow = await readCase(db, ctx, caseId);
  const row = await readKfmCase(db, ctx, kfmCaseId);
  if (row.case_id !== caseRow.id) throw kfmCaseNotFound();
  return row;
}

/** 'Fil nedladdad': one of the KFM case's files, as stored (the XML's bytes are what the checksum covers). */
export async function readKfmFile(ctx: OrgScope, kfmCaseId: string, fileId: string): Promise<{ bytes: Uint8Array; filename: string; contentType: string }> {
  requireScopePermission(ctx, 'kfm.read');
  const db = ctx.app.database.db;
  const row = await readKfmCase(db, ctx, kfmCaseId);
  const file = await findKfmFileRow(db, row.org_id, row.id, parseInput(idSchema, fileId));
  if (!file) throw new DomainError('NOT_FOUND', 'Filen hittades inte');
  return { bytes: new TextEncoder().encode(file.payload_text), filename: file.filename, contentType: 'application/xml; charset=utf-8' };
}

/** The readable PDF of the KFM case's application (stored when the XML was generated). */
export async function readKfmPdf(ctx: OrgScope, kfmCaseId: string): Promise<{ bytes: Uint8Array; filename: string }> {
  requireScopePermission(ctx, 'kfm.read');
  const row = await readKfmCase(ctx.app.database.db, ctx, kfmCaseId);
  const stored = await ctx.app.files.get(kfmPdfKey(row));
  if (!stored) throw new DomainError('NOT_FOUND', 'Ingen PDF finns ännu – generera KFM-filen först');
  return { bytes: stored.bytes, filename: `${sanitizeKfmFileNamePart(row.reference)}_ansokan.pdf` };
}

/** Where a KFM case's readable PDF is stored (one per case: a new file replaces it). */
export function kfmPdfKey(row: Pick<KfmCaseRow, 'org_id' | 'id'>): string {
  return `orgs/${row.org_id}/kfm/${row.id}/ansokan.pdf`;
}

/** Where a generated KFM file is stored besides its kfm_files row. */
export function kfmFileKey(row: Pick<KfmCaseRow, 'org_id' | 'id'>, filename: string): string {
  return `orgs/${row.org_id}/kfm/${row.id}/${filename}`;
}
