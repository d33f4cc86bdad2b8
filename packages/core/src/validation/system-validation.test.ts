import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { systemValidationCompletionRate } from './completion-rate';
import { runSystemValidation, runSystemValidationCheck, type SystemValidationCountsInput } from './system-validation';
import {
  SYSTEM_VALIDATION_CHECKS,
  SYSTEM_VALIDATION_COUNT_KEYS,
  type SystemValidationCheck,
  type SystemValidationCountKey,
  type SystemValidationCounts,
  type SystemValidationStatus,
} from './system-validation-checks';

const NOW = '2026-11-22T09:30:00.000Z';

/** An organisation where everything is set up and nothing waits for a person. */
const HEALTHY: SystemValidationCounts = {
  organisation_missing_fields: 0,
  admin_users: 1,
  active_creditors: 3,
  active_parties: 10,
  cases: 12,
  cases_with_inconsistent_totals: 0,
  active_rules: 4,
  active_fee_catalogue: 3,
  fee_catalogue_above_statutory_cap: 0,
  interest_profiles: 1,
  reference_rates_covering_today: 1,
  verified_reference_rates_covering_today: 1,
  active_comm_templates: 5,
  active_comm_channels: 2,
  missing_posting_gl_accounts: 0,
  unbalanced_journals: 0,
  ledger_total_imbalance_ore: 0,
  over_allocated_payments: 0,
  allocations_without_journal: 0,
  missing_reference_rate_half_years: 0,
  unrenderable_templates: 0,
  kfm_files_with_bad_checksum: 0,
  reconciled_statements_not_reconciling: 0,
  orphan_rows: 0,
  active_bank_accounts: 2,
  client_funds_bank_accounts: 1,
  mismatched_bank_statements: 0,
  unmatched_payments: 0,
  failed_jobs: 0,
  failed_kfm_submissions: 0,
  overdue_disputes: 0,
};

const countsArb: fc.Arbitrary<SystemValidationCounts> = fc.record(
  Object.fromEntries(SYSTEM_VALIDATION_COUNT_KEYS.map((key) => [key, fc.nat({ max: 5 })])) as Record<SystemValidationCountKey, fc.Arbitrary<number>>,
);

/** Counts as gathered: some missing, some invalid. */
const gatheredCountsArb: fc.Arbitrary<SystemValidationCountsInput> = fc.record(
  Object.fromEntries(
    SYSTEM_VALIDATION_COUNT_KEYS.map((key) => [key, fc.oneof(fc.nat({ max: 5 }), fc.constant(-1), fc.constant(0.5), fc.constant(Number.NaN))]),
  ) as Record<SystemValidationCountKey, fc.Arbitrary<number>>,
  { requiredKeys: [] },
);

function statusOf(code: string, counts: SystemValidationCountsInput): SystemValidationStatus {
  const check = SYSTEM_VALIDATION_CHECKS.find((candidate) => candidate.code === code);
  if (!check) throw new Error(`no check ${code}`);
  return runSystemValidationCheck(check, counts).status;
}

function constantCheck(status: SystemValidationStatus, index: number): SystemValidationCheck {
  return { code: `test.${index}`, module: `Modul ${index % 3}`, inputs: [], messages: { pass: 'ok', warning: 'varning', fail: 'fel' }, status: () => status };
}

