import { and, asc, count, eq, exists, getTableName, inArray, isNotNull, isNull, lt, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  bankAccounts,
  bankStatements,
  caseFees,
  cases,
  claims,
  commChannelsSettings,
  commTemplates,
  creditors,
  disputes,
  feeCatalogue,
  glAccounts,
  glEntries,
  glJournals,
  interestProfiles,
  jobQueue,
  kfmFiles,
  kfmSubmissions,
  organisations,
  parties,
  paymentAllocations,
  payments,
  rules,
  userOrgRoles,
} from '../schema';
import type { Db } from '../database';
import type { BankStatementRow } from '../types';
import { TENANT_TABLES_CHILDREN_FIRST } from './organisation-data';
import { realCaseCondition } from './template-qa';

/*
 * The facts system validation checks (docs/validation.md), one organisation at a time. Sums are
 * taken in SQL so that an organisation of 100 000 cases is read in one pass per table; only the
 * per-case figures come back row by row (core compares them).
 */

const sumOf = (column: SQLiteColumn | SQL) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

async function countWhere(db: Db, from: SQLiteTable, where: SQL | undefined): Promise<number> {
  return (
    (
      await db
        .select({ n: count().mapWith(Number) })
        .from(from)
        .where(where)
    )[0]?.n ?? 0
  );
}

/** Rows per tenant table of the organisation (information on the report). */
export async function countOrganisationRowsPerTable(db: Db, orgId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TENANT_TABLES_CHILDREN_FIRST) {
    const orgColumn = (table as unknown as Record<string, SQLiteColumn>).org_id!;
    counts[getTableName(table)] = await countWhere(db, table, eq(orgColumn, orgId));
  }
  return counts;
}

/** The set-up counts of system validation (see core SYSTEM_VALIDATION_COUNT_KEYS for their meaning). */
export async function countSystemValidationSetup(db: Db, orgId: string, options: { openDisputesBefore: string }) {
  const organisation = (await db.select().from(organisations).where(eq(organisations.id, orgId)).limit(1))[0];
  const address = organisation?.address_json;
  const missingFields = [organisation?.name, organisation?.org_no, address?.street && address.city ? 'address' : ''].filter((value) => !value?.trim()).length;
  return {
    organisation_missing_fields: missingFields,
    admin_users: await countWhere(db, userOrgRoles, and(eq(userOrgRoles.org_id, orgId), eq(userOrgRoles.role, 'admin'))),
    active_creditors: await countWhere(db, creditors, and(eq(creditors.org_id, orgId), eq(creditors.status, 'active'))),
    active_parties: await countWhere(db, parties, and(eq(parties.org_id, orgId), eq(parties.status, 'active'))),
    cases: await countWhere(db, cases, and(eq(cases.org_id, orgId), isNull(cases.qa_batch_id))),
    active_rules: await countWhere(db, rules, and(eq(rules.org_id, orgId), eq(rules.is_active, true))),
    interest_profiles: await countWhere(db, interestProfiles, eq(interestProfiles.org_id, orgId)),
    active_comm_templates: await countWhere(db, commTemplates, and(eq(commTemplates.org_id, orgId), eq(commTemplates.is_active, true))),
    active_comm_channels: await countWhere(db, commChannelsSettings, and(eq(commChannelsSettings.org_id, orgId), eq(commChannelsSettings.is_active, true))),
    active_bank_accounts: await countWhere(db, bankAccounts, and(eq(bankAccounts.org_id, orgId), eq(bankAccounts.is_active, true))),
    client_funds_bank_accounts: await countWhere(
      db,
      bankAccounts,
      and(eq(bankAccounts.org_id, orgId), eq(bankAccounts.is_active, true), eq(bankAccounts.type, 'client_funds')),
    ),
    mismatched_bank_statements: await countWhere(
      db,
      bankStatements,
      and(eq(bankStatements.org_id, orgId), eq(bankStatements.reconciliation_status, 'mismatch')),
    ),
    unmatched_payments: await countWhere(db, payments, and(eq(payments.org_id, orgId), eq(payments.status, 'unmatched'))),
    failed_jobs: await countWhere(db, jobQueue, and(eq(jobQueue.org_id, orgId), eq(jobQueue.status, 'failed'))),
    failed_kfm_submissions: await countWhere(db, kfmSubmissions, and(eq(kfmSubmissions.org_id, orgId), eq(kfmSubmissions.status, 'failed'))),
    overdue_disputes: await countWhere(
      db,
      disputes,
      and(eq(disputes.org_id, orgId), eq(disputes.status, 'open'), lt(disputes.created_at, options.openDisputesBefore)),
    ),
  };
}

