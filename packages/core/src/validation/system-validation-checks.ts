import { LEDGER_ACCOUNT_CODES } from '../ledger';

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
  /** Cases whose total_outstanding differs from principal + interest + fees − amount paid. */
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
  'active_bank_accounts',
  /** Active bank accounts of type client_funds. */
  'client_funds_bank_accounts',
  /** Bank statements with reconciliation_status mismatch. */
  'mismatched_bank_statements',
  /** Payments with status unmatched. */
  'unmatched_payments',
  /** Jobs with status failed. */
  'failed_jobs',
  'kfm_files',
  /** kfm_submissions with status failed. */
  'failed_kfm_submissions',
  'payment_plans',
  /** Disputes still open after 10 arbetsdagar (the decision time promised, spec part 2 §9). */
  'overdue_disputes',
  'distribution_rules',
  'risk_profiles',
  'ai_playbooks',
  'ai_suggestions',
] as const;
export type SystemValidationCountKey = (typeof SYSTEM_VALIDATION_COUNT_KEYS)[number];

/** The counts as a check reads them (the runner has verified the keys a check declares). */
export type SystemValidationCounts = Readonly<Record<SystemValidationCountKey, number>>;

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
  details?: (counts: SystemValidationCounts) => string | undefined;
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
    details: (counts) => (counts[key] === 0 ? undefined : countText(counts[key], ...noun)),
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
    { pass: 'Ärendenas belopp stämmer', found: 'Utestående belopp stämmer inte med kapital, ränta, avgifter och inbetalt' },
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
  atLeastOne(
    'communications.templates',
    'Kommunikation',
    'active_comm_templates',
    { pass: 'Aktiva kommunikationsmallar finns', missing: 'Inga aktiva kommunikationsmallar' },
    ['aktiv mall', 'aktiva mallar'],
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
  atLeastOne('kfm.files', 'KFM', 'kfm_files', { pass: 'KFM-filer finns', missing: 'Inga KFM-filer har skapats ännu' }, ['KFM-fil', 'KFM-filer']),
  noneOf(
    'kfm.submissions',
    'KFM',
    'failed_kfm_submissions',
    { pass: 'Inga misslyckade KFM-inskickningar', found: 'KFM-inskickningar har misslyckats' },
    ['misslyckad inskickning', 'misslyckade inskickningar'],
    'warning',
  ),
  atLeastOne('payment_plans.exist', 'Betalplaner', 'payment_plans', { pass: 'Betalplaner finns', missing: 'Inga betalplaner har skapats ännu' }, [
    'betalplan',
    'betalplaner',
  ]),
  noneOf(
    'disputes.overdue',
    'Invändningar',
    'overdue_disputes',
    { pass: 'Inga invändningar väntar för länge på beslut', found: 'Invändningar har väntat mer än 10 arbetsdagar på beslut' },
    ['invändning', 'invändningar'],
    'warning',
  ),
  atLeastOne('distribution.rules', 'Fördelning', 'distribution_rules', { pass: 'Fördelningsregler finns', missing: 'Inga fördelningsregler är upplagda' }, [
    'fördelningsregel',
    'fördelningsregler',
  ]),
  atLeastOne('risk.profiles', 'Risk', 'risk_profiles', { pass: 'Riskprofiler finns', missing: 'Inga riskprofiler är upplagda' }, [
    'riskprofil',
    'riskprofiler',
  ]),
  atLeastOne('ai.playbooks', 'AI', 'ai_playbooks', { pass: 'AI-playbooks finns', missing: 'Inga AI-playbooks är upplagda' }, ['playbook', 'playbooks']),
  atLeastOne('ai.suggestions', 'AI', 'ai_suggestions', { pass: 'AI-förslag har skapats', missing: 'Inga AI-förslag har skapats ännu' }, ['förslag', 'förslag']),
];
