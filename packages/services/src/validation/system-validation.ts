import {
  caseIntegrityMismatches,
  disputeDecisionCutoff,
  formatOre,
  isDomainError,
  LEDGER_ACCOUNT_CODES,
  missingReferenceRateHalfYears,
  ore,
  runSystemValidation,
  sha256Hex,
  startOfHalfYear,
  statutoryFeeMaxOre,
  type SystemValidationCountKey,
  type SystemValidationFacts,
  type SystemValidationReport,
} from '@fordran/core';
import {
  countOrganisationRowsPerTable,
  countSystemValidationSetup,
  listActiveFeeCatalogueAmounts,
  listActiveGlAccountCodes,
  listAllocationsWithoutJournal,
  listCaseIntegrityFigures,
  listCommTemplateRows,
  listKfmFileChecksums,
  listOrphanRows,
  listOverAllocatedPayments,
  listReconciledBankStatementRows,
  listReferenceRateInterestSpans,
  listReferenceRatesOldestFirst,
  listUnbalancedJournals,
  sumLedgerTotals,
} from '@fordran/store';
import { requireScopePermission, type OrgScope } from '../access/operator';
import { swedishDateOfInstant } from '../clock';
import { compare, readStatementFile } from '../bank/statement-comparison';
import { renderForExampleCase } from '../communications/templates/templates';
import { PAYMENT_JOURNAL_SOURCES } from '../payments/payment-journals';

/*
 * System validation (Systemvalidering, spec part 2 §2, docs/validation.md): each step below loads
 * the facts of a few checks for one organisation; core decides the outcomes. Nothing is written.
 */

/** Called after each step with the steps done and the number of steps: real progress. */
export type SystemValidationProgress = (done: number, total: number) => void;

type Counts = Partial<Record<SystemValidationCountKey, number>>;
type Findings = Partial<Record<SystemValidationCountKey, string[]>>;

/** What one step found: counts, and examples of what a problem count counted. */
interface StepFacts {
  counts?: Counts;
  findings?: Findings;
  rowCounts?: Record<string, number>;
}

type Step = (ctx: OrgScope, today: string) => Promise<StepFacts>;

/** A problem count with its examples (the core names the first few). */
function problems(key: SystemValidationCountKey, examples: string[]): StepFacts {
  return { counts: { [key]: examples.length }, findings: { [key]: examples } };
}

const setupStep: Step = async (ctx, today) => ({
  counts: await countSystemValidationSetup(ctx.app.database.db, ctx.membership.org_id, { openDisputesBefore: disputeDecisionCutoff(today) }),
});

const feeCapsStep: Step = async (ctx) => {
  const fees = await listActiveFeeCatalogueAmounts(ctx.app.database.db, ctx.membership.org_id);
  const above = fees.filter((fee) => {
    const max = statutoryFeeMaxOre(fee.code);
    return max !== null && fee.amount > max;
  });
  return {
    counts: { active_fee_catalogue: fees.length, fee_catalogue_above_statutory_cap: above.length },
    findings: { fee_catalogue_above_statutory_cap: above.map((fee) => `${fee.code} ${formatOre(ore(fee.amount))}`) },
  };
};

const referenceRatesTodayStep: Step = async (ctx, today) => {
  const half = startOfHalfYear(today);
  const covering = (await listReferenceRatesOldestFirst(ctx.app.database.db)).filter((rate) => rate.valid_from === half);
  return {
    counts: { reference_rates_covering_today: covering.length, verified_reference_rates_covering_today: covering.filter((rate) => rate.verified).length },
  };
};

const ledgerAccountsStep: Step = async (ctx) => {
  const active = new Set(await listActiveGlAccountCodes(ctx.app.database.db, ctx.membership.org_id));
  const missing = [...new Set(Object.values(LEDGER_ACCOUNT_CODES))].filter((code) => !active.has(code));
  return { counts: { missing_posting_gl_accounts: missing.length } };
};

const journalsStep: Step = async (ctx) => {
  const db = ctx.app.database.db;
  const orgId = ctx.membership.org_id;
  const unbalanced = await listUnbalancedJournals(db, orgId);
  const totals = await sumLedgerTotals(db, orgId);
  return {
    counts: { unbalanced_journals: unbalanced.length, ledger_total_imbalance_ore: Math.abs(totals.debit - totals.credit) },
    findings: {
      unbalanced_journals: unbalanced.map(
        (j) => `${j.source} ${j.id} ${swedishDateOfInstant(j.booked_at)} (debet ${formatOre(ore(j.debit))}, kredit ${formatOre(ore(j.credit))})`,
      ),
    },
  };
};

const caseTotalsStep: Step = async (ctx) => {
  const rows = await listCaseIntegrityFigures(ctx.app.database.db, ctx.membership.org_id);
  const examples: string[] = [];
  for (const row of rows) {
    const found = caseIntegrityMismatches({
      label: row.reference_no,
      total_principal: ore(row.total_principal),
      total_interest: ore(row.total_interest),
      total_fees: ore(row.total_fees),
      amount_paid_total: ore(row.amount_paid_total),
      total_outstanding: ore(row.total_outstanding),
      claim_principal: ore(row.claim_principal),
      fees_charged: ore(row.fees_charged),
      allocated: ore(row.allocated),
      allocated_principal: ore(row.allocated_principal),
      allocated_interest: ore(row.allocated_interest),
      allocated_fees: ore(row.allocated_fees),
      ledger: {
        '1510': ore(row.b1510),
        '1511': ore(row.b1511),
        '1512': ore(row.b1512),
        '2890': ore(row.b2890),
        '3010': ore(row.b3010),
        '8310': ore(row.b8310),
      },
    });
    if (found.length > 0) examples.push(`${row.reference_no}: ${found.join(', ')}`);
  }
  return problems('cases_with_inconsistent_totals', examples);
};

