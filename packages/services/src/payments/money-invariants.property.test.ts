import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  calculateInterest as interestOfClaim,
  CASE_STATUSES,
  decimalToOre,
  DEFAULT_FEE_CATALOGUE,
  DomainError,
  encodeBankFileLatin1,
  generateOcrReference,
  LEGAL_INTEREST_PROFILE,
  ore,
  oreToDecimal,
  REFERENCE_RATES_SEED,
  scaleOre,
  writeBgMax,
  type AllocationOrder,
  type IsoDate,
  type Ore,
} from '@fordran/core';
import { creditors, openPostgresDatabase, organisations, parties, paymentPlans } from '@fordran/store';
import { createTestDatabase, listTableNames, POSTGRES_TESTS_HINT, rawSql, TEST_DATABASE_URL, type RawSql } from '@fordran/store/testing';
import {
  addCaseFee,
  allocatePaymentToCase,
  calculateCaseInterest,
  changeCaseStatus,
  createCase,
  createManualClock,
  createPayment,
  importBankFile,
  openAppContext,
  operatorContext,
  reversePayment,
  runInterestAccrual,
  signUp,
  type AppContext,
  type OrgScope,
} from '..';
import { recordSentDemand, TEST_ENGINE } from '../testing/test-app';
import { bookViolations, ledgerBalances } from '../testing/book-violations';

/*
 * Issue 5: the money invariants hold through the real use cases on a real store — SQLite or
 * PostgreSQL, as FORDRAN_TEST_ENGINE says — after every step of any sequence of fees, interest,
 * payments, allocations, status changes and bank file imports; importing a file twice books what
 * importing it once does; allocations in any order, from two app instances at once, never settle
 * more than a case owes. The invariants are listed in docs/architecture.md ("Invariants"). Today
 * is 2026-11-22.
 */

const NOW = '2026-11-22T09:00:00.000Z';
const TODAY: IsoDate = '2026-11-22';
const ORG_NAME = 'Karin Lindqvists organisation';
const SECRET = 'a-test-secret-of-reasonable-length';

/** Refusals a use case may answer with; anything else (a crash, a database error) fails the test. */
const REFUSAL_CODES = new Set([
  'VALIDATION_FAILED',
  'INVALID_TRANSITION',
  'PAYMENT_EXCEEDS_OUTSTANDING',
  'NO_DOUBLE_FEES',
  'FEE_NOT_FOUND',
  'FEE_NOT_ALLOWED',
  'ACTION_BLOCKED',
  'NOT_YET_DUE',
  'REFERENCE_RATE_MISSING',
]);

// ── the world: one organisation on a database of its own per run ────────────────────────────

/** Where an app finds its database: the SQLite file, or the PostgreSQL URL when there is one. */
interface DatabaseLocation {
  dbPath: string;
  databaseUrl?: string;
}

/** A database of one run, copied from the template. */
interface WorldDatabase {
  location: DatabaseLocation;
  /** Files the app writes (uploads), beside the database. */
  dataDir: string;
  remove(): Promise<void>;
}

/**
 * The migrated database with the organisation signed up, made once; each run starts from a copy:
 * of the file on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL (a third of the time a fresh,
 * migrated database takes).
 */
interface Template {
  location: DatabaseLocation;
  copy(): Promise<WorldDatabase>;
  remove(): Promise<void>;
}

let dir: string;
let template: Template;
let worlds = 0;

function sqliteTemplate(): Template {
  const templatePath = join(dir, 'template.db');
  return {
    location: { dbPath: templatePath },
    async copy() {
      worlds += 1;
      const dbPath = join(dir, `world-${worlds}.db`);
      copyFileSync(templatePath, dbPath);
      return {
        location: { dbPath },
        dataDir: `${dbPath}-files`,
        async remove() {
          for (const suffix of ['', '-wal', '-shm', '-files']) rmSync(`${dbPath}${suffix}`, { recursive: true, force: true });
        },
      };
    },
    async remove() {},
  };
}

