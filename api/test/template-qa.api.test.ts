import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidV7 } from '@fordran/store';
import type { z } from 'zod';
import { addDays } from '@fordran/core';
import {
  caseDetailSchema,
  caseFeeAddResponseSchema,
  caseInterestResponseSchema,
  caseListResponseSchema,
  creditorListResponseSchema,
  dashboardResponseSchema,
  partyListResponseSchema,
  templateListResponseSchema,
  templatePreviewResponseSchema,
  templateQaBatchDetailSchema,
  templateQaBatchListSchema,
  templateQaCleanupResponseSchema,
  templateQaRunResponseSchema,
  templateResponseSchema,
  trialBalanceResponseSchema,
  systemValidationReportSchema,
} from '@fordran/services';
import { allRowCounts, auditRows, createMember, createTestApi, createUser, expectBody, expectError, type TestApi, type TestUser } from './helpers';
import { insertBankAccount, insertCreditor, insertParty } from './fixtures';

/*
 * Template QA over HTTP (Mall-QA Sverige, issue 11): the library passes; a template with an
 * unknown variable, an over-long SMS, a demand lacking content and an empty subject are each
 * found; the test cases render as real cases do yet stay off the books (no journal, no audit row
 * but the run's), out of the case list, the dashboard, the directories and search; 'Rensa'
 * removes every row the run made; roles and tenancy.
 */

let api: TestApi;
let admin: TestUser;

const base = (user: TestUser = admin) => `/api/orgs/${user.org_id}`;
const send = (method: string, path: string, body?: unknown, user: TestUser = admin) => api.request(method, `${base(user)}${path}`, { token: user.token, body });

async function run(user: TestUser = admin) {
  return expectBody(await send('POST', '/templates/qa', { action: 'run' }, user), 200, templateQaRunResponseSchema);
}

async function cleanup(batchId: string) {
  return expectBody(await send('DELETE', `/templates/qa/batches/${batchId}`), 200, templateQaCleanupResponseSchema);
}

async function caseTotal(): Promise<number> {
  return (await expectBody(await send('GET', '/cases'), 200, caseListResponseSchema)).total;
}

async function get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  return expectBody(await send('GET', path), 200, schema);
}

/** Row counts of every table but the audit log (the run and the cleanup are audited). */
async function countsWithoutAudit(): Promise<Record<string, number>> {
  const { audit_logs: _audit, ...rest } = await allRowCounts(api);
  return rest;
}

beforeAll(async () => {
  api = await createTestApi({}, { seedReferenceRates: true });
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  await insertBankAccount(api, admin.org_id, 'Klientmedel');
});
afterAll(() => api.close());

/** What counts as the agency's business: the books, the figures, the lists, staff notices, the job queue, the log. */
async function business() {
  const counts = await allRowCounts(api);
  return {
    ledger: { journals: counts.gl_journals, entries: counts.gl_entries },
    trial_balance: await get('/ledger/trial-balance', trialBalanceResponseSchema),
    dashboard: await get('/dashboard', dashboardResponseSchema),
    cases: await caseTotal(),
    creditors: (await get('/creditors?limit=100', creditorListResponseSchema)).total,
    parties: (await get('/parties?limit=100', partyListResponseSchema)).total,
    notifications: counts.notifications,
    jobs: counts.job_queue,
    audit: counts.audit_logs,
  };
}

/** The money part of an inkassokrav (capital, interest per period, each fee, paid, total) for a case. */
async function demandAmounts(caseId: string): Promise<string> {
  const templates = await get('/templates?limit=200', templateListResponseSchema);
  const demand = templates.items.find((each) => each.code === 'DEMAND_LETTER')!;
  const { body } = await expectBody(await send('POST', `/templates/${demand.id}/preview`, { case_id: caseId }), 200, templatePreviewResponseSchema);
  return body.slice(body.indexOf('Kapital:'), body.indexOf('\n', body.indexOf('Att betala totalt:')));
}

