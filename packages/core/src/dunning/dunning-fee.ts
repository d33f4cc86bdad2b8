import type { CommunicationStatus } from '../communications/communication-status';
import { SENT_COMMUNICATION_STATUSES } from '../communications/demand-content';
import { decideFeeAddition, type AcceptedFee, type FeeAdditionInput } from '../fees/check-fee-addition';

/** What became of a step's fee on a case: none in the step, charged, waiting for the message to go out, or not allowed. */
export const DUNNING_FEE_STATUSES = ['none', 'charged', 'waiting', 'not_allowed'] as const;
export type DunningFeeStatus = (typeof DUNNING_FEE_STATUSES)[number];

export type DunningStepFee =
  { status: 'none' } | { status: 'charged'; fee: AcceptedFee } | { status: 'waiting'; fee: AcceptedFee } | { status: 'not_allowed'; message: string };

/** The fee facts of a case, without the code: the step names it. */
export type DunningFeeFacts = Omit<FeeAdditionInput, 'code' | 'aboveMaximumReason'>;

/**
 * The fee of a step taken on a case, by the fee rules (core `decideFeeAddition`, never above a
 * statutory maximum: dunning states no "särskilda skäl"): charged with the step when allowed now;
 * waiting when the step's own message is an inkassokrav and the fee is refused only because no
 * inkassokrav has gone out yet (the 180 kr fee, lag 1981:739 3 § 1: it is charged once the letter
 * is sent, `settleWaitingDunningFee`); otherwise not allowed, with the rule's reason (a reminder
 * fee that was never agreed, a fee already on the case, 450 kr already charged). A step never
 * charges any fee but its own.
 * @example decideDunningStepFee('COLLECTION_180', facts, { messageIsDemand: true }).status // 'waiting' before any demand went out
 */
export function decideDunningStepFee(feeCode: string | null, facts: DunningFeeFacts, options: { messageIsDemand: boolean }): DunningStepFee {
  if (feeCode === null) return { status: 'none' };
  const decision = decideFeeAddition({ ...facts, code: feeCode });
  if (decision.isAllowed) return { status: 'charged', fee: decision.fee };
  if (options.messageIsDemand && !facts.hasSentDemand) {
    const onceSent = decideFeeAddition({ ...facts, code: feeCode, hasSentDemand: true });
    if (onceSent.isAllowed) return { status: 'waiting', fee: onceSent.fee };
  }
  return { status: 'not_allowed', message: decision.error.message };
}

/** Message statuses in which it never went out and will not without staff acting on it. */
const NOT_GOING_OUT: readonly CommunicationStatus[] = ['failed', 'bounced', 'cancelled'];

/**
 * A waiting fee once more, at a later run: charged when the fee rules now allow it (its
 * inkassokrav went out); still waiting while the message is on its way; not allowed when the
 * message failed or was cancelled, or went out and the rules still refuse the fee.
 * @example settleWaitingDunningFee('COLLECTION_180', facts, 'queued').status // 'waiting'
 */
export function settleWaitingDunningFee(feeCode: string, facts: DunningFeeFacts, messageStatus: CommunicationStatus): DunningStepFee {
  if (NOT_GOING_OUT.includes(messageStatus)) return { status: 'not_allowed', message: 'Meddelandet gick inte ut, så avgiften tas inte ut' };
  return decideDunningStepFee(feeCode, facts, { messageIsDemand: !SENT_COMMUNICATION_STATUSES.includes(messageStatus) });
}
