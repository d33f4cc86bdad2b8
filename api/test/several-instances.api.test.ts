import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decimalToOre, encodeBankFileLatin1, kronor, generateOcrReference, writeBgMax, type BgMaxWriterPayment } from '@fordran/core';
import { createSystemClock, type CaseDetail, type ImportSummary, type PaymentResponse, type TrialBalanceResponse } from '@fordran/services';
import { bookViolations, type Books } from '@fordran/services/testing';
import { openPostgresDatabase, type PostgresDatabase } from '@fordran/store';
import { createTestDatabase, describePostgres, rawSql, type TestDatabase } from '@fordran/store/testing';
import { call, CHILD_PASSWORD, signedUpAdmin, spawnFordran, type ChildServer } from './child-server';
import { bgMaxFileOfUnknownPayments } from './fixtures';

/*
 * Issue 17, two instances on one PostgreSQL database: two `npm start` servers in processes of
 * their own, each with its own data folder, sharing only the database and the signing secret.
 * A session made on one works on the other; allocations fired at one case through both never
 * settle more than it owes; one bank file posted to both at once is booked once; a server killed
 * in the middle of an import job loses it to the other within a lease, and nothing is booked twice.
 * Afterwards every money invariant holds (docs/architecture.md "Invariants").
 */

const SECRET = 'a-shared-secret-of-two-instances-0123456789';
const LEASE_MS = 4000;
const POLL_MS = 100;
/** Large files go to the job worker; the small file of the simultaneous import does not. */
const IMPORT_JOB_BYTES = 16 * 1024;

type ErrorBody = { error: { code: string; message: string } };
interface Session {
  access_token: string;
  refresh_token: string;
}
interface JobRow {
  status: string;
  attempts: number;
  progress: number;
  locked_by: string | null;
}