describe('system validation: examples', () => {
  it('a healthy organisation passes every check at 100 %', () => {
    const report = runSystemValidation({ counts: HEALTHY }, NOW);
    expect(report.completionRate).toBe(100);
    expect(report.warnings).toEqual([]);
    expect(report.failures).toEqual([]);
    expect(report.passed).toHaveLength(SYSTEM_VALIDATION_CHECKS.length);
    expect(report.timestamp).toBe(NOW);
  });

  it.each([
    ['users.admin', { admin_users: 0 }, 'fail'],
    ['creditors.active', { active_creditors: 0 }, 'warning'],
    ['cases.totals', { cases_with_inconsistent_totals: 2 }, 'fail'],
    ['fees.statutory_caps', { fee_catalogue_above_statutory_cap: 1 }, 'fail'],
    ['interest.reference_rate', { reference_rates_covering_today: 0, verified_reference_rates_covering_today: 0 }, 'fail'],
    ['interest.reference_rate', { verified_reference_rates_covering_today: 0 }, 'warning'],
    ['ledger.accounts', { missing_posting_gl_accounts: 1 }, 'fail'],
    ['ledger.balance', { unbalanced_journals: 1 }, 'fail'],
    ['bank.client_funds', { client_funds_bank_accounts: 0 }, 'warning'],
    ['payments.unmatched', { unmatched_payments: 3 }, 'warning'],
    ['disputes.overdue', { overdue_disputes: 1 }, 'warning'],
    ['ledger.total', { ledger_total_imbalance_ore: 1 }, 'fail'],
    ['payments.over_allocated', { over_allocated_payments: 1 }, 'fail'],
    ['payments.allocation_journals', { allocations_without_journal: 1 }, 'fail'],
    ['interest.reference_rate_history', { missing_reference_rate_half_years: 1 }, 'fail'],
    ['communications.template_rendering', { unrenderable_templates: 1 }, 'fail'],
    ['kfm.checksums', { kfm_files_with_bad_checksum: 1 }, 'fail'],
    ['bank.reconciled_still_reconcile', { reconciled_statements_not_reconciling: 1 }, 'fail'],
    ['database.orphans', { orphan_rows: 1 }, 'fail'],
  ] as const)('%s with %j is %s', (code, change, expected) => {
    expect(statusOf(code, { ...HEALTHY, ...change })).toBe(expected);
  });

  it('reports the message and details of an outcome', () => {
    const report = runSystemValidation({ counts: { ...HEALTHY, unbalanced_journals: 2 } }, NOW);
    expect(report.failures).toEqual([
      { module: 'Huvudbok', message: 'Verifikationer balanserar inte', status: 'fail', details: '2 obalanserade verifikationer' },
    ]);
    expect(report.completionRate).toBe(Math.round((100 * (SYSTEM_VALIDATION_CHECKS.length - 1)) / SYSTEM_VALIDATION_CHECKS.length));
  });

  it('a count that could not be read makes its check fail, naming the count', () => {
    const { admin_users: _omitted, ...rest } = HEALTHY;
    const report = runSystemValidation({ counts: rest }, NOW);
    expect(report.failures).toEqual([
      {
        module: 'Användare',
        message: 'Användare: kunde inte kontrolleras',
        status: 'fail',
        details: 'Antal saknas eller är ogiltigt: admin_users',
      },
    ]);
  });

  it('lists each checked module once, in table order', () => {
    const report = runSystemValidation({ counts: HEALTHY }, NOW);
    expect(report.checkedModules.slice(0, 4)).toEqual(['Organisation', 'Användare', 'Borgenärer', 'Parter']);
    expect(new Set(report.checkedModules).size).toBe(report.checkedModules.length);
    expect(report.checkedModules).toContain('KFM');
  });

  it('names the examples found, and how many more there are', () => {
    const report = runSystemValidation({ counts: { ...HEALTHY, orphan_rows: 7 }, findings: { orphan_rows: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] } }, NOW);
    expect(report.failures).toEqual([
      { module: 'Databas', message: 'Rader pekar på något som inte finns', status: 'fail', details: '7 rader: a; b; c; d; e och 2 till' },
    ]);
  });

  it('reports the row counts per table as information, after the checks', () => {
    const rowCounts = { risk_profiles: 0, ai_suggestions: 2, disputes: 1 };
    const report = runSystemValidation({ counts: HEALTHY, rowCounts }, NOW);
    expect(report.passed.at(-1)).toEqual({
      module: 'Databas',
      message: 'Antal rader per tabell',
      status: 'pass',
      details: 'ai_suggestions: 2, disputes: 1, risk_profiles: 0',
    });
    expect(report.completionRate).toBe(100);
    expect(runSystemValidation({ counts: HEALTHY, rowCounts: { cases: -1 } }, NOW).failures).toEqual([
      { module: 'Databas', message: 'Databas: kunde inte kontrolleras', status: 'fail', details: 'Antal saknas eller är ogiltigt: cases' },
    ]);
  });

  it.each(['2026-11-22', 'igår', '2026-13-01T00:00:00Z', ''])('refuses %j as now', (now) => {
    expect(() => runSystemValidation({ counts: HEALTHY }, now)).toThrow(DomainError);
  });

  it.each([
    [0, 0, 0],
    [0, 5, 0],
    [1, 3, 33],
    [2, 3, 67],
    [1, 2, 50],
    [1, 8, 13],
    [5, 8, 63],
    [3, 8, 38],
    [27, 27, 100],
  ])('%i passed of %i is %i %%', (passedCount, totalCount, expected) => {
    expect(systemValidationCompletionRate(passedCount, totalCount)).toBe(expected);
  });

  it('refuses more passed than total', () => {
    expect(() => systemValidationCompletionRate(3, 2)).toThrow(DomainError);
  });
});

