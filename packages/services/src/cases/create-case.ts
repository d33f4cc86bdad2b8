import { and, count, eq } from 'drizzle-orm';
import { buildClaimRegistrationJournal, DomainError, generateOcrReference, isInterestProfileValidOn, oreToDecimal } from '@fordran/core';
import { cases, claims, creditors, insertLedgerJournal, interestProfiles, parties, type DbOrTx } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { parseInput, z } from '../schemas/zod-setup';
import { makeCaseCreateInputSchema, type CaseCreateBody, type CaseDetail } from '../schemas/cases';
import { appendCaseEvent } from './case-events';
import { loadCaseDetail } from './case-detail';
import { resolveInterestProfile } from './case-state';

/** OCR references of an organisation's cases start here (7-digit bases, then length and check digit). */
const OCR_BASE_START = 1_000_000;

/**
 * The next free OCR reference of the organisation: a running number after the cases it has,
 * with length digit and Luhn check digit (core). The unique index on (org_id, ocr_reference)
 * stays the guard; a taken number (e.g. imported) is skipped.
 */
function nextOcrReference(tx: DbOrTx, orgId: string): string {
  let base = OCR_BASE_START + (tx.select({ n: count() }).from(cases).where(eq(cases.org_id, orgId)).get()?.n ?? 0);
  for (;;) {
    const candidate = generateOcrReference(String(base));
    const taken = tx
      .select({ id: cases.id })
      .from(cases)
      .where(and(eq(cases.org_id, orgId), eq(cases.ocr_reference, candidate)))
      .get();
    if (!taken) return candidate;
    base += 1;
  }
}

/** An active creditor or party of the organisation, or a clear error (the wizard offers only active ones). */
function requireActive(tx: DbOrTx, table: typeof creditors | typeof parties, orgId: string, id: string, label: string) {
  const row = tx
    .select({ id: table.id, status: table.status })
    .from(table)
    .where(and(eq(table.org_id, orgId), eq(table.id, id)))
    .get();
  if (!row) throw new DomainError('NOT_FOUND', `${label} hittades inte`);
  if (row.status !== 'active') throw new DomainError('VALIDATION_FAILED', `${label} är inaktiv och kan inte få nya ärenden`);
}

/** The wizard's fields as parsed, with whether a reminder fee was agreed (no, unless ticked). */
function caseCreateInputSchema(today: string) {
  return makeCaseCreateInputSchema(today).and(z.object({ reminder_fee_agreed: z.boolean().default(false) }));
}

type CaseCreateInput = z.output<ReturnType<typeof caseCreateInputSchema>>;

/** The case's creditor, debtor and legal/agent creditors: each of the organisation and active. */
function requireActiveParties(tx: DbOrTx, orgId: string, input: CaseCreateInput): void {
  requireActive(tx, creditors, orgId, input.creditor_id, 'Borgenären');
  requireActive(tx, parties, orgId, input.party_id, 'Gäldenären');
  for (const related of [input.legal_creditor_id, input.agent_creditor_id]) {
    if (related !== null) requireActive(tx, creditors, orgId, related, 'Den angivna borgenären');
  }
}

/** The interest profile of a new case: the chosen one if it is active and valid today, else the default in force. */
function interestProfileOfNewCase(tx: DbOrTx, orgId: string, chosenId: string | null, today: string): string | null {
  if (chosenId === null) {
    // Fix the default in force today on the case: a later change of default applies to new cases only.
    return resolveInterestProfile(tx, orgId, null)?.row.id ?? null;
  }
  const chosen = tx
    .select()
    .from(interestProfiles)
    .where(and(eq(interestProfiles.org_id, orgId), eq(interestProfiles.id, chosenId)))
    .get();
  if (!chosen) throw new DomainError('NOT_FOUND', 'Ränteprofilen hittades inte');
  if (!chosen.is_active || !isInterestProfileValidOn(chosen, today)) {
    throw new DomainError('VALIDATION_FAILED', `Ränteprofilen ${chosen.code} kan inte väljas för nya ärenden`);
  }
  return chosenId;
}