/** The organisation's active fee catalogue (code and amount), for the statutory caps. */
export function listActiveFeeCatalogueAmounts(db: Db, orgId: string): Promise<{ code: string; amount: number }[]> {
  return db
    .select({ code: feeCatalogue.code, amount: feeCatalogue.amount })
    .from(feeCatalogue)
    .where(and(eq(feeCatalogue.org_id, orgId), eq(feeCatalogue.is_active, true)));
}

/** The codes of the organisation's active ledger accounts. */
export async function listActiveGlAccountCodes(db: Db, orgId: string): Promise<string[]> {
  const rows = await db
    .select({ code: glAccounts.code })
    .from(glAccounts)
    .where(and(eq(glAccounts.org_id, orgId), eq(glAccounts.is_active, true)));
  return rows.map((row) => row.code);
}

/** Journals whose entries do not balance (or that have none), with their sums. */
export function listUnbalancedJournals(db: Db, orgId: string) {
  const debit = sumOf(glEntries.debit);
  const credit = sumOf(glEntries.credit);
  return db
    .select({ id: glJournals.id, source: glJournals.source, booked_at: glJournals.booked_at, debit, credit })
    .from(glJournals)
    .leftJoin(glEntries, eq(glEntries.journal_id, glJournals.id))
    .where(eq(glJournals.org_id, orgId))
    .groupBy(glJournals.id)
    .having(sql`coalesce(sum(${glEntries.debit}), 0) <> coalesce(sum(${glEntries.credit}), 0) or count(${glEntries.id}) = 0`)
    .orderBy(asc(glJournals.id));
}

/** Σ debit and Σ credit over all the organisation's entries. */
export async function sumLedgerTotals(db: Db, orgId: string): Promise<{ debit: number; credit: number }> {
  const rows = await db
    .select({ debit: sumOf(glEntries.debit), credit: sumOf(glEntries.credit) })
    .from(glEntries)
    .where(eq(glEntries.org_id, orgId));
  return rows[0] ?? { debit: 0, credit: 0 };
}

const CASE_LEDGER_CODES = ['1510', '1511', '1512', '2890', '3010', '8310'] as const;

/** Every case's stored totals beside Σ of its fees, its allocations and its ledger balance per account (core `caseIntegrityMismatches`). */
export async function listCaseIntegrityFigures(db: Db, orgId: string) {
  const fees = db
    .select({ case_id: caseFees.case_id, charged: sumOf(caseFees.amount).as('charged') })
    .from(caseFees)
    .where(eq(caseFees.org_id, orgId))
    .groupBy(caseFees.case_id)
    .as('fees');
  const allocations = db
    .select({
      case_id: paymentAllocations.case_id,
      allocated: sumOf(paymentAllocations.amount).as('allocated'),
      allocated_principal: sumOf(paymentAllocations.principal_amount).as('allocated_principal'),
      allocated_interest: sumOf(paymentAllocations.interest_amount).as('allocated_interest'),
      allocated_fees: sumOf(paymentAllocations.fees_amount).as('allocated_fees'),
    })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.org_id, orgId))
    .groupBy(paymentAllocations.case_id)
    .as('allocations');
  const balanceOn = (code: string) =>
    sumOf(sql`case when ${glAccounts.code} = ${code} then ${glEntries.debit} - ${glEntries.credit} else 0 end`).as(`b${code}`);
  const ledger = db
    .select({
      case_id: glEntries.case_id,
      b1510: balanceOn('1510'),
      b1511: balanceOn('1511'),
      b1512: balanceOn('1512'),
      b2890: balanceOn('2890'),
      b3010: balanceOn('3010'),
      b8310: balanceOn('8310'),
    })
    .from(glEntries)
    .innerJoin(glAccounts, eq(glAccounts.id, glEntries.account_id))
    .where(and(eq(glEntries.org_id, orgId), isNotNull(glEntries.case_id), inArray(glAccounts.code, [...CASE_LEDGER_CODES])))
    .groupBy(glEntries.case_id)
    .as('ledger');
  const orZero = (column: SQL.Aliased<number>) => sql<number>`coalesce(${column}, 0)`.mapWith(Number);
  return (
    db
      .select({
        id: cases.id,
        reference_no: claims.reference_no,
        total_principal: cases.total_principal,
        total_interest: cases.total_interest,
        total_fees: cases.total_fees,
        amount_paid_total: cases.amount_paid_total,
        total_outstanding: cases.total_outstanding,
        claim_principal: claims.principal_amount,
        fees_charged: orZero(fees.charged),
        allocated: orZero(allocations.allocated),
        allocated_principal: orZero(allocations.allocated_principal),
        allocated_interest: orZero(allocations.allocated_interest),
        allocated_fees: orZero(allocations.allocated_fees),
        b1510: orZero(ledger.b1510),
        b1511: orZero(ledger.b1511),
        b1512: orZero(ledger.b1512),
        b2890: orZero(ledger.b2890),
        b3010: orZero(ledger.b3010),
        b8310: orZero(ledger.b8310),
      })
      .from(cases)
      .innerJoin(claims, eq(claims.id, cases.claim_id))
      .leftJoin(fees, eq(fees.case_id, cases.id))
      .leftJoin(allocations, eq(allocations.case_id, cases.id))
      .leftJoin(ledger, eq(ledger.case_id, cases.id))
      // A template QA batch's cases are never booked (services/audit/business-records.ts).
      .where(and(eq(cases.org_id, orgId), realCaseCondition()))
      .orderBy(asc(claims.reference_no), asc(cases.id))
  );
}

