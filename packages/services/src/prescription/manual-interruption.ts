import { compareIsoDates, DomainError } from '@fordran/core';
import { insertPrescriptionInterruptionRow, listPrescriptionInterruptionRows } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { appendCaseEvent } from '../cases/case-events';
import { loadCaseState } from '../cases/case-state';
import { parseInput, z } from '../schemas/zod-setup';
import { isoDateSchema } from '../schemas/values';
import {
  PRESCRIPTION_DATE_IN_FUTURE,
  PRESCRIPTION_DATE_REQUIRED,
  prescriptionInterruptionCreateSchema,
  type PrescriptionInterruptionCreateInput,
  type PrescriptionInterruptionCreateResponse,
} from '../schemas/prescription';
import { interruptionView, loadCasePrescription } from './case-prescription';

function manualInterruptionSchema(today: string) {
  return prescriptionInterruptionCreateSchema.extend({
    interrupted_on: z
      .string({ error: PRESCRIPTION_DATE_REQUIRED })
      .pipe(isoDateSchema)
      .refine((date) => compareIsoDates(date, today) <= 0, { error: PRESCRIPTION_DATE_IN_FUTURE }),
  });
}

/**
 * Records a preskriptionsavbrott staff know of and the system could not see (an acknowledgement
 * on the phone, a demand served by hand): a reason is required, and the timeline and the system
 * log record who entered it. Like every interruption it counts only if the period still ran on
 * its date (core computePrescription); one after the claim was barred is kept but revives nothing.
 */
export async function addPrescriptionInterruption(
  ctx: OrgScope,
  caseId: string,
  input: PrescriptionInterruptionCreateInput,
): Promise<PrescriptionInterruptionCreateResponse> {
  requireScopePermission(ctx, 'cases.write');
  const today = ctx.app.clock.today();
  const { interrupted_on, reason } = parseInput(manualInterruptionSchema(today), input);
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);
  return ctx.app.database.transaction(async (tx) => {
    const state = await loadCaseState(tx, ctx, caseId);
    const orgId = state.row.org_id;
    const row = await insertPrescriptionInterruptionRow(tx, {
      org_id: orgId,
      claim_id: state.claim.id,
      case_id: state.row.id,
      interrupted_on,
      kind: 'manual',
      reason,
      created_by: actor,
      created_at: now,
    });
    const payload = { interruption_id: row.id, interrupted_on, reason };
    await appendCaseEvent(tx, { org_id: orgId, case_id: state.row.id, type: 'prescription_interrupted', actor_id: actor, payload, created_at: now });
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: actor,
      event: 'case.prescription_interrupted',
      entity: 'prescription_interruptions',
      entity_id: row.id,
      payload: { case_id: state.row.id, interrupted_on, reason },
      created_at: now,
    });
    const stored = (await listPrescriptionInterruptionRows(tx, orgId, state.claim.id)).find((candidate) => candidate.id === row.id);
    if (!stored) throw new DomainError('INTERNAL_ERROR', undefined, { interruption_id: row.id });
    return {
      interruption: interruptionView(stored),
      prescription: await loadCasePrescription(tx, orgId, state.claim, state.party.type, today),
    };
  });
}
