import { buildClaimRegistrationJournal, DomainError, generateOcrReference, isInterestProfileValidOn, oreToDecimal } from '@fordran/core';
import {
  countOrganisationCases,
  findCaseCounterpartStatus,
  findInterestProfileRow,
  insertCaseRow,
  insertClaimRow,
  isCaseOcrReferenceTaken,
  uuidV7,
  type Db,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { auditWriteOf, postJournalOf } from '../audit/business-records';
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
async function nextOcrReference(tx: Db, orgId: string): Promise<string> {
  let base = OCR_BASE_START + (await countOrganisationCases(tx, orgId));
  for (;;) {
    const candidate = generateOcrReference(String(base));
    if (!(await isCaseOcrReferenceTaken(tx, orgId, candidate))) return candidate;
    base += 1;
  }
}

/**
 * An active creditor or party of the organisation, or a clear error (the wizard offers only active
 * ones). A real case never takes a template QA batch's fixture, nor a QA case a real record.
 */
async function requireActive(tx: Db, kind: 'creditor' | 'party', orgId: string, id: string, label: string, qaBatchId: string | null): Promise<void> {
  const row = await findCaseCounterpartStatus(tx, kind, orgId, id);
  if (!row || row.qa_batch_id !== qaBatchId) throw new DomainError('NOT_FOUND', `${label} hittades inte`);
  if (row.status !== 'active') throw new DomainError('VALIDATION_FAILED', `${label} är inaktiv och kan inte få nya ärenden`);
}

/** The wizard's fields as parsed, with whether a reminder fee was agreed (no, unless ticked). */
function caseCreateInputSchema(today: string) {
  return makeCaseCreateInputSchema(today).and(z.object({ reminder_fee_agreed: z.boolean().default(false) }));
}

type CaseCreateInput = z.output<ReturnType<typeof caseCreateInputSchema>>;

/** The case's creditor, debtor and legal/agent creditors: each of the organisation, active and of the case's QA batch (or real). */
async function requireActiveParties(tx: Db, orgId: string, input: CaseCreateInput, qaBatchId: string | null): Promise<void> {
  await requireActive(tx, 'creditor', orgId, input.creditor_id, 'Borgenären', qaBatchId);
  await requireActive(tx, 'party', orgId, input.party_id, 'Gäldenären', qaBatchId);
  for (const related of [input.legal_creditor_id, input.agent_creditor_id]) {
    if (related !== null) await requireActive(tx, 'creditor', orgId, related, 'Den angivna borgenären', qaBatchId);
  }
}

/** The interest profile of a new case: the chosen one if it is active and valid today, else the default in force. */
async function interestProfileOfNewCase(tx: Db, orgId: string, chosenId: string | null, today: string): Promise<string | null> {
  if (chosenId === null) {
    // Fix the default in force today on the case: a later change of default applies to new cases only.
    return (await resolveInterestProfile(tx, orgId, null))?.row.id ?? null;
  }
  const chosen = await findInterestProfileRow(tx, orgId, chosenId);
  if (!chosen) throw new DomainError('NOT_FOUND', 'Ränteprofilen hittades inte');
  if (!chosen.is_active || !isInterestProfileValidOn(chosen, today)) {
    throw new DomainError('VALIDATION_FAILED', `Ränteprofilen ${chosen.code} kan inte väljas för nya ärenden`);
  }
  return chosenId;
}

async function insertClaim(tx: Db, orgId: string, claimId: string, input: CaseCreateInput, now: string): Promise<void> {
  await insertClaimRow(tx, {
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
  });
}

interface NewCase {
  orgId: string;
  caseId: string;
  claimId: string;
  interestProfileId: string | null;
  ocrReference: string;
  actor: string | null;
  now: string;
  /** Set for a template QA test case (kept out of real work). */
  qaBatchId: string | null;
}

/** The case as draft at stage intake, everything owed being the principal. */
async function insertDraftCase(tx: Db, input: CaseCreateInput, created: NewCase): Promise<void> {
  await insertCaseRow(tx, {
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
    qa_batch_id: created.qaBatchId,
    created_at: created.now,
    updated_at: created.now,
  });
}

/** The `case_created` event, the claim's registration in the ledger and the audit row (the last two not for a QA case). */
async function recordCaseCreated(tx: Db, input: CaseCreateInput, created: NewCase, today: string): Promise<void> {
  const { orgId, caseId, actor, now } = created;
  const record = { qa_batch_id: created.qaBatchId };
  await appendCaseEvent(tx, {
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
  await postJournalOf(
    tx,
    record,
    buildClaimRegistrationJournal({
      principalOre: input.principal_amount,
      source_ref: created.claimId,
      case_id: caseId,
      creditor_id: input.creditor_id,
      booked_at: today,
    }),
    { orgId, at: now, createdBy: actor },
  );
  await auditWriteOf(tx, record, {
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
 * `qaBatchId` marks a template QA test case (communications/template-qa): neither booked nor audited.
 */
export async function createCase(ctx: OrgScope, input: CaseCreateBody, options: { qaBatchId?: string } = {}): Promise<CaseDetail> {
  requireScopePermission(ctx, 'cases.write');
  const today = ctx.app.clock.today();
  const parsed = parseInput(caseCreateInputSchema(today), input);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);

  return ctx.app.database.transaction(async (tx) => {
    const qaBatchId = options.qaBatchId ?? null;
    await requireActiveParties(tx, orgId, parsed, qaBatchId);
    const interestProfileId = await interestProfileOfNewCase(tx, orgId, parsed.interest_profile_id, today);
    const claimId = uuidV7();
    // Random, not a UUIDv7: the message reference a debtor writes on a payment is the case id's
    // first 8 characters (spec part 1 §9), which in a UUIDv7 are a time shared by a minute's cases.
    const caseId = crypto.randomUUID();
    await insertClaim(tx, orgId, claimId, parsed, now);
    const created: NewCase = {
      orgId,
      caseId,
      claimId,
      interestProfileId,
      ocrReference: await nextOcrReference(tx, orgId),
      actor,
      now,
      qaBatchId,
    };
    await insertDraftCase(tx, parsed, created);
    await recordCaseCreated(tx, parsed, created, today);
    return loadCaseDetail(tx, ctx, caseId);
  });
}
