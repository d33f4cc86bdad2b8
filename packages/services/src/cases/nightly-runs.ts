import {
  assessPrescription,
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
  type ReferenceRate,
  RULE_TYPES,
  type PrescriptionInterruptionKind,
  type PrescriptionPeriods,
  type RuleDefinition,
  type RuleFacts,
  type RuleFlagDraft,
} from '@fordran/core';
import {
  countCasesInStatuses,
  findDefaultInterestProfileId,
  insertCaseFlagRows,
  insertLedgerJournal,
  listInterestProfileRows,
  listInterestRunCaseRows,
  listOpenFlagCodesOfCases,
  listOrganisationsByName,
  listPrescriptionCaseRows,
  listPrescriptionInterruptionsOfClaims,
  type CaseBatchStart,
  type Db,
  type InterestRunCaseRow,
  type NotificationRow,
  type PrescriptionCaseRow,
  type PrescriptionInterruptionRow,
} from '@fordran/store';
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
import { asInterruption, claimAroseOn } from '../prescription/case-prescription';

/** Interest keeps running while a case is paused (a dispute does not stop räntelagen); drafts and closed cases are left. */
const INTEREST_RUN_STATUSES = ['active', 'on_hold'] as const;

export type RunProgress = (done: number, total: number) => void;

/**
 * Walks an organisation's cases of the nightly statuses in batches, one transaction each: one
 * status at a time in id order after the last id seen, so every batch is a range of the
 * (org_id, status, id) index and nothing is sorted. `fetch` reads a batch, `handle` writes it and
 * returns what it did, which `committed` takes once the batch is committed: PostgreSQL may run a
 * transaction again, so nothing outside the database is changed inside it.
 */
async function inCaseBatches<R extends { id: string }, T>(
  app: AppContext,
  orgId: string,
  steps: {
    fetch: (tx: Db, start: CaseBatchStart, limit: number) => Promise<R[]>;
    handle: (tx: Db, rows: R[]) => Promise<T>;
    committed: (result: T) => void;
  },
  batchSize: number,
): Promise<void> {
  for (const status of INTEREST_RUN_STATUSES) {
    let afterId = '';
    for (;;) {
      const batch = await app.database.transaction(async (tx) => {
        const rows = await steps.fetch(tx, { orgId, status, afterId }, batchSize);
        return { size: rows.length, lastId: rows.at(-1)?.id, result: rows.length > 0 ? await steps.handle(tx, rows) : null };
      });
      if (batch.result !== null) steps.committed(batch.result);
      if (batch.lastId !== undefined) afterId = batch.lastId;
      if (batch.size < batchSize) break;
    }
  }
}

async function organisationsToRun(db: Db, org: string | undefined): Promise<{ id: string; name: string }[]> {
  if (org !== undefined) return [await findOrganisation(db, org)];
  return listOrganisationsByName(db);
}

function countCases(db: Db, orgIds: string[]): Promise<number> {
  return countCasesInStatuses(db, orgIds, [...INTEREST_RUN_STATUSES]);
}

function resolveAsOf(app: AppContext, asOf: string | undefined): IsoDate {
  const today = app.clock.today();
  const date = asOf ?? today;
  if (!isIsoDate(date)) throw new DomainError('INVALID_DATE');
  if (compareIsoDates(date, today) > 0) throw new DomainError('VALIDATION_FAILED', 'Räntan kan inte beräknas för ett datum i framtiden');
  return date;
}

/** One interest run across organisations: what it computes with. */
interface InterestRun {
  app: AppContext;
  asOf: IsoDate;
  referenceRates: ReferenceRate[];
}

/** What one batch of the interest run did: the run's counts, and the interest it added. */
type InterestTally = Pick<InterestRunSummary, 'cases' | 'updated' | 'unchanged' | 'not_due' | 'failed'> & { addedOre: Ore };

/** An organisation's interest profiles by id, and the one its cases without a profile use. */
interface OrgInterestProfiles {
  orgId: string;
  profiles: Map<string, InterestProfile>;
  defaultProfileId: string | null;
}

async function loadOrgInterestProfiles(db: Db, orgId: string): Promise<OrgInterestProfiles> {
  const profiles = new Map<string, InterestProfile>((await listInterestProfileRows(db, orgId)).map((row) => [row.id, row]));
  const defaultProfileId = await findDefaultInterestProfileId(db, orgId);
  return { orgId, profiles, defaultProfileId };
}