describePostgres('two servers on one PostgreSQL database', () => {
  let database: TestDatabase;
  const dirs: string[] = [];
  let servers: ChildServer[];
  /** The test's own connection, for what the API does not show (locks, raw counts, the books). */
  let store: PostgresDatabase;
  let books: Books;
  let admin: { token: string; orgId: string };

  const base = () => `/api/orgs/${admin.orgId}`;
  /** Requests alternate between the servers: the n-th goes to servers[n % 2]. */
  const alternate = (n: number) => servers[n % servers.length]!;

  function spawnInstance(): Promise<ChildServer> {
    const dir = mkdtempSync(join(tmpdir(), 'fordran-instance-'));
    dirs.push(dir);
    return spawnFordran({
      FORDRAN_DATABASE_URL: database.url,
      FORDRAN_SECRET: SECRET,
      FORDRAN_DATA_DIR: dir,
      FORDRAN_UI_DIST: join(dir, 'no-ui'),
      FORDRAN_JOB_LEASE_MS: String(LEASE_MS),
      FORDRAN_JOB_POLL_MS: String(POLL_MS),
      FORDRAN_IMPORT_JOB_BYTES: String(IMPORT_JOB_BYTES),
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    // Both start on the empty database at once: one migrates, the other waits for it.
    servers = await Promise.all([spawnInstance(), spawnInstance()]);
    store = await openPostgresDatabase(database.url, { migrate: false, poolSize: 2 });
    admin = await signedUpAdmin(servers[0]!.url, 'karin@example.se');
    books = { sql: rawSql(store), orgId: admin.orgId };
  }, 120_000);
  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await store?.close();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function post<T>(server: ChildServer, path: string, body: unknown): Promise<{ status: number; body: T }> {
    return call<T>(server.url, 'POST', `${base()}${path}`, { token: admin.token, body });
  }

  async function get<T>(server: ChildServer, path: string): Promise<T> {
    const response = await call<T>(server.url, 'GET', `${base()}${path}`, { token: admin.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  /** An active case of `principal` kronor due today (no interest yet), through the API of `server`. */
  async function openCase(server: ChildServer, principal: string): Promise<CaseDetail> {
    const creditor = await post<{ id: string }>(server, '/creditors', { name: `Borgenär ${principal} AB` });
    const party = await post<{ id: string }>(server, '/parties', { type: 'person', name: 'Anna Andersson' });
    const created = await post<CaseDetail>(server, '/cases', {
      creditor_id: creditor.body.id,
      party_id: party.body.id,
      reference_no: `F-${crypto.randomUUID().slice(0, 6)}`,
      principal_amount: principal,
      due_date: createSystemClock().today(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const active = await post<CaseDetail>(server, `/cases/${created.body.id}/status`, { status: 'active' });
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    return active.body;
  }

  async function importFile(server: ChildServer, bytes: Uint8Array, name: string): Promise<{ status: number; body: unknown }> {
    const form = new FormData();
    form.set('file', new File([bytes], name));
    const response = await fetch(`${server.url}${base()}/payments/import`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form });
    return { status: response.status, body: await response.json() };
  }

  function job(id: string): Promise<JobRow> {
    return books.sql<JobRow>('SELECT status, attempts, progress, locked_by FROM job_queue WHERE id = ?', id).then(([row]) => row!);
  }

  /** Payments of a statement, and how many distinct bank transactions they are. */
  async function bookedOf(statementId: string): Promise<{ payments: number; transactions: number }> {
    const [row] = await books.sql<{ payments: number; transactions: number }>(
      'SELECT count(*) AS payments, count(DISTINCT transaction_id) AS transactions FROM payments WHERE org_id = ? AND bank_statement_id = ?',
      admin.orgId,
      statementId,
    );
    return row!;
  }

  it('a session made on one server works on the other: access tokens, refresh rotation, reuse detection, sign-out', async () => {
    const [a, b] = servers as [ChildServer, ChildServer];
    const email = 'delad@example.se';
    expect((await call(a.url, 'POST', '/api/auth/signup', { body: { email, password: CHILD_PASSWORD, full_name: 'Delad Session' } })).status).toBe(201);
    const signIn = (server: ChildServer) => call<Session>(server.url, 'POST', '/api/auth/signin', { body: { email, password: CHILD_PASSWORD } });
    const me = (server: ChildServer, token: string) => call<ErrorBody>(server.url, 'GET', '/api/me', { token });
    const refresh = (server: ChildServer, token: string) =>
      call<Session & ErrorBody>(server.url, 'POST', '/api/auth/refresh', { body: { refresh_token: token } });

    const [onA, onB] = [await signIn(a), await signIn(b)];
    expect([onA.status, onB.status]).toEqual([200, 200]);
    expect((await me(b, onA.body.access_token)).status).toBe(200);
    expect((await me(a, onB.body.access_token)).status).toBe(200);

    // A's refresh token rotated on B: new tokens that work on A.
    const rotated = await refresh(b, onA.body.refresh_token);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(onA.body.refresh_token);
    expect((await me(a, rotated.body.access_token)).status).toBe(200);
    // The used token back on A is reuse: refused, and the whole family ends, on both servers.
    expect(await refresh(a, onA.body.refresh_token)).toMatchObject({ status: 401, body: { error: { code: 'INVALID_REFRESH_TOKEN' } } });
    expect(await refresh(b, rotated.body.refresh_token)).toMatchObject({ status: 401, body: { error: { code: 'INVALID_REFRESH_TOKEN' } } });
    expect(await me(b, rotated.body.access_token)).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHORIZED' } } });

    // The session signed in on B is another family: untouched, until it signs out on A.
    expect((await me(b, onB.body.access_token)).status).toBe(200);
    expect((await call(a.url, 'POST', '/api/auth/signout', { body: { refresh_token: onB.body.refresh_token } })).status).toBe(204);
    expect(await me(b, onB.body.access_token)).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHORIZED' } } });
  });

  it('allocations fired at one case through both servers at once never settle more than it owes', { timeout: 60_000 }, async () => {
    const target = await openCase(servers[0]!, '1000');
    // 3 300 kr of payments against 1 000 kr owed.
    const amounts = ['300', '250', '400', '150', '350', '200', '450', '100', '275', '325', '125', '375'];
    const registered = await Promise.all(amounts.map((amount, n) => post<PaymentResponse>(alternate(n), '/payments', { method: 'manual', amount })));
    expect(registered.map((r) => r.status)).toEqual(amounts.map(() => 201));
    const payments = registered.map((r) => r.body);

    const results = await Promise.all(
      payments.map((payment, n) => post<ErrorBody>(alternate(n + 1), `/payments/${payment.id}/allocate`, { case_id: target.id })),
    );
    const accepted = payments.filter((_, n) => results[n]!.status === 200);
    const refused = payments.filter((_, n) => results[n]!.status !== 200);
    // Each either settled or refused as the product refuses more than the case owes (or a case
    // that a payment closed meanwhile): never a server error.
    for (const [n, result] of results.entries()) {
      if (result.status === 200) continue;
      expect({ status: result.status, code: result.body.error?.code }, `allocation ${n}`).toMatchObject({
        status: 422,
        code: expect.stringMatching(/^(PAYMENT_EXCEEDS_OUTSTANDING|INVALID_TRANSITION)$/),
      });
    }
    expect(accepted.length).toBeGreaterThan(0);

    const after = await get<CaseDetail>(servers[1]!, `/cases/${target.id}`);
    const paidOre = accepted.reduce((sum, payment) => sum + decimalToOre(payment.amount), 0);
    expect(paidOre).toBeLessThanOrEqual(kronor(1000));
    expect(decimalToOre(after.amount_paid_total)).toBe(paidOre);
    expect(decimalToOre(after.total_outstanding)).toBe(kronor(1000) - paidOre);
    // A refusal was no lost race: the payment did not fit even in what is left now.
    for (const payment of refused) expect(decimalToOre(payment.amount)).toBeGreaterThan(decimalToOre(after.total_outstanding));
    // The refused stay registered, unbooked and whole, for a person to place.
    for (const payment of refused) {
      expect(await get<PaymentResponse>(servers[0]!, `/payments/${payment.id}`)).toMatchObject({
        status: 'received',
        unallocated_amount: payment.amount,
        allocations: [],
      });
    }
    for (const payment of accepted) {
      expect(await get<PaymentResponse>(servers[1]!, `/payments/${payment.id}`)).toMatchObject({ status: 'allocated', unallocated_amount: '0.00' });
    }
    expect(await bookViolations(books)).toEqual([]);
  });

  it('one bank file posted to both servers at the same moment is booked once', { timeout: 60_000 }, async () => {
    const [paid, over] = [await openCase(servers[1]!, '500'), await openCase(servers[0]!, '300')];
    const today = createSystemClock().today();
    const unknown: BgMaxWriterPayment[] = Array.from({ length: 8 }, (_, n) => ({
      amountOre: kronor(40 + n),
      bgc_serial: `70000000000${n}`,
      reference: generateOcrReference(`8${String(n + 1).padStart(8, '0')}`),
    }));
    const file = encodeBankFileLatin1(
      writeBgMax({
        timestamp: `${today.replace(/-/g, '')}080000000000`,
        sections: [
          {
            recipient_bankgiro: '9912346',
            account: '50000058398257466',
            paid_at: today,
            deposit_serial: 1,
            payments: [
              { amountOre: kronor(500), bgc_serial: '700000000101', reference: paid.ocr_reference! },
              // 150 kr more than the case owes: the remainder stays on the payment (2990).
              { amountOre: kronor(450), bgc_serial: '700000000102', reference: over.ocr_reference! },
              ...unknown,
            ],
          },
        ],
      }),
    );
    expect(file.length).toBeLessThan(IMPORT_JOB_BYTES);

    const [first, second] = await Promise.all(servers.map((server) => importFile(server, file, 'bgmax-samtidig.txt')));
    expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([200, 200]);
    const summaries = [first.body, second.body] as ImportSummary[];
    // One booked the file, the other found every transaction booked already.
    const booked = summaries.find((summary) => summary.duplicates === 0)!;
    const repeated = summaries.find((summary) => summary !== booked)!;
    expect(booked).toMatchObject({ payments: 10, allocated: 1, partially_allocated: 1, unmatched: 8, held: 0 });
    expect(repeated).toMatchObject({ payments: 10, duplicates: 10, matched: 0, unmatched: 0, held: 0, statement_id: booked.statement_id });
    expect(await bookedOf(booked.statement_id!)).toEqual({ payments: 10, transactions: 10 });

    expect(await get<CaseDetail>(servers[0]!, `/cases/${paid.id}`)).toMatchObject({ status: 'closed', amount_paid_total: '500.00', total_outstanding: '0.00' });
    expect(await get<CaseDetail>(servers[1]!, `/cases/${over.id}`)).toMatchObject({ status: 'closed', amount_paid_total: '300.00', total_outstanding: '0.00' });
    const [overPayment] = await books.sql<{ status: string; unallocated_amount: number }>(
      'SELECT status, unallocated_amount FROM payments WHERE org_id = ? AND ocr = ?',
      admin.orgId,
      over.ocr_reference,
    );
    expect(overPayment).toEqual({ status: 'partially_allocated', unallocated_amount: kronor(150) });
    expect(await bookViolations(books)).toEqual([]);
  });

  it('a server killed in the middle of an import job loses it to the other within a lease; every payment is booked once', { timeout: 150_000 }, async () => {
    const count = 4000;
    const upload = await importFile(servers[0]!, bgMaxFileOfUnknownPayments(count), 'stor.txt');
    expect(upload.status, JSON.stringify(upload.body)).toBe(202);
    const jobId = (upload.body as { job_id: string }).job_id;
    // Either worker may claim it; the one that holds it is killed once part of the file is booked.
    await expect.poll(async () => (await job(jobId)).progress, { timeout: 60_000, interval: 20 }).toBeGreaterThan(0);
    const dead = await job(jobId);
    const holder = servers.find((server) => dead.locked_by?.split(':')[1] === String(server.process.pid));
    expect(holder, `held by ${dead.locked_by}`).toBeDefined();
    const survivor = servers.find((server) => server !== holder)!;
    await holder!.stop('SIGKILL');
    const killedAt = Date.now();
    expect(dead).toMatchObject({ status: 'processing', attempts: 1 });

    const [{ n: bookedAtKill }] = (await books.sql<{ n: number }>(
      'SELECT count(*) AS n FROM payments p JOIN bank_statements s ON s.id = p.bank_statement_id WHERE p.org_id = ? AND s.file_name = ?',
      admin.orgId,
      'stor.txt',
    )) as [{ n: number }];
    expect(bookedAtKill).toBeGreaterThan(0);
    expect(bookedAtKill).toBeLessThan(count);

    // Taken over by the survivor once the lease lapsed: within a lease, a poll and some slack.
    await expect.poll(async () => (await job(jobId)).locked_by?.split(':')[1], { timeout: LEASE_MS + 10_000, interval: 50 }).toBe(String(survivor.process.pid));
    expect(Date.now() - killedAt).toBeLessThan(LEASE_MS + POLL_MS + 2000);

    await expect.poll(async () => (await job(jobId)).status, { timeout: 120_000, interval: 200 }).toBe('completed');
    const finished = await get<{ status: string; attempts: number; result: ImportSummary }>(survivor, `/jobs/${jobId}`);
    expect(finished).toMatchObject({ status: 'completed', attempts: 2 });
    // The second attempt skipped what the first had booked and booked only the rest.
    expect(finished.result.duplicates).toBeGreaterThanOrEqual(bookedAtKill);
    expect(finished.result.duplicates + finished.result.unmatched).toBe(count);
    expect(await bookedOf(finished.result.statement_id!)).toEqual({ payments: count, transactions: count });
  });

  it('afterwards the books hold across everything both servers did', async () => {
    const survivor = servers.find((server) => server.process.exitCode === null && server.process.signalCode === null)!;
    const duplicated = await books.sql(
      'SELECT transaction_id, count(*) AS n FROM payments WHERE org_id = ? AND transaction_id IS NOT NULL GROUP BY transaction_id HAVING count(*) > 1',
      admin.orgId,
    );
    expect(duplicated).toEqual([]);
    expect(await bookViolations(books)).toEqual([]);
    const trial = await get<TrialBalanceResponse>(survivor, '/ledger/trial-balance');
    expect(trial).toMatchObject({ is_balanced: true, total_balance: '0.00' });
    expect(trial.total_debit).toBe(trial.total_credit);
  });
});
