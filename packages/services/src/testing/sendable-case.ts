import { creditors, parties } from '@fordran/store';
import type { OrgScope } from '../access/operator';
import { createBankAccount } from '../bank/bank-accounts';
import { createCase } from '../cases/create-case';
import { changeCaseStatus } from '../cases/case-transitions';

/**
 * An active case (F-1001, 7 950 kr due 2026-10-01, creditor Elbolaget Norr AB) whose debtor Anna
 * Andersson every channel reaches: e-mail `email`, a mobile number, a personnummer (ending in an
 * even digit: no Kivra mailbox in the simulator) and a postal address; the organisation has a
 * bankgiro for the payment block.
 */
export async function openSendableCase(ctx: OrgScope, email = 'anna@example.se'): Promise<string> {
  const orgId = ctx.membership.org_id;
  const { creditorId, partyId } = await ctx.app.database.transaction(async (tx) => ({
    creditorId: (await tx.insert(creditors).values({ org_id: orgId, name: 'Elbolaget Norr AB' }).returning())[0]!.id,
    partyId: (
      await tx
        .insert(parties)
        .values({
          org_id: orgId,
          type: 'person',
          name: 'Anna Andersson',
          email,
          phone: '070-123 45 67',
          national_id: '19811218-9876',
          address_json: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' },
        })
        .returning()
    )[0]!.id,
  }));
  await createBankAccount(ctx, { account_name: 'Klientmedel', type: 'client_funds', bg_number: '5402-9681' });
  const created = await createCase(ctx, {
    creditor_id: creditorId,
    party_id: partyId,
    reference_no: 'F-1001',
    principal_amount: '7950',
    due_date: '2026-10-01',
  });
  await changeCaseStatus(ctx, created.id, { status: 'active' });
  return created.id;
}
