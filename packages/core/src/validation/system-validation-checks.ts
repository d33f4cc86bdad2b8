import { LEDGER_ACCOUNT_CODES } from '../ledger';
import { formatOre } from '../money/format-amount';
import type { Ore } from '../money/ore';

/**
 * The checks of the system validation page (spec part 2 §2 "System validation"), as data: one
 * row per check with its module badge, the counts it reads, a Swedish message per outcome and
 * a function of the counts deciding the outcome.
 *
 * How outcomes are chosen: `fail` means the system cannot be trusted to do its job (nobody can
 * administer the organisation, the ledger or case totals are inconsistent, fees above the
 * statutory caps, no reference rate for today so interest would be wrong); `warning` means
 * set-up is incomplete or something waits for a person (no templates yet, unmatched payments,
 * failed jobs); `pass` otherwise.
 */

/** Counted facts the services gather for one organisation (row counts, all >= 0). */
export const SYSTEM_VALIDATION_COUNT_KEYS = [
  /** Empty required organisation fields among name, org_no and address. */
  'organisation_missing_fields',
  /** Members with role admin. */
  'admin_users',
  'active_creditors',
  'active_parties',
  'cases',
  /** Cases whose stored totals differ from their claim, fees, allocations and ledger entries (core `caseIntegrityMismatches`). */
  'cases_with_inconsistent_totals',
  'active_rules',
  'active_fee_catalogue',
  /** Active catalogue fees above their statutory maximum (lag 1981:739, förordning 1981:1057). */
  'fee_catalogue_above_statutory_cap',
  'interest_profiles',
  /** reference_rates rows whose half-year contains today. */
  'reference_rates_covering_today',
  /** Of those, rows marked verified against the Riksbank. */
  'verified_reference_rates_covering_today',
  'active_comm_templates',
  'active_comm_channels',
  /** Accounts the ledger books on (ledger LEDGER_ACCOUNT_CODES) missing from the active gl_accounts. */
  'missing_posting_gl_accounts',
  /** gl_journals whose entries do not balance (debits ≠ credits). */
  'unbalanced_journals',
  /** |Σ debit − Σ credit| over all the organisation's entries, in öre. */
  'ledger_total_imbalance_ore',
  /** Payments whose allocations add up to more than the payment. */
  'over_allocated_payments',
  /** Allocations with no journal booking them onto their case. */
  'allocations_without_journal',
  /** Half-years some case's interest runs over with no reference rate on record. */
  'missing_reference_rate_half_years',
  /** Active templates that do not render (unknown variable or a value no case can give). */
  'unrenderable_templates',
  /** kfm_files whose checksum is not the SHA-256 of their payload. */
  'kfm_files_with_bad_checksum',
  /** Bank statements marked reconciled whose file no longer reconciles with the bookings. */
  'reconciled_statements_not_reconciling',
  /** Rows pointing at a row that does not exist in the organisation (ids the schema cannot enforce). */
  'orphan_rows',
  'active_bank_accounts',
  /** Active bank accounts of type client_funds. */
  'client_funds_bank_accounts',
  /** Bank statements with reconciliation_status mismatch. */
  'mismatched_bank_statements',
  /** Payments with status unmatched. */
  'unmatched_payments',
  /** Jobs with status failed. */
  'failed_jobs',
  /** kfm_submissions with status failed. */
  'failed_kfm_submissions',
  /** Disputes still open after 10 arbetsdagar (the decision time promised, spec part 2 §9). */
  'overdue_disputes',
] as const;
export type SystemValidationCountKey = (typeof SYSTEM_VALIDATION_COUNT_KEYS)[number];

/** The counts as a check reads them (the runner has verified the keys a check declares). */
export type SystemValidationCounts = Readonly<Record<SystemValidationCountKey, number>>;

/** Examples of what a problem count counted (journal, case, template …), for the details line. */
export type SystemValidationFindings = Readonly<Partial<Record<SystemValidationCountKey, readonly string[]>>>;

export type SystemValidationStatus = 'pass' | 'warning' | 'fail';

