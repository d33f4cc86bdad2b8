import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database';
import { openPostgresDatabase } from '../database/postgres';
import { openSqliteDatabase } from '../database/sqlite';
import { creditors, organisations, parties } from '../schema';
import { createTestDatabase, describePostgres, type TestDatabase } from '../testing/postgres';
import { creditorDirectoryTable } from './creditors';
import { listDirectoryRows, type DirectoryListParams } from './directory';
import { partyDirectoryTable } from './parties';

/*
 * The directories' list on both engines: the "contains" search folds case alike on SQLite (whose
 * LIKE and lower() fold ASCII only) and PostgreSQL (whose LIKE folds nothing), takes % and _
 * literally, finds identifiers by their digits, and never reaches another organisation's rows.
 */

const NAMES = ['Åke Bygg AB', 'ÅKERI NORD AB', 'Åkaren HB', 'Rabatt 100% AB', 'Rabatt 1000 AB', 'Under_streck AB', 'Underastreck AB', 'McAdam Inkasso AB'];

async function seed(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.insert(organisations).values([
      { id: 'org-a', name: 'Byrå A' },
      { id: 'org-b', name: 'Byrå B' },
    ]);
    await tx.insert(creditors).values(NAMES.map((name) => ({ org_id: 'org-a', name })));
    await tx.insert(creditors).values([
      { org_id: 'org-a', name: 'Nummer AB', org_no: '556036-0793', status: 'inactive' },
      { org_id: 'org-b', name: 'Åke Bygg AB', org_no: '556036-0793' },
    ]);
    await tx.insert(parties).values([
      { org_id: 'org-a', type: 'person', name: 'Åsa Öberg', national_id: '198112189876' },
      { org_id: 'org-a', type: 'company', name: 'Öbergs Åkeri AB', org_no: '556036-0793' },
    ]);
  });
}

const page = <Sort extends string>(sort: Sort, query?: string): DirectoryListParams<Sort> => ({
  ...(query !== undefined ? { query } : {}),
  sort,
  order: 'asc',
  limit: 50,
  offset: 0,
});

function searchContract(open: () => Promise<Database>) {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await seed(database);
  });
  afterAll(() => database.close());

  const creditorNames = async (query: string, status?: string) => {
    const { rows, total } = await listDirectoryRows(database.db, creditorDirectoryTable, 'org-a', { ...page('name', query), ...(status ? { status } : {}) });
    expect(total).toBe(rows.length);
    return rows.map((row) => row.name).sort();
  };

  it.each(['åke', 'ÅKE', 'Åke', 'åKe'])('finds Åke and ÅKERI by %s, not Åkaren', async (query) => {
    expect(await creditorNames(query)).toEqual(['ÅKERI NORD AB', 'Åke Bygg AB']);
  });

  it('folds case within a word, beyond the variants tried', async () => {
    expect(await creditorNames('bYGG')).toEqual(['Åke Bygg AB']);
    expect(await creditorNames('mcadam')).toEqual(['McAdam Inkasso AB']);
  });

  it('takes % and _ literally', async () => {
    expect(await creditorNames('100%')).toEqual(['Rabatt 100% AB']);
    expect(await creditorNames('r_s')).toEqual(['Under_streck AB']);
  });

  it("finds an identifier with or without its hyphen, with the status filter, in the organisation's rows only", async () => {
    expect(await creditorNames('5560360793')).toEqual(['Nummer AB']);
    expect(await creditorNames('556036-0793', 'inactive')).toEqual(['Nummer AB']);
    expect(await creditorNames('556036-0793', 'active')).toEqual([]);
  });

  it('filters parties by type and finds a personnummer by its digits', async () => {
    const parties = (type: 'person' | 'company', query: string) =>
      listDirectoryRows(database.db, partyDirectoryTable, 'org-a', { ...page('name', query), type });
    expect((await parties('person', '811218-9876')).rows.map((row) => row.name)).toEqual(['Åsa Öberg']);
    expect((await parties('company', 'ÖBERG')).rows.map((row) => row.name)).toEqual(['Öbergs Åkeri AB']);
    expect((await parties('person', 'åkeri')).total).toBe(0);
  });

  it('pages in the order asked with the total of all matches', async () => {
    const first = await listDirectoryRows(database.db, creditorDirectoryTable, 'org-a', { ...page('created_at'), limit: 3 });
    const rest = await listDirectoryRows(database.db, creditorDirectoryTable, 'org-a', { ...page('created_at'), limit: 50, offset: 3 });
    expect(first.total).toBe(NAMES.length + 1);
    expect([...first.rows, ...rest.rows].map((row) => row.id)).toEqual([...first.rows, ...rest.rows].map((row) => row.id).sort());
    expect(new Set([...first.rows, ...rest.rows].map((row) => row.id)).size).toBe(NAMES.length + 1);
  });
}

describe('directory search on SQLite', () => {
  searchContract(async () => openSqliteDatabase(':memory:'));
});

describePostgres('directory search on PostgreSQL', () => {
  let created: TestDatabase;
  afterAll(() => created.drop());
  searchContract(async () => {
    created = await createTestDatabase();
    return openPostgresDatabase(created.url, { poolSize: 2 });
  });
});