/** One case's interest as of the run's day, counted in the tally: the accrual it stored, or null when nothing changed or it could not be computed. */
async function accrueCaseInterest(
  tx: Db,
  run: InterestRun,
  org: OrgInterestProfiles,
  row: InterestRunCaseRow,
  settled: CaseSettlements,
  now: string,
  tally: InterestTally,
): Promise<InterestAccrual | null> {
  const { asOf } = run;
  tally.cases += 1;
  if (row.interest_calculated_to && compareIsoDates(row.interest_calculated_to, asOf) > 0) {
    tally.unchanged += 1;
    return null;
  }
  const profile = org.profiles.get(row.interest_profile_id ?? org.defaultProfileId ?? '');
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
      tally.unchanged += 1;
      return null;
    }
    const accrual = await storeCaseInterest(tx, row, result.amountOre, asOf, now, settled.interestPaidOre);
    tally.updated += 1;
    return accrual;
  } catch (error) {
    if (isDomainError(error) && error.code === 'NOT_YET_DUE') tally.not_due += 1;
    else if (isDomainError(error)) tally.failed.push({ case_id: row.id, code: error.code, message: error.message });
    else throw error;
    return null;
  }
}

/** One batch: each case's interest, and one ledger journal for the batch's changes. */
async function accrueInterestBatch(tx: Db, run: InterestRun, org: OrgInterestProfiles, batch: InterestRunCaseRow[]): Promise<InterestTally> {
  const { app, asOf } = run;
  const tally: InterestTally = { cases: 0, updated: 0, unchanged: 0, not_due: 0, failed: [], addedOre: ore(0) };
  const settlements = await loadCaseSettlements(
    tx,
    org.orgId,
    batch.map((row) => row.id),
  );
  const accruals: InterestAccrual[] = [];
  const now = app.clock.now();
  for (const row of batch) {
    const accrual = await accrueCaseInterest(tx, run, org, row, settlementsOf(settlements, row.id), now, tally);
    if (accrual) accruals.push(accrual);
  }
  if (accruals.some((accrual) => accrual.amountOre !== 0 || (accrual.reclassifiedOre ?? 0) !== 0)) {
    const sourceRef = `interest-run:${asOf}:${batch.at(-1)!.id}`;
    await insertLedgerJournal(tx, buildInterestAccrualJournal({ source_ref: sourceRef, booked_at: app.clock.today(), meta: { as_of: asOf }, accruals }), {
      orgId: org.orgId,
      at: now,
    });
    tally.addedOre = sumOre(accruals.map((accrual) => accrual.amountOre));
  }
  return tally;
}