describe("a QA batch is not the agency's business", () => {
  it('renders its cases as real cases with interest and fees, yet writes no journal and changes no figure, list or log but its own row', async () => {
    // A real case made as the QA's company case with interest and fees is: the render must be the same.
    const creditorId = await insertCreditor(api, admin.org_id, 'Tvilling Borgenär AB');
    const partyId = await insertParty(api, admin.org_id, 'Tvilling Företag AB', 'company');
    const twin = await expectBody(
      await send('POST', '/cases', {
        creditor_id: creditorId,
        party_id: partyId,
        reference_no: 'TVILLING-1',
        principal_amount: '123456.78',
        due_date: addDays(api.ctx.clock.today(), -200),
        contract_type: 'Faktura',
        reminder_fee_agreed: true,
      }),
      201,
      caseDetailSchema,
    );
    await expectBody(await send('POST', `/cases/${twin.id}/interest`, {}), 200, caseInterestResponseSchema);

    const before = await business();
    const result = await run();
    expect(await business()).toEqual({ ...before, audit: before.audit! + 1 });
    expect(await auditRows(api, admin.org_id, 'template_qa.run')).toHaveLength(1);
    // Unbooked on purpose, the QA cases are no integrity failure of the books.
    expect((await expectBody(await send('POST', '/system-validation', {}), 200, systemValidationReportSchema)).failures).toEqual([]);

    // The batch's creditor and debtors are in no list, search or picker.
    expect((await get('/creditors?query=Mall-QA', creditorListResponseSchema)).total).toBe(0);
    expect((await get('/parties?query=Mall-QA', partyListResponseSchema)).total).toBe(0);
    expect((await get('/parties?query=Mall-QA&status=active&type=company', partyListResponseSchema)).total).toBe(0);

    const qaCase = result.batch.cases.find((each) => each.label === 'Företag med ränta och avgifter')!;
    const detail = await get(`/cases/${qaCase.case_id}`, caseDetailSchema);
    expect(detail.fees).toHaveLength(1);
    // Nor can a real case be registered on them (Rensa removes them with the batch).
    const onFixture = {
      party_id: partyId,
      reference_no: 'X-1',
      principal_amount: '100.00',
      due_date: addDays(api.ctx.clock.today(), -1),
      contract_type: 'Faktura',
    };
    await expectError(await send('POST', '/cases', { ...onFixture, creditor_id: detail.creditor.id }), 404, 'NOT_FOUND');
    await expectError(await send('POST', '/cases', { ...onFixture, creditor_id: creditorId, party_id: detail.party.id }), 404, 'NOT_FOUND');
    await expectBody(await send('POST', `/cases/${twin.id}/fees`, { code: detail.fees[0]!.code }), 201, caseFeeAddResponseSchema);
    const amounts = await demandAmounts(qaCase.case_id);
    expect(amounts).toMatch(/Ränta:\n.*\d/);
    expect(amounts).toContain(detail.fees[0]!.name);
    expect(amounts).toBe(await demandAmounts(twin.id));

    const afterRun = await business();
    const removed = await cleanup(result.batch_id);
    expect(removed.deleted).not.toHaveProperty('gl_journals');
    expect(removed.deleted).not.toHaveProperty('gl_entries');
    expect(await business()).toEqual({ ...afterRun, audit: afterRun.audit! + 1 });
  });
});

