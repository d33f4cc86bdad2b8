import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ore } from '@fordran/core';
import { openPostgresDatabase, openSqliteDatabase, type Database } from '../database';
import { uuidV7 } from '../ids/uuid-v7';
import { bankStatementResolutions, bankStatements, organisations, payments } from '../schema';
import { createTestDatabase, describePostgres, type TestDatabase } from '../testing/postgres';
import type { NewPaymentRow } from '../types';
import { listStatementMatchCandidateRows, listStatementResolutionRows } from './statement-resolutions';

/*
 * The reads of resolving a statement's differences, the same on both engines: which payments a
 * line may be matched with (a prefix compared case-sensitively, where SQLite's LIKE would ignore
 * case and PostgreSQL's would not), and decisions in the order they were written.
 */

const AT = '2026-11-22T09:00:00.000Z';
const ORG = 'org-1';
const OTHER_ORG = 'org-2';
const STATEMENT = 'statement-1';

async function seed(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.insert(organisations).values([
      { id: ORG, name: 'Byrå AB' },
      { id: OTHER_ORG, name: 'Annan AB' },
    ]);
    await tx.insert(bankStatements).values({
      id: STATEMENT,
      org_id: ORG,
      statement_date: '2026-11-21',
      file_format: 'bgmax',
      file_name: 'bgmax.txt',
      file_checksum: 'abc',
      created_at: AT,
    });
  });
}

function payment(id: string, change: Partial<NewPaymentRow>): NewPaymentRow {
  return {
    id,
    org_id: ORG,
    method: 'manual',
    amount: ore(100000),
    unallocated_amount: ore(0),
    paid_at: '2026-11-20',
    status: 'allocated',
    transaction_id: null,
    created_at: AT,
    updated_at: AT,
    ...change,
  };
}

function queryContract(open: () => Promise<Database>) {
  let database: Database;
  beforeEach(async () => {
    database = await open();
    await seed(database);
  });
  afterEach(async () => {
    await database.close();
  });

  it('offers booked payments of the amount not linked to a bank transaction: none, or one registered by hand (`manual:`, exactly)', async () => {
    await database.transaction((tx) =>
      tx
        .insert(payments)
        .values([
          payment('no-id', {}),
          payment('by-hand', { transaction_id: 'manual:key-1', status: 'unmatched' }),
          payment('upper-case', { transaction_id: 'MANUAL:key-2' }),
          payment('from-bank', { transaction_id: 'bgmax:1' }),
          payment('on-statement', { bank_statement_id: STATEMENT }),
          payment('not-booked', { status: 'received' }),
          payment('too-much', { amount: ore(100001) }),
          payment('other-org', { org_id: OTHER_ORG }),
        ]),
    );
    const rows = await listStatementMatchCandidateRows(database.db, ORG, {
      statuses: ['allocated', 'partially_allocated', 'unmatched'],
      minOre: ore(99000),
      maxOre: ore(100000),
      unlinkedTransactionPrefix: 'manual:',
    });
    expect(rows.map((row) => row.id).sort()).toEqual(['by-hand', 'no-id']);
  });

  it("lists a statement's decisions in the order they were written, also within one instant", async () => {
    const ids = [uuidV7(), uuidV7(), uuidV7()];
    const decision = (id: string, createdAt: string) => ({
      id,
      org_id: ORG,
      statement_id: STATEMENT,
      kind: 'acknowledge' as const,
      difference_key: id,
      difference_code: 'DATE_DIFFERS',
      difference_json: { code: 'DATE_DIFFERS', message: 'Datum skiljer sig' },
      reason: 'Kontrollerad',
      created_at: createdAt,
    });
    await database.transaction(async (tx) => {
      for (const id of [...ids].reverse()) await tx.insert(bankStatementResolutions).values(decision(id, AT));
      // Written last (the greatest id) but decided a day earlier: the instant orders first.
      await tx.insert(bankStatementResolutions).values(decision(uuidV7(), '2026-11-21T09:00:00.000Z'));
    });
    const rows = await listStatementResolutionRows(database.db, ORG, STATEMENT);
    expect(rows.map((row) => row.id)).toEqual([rows[0]!.id, ...ids]);
    expect(rows[0]!.created_at).toBe('2026-11-21T09:00:00.000Z');
    expect(await listStatementResolutionRows(database.db, OTHER_ORG, STATEMENT)).toEqual([]);
  });
}

describe('on SQLite', () => queryContract(async () => openSqliteDatabase(':memory:')));

describePostgres('on PostgreSQL', () => {
  const created: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of created) await database.drop();
  });
  queryContract(async () => {
    const database = await createTestDatabase();
    created.push(database);
    return openPostgresDatabase(database.url);
  });
});
