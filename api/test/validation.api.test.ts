import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobHandlers, createJobWorker, jobResponseSchema, systemValidationJobResponseSchema, systemValidationReportSchema } from '@fordran/services';
import { allRowCounts, createMember, createTestApi, createUser, expectBody, expectError, type TestApi, type TestUser } from './helpers';
import { insertBankAccount, insertCase, insertCreditor, insertImportedStatement, insertParty, sampleBankFile } from './fixtures';

/*
 * System validation over HTTP (Systemvalidering, issue 14): the report in the spec's exact shape,
 * a case written behind the use cases found, the queued run followed as a job to the same
 * report, admin only, and one organisation's problems never in another's report.
 */

let api: TestApi;
let admin: TestUser;
let other: TestUser;

const strictReport = systemValidationReportSchema.strict().extend({
  passed: systemValidationReportSchema.shape.passed.element.strict().array(),
  warnings: systemValidationReportSchema.shape.warnings.element.strict().array(),
  failures: systemValidationReportSchema.shape.failures.element.strict().array(),
});

async function validate(user: TestUser = admin) {
  return expectBody(await api.request('POST', `/api/orgs/${user.org_id}/system-validation`, { token: user.token }), 200, strictReport);
}

beforeAll(async () => {
  api = await createTestApi({}, { seedReferenceRates: true });
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  other = await createUser(api, { name: 'Olle Annan' });
  for (const user of [admin, other]) await insertBankAccount(api, user.org_id, 'Klientmedel');
});
afterAll(() => api.close());

describe('POST /system-validation', () => {
  it('answers the report in the spec shape, with no failures for a new organisation, and writes nothing', async () => {
    const before = await allRowCounts(api);
    const report = await validate();
    expect(Object.keys(report)).toEqual(['completionRate', 'passed', 'warnings', 'failures', 'checkedModules', 'timestamp']);
    expect(report.failures).toEqual([]);
    expect(report.timestamp).toBe(api.clock.now());
    expect(report.completionRate).toBe(Math.round((100 * report.passed.length) / (report.passed.length + report.warnings.length)));
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('a case inserted behind the use cases (no claim journal) fails the case totals; another organisation is untouched', async () => {
    const creditorId = await insertCreditor(api, admin.org_id);
    const partyId = await insertParty(api, admin.org_id);
    await insertCase(api, admin.org_id, { creditorId, partyId, status: 'active', outstandingOre: 100000, dueDate: '2026-10-01', createdAt: api.clock.now() });
    const report = await validate();
    const found = report.failures.find((result) => result.module === 'Ärenden');
    expect(found?.message).toBe('Ärendens belopp stämmer inte med fordran, avgifter, ränta, inbetalningar eller huvudbok');
    expect(found?.details).toMatch(/^1 ärende med felaktigt belopp: F-\w+: konto 1510 har saldo 0,00\u00a0kr men obetalt kapital är 1\u00a0000,00\u00a0kr/);
    expect((await validate(other)).failures).toEqual([]);
  });
});

describe('reconciled bank statements', () => {
  it('a statement reconciled when its payments were booked fails once a booking no longer matches the file', async () => {
    const accountId = await insertBankAccount(api, admin.org_id, 'Klientmedel Bankgiro');
    const { statementId, paymentIds } = await insertImportedStatement(api, admin.org_id, sampleBankFile('bgmax/all-record-types.txt'), {
      bankAccountId: accountId,
      fileName: 'bgmax-20261120.txt',
    });
    const reconciled = await api.request('POST', `/api/orgs/${admin.org_id}/bank-statements/${statementId}/reconcile`, { token: admin.token });
    expect(((await reconciled.json()) as { statement: { reconciliation_status: string } }).statement.reconciliation_status).toBe('reconciled');
    const message = 'Bankutdrag markerade som avstämda stämmer inte längre';
    expect((await validate()).passed.map((result) => result.message)).toContain('Avstämda bankutdrag stämmer fortfarande');

    const paymentId = [...paymentIds.values()][0]!;
    await api.sql('UPDATE payments SET amount = amount + 100 WHERE id = ?', paymentId);
    try {
      const found = (await validate()).failures.find((result) => result.message === message);
      expect(found?.module).toBe('Bank');
      expect(found?.details).toMatch(/^1 bankutdrag: bgmax-20261120\.txt \d{4}-\d{2}-\d{2}: /);
    } finally {
      await api.sql('UPDATE payments SET amount = amount - 100 WHERE id = ?', paymentId);
    }
    expect((await validate()).failures.map((result) => result.message)).not.toContain(message);
  });
});

describe("POST /system-validation/jobs ('Kör validering')", () => {
  it('answers 202 with the job; the worker runs it to 100 % and its result is the same report', async () => {
    const accepted = await api.request('POST', `/api/orgs/${admin.org_id}/system-validation/jobs`, { token: admin.token });
    const { job_id } = await expectBody(accepted, 202, systemValidationJobResponseSchema);
    const worker = createJobWorker(api.ctx, { handlers: createJobHandlers() });
    expect((await worker.runOnce())?.id).toBe(job_id);
    const job = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/jobs/${job_id}`, { token: admin.token }), 200, jobResponseSchema);
    expect(job).toMatchObject({ status: 'completed', progress: 100, job_type: 'system_validation' });
    expect(strictReport.parse(job.result)).toEqual(await validate());
  });

  it('another organisation cannot read the job', async () => {
    const { job_id } = await expectBody(
      await api.request('POST', `/api/orgs/${admin.org_id}/system-validation/jobs`, { token: admin.token }),
      202,
      systemValidationJobResponseSchema,
    );
    await expectError(await api.request('GET', `/api/orgs/${other.org_id}/jobs/${job_id}`, { token: other.token }), 404, 'NOT_FOUND');
  });
});

describe('roles and tenancy', () => {
  it.each(['handler', 'finance', 'legal'] as const)('a %s gets 403 on both routes and nothing is queued', async (role) => {
    const member = await createMember(api, admin, role);
    const before = await allRowCounts(api);
    await expectError(await api.request('POST', `/api/orgs/${admin.org_id}/system-validation`, { token: member.token }), 403, 'FORBIDDEN');
    await expectError(await api.request('POST', `/api/orgs/${admin.org_id}/system-validation/jobs`, { token: member.token }), 403, 'FORBIDDEN');
    expect(await allRowCounts(api)).toEqual(before);
  });

  it("an admin of another organisation cannot validate this one's", async () => {
    await expectError(await api.request('POST', `/api/orgs/${admin.org_id}/system-validation`, { token: other.token }), 404, 'NOT_FOUND');
  });
});
