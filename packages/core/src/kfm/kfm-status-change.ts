import { assertStateMachineTransition, KFM_CASE_STATUS_MACHINE, type KfmCaseStatus } from '../cases';
import { DomainError } from '../errors';

/** What a status change asks for: the new status and, for acknowledged, KFM's case number. */
export interface KfmStatusChangeRequest {
  to: KfmCaseStatus;
  /** KFM's målnummer (e.g. 14-141638-12); required to record acknowledged. */
  kfm_case_no?: string | null;
}

/** What follows a status change besides the row itself (the services carry these out). */
export type KfmStatusFollowUp =
  /** Utslag: the case goes on to enforcement (verkställighet) follow-up and KFM's decided costs are booked. */
  | 'enforcement_follow_up'
  /** Bestridd: staff may hand the case to tingsrätt ('Överlämna till tingsrätt', a lawsuit draft). */
  | 'offer_lawsuit';

export interface KfmStatusChange {
  from: KfmCaseStatus;
  to: KfmCaseStatus;
  /** The case number to store: the new one, or the one already recorded. */
  kfm_case_no: string | null;
  follow_ups: KfmStatusFollowUp[];
}

/** KFM's målnummer: digits in groups joined by hyphens (14-141638-12), at most 40 characters. */
const KFM_CASE_NO = /^\d{1,4}(?:-\d{1,10}){1,3}$/;

export const KFM_CASE_NO_REQUIRED_MESSAGE = 'Ange Kronofogdens målnummer för att registrera att ansökan är mottagen';
export const KFM_CASE_NO_INVALID_MESSAGE = 'Kronofogdens målnummer har fel format (t.ex. 14-141638-12)';

/**
 * Decides a KFM case's status change by the documented machine (KFM_CASE_STATUS_MACHINE,
 * docs/state-machines.md `kfm_case_status`): an edge the table lacks throws INVALID_TRANSITION
 * ("Övergången är inte tillåten: KFM-ärendets status kan inte ändras från Utkast till Utslag");
 * acknowledged needs KFM's case number (VALIDATION_FAILED without it). A case number given with
 * another status is kept when none was recorded yet.
 * @example decideKfmStatusChange('submitted', null, { to: 'acknowledged', kfm_case_no: '14-141638-12' }).kfm_case_no // "14-141638-12"
 */
export function decideKfmStatusChange(from: KfmCaseStatus, currentCaseNo: string | null, request: KfmStatusChangeRequest): KfmStatusChange {
  assertStateMachineTransition(KFM_CASE_STATUS_MACHINE, from, request.to);
  const given = request.kfm_case_no?.trim() ?? '';
  if (given !== '' && !KFM_CASE_NO.test(given)) {
    throw new DomainError('VALIDATION_FAILED', KFM_CASE_NO_INVALID_MESSAGE, { field: 'kfm_case_no' });
  }
  const kfm_case_no = given !== '' ? given : currentCaseNo;
  if (request.to === 'acknowledged' && kfm_case_no === null) {
    throw new DomainError('VALIDATION_FAILED', KFM_CASE_NO_REQUIRED_MESSAGE, { field: 'kfm_case_no' });
  }
  const follow_ups: KfmStatusFollowUp[] = [];
  if (request.to === 'decided') follow_ups.push('enforcement_follow_up');
  if (request.to === 'contested') follow_ups.push('offer_lawsuit');
  return { from, to: request.to, kfm_case_no, follow_ups };
}
