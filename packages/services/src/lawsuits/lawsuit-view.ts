import {
  allowedStateMachineTransitions,
  DomainError,
  LAWSUIT_SERVICE_STATUS_LABELS,
  LAWSUIT_STATUS_LABELS,
  LAWSUIT_STATUS_MACHINE,
  LAWSUIT_TRACK_LABELS,
  LEDGER_JOURNAL_SOURCE_LABELS,
  oreToDecimal,
  sumOre,
  type Ore,
} from '@fordran/core';
import {
  findCaseParties,
  listLawsuitJournalRows,
  listLawsuitSummaryRows,
  listLedgerEntryRowsOfJournals,
  type CaseRow,
  type Db,
  type LawsuitRow,
} from '@fordran/store';
import { requireScopePermission, type OrgScope } from '../access/operator';
import { readCase } from '../cases/case-scope';
import { parseInput } from '../schemas/zod-setup';
import { lawsuitListQuerySchema, type LawsuitDetail, type LawsuitListResponse, type LawsuitSummary } from '../schemas/lawsuits';
import { listLawsuitDocuments } from './lawsuit-document-store';
import { readLawsuit } from './lawsuit-scope';

/** The list's page size: an agency has tens of lawsuits, not thousands (part 2 §8 reads them all). */
const LAWSUIT_LIST_LIMIT = 500;

function summaryOf(lawsuit: LawsuitRow, names: { reference_no: string; party_name: string; creditor_name: string }): LawsuitSummary {
  return {
    id: lawsuit.id,
    case_id: lawsuit.case_id,
    case_reference: names.reference_no,
    party_name: names.party_name,
    creditor_name: names.creditor_name,
    status: lawsuit.status,
    status_label: LAWSUIT_STATUS_LABELS[lawsuit.status],
    track: lawsuit.track,
    track_label: LAWSUIT_TRACK_LABELS[lawsuit.track],
    court_fee: lawsuit.court_fee_sek === null ? null : oreToDecimal(lawsuit.court_fee_sek),
    filing_date: lawsuit.filing_date ?? null,
    service_status: lawsuit.service_status,
    service_status_label: LAWSUIT_SERVICE_STATUS_LABELS[lawsuit.service_status],
    created_at: lawsuit.created_at,
  };
}

/** The lawsuits list (part 2 §8): filters status and track, with the case's party and creditor names, newest first. */
export async function listLawsuits(ctx: OrgScope, query: unknown = {}): Promise<LawsuitListResponse> {
  requireScopePermission(ctx, 'lawsuits.read');
  const filter = parseInput(lawsuitListQuerySchema, query);
  const rows = await listLawsuitSummaryRows(ctx.app.database.db, { orgId: ctx.membership.org_id, ...filter }, LAWSUIT_LIST_LIMIT);
  return { lawsuits: rows.map((row) => summaryOf(row.lawsuit, row)) };
}

export async function caseNames(db: Db, row: CaseRow): Promise<{ reference_no: string; party_name: string; creditor_name: string }> {
  const { claim, creditor, party } = await findCaseParties(db, row);
  if (!claim || !creditor || !party) throw new DomainError('INTERNAL_ERROR', undefined, { case_id: row.id, reason: 'case without claim or parties' });
  return { reference_no: claim.reference_no, party_name: party.name, creditor_name: creditor.name };
}

/** The journals booked for the lawsuit (the court fee at each filing), each with its debit total. */
async function lawsuitCosts(db: Db, lawsuit: LawsuitRow): Promise<{ costs: LawsuitDetail['costs']; totalOre: Ore }> {
  const journals = await listLawsuitJournalRows(db, lawsuit.org_id, 'court_fee', lawsuit.id);
  const entries = await listLedgerEntryRowsOfJournals(
    db,
    lawsuit.org_id,
    journals.map((journal) => journal.id),
  );
  const amounts = journals.map((journal) => sumOre(entries.filter((entry) => entry.journal_id === journal.id).map((entry) => entry.debit)));
  return {
    costs: journals.map((journal, index) => ({
      journal_id: journal.id,
      booked_at: journal.booked_at,
      label: LEDGER_JOURNAL_SOURCE_LABELS.court_fee,
      amount: oreToDecimal(amounts[index]!),
    })),
    totalOre: sumOre(amounts),
  };
}

/** Everything the lawsuit page shows: the lawsuit, its next statuses, deadlines, documents, the case's balance and the costs booked. */
export async function loadLawsuitDetail(db: Db, ctx: OrgScope, lawsuitId: string): Promise<LawsuitDetail> {
  const lawsuit = await readLawsuit(db, ctx, lawsuitId);
  const caseRow = await readCase(db, ctx, lawsuit.case_id);
  const { costs, totalOre } = await lawsuitCosts(db, lawsuit);
  return {
    ...summaryOf(lawsuit, await caseNames(db, caseRow)),
    court_name: lawsuit.court_name ?? null,
    court_case_no: lawsuit.court_case_no ?? null,
    notes: lawsuit.notes ?? null,
    closed_at: lawsuit.closed_at ?? null,
    next_statuses: allowedStateMachineTransitions(LAWSUIT_STATUS_MACHINE, lawsuit.status).map((status) => ({ status, label: LAWSUIT_STATUS_LABELS[status] })),
    deadlines: [...lawsuit.deadlines_json]
      .sort((a, b) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : 0))
      .map((deadline) => ({
        code: deadline.code,
        label: deadline.label ?? deadline.code,
        due_date: deadline.due_date,
        done_at: deadline.done_at ?? null,
        reminded_at: deadline.reminded_at ?? null,
      })),
    documents: await listLawsuitDocuments(ctx.app.files, lawsuit),
    case: {
      id: caseRow.id,
      status: caseRow.status,
      stage: caseRow.stage,
      total_principal: oreToDecimal(caseRow.total_principal),
      total_interest: oreToDecimal(caseRow.total_interest),
      total_fees: oreToDecimal(caseRow.total_fees),
      amount_paid_total: oreToDecimal(caseRow.amount_paid_total),
      total_outstanding: oreToDecimal(caseRow.total_outstanding),
    },
    costs,
    costs_total: oreToDecimal(totalOre),
  };
}

/** One lawsuit (NOT_FOUND 'Tvistemålet hittades inte' for an unknown or another organisation's id). */
export async function getLawsuit(ctx: OrgScope, lawsuitId: string): Promise<LawsuitDetail> {
  requireScopePermission(ctx, 'lawsuits.read');
  return loadLawsuitDetail(ctx.app.database.db, ctx, lawsuitId);
}
