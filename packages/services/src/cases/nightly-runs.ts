import { and, asc, count, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import {
  buildInterestAccrualJournal,
  compareIsoDates,
  DomainError,
  evaluateRules,
  isDomainError,
  isIsoDate,
  ore,
  oreToDecimal,
  sumOre,
  type InterestAccrual,
  type InterestProfile,
  type IsoDate,
  type Ore,
  type RuleDefinition,
  type RuleFlagDraft,
} from '@fordran/core';
import { caseFlags, cases, claims, insertLedgerJournal, interestProfiles, organisations, parties, type DbOrTx, type NotificationRow } from '@fordran/store';
import type { AppContext } from '../context';
import { findOrganisation } from '../admin/create-user';
import { appendAudit } from '../audit/audit-log';
import { noticeOfNightlyFlags, type FlagOnCase } from '../notifications/case-notices';
import { publishNotification } from '../notifications/notifications';
import { parseInput, z } from '../schemas/zod-setup';
import { interestRunSchema, type InterestRunInput, type InterestRunSummary } from '../schemas/cases';
import { caseInterestAsOf, loadCaseSettlements, settlementsOf, storeCaseInterest, type CaseSettlements } from './case-interest';
import { loadReferenceRates } from './case-state';
import { loadRules } from './case-rule-facts';

/** Interest keeps running while a case is paused (a dispute does not stop räntelagen); drafts and closed cases are left. */
const INTEREST_RUN_STATUSES = ['active', 'on_hold'] as const;

export type RunProgress = (done: number, total: number) => void;

/**
 * Walks an organisation's cases of the nightly statuses in batches, one transaction each: one
 * status at a time in id order after the last id seen, so every batch is a range of the
 * (org_id, status, id) index and nothing is sorted. `fetch` reads a batch, `handle` writes it.
 */
function inCaseBatches<R extends { id: string }>(
  app: AppContext,
  orgId: string,
  fetch: (tx: DbOrTx, where: SQL, limit: number) => R[],
  handle: (tx: DbOrTx, rows: R[]) => void,
  batchSize: number,
): void {
  for (const status of INTEREST_RUN_STATUSES) {
    let lastId = '';
    for (;;) {
      const size = app.store.transaction((tx) => {
        const rows = fetch(tx, and(eq(cases.org_id, orgId), eq(cases.status, status), gt(cases.id, lastId))!, batchSize);
        if (rows.length > 0) {
          lastId = rows.at(-1)!.id;
          handle(tx, rows);
        }
        return rows.length;
      });
      if (size < batchSize) break;
    }
  }
}

function organisationsToRun(db: DbOrTx, org: string | undefined): { id: string; name: string }[] {
  if (org !== undefined) return [findOrganisation(db, org)];
  return db.select({ id: organisations.id, name: organisations.name }).from(organisations).orderBy(organisations.name).all();
}

function countCases(db: DbOrTx, orgIds: string[]): number {
  if (orgIds.length === 0) return 0;
  return (
    db
      .select({ n: count() })
      .from(cases)
      .where(and(inArray(cases.org_id, orgIds), inArray(cases.status, [...INTEREST_RUN_STATUSES])))
      .get()?.n ?? 0
  );
}

function resolveAsOf(app: AppContext, asOf: string | undefined): IsoDate {
  const today = app.clock.today();
  const date = asOf ?? today;
  if (!isIsoDate(date)) throw new DomainError('INVALID_DATE');
  if (compareIsoDates(date, today) > 0) throw new DomainError('VALIDATION_FAILED', 'Räntan kan inte beräknas för ett datum i framtiden');
  return date;
}

function selectInterestRunRows(tx: DbOrTx, where: SQL, limit: number) {
  return tx
    .select({
      id: cases.id,
      org_id: cases.org_id,
      creditor_id: cases.creditor_id,
      total_principal: cases.total_principal,
      total_interest: cases.total_interest,
      total_outstanding: cases.total_outstanding,
      interest_profile_id: cases.interest_profile_id,
      interest_calculated_to: cases.interest_calculated_to,
      due_date: claims.due_date,
    })
    .from(cases)
    .innerJoin(claims, eq(claims.id, cases.claim_id))
    .where(where)
    .orderBy(asc(cases.id))
    .limit(limit)
    .all();
}

type InterestRunRow = ReturnType<typeof selectInterestRunRows>[number];

/** One interest run across organisations: what it computes with, and what it has done so far. */
interface InterestRun {
  app: AppContext;
  asOf: IsoDate;
  referenceRates: ReturnType<typeof loadReferenceRates>;
  summary: InterestRunSummary;
  addedOre: Ore;
}

/** An organisation's interest profiles by id, and the one its cases without a profile use. */
interface OrgInterestProfiles {
  orgId: string;
  profiles: Map<string, InterestProfile>;
  defaultProfileId: string | null;
}

function loadOrgInterestProfiles(db: DbOrTx, orgId: string): OrgInterestProfiles {
  const profiles = new Map<string, InterestProfile>(
    db
      .select()
      .from(interestProfiles)
      .where(eq(interestProfiles.org_id, orgId))
      .all()
      .map((row) => [row.id, row]),
  );
  const defaultProfileId =
    db.select({ id: organisations.default_interest_profile_id }).from(organisations).where(eq(organisations.id, orgId)).get()?.id ?? null;
  return { orgId, profiles, defaultProfileId };
}

/** One case's interest as of the run's day, counted in the summary: the accrual it stored, or null when nothing changed or it could not be computed. */
function accrueCaseInterest(
  tx: DbOrTx,
  run: InterestRun,
  org: OrgInterestProfiles,
  row: InterestRunRow,
  settlements: ReadonlyMap<string, CaseSettlements>,
  now: string,
): InterestAccrual | null {
  const { summary, asOf } = run;
  summary.cases += 1;
  if (row.interest_calculated_to && compareIsoDates(row.interest_calculated_to, asOf) > 0) {
    summary.unchanged += 1;
    return null;
  }
  const profile = org.profiles.get(row.interest_profile_id ?? org.defaultProfileId ?? '');
  const settled = settlementsOf(settlements, row.id);
  try {
    if (!profile) throw new DomainError('INVALID_INTEREST_PROFILE', 'Ärendet har ingen ränteprofil');
    const result = caseInterestAsOf(
      {
        principalOre: row.total_principal,
        dueDate: row.due_date,
        profile,
        referenceRates: run.referenceRates,
        principalReductions: settled.principalReductions,
      },
      asOf,
    );
    if (result.amountOre === row.total_interest && row.interest_calculated_to === asOf) {
      summary.unchanged += 1;
      return null;
    }
    const accrual = storeCaseInterest(tx, row, result.amountOre, asOf, now, settled.interestPaidOre);
    summary.updated += 1;
    return accrual;
  } catch (error) {
    if (isDomainError(error) && error.code === 'NOT_YET_DUE') summary.not_due += 1;
    else if (isDomainError(error)) summary.failed.push({ case_id: row.id, code: error.code, message: error.message });
    else throw error;
    return null;
  }
}

/** One batch: each case's interest, and one ledger journal for the batch's changes. Returns how many cases changed. */
function accrueInterestBatch(tx: DbOrTx, run: InterestRun, org: OrgInterestProfiles, batch: InterestRunRow[]): number {
  const { app, asOf } = run;
  const settlements = loadCaseSettlements(
    tx,
    org.orgId,
    batch.map((row) => row.id),
  );
  const accruals: InterestAccrual[] = [];
  const now = app.clock.now();
  for (const row of batch) {
    const accrual = accrueCaseInterest(tx, run, org, row, settlements, now);
    if (accrual) accruals.push(accrual);
  }
  if (accruals.some((accrual) => accrual.amountOre !== 0 || (accrual.reclassifiedOre ?? 0) !== 0)) {
    const sourceRef = `interest-run:${asOf}:${batch.at(-1)!.id}`;
    insertLedgerJournal(tx, buildInterestAccrualJournal({ source_ref: sourceRef, booked_at: app.clock.today(), meta: { as_of: asOf }, accruals }), {
      orgId: org.orgId,
      at: now,
    });
    run.addedOre = sumOre([run.addedOre, ...accruals.map((accrual) => accrual.amountOre)]);
  }
  return accruals.length;
}

/**
 * The nightly interest job (`fordran interest run`): recomputes the interest of every active or
 * paused case as of `as_of` (default today) on the unpaid capital, in batches of `batch_size`
 * cases, each batch one transaction with one ledger journal for its changes (1511/8310 per
 * case). Cases not yet due are counted, a case that cannot be computed (e.g. a half-year without
 * a reference rate) is reported and left as it was, a case already calculated beyond `as_of` is
 * left alone. Per organisation one audit row; no per-case timeline event (the nightly accrual is
 * bookkeeping, the case page shows `interest_calculated_to`).
 */
export function runInterestAccrual(app: AppContext, input: InterestRunInput & { org?: string }, onProgress?: RunProgress): InterestRunSummary {
  const { batch_size, as_of } = parseInput(interestRunSchema, input);
  const asOf = resolveAsOf(app, as_of);
  const referenceRates = loadReferenceRates(app.store.db);
  const orgs = organisationsToRun(app.store.db, input.org);
  const total = countCases(
    app.store.db,
    orgs.map((org) => org.id),
  );
  const summary: InterestRunSummary = {
    as_of: asOf,
    organisations: orgs.length,
    cases: 0,
    updated: 0,
    unchanged: 0,
    not_due: 0,
    failed: [],
    interest_added: '0.00',
  };
  const run: InterestRun = { app, asOf, referenceRates, summary, addedOre: ore(0) };

  for (const org of orgs) {
    const profiles = loadOrgInterestProfiles(app.store.db, org.id);
    let orgUpdated = 0;
    inCaseBatches(
      app,
      org.id,
      selectInterestRunRows,
      (tx, batch) => {
        orgUpdated += accrueInterestBatch(tx, run, profiles, batch);
        onProgress?.(summary.cases, total);
      },
      batch_size,
    );
    app.store.transaction((tx) =>
      appendAudit(tx, {
        org_id: org.id,
        actor_id: null,
        event: 'interest.run',
        entity: 'cases',
        payload: { as_of: asOf, changed: orgUpdated },
        created_at: app.clock.now(),
      }),
    );
  }
  summary.interest_added = oreToDecimal(run.addedOre);
  app.store.optimize();
  return summary;
}

const PRESCRIPTION_BATCH_SIZE = 1000;

export const prescriptionCheckSchema = z.object({ as_of: z.string().optional() });

export interface PrescriptionCheckSummary {
  as_of: string;
  cases: number;
  flags_created: number;
  /** New flags by level. */
  block: number;
  warning: number;
}

function selectPrescriptionRows(tx: DbOrTx, where: SQL, limit: number) {
  return tx
    .select({
      id: cases.id,
      status: cases.status,
      stage: cases.stage,
      principal: cases.total_principal,
      due_date: claims.due_date,
      interrupted: claims.prescription_interrupted_on,
      debtor_type: parties.type,
      handler_id: cases.handler_id,
      reference_no: claims.reference_no,
    })
    .from(cases)
    .innerJoin(claims, eq(claims.id, cases.claim_id))
    .innerJoin(parties, eq(parties.id, cases.party_id))
    .where(where)
    .orderBy(asc(cases.id))
    .limit(limit)
    .all();
}

type PrescriptionRow = ReturnType<typeof selectPrescriptionRows>[number];

/** One prescription check across organisations: its day, and what it has found so far. */
interface PrescriptionRun {
  app: AppContext;
  asOf: IsoDate;
  summary: PrescriptionCheckSummary;
}

/** An organisation's prescription rules, and the cases newly flagged per handler (told once at the end). */
interface OrgPrescriptionCheck {
  orgId: string;
  rules: RuleDefinition[];
  flaggedByHandler: Map<string, FlagOnCase[]>;
}

/** The unresolved flags of the batch's cases, by case id (a rule flags a case once while unresolved). */
function openFlagsOf(tx: DbOrTx, orgId: string, batch: PrescriptionRow[]): Map<string, { rule_code: string }[]> {
  const openFlags = new Map<string, { rule_code: string }[]>();
  for (const flag of tx
    .select({ case_id: caseFlags.case_id, rule_code: caseFlags.rule_code })
    .from(caseFlags)
    .where(
      and(
        eq(caseFlags.org_id, orgId),
        inArray(
          caseFlags.case_id,
          batch.map((row) => row.id),
        ),
        isNull(caseFlags.resolved_at),
      ),
    )
    .all()) {
    openFlags.set(flag.case_id, [...(openFlags.get(flag.case_id) ?? []), flag]);
  }
  return openFlags;
}

/** Stores a new flag on the case, counts it, and keeps it for the case's handler. */
function raiseFlag(tx: DbOrTx, org: OrgPrescriptionCheck, row: PrescriptionRow, flag: RuleFlagDraft, summary: PrescriptionCheckSummary, now: string): void {
  tx.insert(caseFlags)
    .values({ org_id: org.orgId, case_id: row.id, rule_code: flag.rule_code, level: flag.level, message: flag.message, created_at: now })
    .run();
  summary.flags_created += 1;
  if (flag.level === 'block') summary.block += 1;
  if (flag.level === 'warning') summary.warning += 1;
  if (row.handler_id) {
    const flagged = org.flaggedByHandler.get(row.handler_id) ?? [];
    flagged.push({
      id: row.id,
      org_id: org.orgId,
      handler_id: row.handler_id,
      reference_no: row.reference_no,
      level: flag.level,
      message: flag.message,
    });
    org.flaggedByHandler.set(row.handler_id, flagged);
  }
}

/** One batch: the prescription rules over each case as of `asOf`, raising the flags they find. */
function checkPrescriptionBatch(tx: DbOrTx, run: PrescriptionRun, org: OrgPrescriptionCheck, batch: PrescriptionRow[]): void {
  const { summary } = run;
  const openFlags = openFlagsOf(tx, org.orgId, batch);
  const now = run.app.clock.now();
  for (const row of batch) {
    summary.cases += 1;
    const evaluation = evaluateRules(
      'prescription_check',
      {
        caseStatus: row.status,
        caseStage: row.stage,
        debtorType: row.debtor_type,
        dueDate: row.due_date,
        lastInterruptionDate: row.interrupted ?? null,
        today: run.asOf,
        existingFeeCodes: [],
        principalOre: row.principal,
        unresolvedFlags: openFlags.get(row.id) ?? [],
      },
      org.rules,
    );
    for (const flag of evaluation.new_flags) raiseFlag(tx, org, row, flag, summary, now);
  }
}

/**
 * The nightly `prescription_check` (part 1 §5): runs every active prescription rule of the
 * organisation over its open cases as of `as_of` and raises a flag where a claim is prescribed
 * (block) or fewer than 120 days remain (warning) — once per rule code while unresolved. Each
 * handler whose cases got new flags is told once per organisation and run.
 */
export function runPrescriptionCheck(app: AppContext, input: { as_of?: string; org?: string }, onProgress?: RunProgress): PrescriptionCheckSummary {
  const asOf = resolveAsOf(app, parseInput(prescriptionCheckSchema, input).as_of);
  const orgs = organisationsToRun(app.store.db, input.org);
  const total = countCases(
    app.store.db,
    orgs.map((org) => org.id),
  );
  const summary: PrescriptionCheckSummary = { as_of: asOf, cases: 0, flags_created: 0, block: 0, warning: 0 };
  const notices: NotificationRow[] = [];
  const run: PrescriptionRun = { app, asOf, summary };

  for (const org of orgs) {
    const rules: RuleDefinition[] = loadRules(app.store.db, org.id).filter(
      (rule) => (rule.condition_json as { rule_type?: unknown } | null)?.rule_type === 'prescription_check',
    );
    if (rules.length === 0) continue;
    const check: OrgPrescriptionCheck = { orgId: org.id, rules, flaggedByHandler: new Map() };
    inCaseBatches(
      app,
      org.id,
      selectPrescriptionRows,
      (tx, batch) => {
        checkPrescriptionBatch(tx, run, check, batch);
        onProgress?.(summary.cases, total);
      },
      PRESCRIPTION_BATCH_SIZE,
    );
    app.store.transaction((tx) => {
      appendAudit(tx, {
        org_id: org.id,
        actor_id: null,
        event: 'rules.prescription_check',
        entity: 'case_flags',
        payload: { as_of: asOf, flags_created: summary.flags_created },
        created_at: app.clock.now(),
      });
      for (const [handlerId, flagged] of check.flaggedByHandler) {
        const notice = noticeOfNightlyFlags(tx, app, org.id, handlerId, flagged);
        if (notice) notices.push(notice);
      }
    });
  }
  for (const notice of notices) publishNotification(app, notice);
  return summary;
}
