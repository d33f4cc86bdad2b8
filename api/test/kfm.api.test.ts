import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { decimalToOre } from '@fordran/core';
import { uuidV7 } from '@fordran/store';
import {
  caseDetailSchema,
  caseInterestResponseSchema,
  creditorResponseSchema,
  kfmCaseDetailSchema,
  kfmCaseListResponseSchema,
  kfmGenerateResponseSchema,
  kfmPrecheckResponseSchema,
  kfmStatusChangeResponseSchema,
  partyResponseSchema,
  systemValidationReportSchema,
} from '@fordran/services';
import { allRowCounts, createMember, createUser, expectBody, expectError, type TestApi, type TestUser, createTestApi } from './helpers';
import { insertPaymentPlan } from './fixtures';

/*
 * KFM escalation over HTTP (issue 12): the case's three steps (pre-check, snapshot, generate),
 * each refusal writing nothing, the KFM cases list and detail, the file and its checksum, status
 * changes by the machine (utslag books the decided costs), roles and tenancy. Today is 2026-11-22.
 */

let api: TestApi;
let admin: TestUser;
let legal: TestUser;
let handler: TestUser;
let finance: TestUser;
let outsider: TestUser;
let creditorId: string;
let personId: string;

const base = () => `/api/orgs/${admin.org_id}`;
const post = (path: string, body: unknown = {}, user: TestUser = legal) => api.request('POST', `${base()}${path}`, { token: user.token, body });
const get = (path: string, user: TestUser = legal) => api.request('GET', `${base()}${path}`, { token: user.token });

const DAY_S = 24 * 60 * 60;

/**
 * An inkassokrav of the library's demand letter sent `daysAgo` days ago: delivered (a delivery
 * report) or only posted (`sent`: the print partner's record, presumed to arrive 3 weekdays later).
 */
async function deliverDemand(caseId: string, daysAgo: number, status: 'delivered' | 'sent' = 'delivered'): Promise<void> {
  const [template] = await api.sql<{ id: string }>("SELECT id FROM comm_templates WHERE org_id = ? AND code = 'DEMAND_LETTER'", admin.org_id);
  const at = new Date(Date.parse(api.clock.now()) - daysAgo * DAY_S * 1000).toISOString();
  await api.sql(
    `INSERT INTO communications (id, org_id, case_id, channel, template_id, recipient, subject, body_rendered, status, dedupe_hash, attachments_json, sent_at, created_at)
     VALUES (?, ?, ?, 'letter', ?, 'Gäldenären', 'Inkassokrav', 'INKASSOKRAV (testfixtur)', ?, ?, '[]', ?, ?)`,
    uuidV7(),
    admin.org_id,
    caseId,
    template!.id,
    status,
    crypto.randomUUID(),
    at,
    at,
  );
}

/** An active case in the demand stage (10 000 kr due 2026-06-30 unless told), inkassokrav delivered 10 days ago, the 180 kr fee. */
async function readyCase(overrides: Record<string, unknown> = {}, { demandDaysAgo = 10 as number | null, collectionFee = true } = {}): Promise<string> {
  const body = {
    creditor_id: creditorId,
    party_id: personId,
    reference_no: `F-${Math.random().toString(36).slice(2, 8)}`,
    principal_amount: '10000',
    due_date: '2026-06-30',
    ...overrides,
  };
  const created = await expectBody(await post('/cases', body, admin), 201, caseDetailSchema);
  await expectBody(await post(`/cases/${created.id}/status`, { status: 'active' }, admin), 200, caseDetailSchema);
  await expectBody(await post(`/cases/${created.id}/stage`, { stage: 'demand' }, admin), 200, caseDetailSchema);
  if (demandDaysAgo !== null) await deliverDemand(created.id, demandDaysAgo);
  if (collectionFee && demandDaysAgo !== null) expect((await post(`/cases/${created.id}/fees`, { code: 'COLLECTION_180' }, admin)).status).toBe(201);
  return created.id;
}

async function caseDetail(caseId: string) {
  return expectBody(await get(`/cases/${caseId}`, admin), 200, caseDetailSchema);
}

function xmlAmount(xml: string, element: string): number {
  const match = new RegExp(`<Summa>[\\s\\S]*<${element}>([^<]+)</${element}>`).exec(xml);
  return decimalToOre(match![1]!);
}