const allocationsStep: Step = async (ctx) => {
  const db = ctx.app.database.db;
  const orgId = ctx.membership.org_id;
  const over = await listOverAllocatedPayments(db, orgId);
  const unbooked = await listAllocationsWithoutJournal(db, orgId, PAYMENT_JOURNAL_SOURCES);
  return {
    counts: { over_allocated_payments: over.length, allocations_without_journal: unbooked.length },
    findings: {
      over_allocated_payments: over.map((p) => `${p.id} (${formatOre(ore(p.amount))}, fördelat ${formatOre(ore(p.allocated))})`),
      allocations_without_journal: unbooked.map((a) => `${a.id} (inbetalning ${a.payment_id}, ${formatOre(ore(a.amount))})`),
    },
  };
};

const referenceRateHistoryStep: Step = async (ctx) => {
  const db = ctx.app.database.db;
  const spans = await listReferenceRateInterestSpans(db, ctx.membership.org_id);
  const rates = await listReferenceRatesOldestFirst(db);
  const missing = missingReferenceRateHalfYears(
    spans,
    rates.map((rate) => rate.valid_from),
  );
  return problems(
    'missing_reference_rate_half_years',
    missing.map((half) => `halvåret som börjar ${half}`),
  );
};

const templatesStep: Step = async (ctx) => {
  const templates = (await listCommTemplateRows(ctx.app.database.db, ctx.membership.org_id)).filter((template) => template.is_active);
  const failing: string[] = [];
  for (const template of templates) {
    try {
      await renderForExampleCase(ctx, template);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      failing.push(`${template.code}: ${error.message}`);
    }
  }
  return problems('unrenderable_templates', failing);
};

const kfmStep: Step = async (ctx) => {
  const files = await listKfmFileChecksums(ctx.app.database.db, ctx.membership.org_id);
  return problems(
    'kfm_files_with_bad_checksum',
    files.filter((file) => sha256Hex(file.payload_text) !== file.checksum).map((file) => file.filename),
  );
};

const reconciledStatementsStep: Step = async (ctx) => {
  const db = ctx.app.database.db;
  const orgId = ctx.membership.org_id;
  const failing: string[] = [];
  for (const statement of await listReconciledBankStatementRows(db, orgId)) {
    const reading = await readStatementFile(ctx, statement);
    const { result } = await compare(db, orgId, statement, reading);
    const reasons = [...reading.problems.map((problem) => problem.message), ...(result?.differences ?? []).map((difference) => difference.message)];
    if (reasons.length > 0 || result?.status !== 'reconciled')
      failing.push(`${statement.file_name} ${statement.statement_date}: ${reasons.join(', ') || 'stämmer inte'}`);
  }
  return problems('reconciled_statements_not_reconciling', failing);
};

const orphansStep: Step = async (ctx) => {
  const orphans = await listOrphanRows(ctx.app.database.db, ctx.membership.org_id, PAYMENT_JOURNAL_SOURCES);
  return problems(
    'orphan_rows',
    orphans.map((row) => `${row.table} ${row.id} saknar ${row.missing}`),
  );
};

const rowCountsStep: Step = async (ctx) => ({ rowCounts: await countOrganisationRowsPerTable(ctx.app.database.db, ctx.membership.org_id) });

const STEPS: readonly Step[] = [
  setupStep,
  feeCapsStep,
  referenceRatesTodayStep,
  ledgerAccountsStep,
  journalsStep,
  caseTotalsStep,
  allocationsStep,
  referenceRateHistoryStep,
  templatesStep,
  kfmStep,
  reconciledStatementsStep,
  orphansStep,
  rowCountsStep,
];

/**
 * Runs system validation for the organisation (admin: validation.run): every step's facts, then
 * core's report (spec part 2 §3). `onProgress` hears after each step how many are done.
 */
export async function validateOrganisation(ctx: OrgScope, onProgress?: SystemValidationProgress): Promise<SystemValidationReport> {
  requireScopePermission(ctx, 'validation.run');
  const today = ctx.app.clock.today();
  const counts: Counts = {};
  const findings: Findings = {};
  let rowCounts: Record<string, number> | undefined;
  onProgress?.(0, STEPS.length);
  for (const [index, step] of STEPS.entries()) {
    const found = await step(ctx, today);
    Object.assign(counts, found.counts);
    Object.assign(findings, found.findings);
    rowCounts = found.rowCounts ?? rowCounts;
    onProgress?.(index + 1, STEPS.length);
  }
  const facts: SystemValidationFacts = { counts, findings, ...(rowCounts ? { rowCounts } : {}) };
  return runSystemValidation(facts, ctx.app.clock.now());
}
