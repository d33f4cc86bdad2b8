import { getTableConfig } from 'drizzle-orm/sqlite-core';
import { eq, getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from './open-store';
import { ALL_TABLES, TABLES_BY_NAME } from './tables';
import { buildFixtures } from '../test/fixtures';
import { EXPECTED_TABLES, NON_TENANT_TABLES } from '../test/tables';

interface ColumnInfo {
  name: string;
  type: string;
  notnull: 0 | 1;
}
interface IndexInfo {
  name: string;
  unique: 0 | 1;
}

let store: Store;

beforeAll(() => {
  store = openStore(':memory:');
});
afterAll(() => store.close());

function columnsOf(table: string): ColumnInfo[] {
  return store.sqlite.prepare(`PRAGMA table_info(${JSON.stringify(table)})`).all() as ColumnInfo[];
}

function indexesOf(table: string): { name: string; unique: boolean; columns: string[] }[] {
  const list = store.sqlite.prepare(`PRAGMA index_list(${JSON.stringify(table)})`).all() as IndexInfo[];
  return list.map((index) => ({
    name: index.name,
    unique: index.unique === 1,
    columns: (store.sqlite.prepare(`PRAGMA index_info(${JSON.stringify(index.name)})`).all() as { name: string }[]).map((column) => column.name),
  }));
}

const tenantTables = EXPECTED_TABLES.filter((name) => !NON_TENANT_TABLES.includes(name));

/** Words of a column name that mean money (amount, principal, interest, fee(s), debit, credit, balance, sek, total_*). */
const MONEY_TOKENS = new Set(['amount', 'principal', 'interest', 'fee', 'fees', 'debit', 'debits', 'credit', 'credits', 'balance', 'sek']);
/** Columns whose name contains a money word but that are not amounts. */
const NOT_MONEY = new Set([
  'organisations.default_interest_profile_id',
  'claims.reminder_fee_agreed',
  'cases.interest_profile_id',
  'cases.interest_calculated_to',
  'kfm_cases.interest_snapshot_json',
  'kfm_cases.fees_snapshot_json',
  'dunning_steps.fee_code',
  'dunning_case_steps.fee_code',
  'dunning_case_steps.fee_status',
  'dunning_case_steps.fee_id',
  'dunning_case_steps.fee_note',
]);

function looksLikeMoney(column: string): boolean {
  const tokens = column.split('_');
  return tokens[0] === 'total' || tokens.some((token) => MONEY_TOKENS.has(token));
}

describe('schema', () => {
  it('the drizzle schema declares exactly the expected tables', () => {
    expect(ALL_TABLES.map((table) => getTableName(table)).sort()).toEqual([...EXPECTED_TABLES].sort());
  });

  it('the migrations match the drizzle schema (columns, types, NOT NULL, indexes, foreign keys)', () => {
    for (const table of ALL_TABLES) {
      const config = getTableConfig(table);
      const actual = columnsOf(config.name).map((c) => ({ name: c.name, type: c.type.toLowerCase(), notNull: c.notnull === 1 || undefined }));
      const declared = config.columns.map((c) => ({ name: c.name, type: c.getSQLType().toLowerCase(), notNull: c.notNull || c.primary || undefined }));
      expect(actual, config.name).toEqual(declared);

      const declaredIndexes = [
        ...config.indexes.map((index) => index.config.name),
        ...config.columns.filter((c) => c.isUnique).map((c) => c.uniqueName),
      ].sort();
      const actualIndexes = indexesOf(config.name)
        .map((index) => index.name)
        .filter((name) => !name.startsWith('sqlite_autoindex_'))
        .sort();
      expect(actualIndexes, config.name).toEqual(declaredIndexes);

      const foreignKeys = store.sqlite.prepare(`PRAGMA foreign_key_list(${JSON.stringify(config.name)})`).all();
      expect(foreignKeys.length, config.name).toBe(config.foreignKeys.length);
    }
  });

  it('the non-tenant tables are exactly the listed ones: every other table has org_id', () => {
    const withoutOrg = EXPECTED_TABLES.filter((table) => !columnsOf(table).some((c) => c.name === 'org_id'));
    expect(withoutOrg.sort()).toEqual([...NON_TENANT_TABLES].sort());
  });

  it.each(tenantTables)('tenant table %s has a NOT NULL org_id referencing organisations', (table) => {
    const orgId = columnsOf(table).find((c) => c.name === 'org_id');
    expect(orgId?.notnull).toBe(1);
    const foreignKeys = store.sqlite.prepare(`PRAGMA foreign_key_list(${JSON.stringify(table)})`).all() as {
      from: string;
      table: string;
      to: string;
    }[];
    expect(foreignKeys).toContainEqual(expect.objectContaining({ from: 'org_id', table: 'organisations', to: 'id' }));
  });

  it.each(tenantTables)('tenant table %s has an index whose first column is org_id', (table) => {
    expect(indexesOf(table).some((index) => index.columns[0] === 'org_id')).toBe(true);
  });

  it('every money column is INTEGER (öre)', () => {
    const offenders: string[] = [];
    const checked: string[] = [];
    for (const table of EXPECTED_TABLES) {
      for (const column of columnsOf(table)) {
        const qualified = `${table}.${column.name}`;
        if (!looksLikeMoney(column.name) || NOT_MONEY.has(qualified)) continue;
        checked.push(qualified);
        if (column.type.toUpperCase() !== 'INTEGER') offenders.push(`${qualified} ${column.type}`);
      }
    }
    expect(offenders).toEqual([]);
    // The name test really finds the money columns (a sample across areas).
    expect(checked).toEqual(
      expect.arrayContaining([
        'claims.principal_amount',
        'cases.total_outstanding',
        'cases.amount_paid_total',
        'payments.unallocated_amount',
        'payment_allocations.fees_amount',
        'gl_entries.debit',
        'bank_statements.closing_balance',
        'kfm_cases.application_fee_sek',
        'lawsuits.court_fee_sek',
        'payment_plans.setup_fee',
      ]),
    );
  });

  it('every not-money exception names an existing column', () => {
    for (const qualified of NOT_MONEY) {
      const [table = '', column] = qualified.split('.');
      expect(
        columnsOf(table).map((c) => c.name),
        qualified,
      ).toContain(column);
    }
  });

  it('cases, payments, the ledger and the log have the indexes their lists rely on', () => {
    const byColumns = (table: string) => indexesOf(table).map((index) => index.columns.join(','));
    expect(byColumns('cases')).toEqual(
      expect.arrayContaining(['org_id,status,stage', 'org_id,status,id', 'org_id,created_at', 'org_id,total_outstanding', 'org_id,ocr_reference']),
    );
    expect(byColumns('claims')).toEqual(expect.arrayContaining(['org_id,due_date', 'org_id,reference_no,id']));
    expect(byColumns('payments')).toEqual(expect.arrayContaining(['org_id,paid_at', 'org_id,amount', 'org_id,transaction_id']));
    expect(byColumns('case_events')).toContain('org_id,case_id,created_at');
    expect(byColumns('notifications')).toContain('org_id,user_id,created_at');
    expect(byColumns('gl_entries')).toEqual(expect.arrayContaining(['journal_id', 'account_id,journal_id']));
    // The keyset-paged lists (journals, system log) range over an index ending in (instant, id).
    expect(byColumns('gl_journals')).toEqual(expect.arrayContaining(['org_id,booked_at,id', 'org_id,source,booked_at,id']));
    expect(byColumns('audit_logs')).toEqual(expect.arrayContaining(['org_id,created_at,id', 'org_id,event,created_at,id', 'org_id,actor_id,created_at,id']));
    expect(byColumns('job_queue')).toContain('status,run_at');
  });

  it('a table referencing itself has an index on the referencing column', () => {
    // Deleting a row checks the referencing column: unindexed, every delete scans the table, and
    // purging an organisation's journals becomes quadratic.
    for (const table of EXPECTED_TABLES) {
      const keys = store.sqlite.prepare(`PRAGMA foreign_key_list(${JSON.stringify(table)})`).all() as { table: string; from: string }[];
      for (const key of keys.filter((fk) => fk.table === table)) {
        expect(
          indexesOf(table).map((index) => index.columns[0]),
          `${table}.${key.from}`,
        ).toContain(key.from);
      }
    }
  });

  it('the uniqueness rules hold: one membership per user and org, one import per file and transaction', () => {
    const unique = (table: string) =>
      indexesOf(table)
        .filter((index) => index.unique)
        .map((index) => index.columns.join(','));
    expect(unique('user_org_roles')).toContain('org_id,user_id');
    expect(unique('onboarding_steps')).toContain('org_id,step_code');
    expect(unique('fee_catalogue')).toContain('org_id,code,valid_from');
    expect(unique('comm_channels_settings')).toContain('org_id,channel');
    expect(unique('payment_allocations')).toContain('payment_id,sequence_no');
    expect(unique('gl_accounts')).toContain('org_id,code');
    expect(unique('bank_statements')).toContain('org_id,file_checksum');
    expect(unique('payments')).toContain('org_id,transaction_id');
    expect(unique('reference_rates')).toContain('valid_from');
    expect(unique('users')).toContain('email');
  });
});

describe('round trip of one row in every table', () => {
  const fixtures = buildFixtures();

  it('there is a fixture row for every table, once', () => {
    expect(fixtures.map((f) => getTableName(f.table)).sort()).toEqual([...EXPECTED_TABLES].sort());
  });

  it.each(fixtures.map((f) => [getTableName(f.table), f] as const))('fixture for %s fills every column', (_name, f) => {
    const columns = getTableConfig(f.table).columns.map((c) => c.name);
    expect(Object.keys(f.row).sort()).toEqual([...columns].sort());
    expect(Object.entries(f.row).filter(([, value]) => value === null || value === undefined)).toEqual([]);
  });

  it('inserts every fixture (foreign keys checked at commit) and reads each back unchanged', () => {
    store.transaction((tx) => {
      // organisations.default_interest_profile_id and interest_profiles.org_id point at each
      // other; deferring the checks to COMMIT lets one transaction insert both.
      store.sqlite.pragma('defer_foreign_keys = ON');
      for (const f of fixtures) tx.insert(f.table).values(f.row).run();
    });
    expect(store.sqlite.pragma('foreign_key_check')).toEqual([]);

    for (const f of fixtures) {
      const table = TABLES_BY_NAME.get(getTableName(f.table));
      const idColumn = getTableConfig(f.table).columns.find((c) => c.name === 'id');
      if (!table || !idColumn) throw new Error(`no id column in ${getTableName(f.table)}`);
      const rows = store.db.select().from(f.table).where(eq(idColumn, f.row.id)).all();
      expect(rows, getTableName(f.table)).toEqual([f.row]);
    }
  });

  it('relational queries join what the screens show (case with creditor, party, claim; members with profile)', () => {
    const caseRow = fixtures.find((f) => getTableName(f.table) === 'cases')?.row;
    const found = store.db.query.cases
      .findFirst({
        where: (c, { eq: equals }) => equals(c.id, String(caseRow?.id)),
        with: { creditor: true, party: true, claim: true, events: true, communications: { with: { template: true } } },
      })
      .sync();
    expect(found?.creditor.name).toBe('Borgenär AB');
    expect(found?.party.name).toBe('Gäldenär Person');
    expect(found?.claim.reference_no).toBe('F-1001');
    expect(found?.events).toHaveLength(1);
    expect(found?.communications[0]?.template?.name).toBe('Inkassokrav');

    const members = store.db.query.userOrgRoles.findMany({ with: { organisation: true, profile: true } }).sync();
    expect(members.map((m) => [m.organisation.name, m.profile?.full_name])).toEqual([['Inkasso AB', 'Anna Handläggare']]);
  });

  it('a fixture row with a dangling reference is refused at commit', () => {
    const caseFixture = fixtures.find((f) => getTableName(f.table) === 'case_events');
    if (!caseFixture) throw new Error('missing case_events fixture');
    expect(() =>
      store.transaction((tx) => {
        store.sqlite.pragma('defer_foreign_keys = ON');
        tx.insert(caseFixture.table)
          .values({ ...caseFixture.row, id: 'dangling', case_id: 'no-such-case' })
          .run();
      }),
    ).toThrow(/FOREIGN KEY constraint failed/);
  });
});