function addInterestTally(summary: InterestRunSummary, tally: InterestTally): void {
  summary.cases += tally.cases;
  summary.updated += tally.updated;
  summary.unchanged += tally.unchanged;
  summary.not_due += tally.not_due;
  summary.failed.push(...tally.failed);
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
export async function runInterestAccrual(app: AppContext, input: InterestRunInput & { org?: string }, onProgress?: RunProgress): Promise<InterestRunSummary> {
  const { batch_size, as_of } = parseInput(interestRunSchema, input);
  const asOf = resolveAsOf(app, as_of);
  const db = app.database.db;
  const run: InterestRun = { app, asOf, referenceRates: await loadReferenceRates(db) };
  const orgs = await organisationsToRun(db, input.org);
  const total = await countCases(
    db,
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
  let addedOre = ore(0);

  for (const org of orgs) {
    const profiles = await loadOrgInterestProfiles(db, org.id);
    let orgUpdated = 0;
    await inCaseBatches(
      app,
      org.id,
      {
        fetch: listInterestRunCaseRows,
        handle: (tx, batch) => accrueInterestBatch(tx, run, profiles, batch),
        committed: (tally) => {
          addInterestTally(summary, tally);
          addedOre = sumOre([addedOre, tally.addedOre]);
          orgUpdated += tally.updated;
          onProgress?.(summary.cases, total);
        },
      },
      batch_size,
    );
    await app.database.transaction((tx) =>
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
  summary.interest_added = oreToDecimal(addedOre);
  await app.database.optimize();
  return summary;
}

const PRESCRIPTION_BATCH_SIZE = 1000;

export const prescriptionCheckSchema = z.object({ as_of: z.string().optional() });

/** A case the check flagged: when its claim is prescribed and the interruption that set that date (null = from arose_on). */
export interface PrescriptionFlaggedCase {
  case_id: string;
  reference_no: string;
  level: RuleFlagDraft['level'];
  message: string;
  prescribed_on: IsoDate;
  prescription_set_by: { id: string; kind: PrescriptionInterruptionKind; interrupted_on: IsoDate; reason: string | null } | null;
}

export interface PrescriptionCheckSummary {
  as_of: string;
  cases: number;
  flags_created: number;
  /** New flags by level. */
  block: number;
  warning: number;
  /** The cases flagged by this run, in the order checked. */
  flagged: PrescriptionFlaggedCase[];
}

/** One prescription check across organisations: its day. */
interface PrescriptionRun {
  app: AppContext;
  asOf: IsoDate;
}

/** An organisation's prescription rules (with each one's periods by code), and the cases newly flagged per handler (told once at the end). */
interface OrgPrescriptionCheck {
  orgId: string;
  rules: RuleDefinition[];
  periodsByCode: Map<string, PrescriptionPeriods>;
  flaggedByHandler: Map<string, FlagOnCase[]>;
}

/** What one batch of the check found: how many cases it checked, and the flags it raised (with the case's handler). */
interface PrescriptionTally {
  cases: number;
  flags: { level: RuleFlagDraft['level']; onCase: FlagOnCase | null; flagged: PrescriptionFlaggedCase }[];
}

/** The rules' periods by rule code, for the dates a flag is reported with. */
function periodsByRuleCode(rules: readonly RuleDefinition[]): Map<string, PrescriptionPeriods> {
  const periods = new Map<string, PrescriptionPeriods>();
  for (const rule of rules) {
    const parsed = RULE_TYPES.prescription_check.paramsSchema.safeParse(rule.condition_json);
    if (parsed.success) periods.set(rule.code, parsed.data as PrescriptionPeriods);
  }
  return periods;
}

/** The batch's interruptions by claim id. */
async function interruptionsOf(tx: Db, orgId: string, batch: PrescriptionCaseRow[]): Promise<Map<string, PrescriptionInterruptionRow[]>> {
  const byClaim = new Map<string, PrescriptionInterruptionRow[]>();
  const rows = await listPrescriptionInterruptionsOfClaims(
    tx,
    orgId,
    batch.map((row) => row.claim_id),
  );
  for (const row of rows) byClaim.set(row.claim_id, [...(byClaim.get(row.claim_id) ?? []), row]);
  return byClaim;
}

/** The flagged case as `rules check` reports it: the prescribed date by the flagging rule's periods and what set it. */
function flaggedCase(
  row: PrescriptionCaseRow,
  flag: RuleFlagDraft,
  interruptions: ReturnType<typeof asInterruption<PrescriptionInterruptionRow>>[],
  today: IsoDate,
  periods: PrescriptionPeriods | undefined,
): PrescriptionFlaggedCase {
  const assessed = assessPrescription({
    aroseOn: claimAroseOn(row).arose_on,
    debtorType: row.debtor_type,
    claimYears: row.prescription_years ?? null,
    interruptions,
    today,
    periods,
  });
  const setBy = assessed.setBy?.row;
  return {
    case_id: row.id,
    reference_no: row.reference_no,
    level: flag.level,
    message: flag.message,
    prescribed_on: assessed.prescribedOn,
    prescription_set_by: setBy ? { id: setBy.id, kind: setBy.kind, interrupted_on: setBy.interrupted_on, reason: setBy.reason ?? null } : null,
  };
}

/** The unresolved flags of the batch's cases, by case id (a rule flags a case once while unresolved). */
async function openFlagsOf(tx: Db, orgId: string, batch: PrescriptionCaseRow[]): Promise<Map<string, { rule_code: string }[]>> {
  const openFlags = new Map<string, { rule_code: string }[]>();
  const flags = await listOpenFlagCodesOfCases(
    tx,
    orgId,
    batch.map((row) => row.id),
  );
  for (const flag of flags) openFlags.set(flag.case_id, [...(openFlags.get(flag.case_id) ?? []), flag]);
  return openFlags;
}

/** The flag as its case's handler is told of it; null when the case has no handler. */
function flagOnCase(orgId: string, row: PrescriptionCaseRow, flag: RuleFlagDraft): FlagOnCase | null {
  if (!row.handler_id) return null;
  return { id: row.id, org_id: orgId, handler_id: row.handler_id, reference_no: row.reference_no, level: flag.level, message: flag.message };
}

/** One batch: the prescription rules over each case as of `asOf`, storing the flags they raise. */
async function checkPrescriptionBatch(tx: Db, run: PrescriptionRun, org: OrgPrescriptionCheck, batch: PrescriptionCaseRow[]): Promise<PrescriptionTally> {
  const openFlags = await openFlagsOf(tx, org.orgId, batch);
  const interruptions = await interruptionsOf(tx, org.orgId, batch);
  const raised: { row: PrescriptionCaseRow; flag: RuleFlagDraft; flagged: PrescriptionFlaggedCase }[] = [];
  for (const row of batch) {
    const known = (interruptions.get(row.claim_id) ?? []).map(asInterruption);
    const facts: RuleFacts = {
      caseStatus: row.status,
      caseStage: row.stage,
      debtorType: row.debtor_type,
      aroseOn: claimAroseOn(row).arose_on,
      prescriptionYears: row.prescription_years ?? null,
      interruptions: known,
      today: run.asOf,
      existingFeeCodes: [],
      principalOre: row.principal,
      unresolvedFlags: openFlags.get(row.id) ?? [],
    };
    const evaluation = evaluateRules('prescription_check', facts, org.rules);
    for (const flag of evaluation.new_flags)
      raised.push({ row, flag, flagged: flaggedCase(row, flag, known, run.asOf, org.periodsByCode.get(flag.rule_code)) });
  }
  const now = run.app.clock.now();
  await insertCaseFlagRows(
    tx,
    raised.map(({ row, flag }) => ({
      org_id: org.orgId,
      case_id: row.id,
      rule_code: flag.rule_code,
      level: flag.level,
      message: flag.message,
      created_at: now,
    })),
  );
  return { cases: batch.length, flags: raised.map(({ row, flag, flagged }) => ({ level: flag.level, onCase: flagOnCase(org.orgId, row, flag), flagged })) };
}

/** Counts a committed batch, and keeps its flags for the cases' handlers. */
function addPrescriptionTally(summary: PrescriptionCheckSummary, org: OrgPrescriptionCheck, tally: PrescriptionTally): void {
  summary.cases += tally.cases;
  for (const { level, onCase, flagged } of tally.flags) {
    summary.flags_created += 1;
    summary.flagged.push(flagged);
    if (level === 'block') summary.block += 1;
    if (level === 'warning') summary.warning += 1;
    const handlerId = onCase?.handler_id;
    if (onCase && handlerId) org.flaggedByHandler.set(handlerId, [...(org.flaggedByHandler.get(handlerId) ?? []), onCase]);
  }
}

/** The organisation's check in the audit log, and one notice per handler of newly flagged cases. */
function recordPrescriptionCheck(app: AppContext, check: OrgPrescriptionCheck, summary: PrescriptionCheckSummary): Promise<NotificationRow[]> {
  return app.database.transaction(async (tx) => {
    await appendAudit(tx, {
      org_id: check.orgId,
      actor_id: null,
      event: 'rules.prescription_check',
      entity: 'case_flags',
      payload: { as_of: summary.as_of, flags_created: summary.flags_created },
      created_at: app.clock.now(),
    });
    const notices: NotificationRow[] = [];
    for (const [handlerId, flagged] of check.flaggedByHandler) {
      const notice = await noticeOfNightlyFlags(tx, app, check.orgId, handlerId, flagged);
      if (notice) notices.push(notice);
    }
    return notices;
  });
}

/**
 * The nightly `prescription_check` (part 1 §5): runs every active prescription rule of the
 * organisation over its open cases as of `as_of` and raises a flag where a claim is prescribed
 * (block) or fewer than 120 days remain (warning) — once per rule code while unresolved. Each
 * handler whose cases got new flags is told once per organisation and run.
 */
export async function runPrescriptionCheck(
  app: AppContext,
  input: { as_of?: string; org?: string },
  onProgress?: RunProgress,
): Promise<PrescriptionCheckSummary> {
  const asOf = resolveAsOf(app, parseInput(prescriptionCheckSchema, input).as_of);
  const db = app.database.db;
  const orgs = await organisationsToRun(db, input.org);
  const total = await countCases(
    db,
    orgs.map((org) => org.id),
  );
  const summary: PrescriptionCheckSummary = { as_of: asOf, cases: 0, flags_created: 0, block: 0, warning: 0, flagged: [] };
  const notices: NotificationRow[] = [];
  const run: PrescriptionRun = { app, asOf };

  for (const org of orgs) {
    const rules: RuleDefinition[] = (await loadRules(db, org.id)).filter(
      (rule) => (rule.condition_json as { rule_type?: unknown } | null)?.rule_type === 'prescription_check',
    );
    if (rules.length === 0) continue;
    const check: OrgPrescriptionCheck = { orgId: org.id, rules, periodsByCode: periodsByRuleCode(rules), flaggedByHandler: new Map() };
    await inCaseBatches(
      app,
      org.id,
      {
        fetch: listPrescriptionCaseRows,
        handle: (tx, batch) => checkPrescriptionBatch(tx, run, check, batch),
        committed: (tally) => {
          addPrescriptionTally(summary, check, tally);
          onProgress?.(summary.cases, total);
        },
      },
      PRESCRIPTION_BATCH_SIZE,
    );
    notices.push(...(await recordPrescriptionCheck(app, check, summary)));
  }
  for (const notice of notices) publishNotification(app, notice);
  return summary;
}
