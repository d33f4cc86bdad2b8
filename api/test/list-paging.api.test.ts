import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeeJournal, buildInterestJournal, buildUnallocatedPaymentJournal, ore, type LedgerJournal } from '@fordran/core';
import { insertLedgerJournal } from '@fordran/store';
import { appendAudit, auditLogFiltersResponseSchema, auditLogResponseSchema, ledgerJournalListResponseSchema } from '@fordran/services';
import { createMember, createTestApi, createUser, expectBody, expectError, type TestApi, type TestUser } from './helpers';
import { insertCase, insertCreditor, insertParty } from './fixtures';

/*
 * Keyset paging of the long lists (issue 10): the journals ('Journaler') and the system log
 * ('Systemlogg') page beyond the latest 50 by cursor, with filters. Every row that exists when a
 * walk starts is on exactly one page even while rows are written between the page requests; the
 * filters combine; a cursor never reaches another organisation.
 */

let api: TestApi;
let admin: TestUser;
let finance: TestUser;
let other: TestUser;
let caseId: string;
let creditorId: string;

type Journal = ReturnType<typeof ledgerJournalListResponseSchema.parse>['journals'][number];
type Entry = ReturnType<typeof auditLogResponseSchema.parse>['entries'][number];

const queryString = (query: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
const journalsPath = (user: TestUser, query: Record<string, string | number>) => `/api/orgs/${user.org_id}/ledger/journals?${queryString(query)}`;
const auditPath = (user: TestUser, query: Record<string, string | number>) => `/api/orgs/${user.org_id}/audit-log?${queryString(query)}`;

/** Books `journal` in `orgId` at the instant `at` (booked_at). */
async function book(orgId: string, journal: LedgerJournal, at: string): Promise<void> {
  await api.ctx.database.transaction((tx) => insertLedgerJournal(tx, journal, { orgId, at }));
}

const fee = (n: number, day: string) =>
  buildFeeJournal({ amountOre: ore(100 + n), fee_code: 'REMINDER_60', source_ref: `fee-${n}`, case_id: caseId, creditor_id: creditorId, booked_at: day });
const interest = (n: number, day: string) =>
  buildInterestJournal({ amountOre: ore(10 + n), source_ref: `int-${n}`, case_id: caseId, creditor_id: creditorId, booked_at: day });
const unallocated = (n: number, day: string) => buildUnallocatedPaymentJournal({ amountOre: ore(500 + n), payment_id: `pay-${n}`, booked_at: day });

/** Each row written behind the cursor is older than the one before, so the walk has not passed it yet. */
function hoursBefore(instant: string, hours: number): string {
  return new Date(Date.parse(instant) - hours * 3_600_000).toISOString();
}

/** Every page of a list, following next_cursor, with `between` run before each later page. */
async function walk<T>(
  firstPath: string,
  pathAfter: (cursor: string) => string,
  read: (response: Response) => Promise<{ rows: T[]; next_cursor: string | null }>,
  user: TestUser,
  between: (page: number) => Promise<void> = async () => {},
): Promise<T[][]> {
  const pages: T[][] = [];
  let page = await read(await api.request('GET', firstPath, { token: user.token }));
  pages.push(page.rows);
  while (page.next_cursor) {
    await between(pages.length);
    page = await read(await api.request('GET', pathAfter(page.next_cursor), { token: user.token }));
    pages.push(page.rows);
    if (pages.length > 100) throw new Error('the cursor does not advance');
  }
  return pages;
}

const readJournals = async (response: Response) => {
  const body = await expectBody(response, 200, ledgerJournalListResponseSchema);
  return { rows: body.journals, next_cursor: body.next_cursor };
};
const readAudit = async (response: Response) => {
  const body = await expectBody(response, 200, auditLogResponseSchema);
  return { rows: body.entries, next_cursor: body.next_cursor };
};

function walkJournals(user: TestUser, query: Record<string, string | number>, between?: (page: number) => Promise<void>) {
  return walk<Journal>(journalsPath(user, query), (cursor) => journalsPath(user, { ...query, cursor }), readJournals, user, between);
}

function walkAudit(user: TestUser, query: Record<string, string | number>, between?: (page: number) => Promise<void>) {
  return walk<Entry>(auditPath(user, query), (cursor) => auditPath(user, { ...query, cursor }), readAudit, user, between);
}

/** Strictly newest first by (instant, id): the list's order, with no row twice. */
function expectNewestFirst(rows: { id: string; at: string }[]): void {
  for (let i = 1; i < rows.length; i += 1) {
    const [newer, older] = [rows[i - 1]!, rows[i]!];
    expect(newer.at > older.at || (newer.at === older.at && newer.id > older.id), `${newer.at} ${newer.id} before ${older.at} ${older.id}`).toBe(true);
  }
}

async function journalIds(orgId: string, where = '1 = 1', ...params: string[]): Promise<string[]> {
  return (await api.sql<{ id: string }>(`SELECT id FROM gl_journals WHERE org_id = ? AND ${where}`, orgId, ...params)).map((row) => row.id);
}

beforeAll(async () => {
  api = await createTestApi();
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  finance = await createMember(api, admin, 'finance');
  other = await createUser(api, { name: 'Olle Annanbyrå' });
  creditorId = await insertCreditor(api, admin.org_id, 'Elbolaget Norr AB');
  const partyId = await insertParty(api, admin.org_id, 'Anna Andersson');
  caseId = await insertCase(api, admin.org_id, {
    creditorId,
    partyId,
    status: 'active',
    outstandingOre: 795000,
    dueDate: '2026-06-30',
    createdAt: '2026-07-01T08:00:00.000Z',
  });

  // 30 days of bookings in October 2026, three a day at the same instant (ties broken by id):
  // a fee, an interest and, every third day, an unallocated payment.
  for (let day = 1; day <= 30; day += 1) {
    const date = `2026-10-${String(day).padStart(2, '0')}`;
    const at = `${date}T10:00:00.000Z`;
    await book(admin.org_id, fee(day, date), at);
    await book(admin.org_id, interest(day, date), at);
    if (day % 3 === 0) await book(admin.org_id, unallocated(day, date), at);
  }
  // The other organisation books on the same days.
  const otherCreditor = await insertCreditor(api, other.org_id, 'Annan Borgenär AB');
  const otherParty = await insertParty(api, other.org_id, 'Bertil Annan');
  const otherCase = await insertCase(api, other.org_id, {
    creditorId: otherCreditor,
    partyId: otherParty,
    status: 'active',
    outstandingOre: 10000,
    dueDate: '2026-06-30',
    createdAt: '2026-07-01T08:00:00.000Z',
  });
  for (let day = 1; day <= 10; day += 1) {
    const date = `2026-10-${String(day).padStart(2, '0')}`;
    await book(
      other.org_id,
      buildFeeJournal({ amountOre: ore(6000), fee_code: 'REMINDER_60', source_ref: `o-${day}`, case_id: otherCase, booked_at: date }),
      `${date}T10:00:00.000Z`,
    );
  }
});
afterAll(() => api.close());

describe('GET /ledger/journals: pages by cursor', () => {
  it('gives every journal exactly once, newest first, while journals are booked between the page requests', async () => {
    const before = await journalIds(admin.org_id);
    let extra = 0;
    const pages = await walkJournals(admin, { limit: 7 }, async () => {
      // One booking now (newer than every page) and one back in time (older than the cursor, and than the last such one).
      extra += 1;
      api.clock.advanceSeconds(1);
      await book(admin.org_id, fee(1000 + extra, api.clock.today()), api.clock.now());
      await book(admin.org_id, interest(2000 + extra, '2026-09-30'), hoursBefore('2026-09-30T12:00:00.000Z', extra));
    });
    const seen = pages.flat();
    expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
    expect(new Set(seen.map((journal) => journal.id)).size).toBe(seen.length);
    expect(seen.map((journal) => journal.id)).toEqual(expect.arrayContaining(before));
    expectNewestFirst(seen.map((journal) => ({ id: journal.id, at: journal.booked_at })));
    // Booked ahead of the cursor: on the first page of the next walk, not this one.
    const latest = await journalIds(admin.org_id, 'booked_at > ?', '2026-10-30T10:00:00.000Z');
    expect(latest).toHaveLength(extra);
    expect(seen.filter((journal) => latest.includes(journal.id))).toEqual([]);
    // Booked behind the cursor: found when the walk reached them.
    expect(seen.filter((journal) => journal.booked_at.startsWith('2026-09-'))).toHaveLength(extra);
  });

  it('keeps 50 a page by default and says when there is no next page', async () => {
    const first = await expectBody(await api.request('GET', journalsPath(admin, {}), { token: admin.token }), 200, ledgerJournalListResponseSchema);
    expect(first.journals).toHaveLength(50);
    expect(first.next_cursor).not.toBeNull();
    const only = await expectBody(
      await api.request('GET', journalsPath(admin, { source: 'unallocated_payment' }), { token: admin.token }),
      200,
      ledgerJournalListResponseSchema,
    );
    expect(only.journals).toHaveLength(10);
    expect(only.next_cursor).toBeNull();
  });

  it('combines the booked days (Swedish calendar days), the source and the account, on every page', async () => {
    // 2026-10-05 .. 2026-10-20: 16 days × fee, and the account 3010 (fee income) only fee journals touch.
    const pages = await walkJournals(admin, { from: '2026-10-05', to: '2026-10-20', source: 'fee', account: '3010', limit: 4 });
    const seen = pages.flat();
    expect(seen).toHaveLength(16);
    expect(pages).toHaveLength(4);
    expect(seen.every((journal) => journal.source === 'fee' && journal.entries.some((entry) => entry.account_code === '3010'))).toBe(true);
    expect(seen[0]!.booked_at).toBe('2026-10-20T10:00:00.000Z');
    expect(seen.at(-1)!.booked_at).toBe('2026-10-05T10:00:00.000Z');

    // 1900 client funds: only the unallocated payments touch it; with the days 2026-10-10 .. 2026-10-21.
    const clientFunds = (await walkJournals(admin, { account: '1900', from: '2026-10-10', to: '2026-10-21', limit: 2 })).flat();
    expect(clientFunds.map((journal) => journal.booked_at.slice(0, 10))).toEqual(['2026-10-21', '2026-10-18', '2026-10-15', '2026-10-12']);
    expect(clientFunds.every((journal) => journal.source === 'unallocated_payment')).toBe(true);
  });

  it('counts a day in Swedish time: a booking at 23:30 UTC on 31 October is 1 November', async () => {
    await book(admin.org_id, fee(3000, '2026-11-01'), '2026-10-31T23:30:00.000Z');
    const november = await expectBody(
      await api.request('GET', journalsPath(admin, { from: '2026-11-01', to: '2026-11-01', source: 'fee' }), { token: admin.token }),
      200,
      ledgerJournalListResponseSchema,
    );
    expect(november.journals.map((journal) => journal.booked_at)).toEqual(['2026-10-31T23:30:00.000Z']);
  });

  it('finds the journals of an account however many entries it has (the busy account takes the other query)', async () => {
    // Past 5 000 entries on 1900 the list walks the journals instead of the account's entries.
    await api.ctx.database.transaction(async (tx) => {
      for (let n = 0; n < 5000; n += 1) {
        await insertLedgerJournal(tx, unallocated(10_000 + n, '2026-08-01'), {
          orgId: admin.org_id,
          at: `2026-08-01T08:${String(Math.floor(n / 100) % 60).padStart(2, '0')}:00.000Z`,
        });
      }
    });
    const expected = await journalIds(
      admin.org_id,
      "id IN (SELECT journal_id FROM gl_entries e JOIN gl_accounts a ON a.id = e.account_id WHERE a.code = '1900') AND booked_at >= ? AND booked_at < ?",
      '2026-10-09T22:00:00.000Z',
      '2026-10-21T22:00:00.000Z',
    );
    const busy = (await walkJournals(admin, { account: '1900', from: '2026-10-10', to: '2026-10-21', limit: 2 })).flat();
    expect(busy.map((journal) => journal.id).sort()).toEqual(expected.sort());
    expect(busy).toHaveLength(4);
    const august = await expectBody(
      await api.request('GET', journalsPath(admin, { account: '2990', to: '2026-08-01', limit: 200 }), { token: admin.token }),
      200,
      ledgerJournalListResponseSchema,
    );
    expect(august.journals).toHaveLength(200);
    expect(august.journals.every((journal) => journal.booked_at.startsWith('2026-08-01'))).toBe(true);
  });

  it("never shows another organisation's journals, not even with its cursor", async () => {
    const mine = await expectBody(await api.request('GET', journalsPath(admin, { limit: 3 }), { token: admin.token }), 200, ledgerJournalListResponseSchema);
    const theirs = (await walkJournals(other, { limit: 4 })).flat();
    expect(theirs).toHaveLength(10);
    expect(new Set(theirs.map((journal) => journal.id))).toEqual(new Set(await journalIds(other.org_id)));
    const withMyCursor = await expectBody(
      await api.request('GET', journalsPath(other, { cursor: mine.next_cursor! }), { token: other.token }),
      200,
      ledgerJournalListResponseSchema,
    );
    const theirIds = await journalIds(other.org_id);
    expect(withMyCursor.journals.every((journal) => theirIds.includes(journal.id))).toBe(true);
    // The account code is the other organisation's own 1900: none of its journals touch it.
    const otherFunds = await expectBody(
      await api.request('GET', journalsPath(other, { account: '1900' }), { token: other.token }),
      200,
      ledgerJournalListResponseSchema,
    );
    expect(otherFunds.journals).toEqual([]);
    await expectError(await api.request('GET', journalsPath(admin, {}), { token: other.token }), 404, 'NOT_FOUND');
  });

  it.each([
    ['a cursor that is not one', { cursor: 'inte-en-markör' }, 'Ogiltig sidmarkör'],
    ['a backwards range', { from: '2026-10-20', to: '2026-10-05' }, 'Från-datum får inte vara efter till-datum'],
    ['a day that does not exist', { from: '2026-02-30' }, 'Ogiltigt datum'],
    ['an account not in the chart', { account: '9999' }, 'Konto 9999 finns inte i kontoplanen'],
  ])('refuses %s with a clear message', async (_name, query, message) => {
    const error = await expectError(await api.request('GET', journalsPath(finance, query), { token: finance.token }), 400, 'VALIDATION_FAILED');
    expect(error.message).toBe(message);
  });
});

describe('GET /audit-log: pages by cursor', () => {
  const events = ['case.created', 'payment.allocated', 'party.updated'] as const;

  beforeAll(async () => {
    // 90 rows over 30 days: one per event a day at the same instant, by the admin, the finance
    // member or the system in turn; the other organisation logs the same events.
    await api.ctx.database.transaction(async (tx) => {
      for (let day = 1; day <= 30; day += 1) {
        const at = `2026-10-${String(day).padStart(2, '0')}T09:00:00.000Z`;
        for (const [index, event] of events.entries()) {
          const actor = [admin.user_id, finance.user_id, null][(day + index) % 3]!;
          await appendAudit(tx, { org_id: admin.org_id, actor_id: actor, event, entity: 'cases', entity_id: `c-${day}`, created_at: at });
          await appendAudit(tx, { org_id: other.org_id, actor_id: other.user_id, event, entity: 'cases', entity_id: `o-${day}`, created_at: at });
        }
      }
    });
  });

  async function auditIds(orgId: string): Promise<string[]> {
    return (await api.sql<{ id: string }>('SELECT id FROM audit_logs WHERE org_id = ?', orgId)).map((row) => row.id);
  }

  it('gives every row exactly once, newest first, while the log grows between the page requests', async () => {
    const before = await auditIds(admin.org_id);
    const pages = await walkAudit(admin, { limit: 8 }, async (page) => {
      api.clock.advanceSeconds(1);
      await api.ctx.database.transaction(async (tx) => {
        await appendAudit(tx, { org_id: admin.org_id, actor_id: admin.user_id, event: 'party.created', created_at: api.clock.now() });
        await appendAudit(tx, { org_id: admin.org_id, actor_id: null, event: 'party.created', created_at: hoursBefore('2026-09-30T12:00:00.000Z', page) });
      });
    });
    const seen = pages.flat();
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(seen.length);
    expect(seen.map((entry) => entry.id)).toEqual(expect.arrayContaining(before));
    expectNewestFirst(seen.map((entry) => ({ id: entry.id, at: entry.created_at })));
    // Written behind the cursor: found when the walk reached them; ahead of it: left for the next walk.
    expect(seen.filter((entry) => entry.created_at.startsWith('2026-09-'))).toHaveLength(pages.length - 1);
    expect(seen.filter((entry) => entry.event === 'party.created' && entry.actor_id === admin.user_id)).toEqual([]);
    const written = await api.sql(
      "SELECT count(*) AS n FROM audit_logs WHERE org_id = ? AND event = 'party.created' AND actor_id = ?",
      admin.org_id,
      admin.user_id,
    );
    expect(written).toEqual([{ n: pages.length - 1 }]);
  });

  it('filters by day, event and user, also combined, and the system rows by actor=system', async () => {
    const byEvent = (await walkAudit(admin, { event: 'payment.allocated', from: '2026-10-11', to: '2026-10-20', limit: 3 })).flat();
    expect(byEvent).toHaveLength(10);
    expect(byEvent.every((entry) => entry.event === 'payment.allocated')).toBe(true);
    expect(byEvent.map((entry) => entry.entity_id)).toEqual(Array.from({ length: 10 }, (_, i) => `c-${20 - i}`));

    const byFinance = (await walkAudit(admin, { actor: finance.user_id, event: 'case.created', limit: 4 })).flat();
    expect(byFinance.map((entry) => entry.entity_id)).toEqual(
      Array.from({ length: 30 }, (_, i) => 30 - i)
        .filter((day) => day % 3 === 1)
        .map((day) => `c-${day}`),
    );
    expect(byFinance.every((entry) => entry.actor_id === finance.user_id && entry.actor_name?.startsWith('finance '))).toBe(true);

    const bySystem = (await walkAudit(admin, { actor: 'system', from: '2026-10-01', to: '2026-10-31' })).flat();
    expect(bySystem).toHaveLength(30);
    expect(bySystem.every((entry) => entry.actor_id === null && entry.actor_name === null)).toBe(true);
  });

  it('lists the events and users that occur in the log, for the filters', async () => {
    const filters = await expectBody(
      await api.request('GET', `/api/orgs/${admin.org_id}/audit-log/filters`, { token: admin.token }),
      200,
      auditLogFiltersResponseSchema,
    );
    const codes = filters.events.map((option) => option.event);
    expect(codes).toEqual(expect.arrayContaining([...events, 'party.created']));
    // By their Swedish labels, which name every code.
    const labels = filters.events.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'sv')));
    expect(filters.events.find((option) => option.event === 'party.created')?.label).toBe('Part skapad');
    expect(filters.actors.map((actor) => actor.id).sort()).toEqual([admin.user_id, finance.user_id].sort());
    expect(filters.actors.find((actor) => actor.id === admin.user_id)?.name).toBe('Karin Lindqvist');
  });

  it("keeps to the organisation: another organisation's rows, users and cursor never show", async () => {
    const mine = await expectBody(await api.request('GET', auditPath(admin, { limit: 5 }), { token: admin.token }), 200, auditLogResponseSchema);
    const theirs = (await walkAudit(other, { limit: 40 })).flat();
    expect(new Set(theirs.map((entry) => entry.id))).toEqual(new Set(await auditIds(other.org_id)));
    const withMyCursor = await expectBody(
      await api.request('GET', auditPath(other, { cursor: mine.next_cursor! }), { token: other.token }),
      200,
      auditLogResponseSchema,
    );
    const theirIds = await auditIds(other.org_id);
    expect(withMyCursor.entries.every((entry) => theirIds.includes(entry.id))).toBe(true);
    const mineByTheirUser = await expectBody(
      await api.request('GET', auditPath(admin, { actor: other.user_id }), { token: admin.token }),
      200,
      auditLogResponseSchema,
    );
    expect(mineByTheirUser.entries).toEqual([]);
    const theirFilters = await expectBody(
      await api.request('GET', `/api/orgs/${other.org_id}/audit-log/filters`, { token: other.token }),
      200,
      auditLogFiltersResponseSchema,
    );
    expect(theirFilters.actors.map((actor) => actor.id)).toEqual([other.user_id]);
  });

  it('is for admins only, and refuses a bad cursor or a backwards range', async () => {
    await expectError(await api.request('GET', auditPath(admin, {}), { token: finance.token }), 403, 'FORBIDDEN');
    await expectError(await api.request('GET', `/api/orgs/${admin.org_id}/audit-log/filters`, { token: finance.token }), 403, 'FORBIDDEN');
    expect(
      (await expectError(await api.request('GET', auditPath(admin, { cursor: 'WyJ4Il0' }), { token: admin.token }), 400, 'VALIDATION_FAILED')).message,
    ).toBe('Ogiltig sidmarkör');
    expect(
      (
        await expectError(
          await api.request('GET', auditPath(admin, { from: '2026-10-02', to: '2026-10-01' }), { token: admin.token }),
          400,
          'VALIDATION_FAILED',
        )
      ).message,
    ).toBe('Från-datum får inte vara efter till-datum');
  });
});
