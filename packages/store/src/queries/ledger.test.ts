import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUnallocatedPaymentJournal, ore, SEED_LEDGER_ACCOUNTS, type LedgerJournal } from '@fordran/core';
import { openPostgresDatabase, openSqliteDatabase, type Database } from '../database';
import { createTestDatabase, describePostgres, type TestDatabase } from '../testing/postgres';
import { uuidV7 } from '../ids/uuid-v7';
import { glAccounts, glEntries, glJournals, organisations } from '../schema';
import { insertLedgerJournal, listLedgerJournalRows } from './ledger';

const AT = '2026-11-22T09:00:00.000Z';

async function storeWithAccounts(open: () => Promise<Database> = async () => openSqliteDatabase(':memory:')) {
  const store = await open();
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

/** The journal list's account filter, the same on both engines. */
function accountFilterContract(open: () => Promise<Database>) {
  /** A posted journal booked at `at` with one entry per account code given (debit 1 öre each: only who is touched matters). */
  async function journalOn(store: Database, orgId: string, at: string, codes: string[]): Promise<string> {
    const accounts = await store.db.select({ id: glAccounts.id, code: glAccounts.code }).from(glAccounts).where(eq(glAccounts.org_id, orgId));
    const idOf = new Map(accounts.map((account) => [account.code, account.id]));
    const journalId = uuidV7();
    await store.transaction(async (tx) => {
      await tx.insert(glJournals).values({ id: journalId, org_id: orgId, source: 'manual', booked_at: at, created_at: at });
      for (let start = 0; start < codes.length; start += 1000) {
        const chunk = codes.slice(start, start + 1000);
        await tx
          .insert(glEntries)
          .values(chunk.map((code) => ({ org_id: orgId, journal_id: journalId, account_id: idOf.get(code)!, debit: ore(1), credit: ore(0), created_at: at })));
      }
    });
    return journalId;
  }

  it('finds the journals touching a busy account (read journal by journal) and a sparse one (read from its entries), newest first', async () => {
    const { store, orgId } = await storeWithAccounts(open);
    const busy = await journalOn(store, orgId, '2026-11-20T09:00:00.000Z', Array<string>(5000).fill('1900'));
    const both = await journalOn(store, orgId, '2026-11-21T09:00:00.000Z', ['1900', '2890']);
    const alone = await journalOn(store, orgId, '2026-11-22T09:00:00.000Z', ['1510']);
    const onAccount = async (code: string) => {
      const accountId = (await store.db.select({ id: glAccounts.id }).from(glAccounts).where(eq(glAccounts.code, code)))[0]!.id;
      return (await listLedgerJournalRows(store.db, orgId, { accountId, window: {} }, 10)).map((row) => row.id);
    };
    expect(await onAccount('1900')).toEqual([both, busy]);
    expect(await onAccount('2890')).toEqual([both]);
    expect(await onAccount('1510')).toEqual([alone]);
    expect(
      (await listLedgerJournalRows(store.db, orgId, { window: { after: { at: '2026-11-22T09:00:00.000Z', id: alone } } }, 10)).map((row) => row.id),
    ).toEqual([both, busy]);
    await store.close();
  });
}

describe('listLedgerJournalRows on an account, on SQLite', () => accountFilterContract(async () => openSqliteDatabase(':memory:')));

describePostgres('listLedgerJournalRows on an account, on PostgreSQL', () => {
  const created: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of created) await database.drop();
  });
  accountFilterContract(async () => {
    const database = await createTestDatabase();
    created.push(database);
    return openPostgresDatabase(database.url);
  });
});