/** Payments whose allocations add up to more than the payment. */
export function listOverAllocatedPayments(db: Db, orgId: string) {
  const allocated = sumOf(paymentAllocations.amount);
  return db
    .select({ id: payments.id, amount: payments.amount, paid_at: payments.paid_at, allocated })
    .from(payments)
    .innerJoin(paymentAllocations, eq(paymentAllocations.payment_id, payments.id))
    .where(eq(payments.org_id, orgId))
    .groupBy(payments.id)
    .having(sql`sum(${paymentAllocations.amount}) > ${payments.amount}`)
    .orderBy(asc(payments.id));
}

/**
 * Allocations no journal books onto their case: no entry of the case in a journal of `sources`
 * (the payment journal sources) whose source_ref is the allocation's payment.
 */
export function listAllocationsWithoutJournal(db: Db, orgId: string, sources: readonly string[]) {
  const booking = db
    .select({ one: sql`1` })
    .from(glJournals)
    .innerJoin(glEntries, eq(glEntries.journal_id, glJournals.id))
    .where(
      and(
        eq(glJournals.org_id, orgId),
        inArray(glJournals.source, [...sources]),
        eq(glJournals.source_ref, paymentAllocations.payment_id),
        eq(glEntries.case_id, paymentAllocations.case_id),
      ),
    );
  return db
    .select({ id: paymentAllocations.id, payment_id: paymentAllocations.payment_id, case_id: paymentAllocations.case_id, amount: paymentAllocations.amount })
    .from(paymentAllocations)
    .where(and(eq(paymentAllocations.org_id, orgId), notExists(booking)))
    .orderBy(asc(paymentAllocations.id));
}

/**
 * The distinct (due date, calculated to) of cases whose interest has been calculated on the
 * reference rate (their own profile, else the organisation's default).
 */
export function listReferenceRateInterestSpans(db: Db, orgId: string): Promise<{ due_date: string; calculated_to: string }[]> {
  const calculatedTo = sql<string>`${cases.interest_calculated_to}`;
  return db
    .selectDistinct({ due_date: claims.due_date, calculated_to: calculatedTo })
    .from(cases)
    .innerJoin(claims, eq(claims.id, cases.claim_id))
    .innerJoin(organisations, eq(organisations.id, cases.org_id))
    .innerJoin(interestProfiles, eq(interestProfiles.id, sql`coalesce(${cases.interest_profile_id}, ${organisations.default_interest_profile_id})`))
    .where(and(eq(cases.org_id, orgId), isNotNull(cases.interest_calculated_to), eq(interestProfiles.base, 'REFERENCE_RATE')));
}