function insertClaim(tx: DbOrTx, orgId: string, claimId: string, input: CaseCreateInput, now: string): void {
  tx.insert(claims)
    .values({
      id: claimId,
      org_id: orgId,
      creditor_id: input.creditor_id,
      reference_no: input.reference_no,
      principal_amount: input.principal_amount,
      due_date: input.due_date,
      contract_type: input.contract_type,
      notes: input.notes,
      reminder_fee_agreed: input.reminder_fee_agreed,
      created_at: now,
      updated_at: now,
    })
    .run();
}

interface NewCase {
  orgId: string;
  caseId: string;
  claimId: string;
  interestProfileId: string | null;
  ocrReference: string;
  actor: string | null;
  now: string;
}

/** The case as draft at stage intake, everything owed being the principal. */
function insertDraftCase(tx: DbOrTx, input: CaseCreateInput, created: NewCase): void {
  tx.insert(cases)
    .values({
      id: created.caseId,
      org_id: created.orgId,
      creditor_id: input.creditor_id,
      party_id: input.party_id,
      claim_id: created.claimId,
      status: 'draft',
      stage: 'intake',
      total_principal: input.principal_amount,
      total_outstanding: input.principal_amount,
      mandate_type: input.mandate_type,
      legal_creditor_id: input.legal_creditor_id,
      agent_creditor_id: input.agent_creditor_id,
      interest_profile_id: created.interestProfileId,
      ocr_reference: created.ocrReference,
      // Whoever registers the case handles it until it is given to someone else.
      handler_id: created.actor,
      created_at: created.now,
      updated_at: created.now,
    })
    .run();
}

/** The `case_created` event, the claim's registration in the ledger and the audit row. */
function recordCaseCreated(tx: DbOrTx, input: CaseCreateInput, created: NewCase, today: string): void {
  const { orgId, caseId, actor, now } = created;
  appendCaseEvent(tx, {
    org_id: orgId,
    case_id: caseId,
    type: 'case_created',
    actor_id: actor,
    payload: {
      reference_no: input.reference_no,
      principal: oreToDecimal(input.principal_amount),
      due_date: input.due_date,
      ocr_reference: created.ocrReference,
    },
    created_at: now,
  });
  insertLedgerJournal(
    tx,
    buildClaimRegistrationJournal({
      principalOre: input.principal_amount,
      source_ref: created.claimId,
      case_id: caseId,
      creditor_id: input.creditor_id,
      booked_at: today,
    }),
    { orgId, at: now, createdBy: actor },
  );
  appendAudit(tx, {
    org_id: orgId,
    actor_id: actor,
    event: 'case.created',
    entity: 'cases',
    entity_id: caseId,
    payload: {
      reference_no: input.reference_no,
      principal: oreToDecimal(input.principal_amount),
      creditor_id: input.creditor_id,
      party_id: input.party_id,
    },
    created_at: now,
  });
}

/**
 * Creates a case from the wizard (part 1 §2, §5): the claim, the case as draft at stage intake
 * with total_principal = total_outstanding = the principal, an OCR reference to pay with, the
 * interest profile in force for new cases, the `case_created` event, the claim's registration
 * in the ledger (debit 1510, credit 2890) and an audit row — in one transaction. 'Ärende skapat!'
 */
export function createCase(ctx: OrgScope, input: CaseCreateBody): CaseDetail {
  requireScopePermission(ctx, 'cases.write');
  const today = ctx.app.clock.today();
  const parsed = parseInput(caseCreateInputSchema(today), input);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);

  return ctx.app.store.transaction((tx) => {
    requireActiveParties(tx, orgId, parsed);
    const interestProfileId = interestProfileOfNewCase(tx, orgId, parsed.interest_profile_id, today);
    const claimId = crypto.randomUUID();
    const caseId = crypto.randomUUID();
    insertClaim(tx, orgId, claimId, parsed, now);
    const created: NewCase = { orgId, caseId, claimId, interestProfileId, ocrReference: nextOcrReference(tx, orgId), actor, now };
    insertDraftCase(tx, parsed, created);
    recordCaseCreated(tx, parsed, created, today);
    return loadCaseDetail(tx, ctx, caseId);
  });
}