describe('a run over the library (Mallbibliotek Sverige v1)', () => {
  it('makes six test cases, renders every active template, passes them all and stores the HTML report', async () => {
    const casesBefore = await caseTotal();
    const runsAudited = (await auditRows(api, admin.org_id, 'template_qa.run')).length;
    const result = await run();
    expect(result.report.batch_id).toBe(result.batch_id);
    expect(result.batch.cases).toHaveLength(6);
    expect(result.batch.cases.map((each) => each.label)).toEqual(
      expect.arrayContaining(['Privatperson utan ränta och avgifter', 'Företag med ränta och avgifter']),
    );
    const failed = result.batch.results.filter((each) => !each.passed);
    expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
    const templates = await api.sql<{ n: number }>('SELECT count(*) AS n FROM comm_templates WHERE org_id = ? AND is_active = ?', admin.org_id, true);
    expect(result.batch.templates_checked).toBe(Number(templates[0]!.n));
    expect(result.batch.results.find((each) => each.code === 'REMINDER_SMS')!.sms_segments).toHaveLength(6);
    expect(result.report.html).toContain('Mall-QA Sverige');
    expect(result.report.html).toContain('0 underkända');

    // The test cases are real cases of the batch, with interest and fees where the spec says…
    const rows = await api.sql<{ total_interest: number; total_fees: number; status: string }>(
      'SELECT total_interest, total_fees, status FROM cases WHERE qa_batch_id = ? ORDER BY created_at',
      result.batch_id,
    );
    expect(rows.map((row) => [Number(row.total_interest) > 0, Number(row.total_fees) > 0, row.status])).toEqual([
      [false, false, 'draft'],
      [true, false, 'draft'],
      [true, true, 'draft'],
      [false, false, 'draft'],
      [false, true, 'draft'],
      [true, true, 'draft'],
    ]);
    // …and never part of real work.
    expect(await caseTotal()).toBe(casesBefore);

    const list = await expectBody(await send('GET', '/templates/qa/batches'), 200, templateQaBatchListSchema);
    expect(list.items[0]).toMatchObject({ id: result.batch_id, status: 'completed', templates_failed: 0, templates_passed: result.batch.templates_checked });
    const detail = await expectBody(await send('GET', `/templates/qa/batches/${result.batch_id}`), 200, templateQaBatchDetailSchema);
    expect(detail.results).toEqual(result.batch.results);
    const report = await send('GET', `/templates/qa/batches/${result.batch_id}/report`);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toContain('text/html');
    expect(report.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await report.text()).toBe(result.report.html);
    expect(await auditRows(api, admin.org_id, 'template_qa.run')).toHaveLength(runsAudited + 1);
    await cleanup(result.batch_id);
  });
});

