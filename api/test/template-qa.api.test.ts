import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidV7 } from '@fordran/store';
import {
  caseListResponseSchema,
  templateQaBatchDetailSchema,
  templateQaBatchListSchema,
  templateQaCleanupResponseSchema,
  templateQaRunResponseSchema,
  templateResponseSchema,
} from '@fordran/services';
import { allRowCounts, auditRows, createMember, createTestApi, createUser, expectBody, expectError, type TestApi, type TestUser } from './helpers';
import { insertBankAccount, insertCreditor } from './fixtures';

/*
 * Template QA over HTTP (Mall-QA Sverige, issue 11): the library passes; a template with an
 * unknown variable, an over-long SMS, a demand lacking content and an empty subject are each
 * found; the test cases stay out of the case list and the dashboard; 'Rensa' removes every row
 * the run made; roles and tenancy.
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

describe('a run over the library (Mallbibliotek Sverige v1)', () => {
  it('makes six test cases, renders every active template, passes them all and stores the HTML report', async () => {
    const casesBefore = await caseTotal();
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
    expect(await auditRows(api, admin.org_id, 'template_qa.run')).toHaveLength(1);
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
    expect(during.gl_journals).toBeGreaterThan(before.gl_journals!);

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
