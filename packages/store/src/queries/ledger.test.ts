import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUnallocatedPaymentJournal, ore, SEED_LEDGER_ACCOUNTS, type LedgerJournal } from '@fordran/core';
import { openStore } from '../open-store';
import { glAccounts, glEntries, glJournals, organisations } from '../schema';
import { insertLedgerJournal } from './ledger';

const AT = '2026-11-22T09:00:00.000Z';

function storeWithAccounts() {
  const store = openStore(':memory:');
  const orgId = crypto.randomUUID();
  store.db.insert(organisations).values({ id: orgId, name: 'Byrå AB' }).run();
  store.db
    .insert(glAccounts)
    .values(SEED_LEDGER_ACCOUNTS.map((account) => ({ org_id: orgId, ...account })))
    .run();
  return { store, orgId };
}

const paymentJournal = (): LedgerJournal => buildUnallocatedPaymentJournal({ amountOre: ore(18000), payment_id: 'payment-1', booked_at: '2026-11-22' });

describe('insertLedgerJournal', () => {
  it('writes the journal and its entries with the accounts of the organisation', () => {
    const { store, orgId } = storeWithAccounts();
    const id = store.transaction((tx) => insertLedgerJournal(tx, paymentJournal(), { orgId, at: AT }));
    const row = store.db.select().from(glJournals).where(eq(glJournals.id, id)).get()!;
    expect(row).toMatchObject({ org_id: orgId, source: 'unallocated_payment', source_ref: 'payment-1', status: 'posted', booked_at: AT });
    const entries = store.db.select().from(glEntries).where(eq(glEntries.journal_id, id)).all();
    expect(entries.reduce((sum, e) => sum + e.debit, 0)).toBe(18000);
    expect(entries.reduce((sum, e) => sum + e.credit, 0)).toBe(18000);
  });

  it('refuses an unbalanced journal and writes nothing', () => {
    const { store, orgId } = storeWithAccounts();
    const journal = paymentJournal();
    const broken: LedgerJournal = { ...journal, lines: [journal.lines[0]!, { ...journal.lines[1]!, creditOre: ore(17999) }] };
    expect(() => store.transaction((tx) => insertLedgerJournal(tx, broken, { orgId, at: AT }))).toThrow(
      expect.objectContaining({ code: 'UNBALANCED_JOURNAL' }),
    );
    expect(store.db.select().from(glJournals).all()).toHaveLength(0);
  });

  it("refuses an account the organisation does not have (another organisation's chart does not count)", () => {
    const { store } = storeWithAccounts();
    const other = crypto.randomUUID();
    store.db.insert(organisations).values({ id: other, name: 'Annan AB' }).run();
    expect(() => store.transaction((tx) => insertLedgerJournal(tx, paymentJournal(), { orgId: other, at: AT }))).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_ACCOUNT' }),
    );
    expect(store.db.select().from(glEntries).all()).toHaveLength(0);
  });
});
