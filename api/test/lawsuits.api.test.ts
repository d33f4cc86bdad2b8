import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLawsuitDeadlines,
  startLawsuitDeadlineScheduler,
  lawsuitDetailSchema,
  lawsuitListResponseSchema,
  lawsuitTrackSuggestionSchema,
} from '@fordran/services';
import { allRowCounts, auditRows, createMember, createTestApi, createUser, expectBody, expectError, type TestUser } from './helpers';
import { insertCase, insertCreditor, insertParty } from './fixtures';

/*
 * /api/orgs/:orgId/lawsuits (issue 12): the track suggestion, drafts from a case, the status
 * machine with its refusals, the court fee booked at filing, deadlines and their nightly
 * reminders, notes, documents, the roles of docs/roles.md and tenancy.
 */

const api = await createTestApi();
let admin: TestUser;
let legal: TestUser;
let handler: TestUser;
let finance: TestUser;
let smallCase: string;
let largeCase: string;
let creditorId: string;
let partyId: string;

beforeAll(async () => {
  admin = await createUser(api, { name: 'Admin' });
  legal = await createMember(api, admin, 'legal');
  handler = await createMember(api, admin, 'handler');
  finance = await createMember(api, admin, 'finance');
  creditorId = await insertCreditor(api, admin.org_id, 'Borgenär AB');
  partyId = await insertParty(api, admin.org_id, 'Åsa Gäldenär');
  const seed = { creditorId, partyId, status: 'active' as const, dueDate: '2026-06-30', createdAt: api.clock.now() };
  smallCase = await insertCase(api, admin.org_id, { ...seed, outstandingOre: 1_200_000 });
  largeCase = await insertCase(api, admin.org_id, { ...seed, outstandingOre: 2_960_001 });
  await api.sql("UPDATE cases SET stage = 'demand', handler_id = ? WHERE id = ?", handler.user_id, smallCase);
});
afterAll(() => api.close());

const url = (path = '') => `/api/orgs/${admin.org_id}/lawsuits${path}`;

async function createDraft(user: TestUser, body: Record<string, unknown>) {
  return expectBody(await api.request('POST', url(), { token: user.token, body }), 201, lawsuitDetailSchema);
}

async function move(user: TestUser, id: string, body: Record<string, unknown>) {
  return api.request('POST', url(`/${id}/status`), { token: user.token, body });
}

describe('track suggestion', () => {
  it('FT up to half a prisbasbelopp (29 600 kr in 2026), with the reason and both court fees', async () => {
    const small = await expectBody(
      await api.request('GET', url(`/suggestion?case_id=${smallCase}`), { token: legal.token }),
      200,
      lawsuitTrackSuggestionSchema,
    );
    expect(small).toEqual({
      track: 'FT',
      track_label: 'Förenklad tvist',
      reason: 'Fordrans värde 12\u00a0000,00\u00a0kr är högst ett halvt prisbasbelopp för 2026 (29\u00a0600,00\u00a0kr): förenklat tvistemål (FT)',
      claim_value: '12000.00',
      limit: '29600.00',
      prisbasbelopp: '59200.00',
      year: 2026,
      court_fees: { FT: '900.00', ORD: '2800.00' },
    });
    const large = await expectBody(
      await api.request('GET', url(`/suggestion?case_id=${largeCase}`), { token: legal.token }),
      200,
      lawsuitTrackSuggestionSchema,
    );
    expect(large.track).toBe('ORD');
  });

  it('the organisation’s own prisbasbelopp and court fees win', async () => {
    await api.sql(
      `UPDATE organisations SET settings_json = ? WHERE id = ?`,
      JSON.stringify({ lawsuits: { prisbasbelopp: { 2026: 70_000 }, court_fees: { ORD: 3_000 } } }),
      admin.org_id,
    );
    const large = await expectBody(
      await api.request('GET', url(`/suggestion?case_id=${largeCase}`), { token: admin.token }),
      200,
      lawsuitTrackSuggestionSchema,
    );
    expect(large).toMatchObject({ track: 'FT', limit: '35000.00', court_fees: { FT: '900.00', ORD: '3000.00' } });
    await api.sql(`UPDATE organisations SET settings_json = '{}' WHERE id = ?`, admin.org_id);
  });
});

