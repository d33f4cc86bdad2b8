import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex, type SystemValidationReport, type SystemValidationResult } from '@fordran/core';
import { uuidV7 } from '@fordran/store';
import type { OrgScope } from '../access/operator';
import { operatorContext } from '../access/operator';
import { signUp } from '../auth/sign-up';
import { addCaseFee } from '../cases/case-fees';
import { calculateCaseInterest } from '../cases/case-interest';
import { createManualClock } from '../clock';
import { allocatePaymentToCase, createPayment } from '../payments/payments';
import { openSendableCase } from '../testing/sendable-case';
import { recordSentDemand } from '../testing/sent-demand';
import { openTestApp, type TestApp } from '../testing/test-app';
import { validateOrganisation } from './system-validation';

/*
 * System validation over a small organisation kept by the use cases (a case with a fee, interest
 * and a payment allocated to it): it passes; then each kind of inconsistency is written behind
 * the use cases with raw SQL, found as a failure naming what is wrong, and put back. Both engines.
 */

let testApp: TestApp;
let ctx: OrgScope;
let orgId: string;
let caseId: string;
let paymentId: string;

beforeAll(async () => {
  testApp = await openTestApp({ clock: createManualClock('2026-11-22T09:00:00.000Z'), seedReferenceRates: true });
  await signUp(testApp.app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  ctx = await operatorContext(testApp.app, 'Karin Lindqvists organisation');
  orgId = ctx.membership.org_id;
  caseId = await openSendableCase(ctx);
  await recordSentDemand(testApp.app, orgId, caseId);
  await addCaseFee(ctx, caseId, { code: 'COLLECTION_180' });
  await calculateCaseInterest(ctx, caseId, { as_of: '2026-11-20' });
  paymentId = (await createPayment(ctx, { amount: '1000.00' })).id;
  await allocatePaymentToCase(ctx, paymentId, { case_id: caseId });
}, 60_000);
afterAll(() => testApp.close());

const sql = <T = Record<string, unknown>>(text: string, ...params: unknown[]) => testApp.sql<T>(text, ...params);

/** Runs validation with `broken` applied, then `repair`s it whatever happens. */
async function validateWith(broken: () => Promise<unknown>, repair: () => Promise<unknown>): Promise<SystemValidationReport> {
  await broken();
  try {
    return await validateOrganisation(ctx);
  } finally {
    await repair();
  }
}

function failure(report: SystemValidationReport, message: string): SystemValidationResult | undefined {
  return report.failures.find((result) => result.message === message);
}

describe('system validation of an organisation kept by the use cases', { timeout: 60_000 }, () => {
  it('finds no failure, checks the integrity modules and counts rows per table', async () => {
    const report = await validateOrganisation(ctx);
    expect(report.failures).toEqual([]);
    expect(Object.keys(report)).toEqual(['completionRate', 'passed', 'warnings', 'failures', 'checkedModules', 'timestamp']);
    expect(report.timestamp).toBe('2026-11-22T09:00:00.000Z');
    expect(report.checkedModules).toEqual(expect.arrayContaining(['Huvudbok', 'Ärenden', 'Inbetalningar', 'Ränta', 'Kommunikation', 'KFM', 'Bank', 'Databas']));
    const rows = report.passed.find((result) => result.message === 'Antal rader per tabell');
    expect(rows?.details).toContain('cases: 1');
    expect(rows?.details).toContain('payment_allocations: 1');
    expect(rows?.details).toContain('kfm_files: 0');
    for (const result of [...report.passed, ...report.warnings])
      expect(Object.keys(result).every((key) => ['module', 'message', 'status', 'details'].includes(key))).toBe(true);
  });

  it('reports real progress: every step once, in order, to the total', async () => {
    const calls: [number, number][] = [];
    await validateOrganisation(ctx, (done, total) => calls.push([done, total]));
    const total = calls[0]![1];
    expect(total).toBeGreaterThan(5);
    expect(calls).toEqual(Array.from({ length: total + 1 }, (_, done) => [done, total]));
  });

  it('an unbalanced journal fails the ledger per journal and in total', async () => {
    const [entry] = await sql<{ id: string; debit: number }>(
      "SELECT e.id, e.debit FROM gl_entries e JOIN gl_journals j ON j.id = e.journal_id WHERE e.org_id = ? AND j.source = 'fee' AND e.debit > 0",
      orgId,
    );
    const report = await validateWith(
      () => sql('UPDATE gl_entries SET debit = debit + 1 WHERE id = ?', entry!.id),
      () => sql('UPDATE gl_entries SET debit = ? WHERE id = ?', entry!.debit, entry!.id),
    );
    expect(failure(report, 'Verifikationer balanserar inte')?.details).toMatch(/^1 obalanserad verifikation: fee /);
    expect(failure(report, 'Huvudboken balanserar inte totalt')?.details).toBe('Debet och kredit skiljer 0,01\u00a0kr');
  });

  it('a case total off by 1 öre fails the case totals, naming the case', async () => {
    const report = await validateWith(
      () => sql('UPDATE cases SET total_outstanding = total_outstanding + 1 WHERE id = ?', caseId),
      () => sql('UPDATE cases SET total_outstanding = total_outstanding - 1 WHERE id = ?', caseId),
    );
    const found = failure(report, 'Ärendens belopp stämmer inte med fordran, avgifter, ränta, inbetalningar eller huvudbok');
    expect(found?.module).toBe('Ärenden');
    expect(found?.details).toMatch(/^1 ärende med felaktigt belopp: F-1001: utestående .* men kapital \+ ränta \+ avgifter − inbetalt = /);
  });

  it('a payment allocated beyond its amount fails', async () => {
    const report = await validateWith(
      () => sql('UPDATE payments SET amount = amount - 100 WHERE id = ?', paymentId),
      () => sql('UPDATE payments SET amount = amount + 100 WHERE id = ?', paymentId),
    );
    expect(failure(report, 'Inbetalningar är fördelade med mer än sitt belopp')?.details).toBe(
      `1 inbetalning: ${paymentId} (999,00\u00a0kr, fördelat 1\u00a0000,00\u00a0kr)`,
    );
  });

  it('an allocation whose journal is gone fails', async () => {
    const report = await validateWith(
      () => sql("UPDATE gl_journals SET source = 'bank_adjustment' WHERE org_id = ? AND source = 'payment'", orgId),
      () => sql("UPDATE gl_journals SET source = 'payment' WHERE org_id = ? AND source = 'bank_adjustment'", orgId),
    );
    expect(failure(report, 'Fördelningar saknar verifikation i huvudboken')?.details).toMatch(
      new RegExp(`^1 fördelning: .* \\(inbetalning ${paymentId}, 1\u00a0000,00\u00a0kr\\)$`),
    );
  });

  it('a missing reference rate for a half-year the interest runs over fails', async () => {
    const report = await validateWith(
      () => sql("UPDATE reference_rates SET valid_from = '2099-07-01' WHERE valid_from = '2026-07-01'"),
      () => sql("UPDATE reference_rates SET valid_from = '2026-07-01' WHERE valid_from = '2099-07-01'"),
    );
    expect(failure(report, 'Referensränta saknas för halvår som ärendens ränta löper över')?.details).toBe('1 halvår: halvåret som börjar 2026-07-01');
  });

  it('an active template with an unknown variable fails, naming the template', async () => {
    const [template] = await sql<{ id: string; code: string; body_md: string }>(
      'SELECT id, code, body_md FROM comm_templates WHERE org_id = ? AND is_active = ? ORDER BY code',
      orgId,
      true,
    );
    const report = await validateWith(
      () => sql('UPDATE comm_templates SET body_md = ? WHERE id = ?', `${template!.body_md} {{okand_variabel}}`, template!.id),
      () => sql('UPDATE comm_templates SET body_md = ? WHERE id = ?', template!.body_md, template!.id),
    );
    expect(failure(report, 'Aktiva mallar kan inte renderas')?.details).toMatch(new RegExp(`^1 mall: ${template!.code}: .*okand_variabel`));
  });

  it('a KFM file whose checksum is not its payload fails; one whose checksum is passes', async () => {
    const insert = (filename: string, checksum: string) =>
      sql(
        'INSERT INTO kfm_files (id, org_id, direction, filename, payload_text, checksum, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        uuidV7(),
        orgId,
        'out',
        filename,
        '<ansokan/>',
        checksum,
        'ready',
        '2026-11-22T09:00:00.000Z',
      );
    const remove = () => sql('DELETE FROM kfm_files WHERE org_id = ?', orgId);
    const good = await validateWith(() => insert('bra.xml', sha256Hex('<ansokan/>')), remove);
    expect(good.passed.map((result) => result.message)).toContain('Alla KFM-filers kontrollsummor stämmer');
    const bad = await validateWith(() => insert('trasig.xml', sha256Hex('<ansokan>ändrad</ansokan>')), remove);
    expect(failure(bad, 'KFM-filers kontrollsumma stämmer inte med innehållet')?.details).toBe('1 KFM-fil: trasig.xml');
  });

  it('a journal whose source row does not exist is an orphan', async () => {
    const [journal] = await sql<{ id: string; source_ref: string }>("SELECT id, source_ref FROM gl_journals WHERE org_id = ? AND source = 'fee'", orgId);
    const report = await validateWith(
      () => sql('UPDATE gl_journals SET source_ref = ? WHERE id = ?', 'finns-inte', journal!.id),
      () => sql('UPDATE gl_journals SET source_ref = ? WHERE id = ?', journal!.source_ref, journal!.id),
    );
    expect(failure(report, 'Rader pekar på något som inte finns')?.details).toBe(`1 rad: gl_journals ${journal!.id} saknar källa fee`);
  });

  it('after every repair the organisation passes again', async () => {
    expect((await validateOrganisation(ctx)).failures).toEqual([]);
  });
});
