import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUnallocatedPaymentJournal, ore, SEED_LEDGER_ACCOUNTS, type LedgerJournal } from '@fordran/core';
import { openSqliteDatabase } from '../database';
import { glAccounts, glEntries, glJournals, organisations } from '../schema';
import { insertLedgerJournal } from './ledger';

const AT = '2026-11-22T09:00:00.000Z';

async function storeWithAccounts() {
  const store = openSqliteDatabase(':memory:');
  const orgId = crypto.randomUUID();
  await store.transaction(async (tx) => {
    await tx.insert(organisations).values({ id: orgId, name: 'Byrå AB' });
    await tx.insert(glAccounts).values(SEED_LEDGER_ACCOUNTS.map((account) => ({ org_id: orgId, ...account })));
  });
  return { store, orgId };
}

const paymentJournal = (): LedgerJournal => buildUnallocatedPaymentJournal({ amountOre: ore(18000), payment_id: 'payment-1', booked_at: '2026-11-22' });

describe('insertLedgerJournal', () => {
  it('writes the journal and its entries with the accounts of the organisation', async () => {
    const { store, orgId } = await storeWithAccounts();
    const id = await store.transaction((tx) => insertLedgerJournal(tx, paymentJournal(), { orgId, at: AT }));
    const [row] = await store.db.select().from(glJournals).where(eq(glJournals.id, id));
    expect(row).toMatchObject({ org_id: orgId, source: 'unallocated_payment', source_ref: 'payment-1', status: 'posted', booked_at: AT });
    const entries = await store.db.select().from(glEntries).where(eq(glEntries.journal_id, id));
    expect(entries.reduce((sum, e) => sum + e.debit, 0)).toBe(18000);
    expect(entries.reduce((sum, e) => sum + e.credit, 0)).toBe(18000);
  });

  it('refuses an unbalanced journal and writes nothing', async () => {
    const { store, orgId } = await storeWithAccounts();
    const journal = paymentJournal();
    const broken: LedgerJournal = { ...journal, lines: [journal.lines[0]!, { ...journal.lines[1]!, creditOre: ore(17999) }] };
    await expect(store.transaction((tx) => insertLedgerJournal(tx, broken, { orgId, at: AT }))).rejects.toThrow(
      expect.objectContaining({ code: 'UNBALANCED_JOURNAL' }),
    );
    expect(await store.db.select().from(glJournals)).toHaveLength(0);
  });

  it("refuses an account the organisation does not have (another organisation's chart does not count)", async () => {
    const { store } = await storeWithAccounts();
    const other = crypto.randomUUID();
    await store.transaction((tx) => tx.insert(organisations).values({ id: other, name: 'Annan AB' }));
    await expect(store.transaction((tx) => insertLedgerJournal(tx, paymentJournal(), { orgId: other, at: AT }))).rejects.toThrow(
      expect.objectContaining({ code: 'UNKNOWN_ACCOUNT' }),
    );
    expect(await store.db.select().from(glEntries)).toHaveLength(0);
  });
});