export interface SystemValidationCheck {
  /** Stable id, e.g. "ledger.balance". */
  code: string;
  /** The module badge (Swedish). */
  module: string;
  /** The counts this check reads; a missing or invalid one makes the check fail. */
  inputs: readonly SystemValidationCountKey[];
  /** A Swedish message for every outcome `status` can return. */
  messages: Readonly<Partial<Record<SystemValidationStatus, string>>> & { pass: string };
  status: (counts: SystemValidationCounts) => SystemValidationStatus;
  details?: (counts: SystemValidationCounts, findings: SystemValidationFindings) => string | undefined;
}

/** The codes the ledger books on, for the message (1510, 1511, 1512 and 1900 from spec part 2 §7). */
const POSTING_ACCOUNT_CODES = [...new Set(Object.values(LEDGER_ACCOUNT_CODES))].sort().join(', ');

function countText(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** Passes when at least one row exists; otherwise `outcome` (warning for set-up). */
function atLeastOne(
  code: string,
  module: string,
  key: SystemValidationCountKey,
  messages: { pass: string; missing: string },
  noun: [singular: string, plural: string],
  outcome: 'warning' | 'fail' = 'warning',
): SystemValidationCheck {
  return {
    code,
    module,
    inputs: [key],
    messages: { pass: messages.pass, [outcome]: messages.missing },
    status: (counts) => (counts[key] >= 1 ? 'pass' : outcome),
    details: (counts) => countText(counts[key], ...noun),
  };
}

/** How many examples of a problem the details line names (the rest are counted). */
export const SYSTEM_VALIDATION_EXAMPLES = 5;

/** "2 obalanserade verifikationer: V1 (…); V2 (…)", naming at most SYSTEM_VALIDATION_EXAMPLES. */
function problemText(count: number, noun: [singular: string, plural: string], examples: readonly string[] | undefined): string {
  const named = (examples ?? []).slice(0, SYSTEM_VALIDATION_EXAMPLES);
  if (named.length === 0) return countText(count, ...noun);
  const more = count > named.length ? ` och ${count - named.length} till` : '';
  return `${countText(count, ...noun)}: ${named.join('; ')}${more}`;
}

/** Passes when no row has the problem; otherwise `outcome`. */
function noneOf(
  code: string,
  module: string,
  key: SystemValidationCountKey,
  messages: { pass: string; found: string },
  noun: [singular: string, plural: string],
  outcome: 'warning' | 'fail',
): SystemValidationCheck {
  return {
    code,
    module,
    inputs: [key],
    messages: { pass: messages.pass, [outcome]: messages.found },
    status: (counts) => (counts[key] === 0 ? 'pass' : outcome),
    details: (counts, findings) => (counts[key] === 0 ? undefined : problemText(counts[key], noun, findings[key])),
  };
}

/** Every check, in the order the report lists them. */
export const SYSTEM_VALIDATION_CHECKS: readonly SystemValidationCheck[] = [
  noneOf(
    'organisation.profile',
    'Organisation',
    'organisation_missing_fields',
    { pass: 'Organisationsuppgifterna är ifyllda', found: 'Organisationsuppgifter saknas (namn, organisationsnummer eller adress)' },
    ['uppgift saknas', 'uppgifter saknas'],
    'warning',
  ),
  atLeastOne(
    'users.admin',
    'Användare',
    'admin_users',
    { pass: 'Organisationen har en administratör', missing: 'Organisationen saknar administratör' },
    ['administratör', 'administratörer'],
    'fail',
  ),
  atLeastOne(
    'creditors.active',
    'Borgenärer',
    'active_creditors',
    { pass: 'Aktiva borgenärer finns', missing: 'Inga aktiva borgenärer: ärenden kan inte skapas' },
    ['aktiv borgenär', 'aktiva borgenärer'],
  ),
  atLeastOne('parties.active', 'Parter', 'active_parties', { pass: 'Aktiva gäldenärer finns', missing: 'Inga aktiva gäldenärer: ärenden kan inte skapas' }, [
    'aktiv gäldenär',
    'aktiva gäldenärer',
  ]),
  atLeastOne('cases.exist', 'Ärenden', 'cases', { pass: 'Ärenden finns', missing: 'Inga ärenden har skapats ännu' }, ['ärende', 'ärenden']),
  noneOf(
    'cases.totals',
    'Ärenden',
    'cases_with_inconsistent_totals',
    {
      pass: 'Ärendenas belopp stämmer med fordran, avgifter, ränta, inbetalningar och huvudbok',
      found: 'Ärendens belopp stämmer inte med fordran, avgifter, ränta, inbetalningar eller huvudbok',
    },
    ['ärende med felaktigt belopp', 'ärenden med felaktiga belopp'],
    'fail',
  ),
  atLeastOne('rules.active', 'Regelmotor', 'active_rules', { pass: 'Aktiva regler finns', missing: 'Inga aktiva regler: inga kontroller görs före åtgärder' }, [
    'aktiv regel',
    'aktiva regler',
  ]),
  atLeastOne('fees.catalogue', 'Avgifter', 'active_fee_catalogue', { pass: 'Avgiftskatalogen är upplagd', missing: 'Avgiftskatalogen är tom' }, [
    'aktiv avgift',
    'aktiva avgifter',
  ]),
  noneOf(
    'fees.statutory_caps',
    'Avgifter',
    'fee_catalogue_above_statutory_cap',
    { pass: 'Avgifterna håller sig inom lagens gränser', found: 'Avgifter överstiger lagstadgat maxbelopp (lag 1981:739)' },
    ['avgift över maxbelopp', 'avgifter över maxbelopp'],
    'fail',
  ),
  atLeastOne('interest.profiles', 'Ränta', 'interest_profiles', { pass: 'Ränteprofiler finns', missing: 'Inga ränteprofiler är upplagda' }, [
    'ränteprofil',
    'ränteprofiler',
  ]),
  {
    code: 'interest.reference_rate',
    module: 'Ränta',
    inputs: ['reference_rates_covering_today', 'verified_reference_rates_covering_today'],
    messages: {
      pass: 'Referensränta finns för innevarande halvår',
      warning: 'Referensräntan för innevarande halvår är inte bekräftad',
      fail: 'Referensränta saknas för innevarande halvår: dröjsmålsränta kan inte beräknas',
    },
    // Räntelagen 9 §: the rate for a half-year is the one set before it; without it no interest.
    status: (counts) => {
      if (counts.reference_rates_covering_today === 0) return 'fail';
      return counts.verified_reference_rates_covering_today === 0 ? 'warning' : 'pass';
    },
  },
  noneOf(
    'interest.reference_rate_history',
    'Ränta',
    'missing_reference_rate_half_years',
    { pass: 'Referensränta finns för varje halvår som ärendenas ränta löper över', found: 'Referensränta saknas för halvår som ärendens ränta löper över' },
    ['halvår', 'halvår'],
    'fail',
  ),
  atLeastOne(
    'communications.templates',
    'Kommunikation',
    'active_comm_templates',
    { pass: 'Aktiva kommunikationsmallar finns', missing: 'Inga aktiva kommunikationsmallar' },
    ['aktiv mall', 'aktiva mallar'],
  ),
  noneOf(
    'communications.template_rendering',
    'Kommunikation',
    'unrenderable_templates',
    { pass: 'Alla aktiva mallar kan renderas', found: 'Aktiva mallar kan inte renderas' },
    ['mall', 'mallar'],
    'fail',
  ),
  atLeastOne(
    'communications.channels',
    'Kommunikation',
    'active_comm_channels',
    { pass: 'Kommunikationskanaler är konfigurerade', missing: 'Ingen kommunikationskanal är aktiv' },
    ['aktiv kanal', 'aktiva kanaler'],
  ),
  {
    code: 'ledger.accounts',
    module: 'Huvudbok',
    inputs: ['missing_posting_gl_accounts'],
    messages: { pass: 'Kontoplanen har konton för avräkning', fail: 'Konton för avräkning saknas i kontoplanen' },
    status: (counts) => (counts.missing_posting_gl_accounts === 0 ? 'pass' : 'fail'),
    details: (counts) =>
      counts.missing_posting_gl_accounts === 0
        ? undefined
        : `${countText(counts.missing_posting_gl_accounts, 'konto saknas', 'konton saknas')} av ${POSTING_ACCOUNT_CODES}`,
  },
  noneOf(
    'ledger.balance',
    'Huvudbok',
    'unbalanced_journals',
    { pass: 'Alla verifikationer balanserar', found: 'Verifikationer balanserar inte' },
    ['obalanserad verifikation', 'obalanserade verifikationer'],
    'fail',
  ),
  {
    code: 'ledger.total',
    module: 'Huvudbok',
    inputs: ['ledger_total_imbalance_ore'],
    messages: { pass: 'Huvudboken balanserar totalt (debet = kredit)', fail: 'Huvudboken balanserar inte totalt' },
    status: (counts) => (counts.ledger_total_imbalance_ore === 0 ? 'pass' : 'fail'),
    details: (counts) =>
      counts.ledger_total_imbalance_ore === 0 ? undefined : `Debet och kredit skiljer ${formatOre(counts.ledger_total_imbalance_ore as Ore)}`,
  },
  noneOf(
    'payments.over_allocated',
    'Inbetalningar',
    'over_allocated_payments',
    { pass: 'Ingen inbetalning är fördelad med mer än sitt belopp', found: 'Inbetalningar är fördelade med mer än sitt belopp' },
    ['inbetalning', 'inbetalningar'],
    'fail',
  ),
  noneOf(
    'payments.allocation_journals',
    'Inbetalningar',
    'allocations_without_journal',
    { pass: 'Varje fördelning är bokförd', found: 'Fördelningar saknar verifikation i huvudboken' },
    ['fördelning', 'fördelningar'],
    'fail',
  ),
  noneOf(
    'database.orphans',
    'Databas',
    'orphan_rows',
    { pass: 'Inga föräldralösa rader', found: 'Rader pekar på något som inte finns' },
    ['rad', 'rader'],
    'fail',
  ),
  atLeastOne('bank.accounts', 'Bank', 'active_bank_accounts', { pass: 'Bankkonton är upplagda', missing: 'Inga aktiva bankkonton' }, [
    'aktivt bankkonto',
    'aktiva bankkonton',
  ]),
  {
    code: 'bank.client_funds',
    module: 'Bank',
    inputs: ['client_funds_bank_accounts'],
    messages: { pass: 'Klientmedelskonto finns', warning: 'Klientmedelskonto saknas' },
    // Collected money belongs to the creditors and must be kept apart (lag 1944:181 om redovisningsmedel).
    status: (counts) => (counts.client_funds_bank_accounts >= 1 ? 'pass' : 'warning'),
    details: (counts) => (counts.client_funds_bank_accounts >= 1 ? undefined : 'Inkasserade medel ska hållas på ett separat klientmedelskonto'),
  },
  noneOf(
    'bank.reconciliation',
    'Bank',
    'mismatched_bank_statements',
    { pass: 'Bankutdragen är avstämda utan avvikelser', found: 'Bankutdrag med avvikelser behöver granskas' },
    ['bankutdrag med avvikelse', 'bankutdrag med avvikelser'],
    'warning',
  ),
  noneOf(
    'bank.reconciled_still_reconcile',
    'Bank',
    'reconciled_statements_not_reconciling',
    { pass: 'Avstämda bankutdrag stämmer fortfarande', found: 'Bankutdrag markerade som avstämda stämmer inte längre' },
    ['bankutdrag', 'bankutdrag'],
    'fail',
  ),
  noneOf(
    'payments.unmatched',
    'Inbetalningar',
    'unmatched_payments',
    { pass: 'Alla inbetalningar är avräknade', found: 'Inbetalningar väntar på matchning' },
    ['inbetalning', 'inbetalningar'],
    'warning',
  ),
  noneOf(
    'jobs.failed',
    'Jobbkö',
    'failed_jobs',
    { pass: 'Inga misslyckade jobb', found: 'Misslyckade jobb finns i kön' },
    ['misslyckat jobb', 'misslyckade jobb'],
    'warning',
  ),
  noneOf(
    'kfm.checksums',
    'KFM',
    'kfm_files_with_bad_checksum',
    { pass: 'Alla KFM-filers kontrollsummor stämmer', found: 'KFM-filers kontrollsumma stämmer inte med innehållet' },
    ['KFM-fil', 'KFM-filer'],
    'fail',
  ),
  noneOf(
    'kfm.submissions',
    'KFM',
    'failed_kfm_submissions',
    { pass: 'Inga misslyckade KFM-inskickningar', found: 'KFM-inskickningar har misslyckats' },
    ['misslyckad inskickning', 'misslyckade inskickningar'],
    'warning',
  ),
  noneOf(
    'disputes.overdue',
    'Invändningar',
    'overdue_disputes',
    { pass: 'Inga invändningar väntar för länge på beslut', found: 'Invändningar har väntat mer än 10 arbetsdagar på beslut' },
    ['invändning', 'invändningar'],
    'warning',
  ),
];