/** The organisation's KFM files with payload and stored checksum. */
export function listKfmFileChecksums(db: Db, orgId: string) {
  return db
    .select({ id: kfmFiles.id, filename: kfmFiles.filename, payload_text: kfmFiles.payload_text, checksum: kfmFiles.checksum })
    .from(kfmFiles)
    .where(eq(kfmFiles.org_id, orgId))
    .orderBy(asc(kfmFiles.id));
}

/** Bank statements marked reconciled. */
export function listReconciledBankStatementRows(db: Db, orgId: string): Promise<BankStatementRow[]> {
  return db
    .select()
    .from(bankStatements)
    .where(and(eq(bankStatements.org_id, orgId), eq(bankStatements.reconciliation_status, 'reconciled')))
    .orderBy(asc(bankStatements.id));
}

/** A row that points at nothing: its table, id and what it lacks. */
export interface OrphanRow {
  table: string;
  id: string;
  missing: string;
}

/**
 * Rows pointing at rows the schema cannot hold them to: a journal's source_ref (polymorphic by
 * source) with no payment, fee, claim or journal of the organisation behind it, and rows whose
 * foreign key names a row of another organisation (allocations, cases, ledger entries).
 */
export async function listOrphanRows(db: Db, orgId: string, paymentSources: readonly string[]): Promise<OrphanRow[]> {
  const reversed = db
    .select({ one: sql`1` })
    .from(sql`gl_journals target`)
    .where(sql`target.id = ${glJournals.source_ref} and target.org_id = ${orgId}`);
  const journalRef = (source: SQL | undefined, target: SQLiteTable, targetId: SQLiteColumn, targetOrg: SQLiteColumn) =>
    and(
      source,
      notExists(
        db
          .select({ one: sql`1` })
          .from(target)
          .where(and(eq(targetId, glJournals.source_ref), eq(targetOrg, orgId))),
      ),
    );
  const journals = await db
    .select({ id: glJournals.id, source: glJournals.source })
    .from(glJournals)
    .where(
      and(
        eq(glJournals.org_id, orgId),
        or(
          journalRef(inArray(glJournals.source, [...paymentSources]), payments, payments.id, payments.org_id),
          journalRef(eq(glJournals.source, 'fee'), caseFees, caseFees.id, caseFees.org_id),
          journalRef(eq(glJournals.source, 'claim'), claims, claims.id, claims.org_id),
          and(eq(glJournals.source, 'reversal'), notExists(reversed)),
        ),
      ),
    )
    .orderBy(asc(glJournals.id));
  const found: OrphanRow[] = journals.map((journal) => ({ table: 'gl_journals', id: journal.id, missing: `källa ${journal.source}` }));
  const otherOrg = async (table: string, rows: Promise<{ id: string }[]>, missing: string) => {
    for (const row of await rows) found.push({ table, id: row.id, missing });
  };
  await otherOrg(
    'payment_allocations',
    db
      .select({ id: paymentAllocations.id })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.payment_id))
      .innerJoin(cases, eq(cases.id, paymentAllocations.case_id))
      .where(and(eq(paymentAllocations.org_id, orgId), or(ne(payments.org_id, orgId), ne(cases.org_id, orgId)))),
    'inbetalning eller ärende i organisationen',
  );
  await otherOrg(
    'cases',
    db
      .select({ id: cases.id })
      .from(cases)
      .innerJoin(claims, eq(claims.id, cases.claim_id))
      .innerJoin(creditors, eq(creditors.id, cases.creditor_id))
      .innerJoin(parties, eq(parties.id, cases.party_id))
      .where(and(eq(cases.org_id, orgId), or(ne(claims.org_id, orgId), ne(creditors.org_id, orgId), ne(parties.org_id, orgId)))),
    'fordran, borgenär eller gäldenär i organisationen',
  );
  await otherOrg(
    'gl_entries',
    db
      .select({ id: glEntries.id })
      .from(glEntries)
      .innerJoin(glJournals, eq(glJournals.id, glEntries.journal_id))
      .where(
        and(
          eq(glEntries.org_id, orgId),
          or(
            ne(glJournals.org_id, orgId),
            exists(
              db
                .select({ one: sql`1` })
                .from(cases)
                .where(and(eq(cases.id, glEntries.case_id), ne(cases.org_id, orgId))),
            ),
          ),
        ),
      ),
    'verifikation eller ärende i organisationen',
  );
  return found;
}