describe('what the QA finds', () => {
  it('names an unknown variable, an SMS over the limit, a demand lacking content and an empty subject — and escapes template text', async () => {
    const created: string[] = [];
    const create = async (body: Record<string, unknown>) => {
      const template = await expectBody(await send('POST', '/templates', body), 201, templateResponseSchema);
      created.push(template.id);
      return template;
    };
    await create({ name: 'Långt sms', channel: 'sms', category: 'custom', body_md: `Hej {{debtor_name}}! ${'Betala snarast, tack. '.repeat(20)}` });
    await create({ name: 'Tunt krav', channel: 'letter', category: 'demand', subject: 'Inkassokrav', body_md: 'Betala {{amount}} till {{bankgiro}}.' });
    await create({ name: 'Utan ämne', channel: 'email', category: 'custom', body_md: 'Hej {{debtor_name}}' });
    // Saving refuses an unknown variable, so such a template only exists from before that rule.
    const unknownId = uuidV7();
    const now = api.ctx.clock.now();
    await api.sql(
      'INSERT INTO comm_templates (id, org_id, code, name, category, channel, language, subject, body_md, variables_json, is_active, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      unknownId,
      admin.org_id,
      'CUSTOM_UNKNOWN',
      '<script>alert(1)</script> Gammal mall',
      'custom',
      'email',
      'sv',
      'Hej',
      'Hej {{kundnamn}}',
      '["kundnamn"]',
      true,
      1,
      now,
      now,
    );

    const result = await run();
    const byName = (name: string) => result.batch.results.find((each) => each.name === name)!;
    const kinds = (name: string) => [...new Set(byName(name).findings.map((finding) => finding.kind))];
    expect(kinds('Långt sms')).toEqual(['sms_too_long']);
    expect(byName('Långt sms').findings).toHaveLength(6);
    expect(kinds('Tunt krav')).toEqual(['demand_content_missing']);
    expect(byName('Tunt krav').findings.map((finding) => finding.message)).toContain('Ränta med räntesats och period');
    expect(byName('Utan ämne').findings).toEqual([{ kind: 'empty_subject', message: 'Ämnesraden är tom', case_label: null }]);
    const unknown = byName('<script>alert(1)</script> Gammal mall');
    expect(unknown.passed).toBe(false);
    expect(unknown.findings[0]).toMatchObject({ kind: 'unresolved_variable', message: 'Okänd variabel i mallen: kundnamn' });
    expect(result.batch.templates_failed).toBe(4);
    expect(result.batch.results.slice(0, 4).every((each) => !each.passed)).toBe(true);
    expect(result.report.html).not.toContain('<script>');
    expect(result.report.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Gammal mall');

    await cleanup(result.batch_id);
    for (const id of created) await send('POST', `/templates/${id}/active`, { is_active: false });
    await api.sql('UPDATE comm_templates SET is_active = ? WHERE id = ?', false, unknownId);
  });
});

describe("'Rensa'", () => {
  it('removes the batch, its cases and every row the run made, in one go', async () => {
    const before = await countsWithoutAudit();
    const first = await run();
    const second = await run();
    const during = await countsWithoutAudit();
    expect(during.cases).toBe(before.cases! + 12);
    expect(during.creditors).toBe(before.creditors! + 2);
    expect(during.gl_journals).toBe(before.gl_journals);
    expect(during.gl_entries).toBe(before.gl_entries);

    const removed = await cleanup(first.batch_id);
    expect(removed.batch_ids).toEqual([first.batch_id]);
    expect(removed.deleted).toMatchObject({ cases: 6, claims: 6, parties: 2, creditors: 1, template_qa_batches: 1 });
    expect((await expectBody(await send('GET', '/templates/qa/batches'), 200, templateQaBatchListSchema)).items.map((each) => each.id)).toEqual([
      second.batch_id,
    ]);
    await expectError(await send('GET', `/templates/qa/batches/${first.batch_id}`), 404, 'NOT_FOUND');

    // The spec's function: cleanup without a batch removes every batch.
    const all = await expectBody(await send('POST', '/templates/qa', { action: 'cleanup' }), 200, templateQaCleanupResponseSchema);
    expect(all.batch_ids).toEqual([second.batch_id]);
    expect(await countsWithoutAudit()).toEqual(before);
    expect(await auditRows(api, admin.org_id, 'template_qa.cleaned')).not.toHaveLength(0);
  });

  it('refuses bad input and an unknown batch, changing nothing', async () => {
    const before = await allRowCounts(api);
    await expectError(await send('POST', '/templates/qa', { action: 'nonsense' }), 400, 'VALIDATION_FAILED');
    await expectError(await send('DELETE', `/templates/qa/batches/${uuidV7()}`), 404, 'NOT_FOUND');
    await expectError(await send('GET', `/templates/qa/batches/${uuidV7()}/report`), 404, 'NOT_FOUND');
    expect(await allRowCounts(api)).toEqual(before);
  });
});

describe('roles and tenancy', () => {
  it('is for administrators only (templates.qa)', async () => {
    const creditorId = await insertCreditor(api, admin.org_id, 'Kundbolaget AB');
    const before = await allRowCounts(api);
    for (const role of ['handler', 'finance', 'legal', 'client'] as const) {
      const member = await createMember(api, admin, role, role === 'client' ? creditorId : undefined);
      await expectError(await send('POST', '/templates/qa', { action: 'run' }, member), 403, 'FORBIDDEN');
      await expectError(await send('GET', '/templates/qa/batches', undefined, member), 403, 'FORBIDDEN');
    }
    const after = await allRowCounts(api);
    for (const table of ['cases', 'claims', 'creditors', 'parties', 'template_qa_batches', 'gl_journals']) expect(after[table], table).toBe(before[table]);
  });

  it("never shows or removes another organisation's batch", async () => {
    const mine = await run();
    const other = await createUser(api, { name: 'Olle Annan' });
    await expectError(await send('GET', `/templates/qa/batches/${mine.batch_id}`, undefined, other), 404, 'NOT_FOUND');
    await expectError(await send('GET', `/templates/qa/batches/${mine.batch_id}/report`, undefined, other), 404, 'NOT_FOUND');
    await expectError(await send('DELETE', `/templates/qa/batches/${mine.batch_id}`, undefined, other), 404, 'NOT_FOUND');
    expect((await expectBody(await send('GET', '/templates/qa/batches', undefined, other), 200, templateQaBatchListSchema)).items).toEqual([]);
    const nothing = await expectBody(await send('POST', '/templates/qa', { action: 'cleanup' }, other), 200, templateQaCleanupResponseSchema);
    expect(nothing.batch_ids).toEqual([]);
    expect((await expectBody(await send('GET', `/templates/qa/batches/${mine.batch_id}`), 200, templateQaBatchDetailSchema)).id).toBe(mine.batch_id);
    await cleanup(mine.batch_id);
  });
});
