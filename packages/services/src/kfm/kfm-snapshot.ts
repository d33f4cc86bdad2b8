import {
  buildKfmSnapshot,
  compareIsoDates,
  DomainError,
  kfmSnapshotToColumns,
  subOre,
  type IsoDate,
  type KfmApplicationType,
  type KfmSnapshot,
  type KfmSnapshotInput,
} from '@fordran/core';
import {
  findOrganisationRow,
  insertKfmCaseRow,
  insertKfmEventRow,
  listCaseEventRows,
  listCaseFeeRows,
  listKfmCaseRowsOfCase,
  updateKfmCaseRow,
  type AddressJson,
  type Db,
  type KfmCaseRow,
  type NewKfmCaseRow,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { caseInterestAsOf, interestBasis, loadCaseSettlements, settlementsOf } from '../cases/case-interest';
import { resolveInterestProfile, loadCaseState, type CaseState } from '../cases/case-state';
import { loadCodeNames } from '../labels/code-names';
import { parseInput } from '../schemas/zod-setup';
import { kfmSnapshotInputSchema, type KfmCaseDetail, type KfmSnapshotInput as KfmSnapshotRequest } from '../schemas/kfm';
import { assertKfmCheckPassed, checkCaseForKfm } from './kfm-precheck';
import { loadKfmCaseDetail } from './kfm-case-view';

/** The choices a snapshot is taken with (the dialog's step 2, or the CLI's defaults). */
export interface KfmSnapshotChoices {
  application_type: KfmApplicationType;
  as_of: IsoDate;
  transfer_to_court: boolean;
  enforcement: boolean;
}

/** Why a snapshot is refused for a case whose part payments went to interest or fees (the applicant files by hand). */
export const KFM_PARTLY_PAID_MESSAGE =
  'Ärendet har delbetalningar som avräknats mot ränta eller avgifter – en ansökan med sådana delbetalningar måste göras för hand hos Kronofogden';

function address(value: AddressJson | null) {
  return { street: value?.street ?? '', zip: value?.zip ?? '', city: value?.city ?? '', country: value?.country ?? null };
}

/** The "särskilda skäl" recorded when each fee above its maximum was added (the fee_added events). */
async function feeReasons(db: Db, state: CaseState): Promise<Map<string, string>> {
  const reasons = new Map<string, string>();
  for (const event of await listCaseEventRows(db, state.row.org_id, state.row.id)) {
    const payload = event.payload_json ?? {};
    if (event.type === 'fee_added' && typeof payload['code'] === 'string' && typeof payload['above_maximum_reason'] === 'string') {
      reasons.set(payload['code'], payload['above_maximum_reason']);
    }
  }
  return reasons;
}

/**
 * What the application claims, read from the case on `as_of`: the creditor as applicant, the
 * agency as agent (when it has an organisationsnummer and an address), the debtor, the unpaid
 * capital, interest per half-year period on the capital unpaid each day (the case's profile), the
 * case's fees with the reasons recorded for amounts above a maximum, 300 kr application fee and
 * — for a betalningsföreläggande — 380 kr for the work. The sum of capital, interest and fees is
 * the case's balance on `as_of`. Payments settled against interest or fees are refused: the
 * periods could then not show what is still owed.
 */
export async function kfmSnapshotInputOf(db: Db, state: CaseState, choices: KfmSnapshotChoices): Promise<KfmSnapshotInput> {
  const { row, claim, creditor, party } = state;
  const settlements = settlementsOf(await loadCaseSettlements(db, row.org_id, [row.id]), row.id);
  if (settlements.interestPaidOre > 0 || settlements.feesPaidOre > 0) throw new DomainError('VALIDATION_FAILED', KFM_PARTLY_PAID_MESSAGE);
  const organisation = await findOrganisationRow(db, row.org_id);
  const names = await loadCodeNames(db, row.org_id);
  const reasons = await feeReasons(db, state);
  const profile = await resolveInterestProfile(db, row.org_id, row.interest_profile_id);
  const interest = profile === null ? null : caseInterestAsOf(await interestBasis(db, state), choices.as_of);
  const isPaymentOrder = choices.application_type === 'payment_order';
  return {
    application_type: choices.application_type,
    as_of_date: choices.as_of,
    applicant: { name: creditor.name, org_no: creditor.org_no ?? '', address: address(creditor.address_json) },
    agent:
      organisation?.org_no && organisation.address_json
        ? { name: organisation.name, org_no: organisation.org_no, address: address(organisation.address_json), reference: claim.reference_no }
        : null,
    debtor: {
      type: party.type,
      name: party.name,
      national_id: party.national_id,
      org_no: party.org_no,
      address: address(party.address_json),
      email: party.email,
      phone: party.phone,
    },
    claim: {
      reference_no: claim.reference_no,
      principalOre: subOre(row.total_principal, settlements.principalPaidOre),
      due_date: claim.due_date,
      contract_type: claim.contract_type,
    },
    interest: interest === null || interest.periods.length === 0 ? null : interest,
    fees: (await listCaseFeeRows(db, row.org_id, row.id)).map((fee) => ({
      code: fee.code,
      name: names.fee(fee.code),
      amountOre: fee.amount,
      above_maximum_reason: reasons.get(fee.code) ?? null,
    })),
    // The 380 kr for the work is claimed in a betalningsföreläggande only (lag 1990:746 48 §).
    work_compensation: { claimed: isPaymentOrder },
    choices: { transfer_to_court: choices.transfer_to_court, enforcement: choices.enforcement },
  };
}

/** kfm_cases columns of a snapshot: the fees and the interest are wrapped in objects (the columns hold JSON objects). */
export function kfmCaseColumns(snapshot: KfmSnapshot): Omit<NewKfmCaseRow, 'org_id' | 'case_id' | 'creditor_id' | 'created_at' | 'updated_at'> {
  const columns = kfmSnapshotToColumns(snapshot);
  return {
    debtor_snapshot_json: columns.debtor_snapshot_json,
    claim_snapshot_json: columns.claim_snapshot_json,
    interest_snapshot_json: { interest: columns.interest_snapshot_json },
    fees_snapshot_json: { fees: columns.fees_snapshot_json },
    application_fee_sek: columns.application_fee_sek,
    application_type: columns.application_type,
    as_of_date: columns.as_of_date,
    reference: snapshot.reference,
  };
}

/** The as-of day asked for: today by default, never in the future. */
export function kfmAsOf(asOf: IsoDate | undefined, today: IsoDate): IsoDate {
  const day = asOf ?? today;
  if (compareIsoDates(day, today) > 0) throw new DomainError('VALIDATION_FAILED', 'Beräkningsdagen kan inte vara i framtiden', { field: 'as_of' });
  return day;
}

/** The case's KFM case still being prepared (draft), if any. */
export async function findDraftKfmCase(db: Db, state: CaseState): Promise<KfmCaseRow | undefined> {
  return (await listKfmCaseRowsOfCase(db, state.row.org_id, state.row.id)).find((kfmCase) => kfmCase.current_status === 'draft');
}

/**
 * Freezes the case into a KFM case (draft) inside the caller's transaction, after the pre-check:
 * a draft already there is taken again (the dialog may go back a step), else a new row.
 */
export async function storeKfmSnapshot(tx: Db, ctx: OrgScope, state: CaseState, choices: KfmSnapshotChoices): Promise<KfmCaseRow> {
  assertKfmCheckPassed(await checkCaseForKfm(tx, state, ctx.app.clock.today()));
  const snapshot = buildKfmSnapshot(await kfmSnapshotInputOf(tx, state, choices));
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);
  const columns = kfmCaseColumns(snapshot);
  const draft = await findDraftKfmCase(tx, state);
  const kfmCase = draft
    ? (await updateKfmCaseRow(tx, state.row.org_id, draft.id, { ...columns, updated_at: now }))!
    : await insertKfmCaseRow(tx, {
        ...columns,
        org_id: state.row.org_id,
        case_id: state.row.id,
        creditor_id: state.row.creditor_id,
        current_status: 'draft',
        created_by: actor,
        created_at: now,
        updated_at: now,
      });
  const payload = { as_of_date: snapshot.as_of_date, application_type: snapshot.application_type, reference: snapshot.reference };
  await insertKfmEventRow(tx, {
    org_id: state.row.org_id,
    kfm_case_id: kfmCase.id,
    type: 'snapshot_created',
    payload_json: payload,
    actor_id: actor,
    created_at: now,
  });
  await appendAudit(tx, {
    org_id: state.row.org_id,
    actor_id: actor,
    event: 'kfm.snapshot_created',
    entity: 'kfm_cases',
    entity_id: kfmCase.id,
    payload: { case_id: state.row.id, ...payload },
    created_at: now,
  });
  return kfmCase;
}

/** 'Snapshot skapad' (step 2 of the case's KFM dialog): the KFM case with its frozen snapshot. */
export async function createKfmSnapshot(ctx: OrgScope, caseId: string, input: KfmSnapshotRequest = {}): Promise<KfmCaseDetail> {
  requireScopePermission(ctx, 'kfm.write');
  const request = parseInput(kfmSnapshotInputSchema, input);
  const as_of = kfmAsOf(request.as_of, ctx.app.clock.today());
  return ctx.app.database.transaction(async (tx) => {
    const state = await loadCaseState(tx, ctx, caseId);
    const kfmCase = await storeKfmSnapshot(tx, ctx, state, { ...request, as_of });
    return loadKfmCaseDetail(tx, kfmCase);
  });
}