describe('system validation: properties', () => {
  it('passed + warnings + failures = number of checks', () => {
    fc.assert(
      fc.property(gatheredCountsArb, (counts) => {
        const report = runSystemValidation({ counts }, NOW);
        expect(report.passed.length + report.warnings.length + report.failures.length).toBe(SYSTEM_VALIDATION_CHECKS.length);
      }),
    );
  });

  it('every result sits in the list of its status', () => {
    fc.assert(
      fc.property(gatheredCountsArb, (counts) => {
        const report = runSystemValidation({ counts }, NOW);
        expect(report.passed.every((result) => result.status === 'pass')).toBe(true);
        expect(report.warnings.every((result) => result.status === 'warning')).toBe(true);
        expect(report.failures.every((result) => result.status === 'fail')).toBe(true);
      }),
    );
  });

  it('completionRate is a whole percent in 0..100', () => {
    fc.assert(
      fc.property(gatheredCountsArb, (counts) => {
        const { completionRate } = runSystemValidation({ counts }, NOW);
        expect(Number.isInteger(completionRate)).toBe(true);
        expect(completionRate).toBeGreaterThanOrEqual(0);
        expect(completionRate).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('completionRate is 100·passed/total rounded half up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.nat(), (totalCount, seed) => {
        const passedCount = seed % (totalCount + 1);
        const rate = systemValidationCompletionRate(passedCount, totalCount);
        // rate − ½ <= 100·p/t < rate + ½, in integers: (2·rate − 1)·t <= 200·p < (2·rate + 1)·t
        expect((2 * rate - 1) * totalCount).toBeLessThanOrEqual(200 * passedCount);
        expect(200 * passedCount).toBeLessThan((2 * rate + 1) * totalCount);
      }),
    );
  });

  it('adding a passing check never lowers the rate', () => {
    const statusArb = fc.constantFrom<SystemValidationStatus>('pass', 'warning', 'fail');
    fc.assert(
      fc.property(fc.array(statusArb, { maxLength: 40 }), (statuses) => {
        const checks = statuses.map(constantCheck);
        const before = runSystemValidation({ counts: {} }, NOW, checks).completionRate;
        const after = runSystemValidation({ counts: {} }, NOW, [...checks, constantCheck('pass', statuses.length)]).completionRate;
        expect(after).toBeGreaterThanOrEqual(before);
      }),
    );
  });

  it('adding a failing check never raises the rate', () => {
    const statusArb = fc.constantFrom<SystemValidationStatus>('pass', 'warning', 'fail');
    fc.assert(
      fc.property(fc.array(statusArb, { maxLength: 40 }), (statuses) => {
        const checks = statuses.map(constantCheck);
        const before = runSystemValidation({ counts: {} }, NOW, checks).completionRate;
        const after = runSystemValidation({ counts: {} }, NOW, [...checks, constantCheck('fail', statuses.length)]).completionRate;
        expect(after).toBeLessThanOrEqual(before);
      }),
    );
  });

  it('every outcome a check returns has a Swedish message', () => {
    fc.assert(
      fc.property(countsArb, (counts) => {
        for (const check of SYSTEM_VALIDATION_CHECKS) {
          expect(runSystemValidationCheck(check, counts).message).toMatch(/\S/);
        }
      }),
    );
  });

  it('a check reads only the counts it declares', () => {
    fc.assert(
      fc.property(countsArb, (counts) => {
        for (const check of SYSTEM_VALIDATION_CHECKS) {
          const read = new Set<string | symbol>();
          const spy = new Proxy(counts, {
            get(target, key, receiver) {
              read.add(key);
              return Reflect.get(target, key, receiver) as unknown;
            },
          });
          check.status(spy);
          check.details?.(spy, {});
          for (const key of read) expect(check.inputs).toContain(key);
        }
      }),
    );
  });

  it('a problem count above zero never passes its check', () => {
    // Checks of one count that is 0 in a healthy organisation count problems (unbalanced journals, …).
    const problemChecks = SYSTEM_VALIDATION_CHECKS.filter((check) => check.inputs.length === 1 && HEALTHY[check.inputs[0]!] === 0);
    expect(problemChecks.length).toBeGreaterThan(5);
    fc.assert(
      fc.property(fc.constantFrom(...problemChecks), fc.integer({ min: 1, max: 1000 }), (check, problemCount) => {
        expect(runSystemValidationCheck(check, { ...HEALTHY, [check.inputs[0]!]: problemCount }).status).not.toBe('pass');
      }),
    );
  });

  it('check codes are unique', () => {
    const codes = SYSTEM_VALIDATION_CHECKS.map((check) => check.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('every count key is read by some check', () => {
    const inputs = new Set(SYSTEM_VALIDATION_CHECKS.flatMap((check) => check.inputs));
    expect([...SYSTEM_VALIDATION_COUNT_KEYS].filter((key) => !inputs.has(key))).toEqual([]);
  });
});