describe('create, move to judgment, refusals', () => {
  let lawsuitId: string;

  it('legal creates a draft from a case: suggested track, its fee, Inväntar delgivning, the event, audit and the handler told', async () => {
    const draft = await createDraft(legal, { case_id: smallCase, filing_date: '2026-11-30', notes: 'Bestritt betalningsföreläggande' });
    lawsuitId = draft.id;
    expect(draft).toMatchObject({
      status: 'draft',
      status_label: 'Utkast',
      track: 'FT',
      court_fee: '900.00',
      filing_date: '2026-11-30',
      service_status: 'pending',
      service_status_label: 'Inväntar delgivning',
      party_name: 'Åsa Gäldenär',
      creditor_name: 'Borgenär AB',
      notes: 'Bestritt betalningsföreläggande',
      costs: [],
      costs_total: '0.00',
      case: { id: smallCase, total_outstanding: '12000.00' },
    });
    expect(draft.next_statuses.map((next) => next.status)).toEqual(['filed', 'closed', 'failed']);
    const events = await api.sql<{ type: string }>('SELECT type FROM case_events WHERE case_id = ?', smallCase);
    expect(events.map((event) => event.type)).toContain('lawsuit_created');
    expect(await auditRows(api, admin.org_id, 'lawsuit.created')).toHaveLength(1);
    const told = await api.sql<{ user_id: string; link: string }>("SELECT user_id, link FROM notifications WHERE message LIKE 'Nytt tvistemål%'");
    expect(told).toEqual([{ user_id: handler.user_id, link: `/cases/${smallCase}` }]);
  });

  it('a second lawsuit on a case with one going is refused and changes nothing', async () => {
    const before = await allRowCounts(api);
    const error = await expectError(await api.request('POST', url(), { token: legal.token, body: { case_id: smallCase } }), 409, 'CONFLICT');
    expect(error.message).toBe('Ärendet har redan ett pågående tvistemål');
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('an illegal move is refused with the Swedish message and changes nothing', async () => {
    const before = await allRowCounts(api);
    const error = await expectError(await move(legal, lawsuitId, { status: 'served' }), 422, 'INVALID_TRANSITION');
    expect(error.message).toBe('Övergången är inte tillåten: Tvistemålets status kan inte ändras från Utkast till Delgiven');
    await expectError(await move(legal, lawsuitId, { status: 'filed', date: '2026-11-23' }), 400, 'VALIDATION_FAILED');
    await expectError(await move(legal, lawsuitId, { status: 'avgjort' }), 400, 'VALIDATION_FAILED');
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('filing books the court fee (2890 debit, 1930 credit), records the date and moves the case to the legal stage', async () => {
    const filed = await expectBody(
      await move(legal, lawsuitId, { status: 'filed', date: '2026-11-22', court_case_no: 'FT 1234-26' }),
      200,
      lawsuitDetailSchema,
    );
    expect(filed).toMatchObject({
      status: 'filed',
      filing_date: '2026-11-22',
      court_case_no: 'FT 1234-26',
      service_status_label: 'Inväntar delgivning',
      costs_total: '900.00',
    });
    expect(filed.costs).toMatchObject([{ label: 'Ansökningsavgift tingsrätt', amount: '900.00' }]);
    const lines = await api.sql<{ code: string; debit: number; credit: number; case_id: string | null; creditor_id: string | null }>(
      `SELECT a.code AS code, e.debit AS debit, e.credit AS credit, e.case_id AS case_id, e.creditor_id AS creditor_id
         FROM gl_entries e JOIN gl_journals j ON j.id = e.journal_id JOIN gl_accounts a ON a.id = e.account_id
        WHERE j.source = 'court_fee' AND j.source_ref = ? ORDER BY a.code`,
      lawsuitId,
    );
    expect(lines.map((line) => ({ ...line, debit: Number(line.debit), credit: Number(line.credit) }))).toEqual([
      { code: '1930', debit: 0, credit: 90000, case_id: null, creditor_id: null },
      { code: '2890', debit: 90000, credit: 0, case_id: null, creditor_id: creditorId },
    ]);
    expect((await api.sql<{ stage: string }>('SELECT stage FROM cases WHERE id = ?', smallCase))[0]!.stage).toBe('legal');
  });

  it('served ends Inväntar delgivning; the case goes on to judgment and closes; closed is terminal', async () => {
    const served = await expectBody(await move(legal, lawsuitId, { status: 'served' }), 200, lawsuitDetailSchema);
    expect(served).toMatchObject({ service_status: 'served', service_status_label: 'Delgiven' });
    for (const status of ['prep_written', 'prep_oral', 'main_hearing', 'judgment']) {
      expect((await move(legal, lawsuitId, { status })).status, status).toBe(200);
    }
    const closed = await expectBody(await move(admin, lawsuitId, { status: 'closed' }), 200, lawsuitDetailSchema);
    expect(closed).toMatchObject({ status: 'closed', status_label: 'Stängd', next_statuses: [], closed_at: api.clock.now() });
    const error = await expectError(await move(admin, lawsuitId, { status: 'draft' }), 422, 'INVALID_TRANSITION');
    expect(error.message).toBe('Övergången är inte tillåten: Tvistemålets status kan inte ändras från Stängd till Utkast');
    const events = await api.sql<{ n: number }>("SELECT COUNT(*) AS n FROM case_events WHERE case_id = ? AND type = 'lawsuit_status_changed'", smallCase);
    expect(Number(events[0]!.n)).toBe(7);
    expect(await auditRows(api, admin.org_id, 'lawsuit.status_changed')).toHaveLength(7);
    // The court fee was booked once: only filing books it.
    expect(Number((await api.sql<{ n: number }>("SELECT COUNT(*) AS n FROM gl_journals WHERE source = 'court_fee'"))[0]!.n)).toBe(1);
  });

  it('failed from an open state; a refiled lawsuit books its fee again', async () => {
    const ord = await createDraft(admin, { case_id: largeCase, track: 'ORD' });
    expect(ord).toMatchObject({ track: 'ORD', court_fee: '2800.00' });
    await move(admin, ord.id, { status: 'filed' });
    await move(admin, ord.id, { status: 'failed', reason: 'Avvisad' });
    await move(admin, ord.id, { status: 'draft' });
    const refiled = await expectBody(await move(admin, ord.id, { status: 'filed' }), 200, lawsuitDetailSchema);
    expect(refiled.costs_total).toBe('5600.00');
    expect(refiled.service_status).toBe('pending');
  });

  it('list: filters by status and track, names of party and creditor', async () => {
    const all = await expectBody(await api.request('GET', url(), { token: legal.token }), 200, lawsuitListResponseSchema);
    expect(all.lawsuits).toHaveLength(2);
    const closedFt = await expectBody(await api.request('GET', url('?status=closed&track=FT'), { token: legal.token }), 200, lawsuitListResponseSchema);
    expect(closedFt.lawsuits).toMatchObject([{ id: lawsuitId, party_name: 'Åsa Gäldenär', creditor_name: 'Borgenär AB', track_label: 'Förenklad tvist' }]);
    const none = await expectBody(await api.request('GET', url('?status=settled'), { token: legal.token }), 200, lawsuitListResponseSchema);
    expect(none.lawsuits).toEqual([]);
    await expectError(await api.request('GET', url('?track=XYZ'), { token: legal.token }), 400, 'VALIDATION_FAILED');
  });
});

describe('deadlines, notes, documents', () => {
  let lawsuitId: string;
  let otherCase: string;

  beforeAll(async () => {
    otherCase = await insertCase(api, admin.org_id, {
      creditorId,
      partyId,
      status: 'active',
      outstandingOre: 500_000,
      dueDate: '2026-06-30',
      createdAt: api.clock.now(),
    });
    await api.sql('UPDATE cases SET handler_id = ? WHERE id = ?', handler.user_id, otherCase);
    lawsuitId = (await createDraft(legal, { case_id: otherCase })).id;
  });

  it('a deadline is reminded once before it falls due, to the one who opened the lawsuit and the handler', async () => {
    const soon = await expectBody(
      await api.request('POST', url(`/${lawsuitId}/deadlines`), { token: legal.token, body: { label: 'Svaromål', due_date: '2026-11-27' } }),
      201,
      lawsuitDetailSchema,
    );
    await api.request('POST', url(`/${lawsuitId}/deadlines`), { token: legal.token, body: { label: 'Huvudförhandling', due_date: '2027-02-01' } });
    await expectError(
      await api.request('POST', url(`/${lawsuitId}/deadlines`), { token: legal.token, body: { label: '', due_date: '2026-02-30' } }),
      400,
      'VALIDATION_FAILED',
    );
    const first = await checkLawsuitDeadlines(api.ctx);
    expect(first.reminded).toEqual([{ lawsuit_id: lawsuitId, org_id: admin.org_id, code: soon.deadlines[0]!.code, label: 'Svaromål', due_date: '2026-11-27' }]);
    const told = await api.sql<{ user_id: string; type: string; message: string }>(
      "SELECT user_id, type, message FROM notifications WHERE message LIKE 'Frist i tvistemålet%' ORDER BY user_id",
    );
    expect(new Set(told.map((notice) => notice.user_id))).toEqual(new Set([legal.user_id, handler.user_id]));
    expect(told[0]).toMatchObject({ type: 'warning', message: expect.stringMatching(/: Svaromål löper ut 2026-11-27$/) });
    expect((await checkLawsuitDeadlines(api.ctx)).reminded).toEqual([]);
    const detail = await expectBody(await api.request('GET', url(`/${lawsuitId}`), { token: legal.token }), 200, lawsuitDetailSchema);
    expect(detail.deadlines.map((deadline) => [deadline.label, deadline.reminded_at !== null])).toEqual([
      ['Svaromål', true],
      ['Huvudförhandling', false],
    ]);
  });

  it('two checks at once (two instances) remind a deadline once', async () => {
    await api.request('POST', url(`/${lawsuitId}/deadlines`), { token: legal.token, body: { label: 'Yttrande', due_date: '2026-11-26' } });
    const [first, second] = await Promise.all([checkLawsuitDeadlines(api.ctx), checkLawsuitDeadlines(api.ctx)]);
    expect([...first.reminded, ...second.reminded].map((reminder) => reminder.label)).toEqual(['Yttrande']);
    const told = await api.sql<{ n: number }>("SELECT COUNT(*) AS n FROM notifications WHERE message LIKE '%Yttrande löper ut%'");
    expect(Number(told[0]!.n)).toBe(2);
  });

  it('a deadline marked done is not reminded, and done twice is refused', async () => {
    const added = await expectBody(
      await api.request('POST', url(`/${lawsuitId}/deadlines`), { token: legal.token, body: { label: 'Komplettering', due_date: '2026-11-24' } }),
      201,
      lawsuitDetailSchema,
    );
    const code = added.deadlines.find((deadline) => deadline.label === 'Komplettering')!.code;
    const done = await expectBody(await api.request('POST', url(`/${lawsuitId}/deadlines/${code}/done`), { token: legal.token }), 200, lawsuitDetailSchema);
    expect(done.deadlines.find((deadline) => deadline.code === code)!.done_at).toBe(api.clock.now());
    await expectError(await api.request('POST', url(`/${lawsuitId}/deadlines/${code}/done`), { token: legal.token }), 409, 'CONFLICT');
    expect((await checkLawsuitDeadlines(api.ctx)).reminded).toEqual([]);
  });

  it('the server’s daily timer runs the check once the day’s time has passed, once a day', async () => {
    await api.request('POST', url(`/${lawsuitId}/deadlines`), { token: legal.token, body: { label: 'Bevisuppgift', due_date: '2026-11-28' } });
    const count = async () =>
      Number((await api.sql<{ n: number }>("SELECT COUNT(*) AS n FROM notifications WHERE message LIKE '%Bevisuppgift löper ut%'"))[0]!.n);
    // 09:00 UTC is 10:00 in Stockholm: a timer set for 11:00 waits, one set for 06:00 runs.
    const early = startLawsuitDeadlineScheduler(api.ctx, { minute: 11 * 60, intervalMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    early.stop();
    expect(await count()).toBe(0);
    const due = startLawsuitDeadlineScheduler(api.ctx, { minute: 6 * 60, intervalMs: 20 });
    await expect.poll(count, { timeout: 5000 }).toBe(2);
    await api.request('POST', url(`/${lawsuitId}/deadlines`), { token: legal.token, body: { label: 'Slutanförande', due_date: '2026-11-28' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    due.stop();
    // Once a day: the deadline added after the day's check waits for tomorrow's.
    expect(Number((await api.sql<{ n: number }>("SELECT COUNT(*) AS n FROM notifications WHERE message LIKE '%Slutanförande%'"))[0]!.n)).toBe(0);
  });

  it('notes are saved and cleared', async () => {
    const saved = await expectBody(
      await api.request('PUT', url(`/${lawsuitId}/notes`), { token: legal.token, body: { notes: 'Vittne: Per' } }),
      200,
      lawsuitDetailSchema,
    );
    expect(saved.notes).toBe('Vittne: Per');
    const cleared = await expectBody(
      await api.request('PUT', url(`/${lawsuitId}/notes`), { token: legal.token, body: { notes: '' } }),
      200,
      lawsuitDetailSchema,
    );
    expect(cleared.notes).toBeNull();
  });

  it('a document is uploaded through FileStorage and downloaded with its name; an empty file is refused', async () => {
    const form = new FormData();
    form.append('file', new File(['%PDF-1.4 stämning'], 'Stämning mot Åsa.pdf', { type: 'application/pdf' }));
    const uploaded = await expectBody(await api.request('POST', url(`/${lawsuitId}/documents`), { token: legal.token, body: form }), 201, lawsuitDetailSchema);
    expect(uploaded.documents).toMatchObject([{ file_name: 'Stamning_mot_Asa.pdf', size: Buffer.byteLength('%PDF-1.4 stämning') }]);
    const download = await api.request('GET', url(`/${lawsuitId}/documents/${uploaded.documents[0]!.id}`), { token: legal.token });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Stamning_mot_Asa.pdf"');
    expect(await download.text()).toBe('%PDF-1.4 stämning');
    const empty = new FormData();
    empty.append('file', new File([], 'tom.pdf', { type: 'application/pdf' }));
    expect(
      (await expectError(await api.request('POST', url(`/${lawsuitId}/documents`), { token: legal.token, body: empty }), 400, 'VALIDATION_FAILED')).message,
    ).toBe('Filen är tom');
    await expectError(await api.request('GET', url(`/${lawsuitId}/documents/${crypto.randomUUID()}`), { token: legal.token }), 404, 'NOT_FOUND');
  });
});

describe('roles and tenancy', () => {
  it('handler and finance may neither read nor create lawsuits (docs/roles.md); nothing changes', async () => {
    const before = await allRowCounts(api);
    for (const user of [handler, finance]) {
      await expectError(await api.request('GET', url(), { token: user.token }), 403, 'FORBIDDEN');
      await expectError(await api.request('POST', url(), { token: user.token, body: { case_id: largeCase } }), 403, 'FORBIDDEN');
    }
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('a closed case and an unknown KFM case are refused', async () => {
    const closedCase = await insertCase(api, admin.org_id, {
      creditorId,
      partyId,
      status: 'closed',
      outstandingOre: 100_000,
      dueDate: '2026-06-30',
      createdAt: api.clock.now(),
    });
    await expectError(await api.request('POST', url(), { token: legal.token, body: { case_id: closedCase } }), 422, 'INVALID_TRANSITION');
    const openCase = await insertCase(api, admin.org_id, {
      creditorId,
      partyId,
      status: 'active',
      outstandingOre: 100_000,
      dueDate: '2026-06-30',
      createdAt: api.clock.now(),
    });
    const unknown = await expectError(
      await api.request('POST', url(), { token: legal.token, body: { case_id: openCase, kfm_case_id: crypto.randomUUID() } }),
      404,
      'NOT_FOUND',
    );
    expect(unknown.message).toBe('KFM-ärendet hittades inte');
  });

  it('another organisation sees none of them and cannot open one on this organisation’s case', async () => {
    const other = await createUser(api, { name: 'Annan' });
    const [first] = (await expectBody(await api.request('GET', url(), { token: admin.token }), 200, lawsuitListResponseSchema)).lawsuits;
    await expectError(await api.request('GET', url(`/${first!.id}`), { token: other.token }), 404, 'NOT_FOUND');
    const own = `/api/orgs/${other.org_id}/lawsuits`;
    expect((await expectBody(await api.request('GET', own, { token: other.token }), 200, lawsuitListResponseSchema)).lawsuits).toEqual([]);
    await expectError(await api.request('GET', `${own}/${first!.id}`, { token: other.token }), 404, 'NOT_FOUND');
    await expectError(await api.request('POST', own, { token: other.token, body: { case_id: largeCase } }), 404, 'NOT_FOUND');
  });
});
