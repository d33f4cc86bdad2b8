import { demandReachedOn, formatOre, type CommTemplateCategory } from '@fordran/core';
import {
  findCaseRow,
  findCommunicationCategory,
  insertPrescriptionInterruptionRow,
  type CaseRow,
  type CommunicationRow,
  type Db,
  type PaymentAllocationRow,
  type PaymentRow,
} from '@fordran/store';
import { swedishDateOfInstant } from '../clock';

/*
 * The automatic preskriptionsavbrott (preskriptionslag 5 §), each written in the transaction of
 * what caused it, so the interruption exists exactly when the payment or the delivery does.
 */

/** A payment allocated to the case interrupts from its payment date (5 § 1: the debtor paid). */
export async function recordPaymentInterruption(
  tx: Db,
  caseRow: Pick<CaseRow, 'id' | 'org_id' | 'claim_id'>,
  payment: Pick<PaymentRow, 'paid_at'>,
  allocation: Pick<PaymentAllocationRow, 'id' | 'amount'>,
  now: string,
): Promise<void> {
  await insertPrescriptionInterruptionRow(tx, {
    org_id: caseRow.org_id,
    claim_id: caseRow.claim_id,
    case_id: caseRow.id,
    interrupted_on: payment.paid_at,
    kind: 'payment',
    reason: `Betalning ${formatOre(allocation.amount)}`,
    payment_allocation_id: allocation.id,
    created_by: null,
    created_at: now,
  });
}

/** Written demands that interrupt when they reach the debtor (5 § 2): a påminnelse or an inkassokrav. */
const DEMAND_CATEGORIES: readonly CommTemplateCategory[] = ['reminder', 'demand'];

/**
 * A påminnelse or inkassokrav that reached the debtor interrupts from the day it did (5 § 2: the
 * demand must reach the debtor; core `demandReachedOn`): the provider's delivery report, or for a
 * posted letter its presumed arrival after posting. Other messages, one with nothing showing it
 * arrived, and a message without a case, interrupt nothing.
 */
export async function recordDemandReceiptInterruption(
  tx: Db,
  message: Pick<CommunicationRow, 'id' | 'org_id' | 'case_id' | 'channel'>,
  dispatch: { status: CommunicationRow['status']; at: string },
): Promise<void> {
  if (!message.case_id) return;
  const day = swedishDateOfInstant(dispatch.at);
  const reachedOn = demandReachedOn({ channel: message.channel, status: dispatch.status, sentOn: day, deliveredOn: day });
  if (reachedOn === null) return;
  const category = await findCommunicationCategory(tx, message.org_id, message.id);
  if (!category || !(DEMAND_CATEGORIES as readonly string[]).includes(category)) return;
  const caseRow = await findCaseRow(tx, { orgId: message.org_id }, message.case_id);
  if (!caseRow) return;
  // Swedish agreement: en påminnelse levererad/postad, ett inkassokrav levererat/postat.
  const [what, ending] = category === 'reminder' ? ['Påminnelse', 'd'] : ['Inkassokrav', 't'];
  await insertPrescriptionInterruptionRow(tx, {
    org_id: message.org_id,
    claim_id: caseRow.claim_id,
    case_id: caseRow.id,
    interrupted_on: reachedOn,
    kind: 'demand_delivered',
    reason: dispatch.status === 'sent' ? `${what} posta${ending} ${day}, framme enligt postens befordringstid` : `${what} leverera${ending}`,
    communication_id: message.id,
    created_by: null,
    created_at: dispatch.at,
  });
}