async function postgresTemplate(): Promise<Template> {
  if (!TEST_DATABASE_URL) throw new Error(`FORDRAN_TEST_ENGINE=postgres needs a server: ${POSTGRES_TESTS_HINT}`);
  const created = await createTestDatabase();
  // CREATE and DROP DATABASE run on connections to the server's own database: none may be open to the template.
  const server = await openPostgresDatabase(TEST_DATABASE_URL, { migrate: false, poolSize: 2 });
  const onServer = rawSql(server);
  const templateName = new URL(created.url).pathname.slice(1);

  async function makeCopy(): Promise<WorldDatabase> {
    worlds += 1;
    const name = `${templateName}_w${worlds}`;
    await onServer(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
    const url = new URL(created.url);
    url.pathname = `/${name}`;
    const dataDir = join(dir, `world-${worlds}-files`);
    return {
      location: { dbPath: join(dataDir, 'unused.db'), databaseUrl: url.toString() },
      dataDir,
      async remove() {
        await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  // The next run's copy is made while a run uses its own (the template is complete by the first copy).
  let next: Promise<WorldDatabase> | undefined;
  return {
    location: { dbPath: join(dir, 'unused.db'), databaseUrl: created.url },
    copy() {
      const copy = next ?? makeCopy();
      next = makeCopy();
      next.catch(() => {}); // a failure is reported by the copy() that takes it
      return copy;
    },
    async remove() {
      const spare = await next?.catch(() => undefined);
      await spare?.remove();
      await server.close();
      await created.drop();
    },
  };
}

// Migrating and signing up once, on the engine the tests run on.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fordran-money-'));
  template = TEST_ENGINE === 'postgres' ? await postgresTemplate() : sqliteTemplate();
  const app = await openApp(template.location, dir, { seedReferenceRates: true });
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  const orgId = (await operatorContext(app, ORG_NAME)).membership.org_id;
  await app.database.transaction(async (tx) => {
    await tx.insert(creditors).values({ org_id: orgId, name: 'Elbolaget Norr AB', is_business: true });
    await tx.insert(parties).values({ org_id: orgId, type: 'person', name: 'Anna Andersson' });
    await tx.insert(parties).values({ org_id: orgId, type: 'company', name: 'Bygg & Montage i Luleå AB' });
  });
  await app.database.close();
});
afterAll(async () => {
  await template?.remove();
  rmSync(dir, { recursive: true, force: true });
});

interface World {
  database: WorldDatabase;
  app: AppContext;
  /** Raw SQL on the world's database (`?` placeholders on both engines). */
  sql: RawSql;
  ctx: OrgScope;
  orgId: string;
  creditorId: string;
  partyIds: Record<'person' | 'company', string>;
  caseIds: string[];
  /** Bank files imported so far, to import again. */
  files: Uint8Array[];
  /** BGC serial numbers are unique across a world's files: the bank transaction id is built from them. */
  nextSerial: number;
}

/** An app on a world's database: the tests' own, or a second instance beside it. */
function openApp(location: DatabaseLocation, dataDir: string, options: { seedReferenceRates?: boolean } = {}): Promise<AppContext> {
  return openAppContext({ ...location, dataDir, clock: createManualClock(NOW), secret: SECRET, seedReferenceRates: options.seedReferenceRates ?? false });
}

async function openWorld(order: AllocationOrder = 'costs_first'): Promise<World> {
  const database = await template.copy();
  let app: AppContext;
  try {
    app = await openApp(database.location, database.dataDir);
  } catch (error) {
    await database.remove();
    throw error;
  }
  const ctx = await operatorContext(app, ORG_NAME);
  await app.database.transaction((tx) => tx.update(organisations).set({ allocation_order: order }));
  const partyRows = await app.database.db.select({ id: parties.id, type: parties.type }).from(parties);
  const partyId = (type: 'person' | 'company') => partyRows.find((row) => row.type === type)!.id;
  const [creditor] = await app.database.db.select({ id: creditors.id }).from(creditors).limit(1);
  return {
    database,
    app,
    sql: rawSql(app.database),
    ctx,
    orgId: ctx.membership.org_id,
    creditorId: creditor!.id,
    partyIds: { person: partyId('person'), company: partyId('company') },
    caseIds: [],
    files: [],
    nextSerial: 1,
  };
}

async function closeWorld(world: World): Promise<void> {
  await world.app.database.close();
  await world.database.remove();
}

async function inWorld<T>(order: AllocationOrder, body: (world: World) => Promise<T>): Promise<T> {
  const world = await openWorld(order);
  try {
    return await body(world);
  } finally {
    await closeWorld(world);
  }
}

/** Raw SQL on the world's database, for what the checks read behind the use cases. */
function query<T>(world: World, text: string, ...params: unknown[]): Promise<T[]> {
  return world.sql<T>(text, ...params);
}

// ── snapshots: what a refused command must leave untouched ───────────────────────────────────

interface Snapshot {
  counts: Record<string, number>;
  cases: string;
  payments: string;
}

async function snapshot(world: World): Promise<Snapshot> {
  return {
    counts: await rowCounts(world),
    cases: JSON.stringify(await query(world, 'SELECT * FROM cases ORDER BY id')),
    payments: JSON.stringify(await query(world, 'SELECT * FROM payments ORDER BY id')),
  };
}

let countEveryTable: string | undefined;

/** Every table's row count, in one statement: a snapshot is taken before every step, and a round trip per table is slow on PostgreSQL. */
async function rowCounts(world: World): Promise<Record<string, number>> {
  countEveryTable ??= `SELECT ${(await listTableNames(world.app.database)).map((name) => `(SELECT COUNT(*) FROM "${name}") AS "${name}"`).join(', ')}`;
  const [counts] = await query<Record<string, number>>(world, countEveryTable);
  return counts!;
}

/** What changed since `before` (row counts of every table, case and payment rows), leaving out the tables in `allowed`. */
async function changesSince(world: World, before: Snapshot, allowed: readonly string[] = []): Promise<string[]> {
  const after = await snapshot(world);
  const changes = Object.keys(after.counts)
    .filter((table) => !allowed.includes(table) && after.counts[table] !== before.counts[table])
    .map((table) => `${table}: ${before.counts[table]} → ${after.counts[table]} rows`);
  if (after.cases !== before.cases) changes.push('a case row changed');
  if (after.payments !== before.payments) changes.push('a payment row changed');
  return changes;
}

/** Runs a use case: 'done', or the code of a refusal, which must be a DomainError of the known kinds. */
async function outcomeOf(action: () => unknown): Promise<string> {
  try {
    await action();
    return 'done';
  } catch (error) {
    if (!(error instanceof DomainError) || !REFUSAL_CODES.has(error.code)) throw error;
    return error.code;
  }
}

/**
 * Runs a use case alone (nothing else writes meanwhile). A refusal must change nothing — except
 * that a rule block keeps the case flags that explain it (case-rules.ts). Returns 'done' or the
 * refusal's code.
 */
async function attempt(world: World, action: () => unknown): Promise<string> {
  const before = await snapshot(world);
  const outcome = await outcomeOf(action);
  if (outcome !== 'done') expect(await changesSince(world, before, outcome === 'ACTION_BLOCKED' ? ['case_flags'] : [])).toEqual([]);
  return outcome;
}

// ── generators ──────────────────────────────────────────────────────────────────────────────

/** An amount: fixed öre, or a share (‰) of something known only when the command runs. */
type AmountSpec = { ore: number } | { permille: number };

const amountSpecArb: fc.Arbitrary<AmountSpec> = fc.oneof(
  fc.record({ ore: fc.integer({ min: 1, max: 2_500_000 }) }),
  fc.record({ permille: fc.integer({ min: 1, max: 1300 }) }),
);

function resolveAmount(spec: AmountSpec, baseOre: number): Ore {
  if ('ore' in spec) return ore(spec.ore);
  return ore(Math.max(1, scaleOre(ore(Math.max(baseOre, 0)), spec.permille, 1000)));
}

const pastDateArb = (maxDaysBack: number) => fc.integer({ min: 0, max: maxDaysBack }).map((back) => addDays(TODAY, -back));

const allocationOrderArb = fc.constantFrom<AllocationOrder>('costs_first', 'principal_first');

interface CaseSpec {
  principalOre: number;
  due_date: IsoDate;
  party: 'person' | 'company';
  reminder_fee_agreed: boolean;
  activate: boolean;
}

const caseSpecArb: fc.Arbitrary<CaseSpec> = fc.record({
  principalOre: fc.integer({ min: 100, max: 2_000_000 }),
  due_date: pastDateArb(800),
  party: fc.constantFrom('person', 'company'),
  reminder_fee_agreed: fc.boolean(),
  activate: fc.boolean(),
});

/** Cases F-1, F-2, … (draft, or active when the spec says so). */
async function openCases(world: World, specs: readonly CaseSpec[]): Promise<void> {
  for (const [index, spec] of specs.entries()) {
    const created = await createCase(world.ctx, {
      creditor_id: world.creditorId,
      party_id: world.partyIds[spec.party],
      reference_no: `F-${index + 1}`,
      principal_amount: oreToDecimal(ore(spec.principalOre)),
      due_date: spec.due_date,
      reminder_fee_agreed: spec.reminder_fee_agreed,
    });
    if (spec.activate) await changeCaseStatus(world.ctx, created.id, { status: 'active' });
    world.caseIds.push(created.id);
  }
}

async function caseAt(world: World, index: number): Promise<{ id: string; total_outstanding: number; total_interest: number; ocr_reference: string | null }> {
  const id = world.caseIds[index % world.caseIds.length]!;
  const rows = await query<{ id: string; total_outstanding: number; total_interest: number; ocr_reference: string | null }>(
    world,
    'SELECT id, total_outstanding, total_interest, ocr_reference FROM cases WHERE id = ?',
    id,
  );
  return rows[0]!;
}

/** The payment at `index` among all in the order written (ids are UUIDv7), or among those with money left when `withMoneyLeft` and there are any. */
async function paymentAt(world: World, index: number, withMoneyLeft: boolean): Promise<{ id: string; unallocated_amount: number }> {
  const rows = await query<{ id: string; unallocated_amount: number }>(
    world,
    'SELECT id, unallocated_amount FROM payments WHERE org_id = ? ORDER BY id',
    world.orgId,
  );
  const open = rows.filter((row) => row.unallocated_amount > 0);
  const pool = withMoneyLeft && open.length > 0 ? open : rows;
  return pool[index % pool.length]!;
}

/** A payment line of a generated bank file: to a case's OCR (any amount, over-payments included) or to an OCR no case has. */
interface FileLine {
  to: 'case' | 'unknown';
  caseIndex: number;
  amount: AmountSpec;
}

const fileLineArb: fc.Arbitrary<FileLine> = fc.record({
  to: fc.constantFrom('case', 'case', 'unknown'),
  caseIndex: fc.nat(),
  amount: amountSpecArb,
});

/** A BgMax file (core's writer) paying the lines, shares resolved against the cases' outstanding amounts now. */
async function bgMaxFile(world: World, paidAt: IsoDate, lines: readonly FileLine[]): Promise<Uint8Array> {
  const payments = [];
  for (const line of lines) {
    const target = await caseAt(world, line.caseIndex);
    const serial = world.nextSerial++;
    // 9-prefixed bases: the organisation's own OCR references start at 1 000 000 (create-case.ts).
    const reference = line.to === 'case' && target.ocr_reference ? target.ocr_reference : generateOcrReference(String(90_000_000 + serial));
    payments.push({
      amountOre: resolveAmount(line.amount, target.total_outstanding),
      bgc_serial: String(serial),
      reference,
      reference_code: 'ocr' as const,
      payer_name: 'Anna Andersson',
    });
  }
  return encodeBankFileLatin1(
    writeBgMax({
      timestamp: '20261122080000123456',
      sections: [{ recipient_bankgiro: '9912346', account: '12345678901', paid_at: paidAt, deposit_serial: world.nextSerial, payments }],
    }),
  );
}

function importFile(world: World, bytes: Uint8Array) {
  return importBankFile(world.ctx, { file_name: 'bgmax.txt', bytes, format: 'bgmax' });
}

// ── commands of the stateful test ───────────────────────────────────────────────────────────

interface Model {
  payments: number;
  files: number;
}

/** One step on the real services; after it (done or refused) the books must be kept. */
class Step implements fc.AsyncCommand<Model, World> {
  constructor(
    private readonly label: string,
    private readonly action: (world: World) => unknown,
    private readonly needs: (model: Readonly<Model>) => boolean = () => true,
  ) {}

  check(model: Readonly<Model>): boolean {
    return this.needs(model);
  }

  async run(model: Model, world: World): Promise<void> {
    await attempt(world, () => this.action(world));
    model.payments = (await query<{ n: number }>(world, 'SELECT COUNT(*) AS n FROM payments WHERE org_id = ?', world.orgId))[0]!.n;
    model.files = world.files.length;
    expect(await bookViolations(world)).toEqual([]);
  }

  toString(): string {
    return this.label;
  }
}

const FEE_CODES = [...DEFAULT_FEE_CATALOGUE.map((entry) => entry.code), 'OKAND_AVGIFT'];

const addFee = fc
  .record({ caseIndex: fc.nat(), code: fc.constantFrom(...FEE_CODES) })
  .map(({ caseIndex, code }) => new Step(`addFee(case ${caseIndex}, ${code})`, async (w) => addCaseFee(w.ctx, (await caseAt(w, caseIndex)).id, { code })));

const calculateInterest = fc
  .record({ caseIndex: fc.nat(), asOf: fc.option(pastDateArb(900), { freq: 2 }) })
  .map(
    ({ caseIndex, asOf }) =>
      new Step(`calculateInterest(case ${caseIndex}, ${asOf ?? 'today'})`, async (w) =>
        calculateCaseInterest(w.ctx, (await caseAt(w, caseIndex)).id, asOf ? { as_of: asOf } : {}),
      ),
  );

const nightlyInterestRun = fc
  .option(pastDateArb(400), { freq: 2 })
  .map((asOf) => new Step(`nightlyInterestRun(${asOf ?? 'today'})`, (w) => runInterestAccrual(w.app, { org: ORG_NAME, ...(asOf ? { as_of: asOf } : {}) })));

const registerPayment = fc.record({ caseIndex: fc.nat(), amount: amountSpecArb, paidAt: pastDateArb(400) }).map(
  ({ caseIndex, amount, paidAt }) =>
    new Step(`registerPayment(${JSON.stringify(amount)} of case ${caseIndex}, ${paidAt})`, async (w) =>
      createPayment(w.ctx, {
        method: 'manual',
        amount: oreToDecimal(resolveAmount(amount, (await caseAt(w, caseIndex)).total_outstanding)),
        paid_at: paidAt,
      }),
    ),
);

const allocate = fc
  .record({
    withMoneyLeft: fc.boolean(),
    paymentIndex: fc.nat(),
    caseIndex: fc.nat(),
    amount: fc.option(fc.record({ of: fc.constantFrom('payment', 'case'), permille: fc.integer({ min: 1, max: 1300 }) })),
  })
  .map(
    ({ withMoneyLeft, paymentIndex, caseIndex, amount }) =>
      new Step(
        `allocate(${withMoneyLeft ? 'open ' : ''}payment ${paymentIndex} → case ${caseIndex}, ${amount ? `${amount.permille}‰ of the ${amount.of}` : 'default amount'})`,
        async (w) => {
          const payment = await paymentAt(w, paymentIndex, withMoneyLeft);
          const target = await caseAt(w, caseIndex);
          if (!amount) return allocatePaymentToCase(w.ctx, payment.id, { case_id: target.id });
          const base = amount.of === 'case' ? target.total_outstanding : payment.unallocated_amount;
          return allocatePaymentToCase(w.ctx, payment.id, { case_id: target.id, amount: oreToDecimal(resolveAmount({ permille: amount.permille }, base)) });
        },
        (model) => model.payments > 0,
      ),
  );

const changeStatus = fc
  .record({ caseIndex: fc.nat(), status: fc.constantFrom(...CASE_STATUSES), withReason: fc.boolean() })
  .map(
    ({ caseIndex, status, withReason }) =>
      new Step(`changeStatus(case ${caseIndex} → ${status}${withReason ? ', with a reason' : ''})`, async (w) =>
        changeCaseStatus(w.ctx, (await caseAt(w, caseIndex)).id, withReason ? { status, reason: 'Egenskapstest' } : { status }),
      ),
  );

const importNewFile = fc.record({ paidAt: pastDateArb(400), lines: fc.array(fileLineArb, { minLength: 1, maxLength: 4 }) }).map(
  ({ paidAt, lines }) =>
    new Step(`importBgMax(${paidAt}, ${JSON.stringify(lines)})`, async (w) => {
      const bytes = await bgMaxFile(w, paidAt, lines);
      await importFile(w, bytes);
      w.files.push(bytes);
    }),
);

const reverse = fc.nat().map(
  (paymentIndex) =>
    new Step(
      `reverse(payment ${paymentIndex})`,
      async (w) => reversePayment(w.ctx, (await paymentAt(w, paymentIndex, false)).id, { reason: 'Banken återförde betalningen' }),
      (model) => model.payments > 0,
    ),
);

const importFileAgain = fc.nat().map(
  (fileIndex) =>
    new Step(
      `importAgain(file ${fileIndex})`,
      async (w) => {
        const before = await snapshot(w);
        const summary = await importFile(w, w.files[fileIndex % w.files.length]!);
        expect(summary).toMatchObject({ duplicates: summary.payments, matched: 0, unmatched: 0, duplicate_file: true });
        // Only the audit row of the attempt is new.
        expect(await changesSince(w, before, ['audit_logs'])).toEqual([]);
      },
      (model) => model.files > 0,
    ),
);

// Interest and allocations twice: they are the steps whose interplay matters most.
const commandArbs = [
  addFee,
  calculateInterest,
  calculateInterest,
  nightlyInterestRun,
  registerPayment,
  allocate,
  allocate,
  changeStatus,
  importNewFile,
  importFileAgain,
  reverse,
];

// ── what one import books, comparable across two databases (no ids) ─────────────────────────

async function bookedState(world: World) {
  const rows = (sql: string) => query<Record<string, unknown>>(world, sql, world.orgId);
  return {
    cases: await rows(
      `SELECT cl.reference_no, c.status, c.total_principal, c.total_interest, c.total_fees, c.amount_paid_total, c.total_outstanding
         FROM cases c JOIN claims cl ON cl.id = c.claim_id WHERE c.org_id = ? ORDER BY cl.reference_no`,
    ),
    payments: await rows('SELECT transaction_id, status, amount, unallocated_amount, paid_at, ocr FROM payments WHERE org_id = ? ORDER BY transaction_id'),
    allocations: await rows(
      `SELECT p.transaction_id, cl.reference_no, a.sequence_no, a.amount, a.principal_amount, a.interest_amount, a.fees_amount
         FROM payment_allocations a JOIN payments p ON p.id = a.payment_id JOIN cases c ON c.id = a.case_id JOIN claims cl ON cl.id = c.claim_id
        WHERE a.org_id = ? ORDER BY p.transaction_id, a.sequence_no`,
    ),
    ledger: await rows(
      `SELECT a.code, cl.reference_no, SUM(e.debit) AS debit, SUM(e.credit) AS credit, COUNT(*) AS lines
         FROM gl_entries e JOIN gl_accounts a ON a.id = e.account_id LEFT JOIN cases c ON c.id = e.case_id LEFT JOIN claims cl ON cl.id = c.claim_id
        WHERE e.org_id = ? GROUP BY a.code, cl.reference_no ORDER BY a.code, cl.reference_no`,
    ),
    statements: await rows('SELECT file_checksum, total_credits FROM bank_statements WHERE org_id = ? ORDER BY file_checksum'),
  };
}

/** An allocation that was asked for and how it ended. */
interface AllocationOutcome {
  amountOre: Ore;
  outcome: string;
}

/**
 * Whether the outcomes are those of the allocations run one at a time in some interleaving of the
 * queues (each queue in its order): in turn each was settled while the case owed at least its
 * amount, refused as more than it owed, or refused because paying it in full had closed the case.
 */
function ranOneAtATime(openOre: number, queues: readonly (readonly AllocationOutcome[])[]): boolean {
  if (queues.every((queue) => queue.length === 0)) return true;
  return queues.some((queue, index) => {
    const [next, ...rest] = queue;
    if (!next) return false;
    const expected = openOre === 0 ? 'INVALID_TRANSITION' : next.amountOre > openOre ? 'PAYMENT_EXCEEDS_OUTSTANDING' : 'done';
    const remainingOre = next.outcome === 'done' ? openOre - next.amountOre : openOre;
    return (
      next.outcome === expected &&
      ranOneAtATime(
        remainingOre,
        queues.map((other, i) => (i === index ? rest : other)),
      )
    );
  });
}

// ── properties ──────────────────────────────────────────────────────────────────────────────

describe('money invariants through the services (issue 5)', () => {
  it('any sequence of fees, interest (by hand and nightly), payments, allocations, status changes, imports and reversals keeps the books: journals balance, paid + outstanding = totals, payments add up, the ledger agrees with cases and payments, a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(caseSpecArb, { minLength: 2, maxLength: 4 }),
        allocationOrderArb,
        fc.commands(commandArbs, { maxCommands: 15, size: 'max' }),
        (specs, order, commands) =>
          inWorld(order, (world) =>
            fc.asyncModelRun(async () => {
              await openCases(world, specs);
              expect(await bookViolations(world)).toEqual([]);
              return { model: { payments: 0, files: 0 }, real: world };
            }, commands),
          ),
      ),
      { numRuns: 30 },
    );
  }, 120_000);

  it('import is idempotent: importing any generated bank file twice, one after the other or at once, books exactly what importing it once does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(caseSpecArb, { minLength: 1, maxLength: 3 }),
        allocationOrderArb,
        pastDateArb(60),
        fc.array(fileLineArb, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (specs, order, paidAt, lines, atOnce) => {
          const once = await inWorld(order, async (world) => {
            await openCases(world, specs);
            const summary = await importFile(world, await bgMaxFile(world, paidAt, lines));
            expect(summary.matched + summary.unmatched).toBe(lines.length);
            expect(await bookViolations(world)).toEqual([]);
            return await bookedState(world);
          });
          const twice = await inWorld(order, async (world) => {
            await openCases(world, specs);
            const bytes = await bgMaxFile(world, paidAt, lines);
            const summaries = atOnce
              ? await Promise.all([importFile(world, bytes), importFile(world, bytes)])
              : [await importFile(world, bytes), await importFile(world, bytes)];
            // Each line is booked by one of the two imports and skipped as a duplicate by the other.
            expect(summaries.reduce((n, s) => n + s.matched + s.unmatched, 0)).toBe(lines.length);
            expect(summaries.reduce((n, s) => n + s.duplicates, 0)).toBe(lines.length);
            expect(await bookViolations(world)).toEqual([]);
            return await bookedState(world);
          });
          expect(twice).toEqual(once);
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);

  it('allocations never exceed the outstanding amount: payments of any amounts allocated to one case at once, from two connections, settle at most what it owes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ principalOre: fc.integer({ min: 100, max: 1_000_000 }), withFee: fc.boolean(), withInterest: fc.boolean() }),
        allocationOrderArb,
        fc.array(fc.record({ permille: fc.integer({ min: 1, max: 1100 }), secondConnection: fc.boolean() }), { minLength: 2, maxLength: 6 }),
        (claim, order, attempts) =>
          inWorld(order, async (world) => {
            // The payments are dated today and interest runs to a payment's day first: the case owes the interest to today
            // (calculated up front) or none (due today), so what it owes is known before the payments.
            const due_date = claim.withInterest ? '2026-01-15' : TODAY;
            await openCases(world, [{ principalOre: claim.principalOre, due_date, party: 'person', reminder_fee_agreed: false, activate: true }]);
            const caseId = world.caseIds[0]!;
            if (claim.withFee) {
              await recordSentDemand(world.app, world.orgId, caseId);
              await addCaseFee(world.ctx, caseId, { code: 'COLLECTION_180' });
            }
            if (claim.withInterest) await calculateCaseInterest(world.ctx, caseId);
            const owedOre = (await caseAt(world, 0)).total_outstanding;
            const payments: { amountOre: Ore; id: string; secondConnection: boolean }[] = [];
            for (const { permille, secondConnection } of attempts) {
              const amountOre = resolveAmount({ permille }, owedOre);
              payments.push({ amountOre, id: (await createPayment(world.ctx, { amount: oreToDecimal(amountOre) })).id, secondConnection });
            }

            const second = await openApp(world.database.location, world.database.dataDir);
            try {
              const secondCtx = await operatorContext(second, ORG_NAME);
              const outcomes = await Promise.all(
                payments.map(async (payment) => {
                  await Promise.resolve();
                  const ctx = payment.secondConnection ? secondCtx : world.ctx;
                  return { ...payment, outcome: await outcomeOf(() => allocatePaymentToCase(ctx, payment.id, { case_id: caseId })) };
                }),
              );

              // The model: they ran one at a time, each settled while the case owed at least its amount. SQLite runs an
              // app's write transactions one after the other in the order asked, so each app's ran in its order and only
              // the two apps' interleave; PostgreSQL runs them all at once (SERIALIZABLE, again after a conflict), in any order.
              const queues =
                TEST_ENGINE === 'postgres'
                  ? outcomes.map((entry) => [entry])
                  : [outcomes.filter((entry) => !entry.secondConnection), outcomes.filter((entry) => entry.secondConnection)];
              expect(ranOneAtATime(owedOre, queues), `owed ${owedOre}: ${JSON.stringify(outcomes)}`).toBe(true);
              const openOre = owedOre - outcomes.reduce((sum, entry) => sum + (entry.outcome === 'done' ? entry.amountOre : 0), 0);
              const [after] = await query<{ status: string; amount_paid_total: number; total_outstanding: number }>(
                world,
                'SELECT status, amount_paid_total, total_outstanding FROM cases WHERE id = ?',
                caseId,
              );
              expect(after).toEqual({ status: openOre === 0 ? 'closed' : 'active', amount_paid_total: owedOre - openOre, total_outstanding: openOre });
              expect(await bookViolations(world)).toEqual([]);
            } finally {
              await second.database.close();
            }
          }),
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe('interest up to the payment day', () => {
  // Issue 10's worked example: 10 000 kr due 2025-03-31, interest calculated to 2025-09-30 (513,83), fees 350,00, then 2 000
  // paid 2025-10-15 settles fees 350,00, interest 554,93 (accrued to the payment day) and capital 1 095,07.
  async function exampleCase(world: World): Promise<string> {
    await openCases(world, [{ principalOre: 1_000_000, due_date: '2025-03-31', party: 'company', reminder_fee_agreed: false, activate: true }]);
    const caseId = world.caseIds[0]!;
    expect(await calculateCaseInterest(world.ctx, caseId, { as_of: '2025-09-30' })).toMatchObject({ amount: '513.83' });
    await world.app.database.transaction((tx) =>
      tx.insert(paymentPlans).values({
        org_id: world.orgId,
        case_id: caseId,
        party_id: world.partyIds.company,
        status: 'active',
        installments: 4,
        first_due_date: '2025-10-31',
        setup_fee: ore(17_000),
        total_amount: ore(1_068_383),
        plan_json: { schedule: [] },
      }),
    );
    await recordSentDemand(world.app, world.orgId, caseId);
    await addCaseFee(world.ctx, caseId, { code: 'COLLECTION_180' });
    await addCaseFee(world.ctx, caseId, { code: 'PAYMENT_PLAN_170' });
    return caseId;
  }

  it('a payment allocated by hand settles the interest accrued to its day (fees 350,00 / interest 554,93 / capital 1 095,07)', async () => {
    await inWorld('costs_first', async (world) => {
      const caseId = await exampleCase(world);
      const payment = await createPayment(world.ctx, { amount: '2000', paid_at: '2025-10-15' });
      const { allocation } = await allocatePaymentToCase(world.ctx, payment.id, { case_id: caseId });
      expect(allocation).toMatchObject({ fees: '350.00', interest: '554.93', principal: '1095.07' });
      expect(
        await query(world, 'SELECT total_interest, CAST(interest_calculated_to AS TEXT) AS interest_calculated_to FROM cases WHERE id = ?', caseId),
      ).toEqual([{ total_interest: 55_493, interest_calculated_to: '2025-10-15' }]);
      expect(await bookViolations(world)).toEqual([]);
    });
  });

  it('a case whose interest to the payment day cannot be computed (no reference rate) is left to a person: the import books the payment unmatched, an allocation by hand is refused', async () => {
    await inWorld('costs_first', async (world) => {
      await openCases(world, [{ principalOre: 1_000_000, due_date: '2026-01-15', party: 'person', reminder_fee_agreed: false, activate: true }]);
      await query(world, "DELETE FROM reference_rates WHERE valid_from = '2026-07-01'");
      const summary = await importFile(world, await bgMaxFile(world, '2026-11-20', [{ to: 'case', caseIndex: 0, amount: { ore: 50_000 } }]));
      expect(summary).toMatchObject({ matched: 0, unmatched: 1 });
      const [payment] = await query<{ id: string; status: string }>(world, 'SELECT id, status FROM payments');
      expect(payment!.status).toBe('unmatched');
      expect(await attempt(world, () => allocatePaymentToCase(world.ctx, payment!.id, { case_id: world.caseIds[0]! }))).toBe('REFERENCE_RATE_MISSING');
      expect(await bookViolations(world)).toEqual([]);
    });
  });

  it('a payment imported from a bank file settles the same way', async () => {
    await inWorld('costs_first', async (world) => {
      const caseId = await exampleCase(world);
      await importFile(world, await bgMaxFile(world, '2025-10-15', [{ to: 'case', caseIndex: 0, amount: { ore: 200_000 } }]));
      expect(await query(world, 'SELECT principal_amount, interest_amount, fees_amount FROM payment_allocations WHERE case_id = ?', caseId)).toEqual([
        { principal_amount: 109_507, interest_amount: 55_493, fees_amount: 35_000 },
      ]);
      expect(await bookViolations(world)).toEqual([]);
    });
  });
});

/**
 * A case of 10 000 kr due 2026-01-01 with interest to today, paid 1 000 kr on 2026-06-01 (settling
 * interest), then 9 000 kr back-dated to 2026-01-10, which lowers the interest the first payment settled.
 */
async function laterThenOlderBackDatedPayment(world: World): Promise<{ caseId: string; later: { id: string } }> {
  await openCases(world, [{ principalOre: 1_000_000, due_date: '2026-01-01', party: 'person', reminder_fee_agreed: false, activate: true }]);
  const caseId = world.caseIds[0]!;
  await calculateCaseInterest(world.ctx, caseId);
  const later = await createPayment(world.ctx, { amount: '1000', paid_at: '2026-06-01' });
  await allocatePaymentToCase(world.ctx, later.id, { case_id: caseId });
  await allocatePaymentToCase(world.ctx, (await createPayment(world.ctx, { amount: '9000', paid_at: '2026-01-10' })).id, { case_id: caseId });
  return { caseId, later };
}

describe('back-dated payments', () => {
  it('a payment back-dated before a later one that settled interest never settles more capital than the case has (regression: seed 231299602)', async () => {
    await inWorld('costs_first', async (world) => {
      await openCases(world, [
        { principalOre: 445_651, due_date: '2025-09-23', party: 'person', reminder_fee_agreed: false, activate: false },
        { principalOre: 100, due_date: '2026-11-22', party: 'person', reminder_fee_agreed: false, activate: false },
      ]);
      const caseId = world.caseIds[0]!;
      await calculateCaseInterest(world.ctx, caseId);
      // 40,30 on 2026-11-22 settles interest; the interest up to 2025-10-26 is only 40,29.
      await importFile(world, await bgMaxFile(world, '2026-11-22', [{ to: 'case', caseIndex: 0, amount: { ore: 4030 } }]));
      await importFile(world, await bgMaxFile(world, '2025-10-26', [{ to: 'case', caseIndex: 0, amount: { ore: 445_651 } }]));
      expect(await bookViolations(world)).toEqual([]);
      // The öre of interest the later payment settled beyond the 40,29 now charged paid capital: the back-dated payment
      // keeps that öre as its unallocated remainder.
      expect(await query(world, 'SELECT total_interest, total_outstanding FROM cases WHERE id = ?', caseId)).toEqual([
        { total_interest: 4029, total_outstanding: 0 },
      ]);
      expect(await query(world, "SELECT unallocated_amount FROM payments WHERE paid_at = '2025-10-26'")).toEqual([{ unallocated_amount: 1 }]);
    });
  });

  it('the same with a later payment that settled far more interest than the back-dated day owes', async () => {
    await inWorld('costs_first', async (world) => {
      await openCases(world, [{ principalOre: 445_651, due_date: '2025-09-23', party: 'person', reminder_fee_agreed: false, activate: true }]);
      const caseId = world.caseIds[0]!;
      await calculateCaseInterest(world.ctx, caseId);
      await allocatePaymentToCase(world.ctx, (await createPayment(world.ctx, { amount: '300' })).id, { case_id: caseId });
      await importFile(world, await bgMaxFile(world, '2025-10-26', [{ to: 'case', caseIndex: 0, amount: { ore: 445_651 } }]));
      expect(await bookViolations(world)).toEqual([]);
      const [row] = await query<{ total_outstanding: number }>(world, 'SELECT total_outstanding FROM cases WHERE id = ?', caseId);
      expect(row!.total_outstanding).toBeGreaterThanOrEqual(0);
    });
  });

  it('a payment settles only the interest charged on its own day; the capital it paid stops earning interest from the next day', async () => {
    await inWorld('costs_first', async (world) => {
      await openCases(world, [{ principalOre: 1_000_000, due_date: '2026-01-01', party: 'person', reminder_fee_agreed: false, activate: true }]);
      const caseId = world.caseIds[0]!;
      const toToday = await calculateCaseInterest(world.ctx, caseId);
      const onPaymentDay = interestOfClaim({
        principalOre: ore(1_000_000),
        dueDate: '2026-01-01',
        asOf: '2026-02-01',
        profile: LEGAL_INTEREST_PROFILE,
        referenceRates: REFERENCE_RATES_SEED,
      });

      const payment = await createPayment(world.ctx, { amount: '5000', paid_at: '2026-02-01' });
      const { allocation } = await allocatePaymentToCase(world.ctx, payment.id, { case_id: caseId });
      expect(allocation.interest).toBe(oreToDecimal(onPaymentDay.amountOre));
      expect(decimalToOre(allocation.principal)).toBe(500_000 - onPaymentDay.amountOre);
      // Recalculated to the same day with the capital paid on 2026-02-01: lower than before, and
      // still at least what the payment settled of it.
      const after = await caseAt(world, 0);
      expect(after.total_interest).toBeLessThan(decimalToOre(toToday.amount));
      expect(after.total_interest).toBeGreaterThanOrEqual(onPaymentDay.amountOre);
      expect(await calculateCaseInterest(world.ctx, caseId)).toMatchObject({ change: '0.00' });
      expect(await bookViolations(world)).toEqual([]);
    });
  });

  it('an older back-dated payment that lowers interest a later payment settled moves that part to capital, and the books still agree', async () => {
    await inWorld('costs_first', async (world) => {
      const { caseId } = await laterThenOlderBackDatedPayment(world);
      // The scenario does reach the reclassification: interest settled is above interest charged…
      const [settled] = await query<{ interest: number; charged: number }>(
        world,
        'SELECT (SELECT sum(interest_amount) FROM payment_allocations WHERE case_id = c.id) AS interest, c.total_interest AS charged FROM cases c WHERE c.id = ?',
        caseId,
      );
      expect(settled!.interest).toBeGreaterThan(settled!.charged);
      // …and the books still agree: the excess is capital paid (1511 → 1510).
      expect(await bookViolations(world)).toEqual([]);
    });
  });

  it('reversing a payment whose interest a back-dated payment had moved to capital moves it back (regression: seed -1495779345)', async () => {
    await inWorld('costs_first', async (world) => {
      const { caseId, later } = await laterThenOlderBackDatedPayment(world);
      const [settledBefore] = await query<{ interest: number }>(
        world,
        'SELECT interest_amount AS interest FROM payment_allocations WHERE payment_id = ?',
        later.id,
      );
      expect(settledBefore!.interest).toBeGreaterThan(0);

      await reversePayment(world.ctx, later.id, { reason: 'Banken återförde betalningen' });
      // The later payment's interest is no longer settled, so none of it lies beyond what is charged:
      // 1511 holds all the interest charged and 1510 the capital the earlier payment left.
      expect(await bookViolations(world)).toEqual([]);
      const [row] = await query<{ total_interest: number; paid: number }>(
        world,
        'SELECT total_interest, amount_paid_total AS paid FROM cases WHERE id = ?',
        caseId,
      );
      expect(row!.paid).toBe(900_000);
      const { byCase } = await ledgerBalances(world);
      const paidInterest = (await query<{ i: number }>(world, 'SELECT interest_amount AS i FROM payment_allocations WHERE case_id = ?', caseId))[0]!.i;
      expect(byCase.get(`${caseId}:1511`)).toBe(row!.total_interest - paidInterest);
    });
  });

  it('refuses interest to a date before the latest payment', async () => {
    await inWorld('costs_first', async (world) => {
      await openCases(world, [{ principalOre: 1_000_000, due_date: '2026-01-01', party: 'person', reminder_fee_agreed: false, activate: true }]);
      const caseId = world.caseIds[0]!;
      await calculateCaseInterest(world.ctx, caseId);
      await allocatePaymentToCase(world.ctx, (await createPayment(world.ctx, { amount: '100', paid_at: '2026-03-01' })).id, { case_id: caseId });
      await expect(calculateCaseInterest(world.ctx, caseId, { as_of: '2026-02-01' })).rejects.toThrowError(
        expect.objectContaining({ code: 'VALIDATION_FAILED', message: 'Räntan kan inte beräknas till ett datum före den senaste inbetalningen (2026-03-01)' }),
      );
    });
  });
});