beforeAll(async () => {
  api = await createTestApi({}, { seedReferenceRates: true });
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  legal = await createMember(api, admin, 'legal');
  handler = await createMember(api, admin, 'handler');
  finance = await createMember(api, admin, 'finance');
  outsider = await createUser(api, { name: 'Annan Byrå' });
  // The applicant's and the debtor's addresses are entered as a user does, through the API.
  const creditor = await expectBody(
    await post(
      '/creditors',
      { name: 'Elbolaget Norr AB', org_no: '556036-0793', address_json: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' } },
      admin,
    ),
    201,
    creditorResponseSchema,
  );
  expect(creditor.address_json).toEqual({ street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' });
  creditorId = creditor.id;
  const person = await expectBody(
    await post(
      '/parties',
      { type: 'person', name: 'Anna Andersson', national_id: '198112189876', address_json: { street: 'Lillgatan 2', zip: '123 45', city: 'Farsta' } },
      admin,
    ),
    201,
    partyResponseSchema,
  );
  personId = person.id;
});

afterAll(async () => {
  await api.close();
});

describe('step 1: pre-check', () => {
  it('passes a ready case and writes KFM_PRECHECK_PASSED', async () => {
    const caseId = await readyCase();
    const result = await expectBody(await post(`/cases/${caseId}/kfm/precheck`), 200, kfmPrecheckResponseSchema);
    expect(result).toMatchObject({ status: 'passed', can_proceed: true, message: null, demand_delivered_on: '2026-11-12' });
    const events = await api.sql<{ type: string }>('SELECT type FROM case_events WHERE case_id = ? AND type = ?', caseId, 'KFM_PRECHECK_PASSED');
    expect(events).toHaveLength(1);
  });

  it.each([
    ['no inkassokrav reached the debtor', { demandDaysAgo: null }, 'KFM_DEMAND_NOT_DELIVERED'],
    ['the inkassokrav reached the debtor 7 days ago', { demandDaysAgo: 7 }, 'KFM_DEMAND_NOT_DELIVERED'],
  ] as const)('blocks when %s, writing nothing', async (_label, options, code) => {
    const caseId = await readyCase({}, options);
    const before = await allRowCounts(api);
    const result = await expectBody(await post(`/cases/${caseId}/kfm/precheck`), 200, kfmPrecheckResponseSchema);
    expect(result.status).toBe('blocked');
    expect(result.claim_findings.map((finding) => finding.code)).toEqual([code]);
    expect(result.message).toBe('Inget inkassokrav har nått gäldenären minst 8 dagar före ansökan');
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('counts a posted inkassokrav from its presumed arrival: posted 8 days ago is too recent, 14 days ago is not', async () => {
    const recent = await readyCase({}, { demandDaysAgo: null });
    await deliverDemand(recent, 8, 'sent');
    const blocked = await expectBody(await post(`/cases/${recent}/kfm/precheck`), 200, kfmPrecheckResponseSchema);
    // Posted Saturday 2026-11-14, presumed with the debtor Wednesday the 18th: 4 days ago.
    expect(blocked).toMatchObject({ status: 'blocked', demand_delivered_on: '2026-11-18' });
    expect(blocked.claim_findings.map((finding) => finding.code)).toEqual(['KFM_DEMAND_NOT_DELIVERED']);

    const earlier = await readyCase({}, { demandDaysAgo: null });
    await deliverDemand(earlier, 14, 'sent');
    const passed = await expectBody(await post(`/cases/${earlier}/kfm/precheck`), 200, kfmPrecheckResponseSchema);
    // Posted Sunday the 8th (the print partner's record), presumed there Wednesday the 11th.
    expect(passed).toMatchObject({ status: 'passed', demand_delivered_on: '2026-11-11' });
  });

  it('blocks a case with an open payment plan', async () => {
    const caseId = await readyCase();
    await insertPaymentPlan(api, admin.org_id, caseId, personId, 'active');
    const result = await expectBody(await post(`/cases/${caseId}/kfm/precheck`), 200, kfmPrecheckResponseSchema);
    expect(result.claim_findings.map((finding) => finding.code)).toEqual(['KFM_PAYMENT_PLAN_OPEN']);
  });

  it('blocks by the rules for kfm_escalate: a prescribed consumer claim', async () => {
    const caseId = await readyCase({ due_date: '2021-01-31' }, { collectionFee: false });
    const result = await expectBody(await post(`/cases/${caseId}/kfm/precheck`), 200, kfmPrecheckResponseSchema);
    expect(result.status).toBe('blocked');
    expect(result.message).toBe('Ärendet kan inte eskaleras på grund av blockerade regler');
    expect(result.blocking.map((violation) => violation.rule_code)).toContain('PRESCRIPTION');
  });

  it('refuses a case that is not in a stage KFM may follow', async () => {
    const created = await expectBody(
      await post('/cases', { creditor_id: creditorId, party_id: personId, reference_no: 'F-INTAKE', principal_amount: '100', due_date: '2026-06-30' }, admin),
      201,
      caseDetailSchema,
    );
    await expectError(await post(`/cases/${created.id}/kfm/precheck`), 422, 'INVALID_TRANSITION');
  });
});

describe('step 2: snapshot', () => {
  it("freezes the case as a draft KFM case ('Snapshot skapad') with interest per period, fees, 300 + 380 kr", async () => {
    const caseId = await readyCase();
    const kfmCase = await expectBody(await post(`/cases/${caseId}/kfm/snapshot`, { as_of: '2026-11-20' }), 201, kfmCaseDetailSchema);
    expect(kfmCase).toMatchObject({
      status: 'draft',
      status_label: 'Utkast',
      application_type: 'payment_order',
      as_of_date: '2026-11-20',
      application_fee: '300.00',
    });
    expect(kfmCase.amounts).toMatchObject({ principal: '10000.00', fees: '180.00', application_fee: '300.00', work_compensation: '380.00' });
    const interest = kfmCase.snapshot['interest'] as { periods: { from: string; to: string }[] };
    expect(interest.periods.map((period) => [period.from, period.to])).toEqual([['2026-07-01', '2026-11-20']]);
    expect(decimalToOre(kfmCase.amounts.total)).toBe(
      decimalToOre(kfmCase.amounts.principal) + decimalToOre(kfmCase.amounts.interest) + decimalToOre(kfmCase.amounts.fees) + 30000 + 38000,
    );
    expect(kfmCase.events.map((event) => event.title)).toEqual(['Snapshot skapad']);
  });

  it('a handräckning claims no compensation for work', async () => {
    const caseId = await readyCase();
    const kfmCase = await expectBody(await post(`/cases/${caseId}/kfm/snapshot`, { application_type: 'handräckning' }), 201, kfmCaseDetailSchema);
    expect(kfmCase.amounts.work_compensation).toBe('0.00');
    expect(kfmCase.application_type_label).toBe('Handräckning');
  });

  it('refuses a 450 kr förseningsersättning on a consumer (an imported fee row), writing nothing', async () => {
    const caseId = await readyCase({}, { collectionFee: false });
    await api.sql(
      'INSERT INTO case_fees (id, org_id, case_id, code, amount, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      uuidV7(),
      admin.org_id,
      caseId,
      'LATE_FEE_450',
      45000,
      api.clock.now(),
    );
    const before = await allRowCounts(api);
    const error = await expectError(await post(`/cases/${caseId}/kfm/snapshot`), 400, 'KFM_INVALID_SNAPSHOT');
    expect(error.message).toContain('Förseningsersättning får inte tas ut av en privatperson');
    expect(await allRowCounts(api)).toEqual(before);
  });

  it("refuses a creditor without a full postal address, naming it in Swedish ('Borgenärens adress saknas'), writing nothing", async () => {
    const noZip = await expectBody(
      await post('/creditors', { name: 'Utan Postnummer AB', org_no: '556016-0680', address_json: { street: 'Hamngatan 3', zip: '', city: 'Luleå' } }, admin),
      201,
      creditorResponseSchema,
    );
    expect(noZip.address_json).toEqual({ street: 'Hamngatan 3', city: 'Luleå' });
    const caseId = await readyCase({ creditor_id: noZip.id });
    const before = await allRowCounts(api);
    const error = await expectError(await post(`/cases/${caseId}/kfm/snapshot`), 400, 'KFM_INVALID_SNAPSHOT');
    expect(error.message).toContain('Borgenärens adress saknas (postnummer)');
    expect(await allRowCounts(api)).toEqual(before);
    // Filled in through the API, the same case is taken.
    await expectBody(
      await api.request('PATCH', `${base()}/creditors/${noZip.id}`, {
        token: admin.token,
        body: { address_json: { street: 'Hamngatan 3', zip: '972 38', city: 'Luleå' } },
      }),
      200,
      creditorResponseSchema,
    );
    expect((await post(`/cases/${caseId}/kfm/snapshot`)).status).toBe(201);
  });

  it('refuses a blocked case with KFM_BLOCKED, writing nothing', async () => {
    const caseId = await readyCase({}, { demandDaysAgo: null });
    const before = await allRowCounts(api);
    await expectError(await post(`/cases/${caseId}/kfm/snapshot`), 422, 'KFM_BLOCKED');
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('refuses an as-of date in the future', async () => {
    const caseId = await readyCase();
    await expectError(await post(`/cases/${caseId}/kfm/snapshot`, { as_of: '2026-11-23' }), 400, 'VALIDATION_FAILED');
  });
});

describe('step 3: generate', () => {
  it("writes the XML file ('KFM-fil genererad') whose amounts are the case balance on the as-of date", async () => {
    const caseId = await readyCase({ reference_no: 'F-2026/77' });
    await expectBody(await post(`/cases/${caseId}/kfm/snapshot`, { as_of: '2026-11-22', transfer_to_court: true }), 201, kfmCaseDetailSchema);
    const generated = await expectBody(await post(`/cases/${caseId}/kfm/generate`), 201, kfmGenerateResponseSchema);
    expect(generated.message).toBe('KFM-fil genererad');
    expect(generated.file).toMatchObject({ direction: 'out', status: 'ready', filename: 'F-2026_77_20261122T090000Z.xml' });
    expect(generated.kfm_case).toMatchObject({ status: 'submitted', status_label: 'Inskickad' });
    expect(generated.kfm_case.submissions).toEqual([expect.objectContaining({ status: 'pending', transport: 'manual', file_out_id: generated.file.id })]);

    const download = await get(`/kfm/${generated.kfm_case.id}/files/${generated.file.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(generated.file.filename);
    const xml = await download.text();
    expect(createHash('sha256').update(xml, 'utf8').digest('hex')).toBe(generated.file.checksum);
    expect(decimalToOre(generated.file.total)).toBe(xmlAmount(xml, 'Totalt'));

    const afterGenerate = await caseDetail(caseId);
    expect(afterGenerate.stage).toBe('kfm');
    // The case balance on the as-of date: interest calculated to that day.
    await expectBody(await post(`/cases/${caseId}/interest`, { as_of: '2026-11-22' }, admin), 200, caseInterestResponseSchema);
    const balance = await caseDetail(caseId);
    expect(xmlAmount(xml, 'Kapital') + xmlAmount(xml, 'Ranta') + xmlAmount(xml, 'Avgifter')).toBe(decimalToOre(balance.total_outstanding));

    const events = await api.sql<{ type: string }>('SELECT type FROM case_events WHERE case_id = ? ORDER BY created_at, id', caseId);
    expect(events.map((event) => event.type)).toContain('KFM_SUBMITTED');

    const pdf = await get(`/kfm/${generated.kfm_case.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('takes a snapshot with the defaults when none was taken (the CLI’s one step)', async () => {
    const caseId = await readyCase();
    const generated = await expectBody(await post(`/cases/${caseId}/kfm/generate`, { as_of: '2026-11-21' }), 201, kfmGenerateResponseSchema);
    expect(generated.kfm_case).toMatchObject({ as_of_date: '2026-11-21', application_type: 'payment_order' });
  });

  it('refuses a blocked case, writing nothing, and a case already at KFM', async () => {
    const blocked = await readyCase({}, { demandDaysAgo: 3 });
    const before = await allRowCounts(api);
    await expectError(await post(`/cases/${blocked}/kfm/generate`), 422, 'KFM_BLOCKED');
    expect(await allRowCounts(api)).toEqual(before);

    const caseId = await readyCase();
    await expectBody(await post(`/cases/${caseId}/kfm/generate`), 201, kfmGenerateResponseSchema);
    await expectError(await post(`/cases/${caseId}/kfm/generate`), 422, 'INVALID_TRANSITION');
  });
});

describe('KFM cases and their status', () => {
  let kfmCaseId: string;
  let caseId: string;

  beforeAll(async () => {
    caseId = await readyCase({ reference_no: 'F-STATUS-1' });
    kfmCaseId = (await expectBody(await post(`/cases/${caseId}/kfm/generate`), 201, kfmGenerateResponseSchema)).kfm_case.id;
  });

  it('lists KFM cases with their linked case, filtered', async () => {
    const all = await expectBody(await get('/kfm'), 200, kfmCaseListResponseSchema);
    const row = all.kfm_cases.find((candidate) => candidate.id === kfmCaseId)!;
    expect(row).toMatchObject({ reference: 'F-STATUS-1', status: 'submitted', status_label: 'Inskickad', application_fee: '300.00' });
    expect(row.case).toMatchObject({ id: caseId, reference_no: 'F-STATUS-1', stage: 'kfm' });
    const found = await expectBody(await get('/kfm?q=status-1'), 200, kfmCaseListResponseSchema);
    expect(found.kfm_cases.map((candidate) => candidate.id)).toEqual([kfmCaseId]);
    const drafts = await expectBody(await get('/kfm?status=draft'), 200, kfmCaseListResponseSchema);
    expect(drafts.kfm_cases.every((candidate) => candidate.status === 'draft')).toBe(true);
    await expectError(await get('/kfm?status=paid'), 400, 'VALIDATION_FAILED');
  });

  it('refuses an illegal transition and acknowledged without KFM’s case number, in Swedish', async () => {
    const illegal = await expectError(await post(`/kfm/${kfmCaseId}/status`, { to: 'decided' }), 422, 'INVALID_TRANSITION');
    expect(illegal.message).toBe('Övergången är inte tillåten: KFM-ärendets status kan inte ändras från Inskickad till Utslag');
    const missing = await expectError(await post(`/kfm/${kfmCaseId}/status`, { to: 'acknowledged' }), 400, 'VALIDATION_FAILED');
    expect(missing.message).toBe('Ange Kronofogdens målnummer för att registrera att ansökan är mottagen');
  });

  it('records acknowledged → served → decided: events, notifications, decided costs booked balanced, enforcement flag', async () => {
    const before = await caseDetail(caseId);
    const acknowledged = await expectBody(
      await post(`/kfm/${kfmCaseId}/status`, { to: 'acknowledged', kfm_case_no: '14-141638-12' }),
      200,
      kfmStatusChangeResponseSchema,
    );
    expect(acknowledged.kfm_case).toMatchObject({ status: 'acknowledged', kfm_case_no: '14-141638-12' });
    await expectBody(await post(`/kfm/${kfmCaseId}/status`, { to: 'served' }), 200, kfmStatusChangeResponseSchema);
    const decided = await expectBody(await post(`/kfm/${kfmCaseId}/status`, { to: 'decided' }), 200, kfmStatusChangeResponseSchema);
    expect(decided.follow_ups).toEqual(['enforcement_follow_up']);
    expect(decided.kfm_case.next_statuses.map((next) => next.status)).toEqual(['contested', 'closed']);
    expect(decided.kfm_case.events.map((event) => event.title)).toEqual([
      'Snapshot skapad',
      'KFM-fil genererad',
      'Status ändrad',
      'Status ändrad',
      'Status ändrad',
      'Kostnader enligt utslag bokförda',
    ]);

    const after = await caseDetail(caseId);
    expect(decimalToOre(after.total_fees) - decimalToOre(before.total_fees)).toBe(30000 + 38000);
    const fees = await api.sql<{ code: string; amount: number }>('SELECT code, amount FROM case_fees WHERE case_id = ? ORDER BY code', caseId);
    expect(fees.filter((fee) => fee.code.startsWith('KFM_')).map((fee) => [fee.code, Number(fee.amount)])).toEqual([
      ['KFM_APPLICATION_FEE', 30000],
      ['KFM_WORK_COMPENSATION', 38000],
    ]);
    const journals = await api.sql<{ debit: number; credit: number }>(
      `SELECT SUM(e.debit) AS debit, SUM(e.credit) AS credit FROM gl_entries e JOIN gl_journals j ON j.id = e.journal_id
       WHERE j.org_id = ? AND e.case_id = ? GROUP BY j.id`,
      admin.org_id,
      caseId,
    );
    expect(journals.every((journal) => Number(journal.debit) === Number(journal.credit))).toBe(true);
    const flags = await api.sql<{ rule_code: string }>('SELECT rule_code FROM case_flags WHERE case_id = ?', caseId);
    expect(flags.map((flag) => flag.rule_code)).toContain('KFM_ENFORCEMENT');
    const caseEvents = await api.sql<{ type: string }>("SELECT type FROM case_events WHERE case_id = ? AND type = 'KFM_STATUS_CHANGED'", caseId);
    expect(caseEvents).toHaveLength(3);
    const notices = await api.sql<{ message: string }>('SELECT message FROM notifications WHERE org_id = ? AND link = ?', admin.org_id, `/kfm/${kfmCaseId}`);
    expect(notices.map((notice) => notice.message)).toContain('KFM-ärende F-STATUS-1: Delgiven → Utslag');
    // The file's checksum, the decided costs' fees and journal hold up under system validation (the
    // only failure is another test's fee row inserted behind the services on purpose).
    const report = await expectBody(await post('/system-validation', {}, admin), 200, systemValidationReportSchema);
    expect(report.passed.map((result) => result.message)).toContain('Alla KFM-filers kontrollsummor stämmer');
    expect(report.failures.map((failure) => failure.details).join()).not.toContain('F-STATUS-1');
    expect(report.failures.filter((failure) => failure.module !== 'Ärenden')).toEqual([]);
  });

  it('contested offers the lawsuit', async () => {
    const contestedCase = await readyCase();
    const id = (await expectBody(await post(`/cases/${contestedCase}/kfm/generate`), 201, kfmGenerateResponseSchema)).kfm_case.id;
    await post(`/kfm/${id}/status`, { to: 'acknowledged', kfm_case_no: '14-1-1' });
    await post(`/kfm/${id}/status`, { to: 'served' });
    const contested = await expectBody(await post(`/kfm/${id}/status`, { to: 'contested' }), 200, kfmStatusChangeResponseSchema);
    expect(contested.follow_ups).toEqual(['offer_lawsuit']);
  });
});

describe('roles and tenancy', () => {
  it('legal and admin escalate; a handler reads KFM but may not escalate; finance may not read it', async () => {
    const caseId = await readyCase();
    await expectError(await post(`/cases/${caseId}/kfm/precheck`, {}, handler), 403, 'FORBIDDEN');
    await expectError(await post(`/cases/${caseId}/kfm/snapshot`, {}, handler), 403, 'FORBIDDEN');
    await expectError(await post(`/cases/${caseId}/kfm/generate`, {}, handler), 403, 'FORBIDDEN');
    await expectBody(await post(`/cases/${caseId}/kfm/precheck`, {}, admin), 200, kfmPrecheckResponseSchema);
    const generated = await expectBody(await post(`/cases/${caseId}/kfm/generate`, {}, legal), 201, kfmGenerateResponseSchema);
    await expectError(await post(`/kfm/${generated.kfm_case.id}/status`, { to: 'withdrawn' }, handler), 403, 'FORBIDDEN');
    await expectBody(await get(`/kfm/${generated.kfm_case.id}`, handler), 200, kfmCaseDetailSchema);
    await expectError(await get('/kfm', finance), 403, 'FORBIDDEN');
  });

  it('another organisation sees none of it', async () => {
    const caseId = await readyCase();
    const generated = await expectBody(await post(`/cases/${caseId}/kfm/generate`), 201, kfmGenerateResponseSchema);
    const other = (path: string, method = 'GET', body?: unknown) =>
      api.request(method, `/api/orgs/${outsider.org_id}${path}`, { token: outsider.token, ...(body ? { body } : {}) });
    await expectError(await other(`/kfm/${generated.kfm_case.id}`), 404, 'NOT_FOUND');
    await expectError(await other(`/kfm/${generated.kfm_case.id}/files/${generated.file.id}`), 404, 'NOT_FOUND');
    await expectError(await other(`/kfm/${generated.kfm_case.id}/pdf`), 404, 'NOT_FOUND');
    await expectError(await other(`/kfm/${generated.kfm_case.id}/status`, 'POST', { to: 'withdrawn' }), 404, 'NOT_FOUND');
    await expectError(await other(`/cases/${caseId}/kfm/precheck`, 'POST', {}), 404, 'NOT_FOUND');
    const list = await expectBody(await other('/kfm'), 200, kfmCaseListResponseSchema);
    expect(list.kfm_cases).toEqual([]);
    // Someone of the organisation, the wrong path: another organisation's id in the URL.
    await expectError(await api.request('GET', `/api/orgs/${outsider.org_id}/kfm`, { token: legal.token }), 404, 'NOT_FOUND');
  });
});
