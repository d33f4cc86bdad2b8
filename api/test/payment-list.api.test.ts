import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBankFile } from '@fordran/core';
import {
  caseDetailSchema,
  importSummarySchema,
  paymentAllocateResponseSchema,
  paymentDetailSchema,
  paymentListResponseSchema,
  paymentResponseSchema,
  type CaseDetail,
} from '@fordran/services';
import { createMember, createTestApi, createUser, expectBody, expectError, type TestApi, type TestUser } from './helpers';
import { insertCreditor, insertParty, sampleBankFile } from './fixtures';

/*
 * The payment list sorted by date or amount with a date filter, and a payment's detail view
 * (issue 10): allocations with their cases, journals, the bank file and line it came from, and
 * the audit trail. Today is 2026-11-22.
 */

let api: TestApi;
let admin: TestUser;
let handler: TestUser;
let creditorId: string;
let partyId: string;

const base = () => `/api/orgs/${admin.org_id}`;
const get = (path: string, user: TestUser = admin) => api.request('GET', `${base()}${path}`, { token: user.token });
const post = (path: string, body: unknown) => api.request('POST', `${base()}${path}`, { token: admin.token, body });

/** An active case due today: no interest has run, so a payment today settles exactly the capital the test names. */
async function openCase(principal: string, reference: string): Promise<CaseDetail> {
  const created = await expectBody(
    await post('/cases', { creditor_id: creditorId, party_id: partyId, reference_no: reference, principal_amount: principal, due_date: '2026-11-22' }),
    201,
    caseDetailSchema,
  );
  return expectBody(await post(`/cases/${created.id}/status`, { status: 'active' }), 200, caseDetailSchema);
}

async function list(query: string, user: TestUser = admin) {
  return expectBody(await get(`/payments?${query}`, user), 200, paymentListResponseSchema);
}

/** Swish payments of March 2026: (paid_at, amount) — two share a day, two share an amount. */
const MARCH = [
  ['2026-03-02', '500.00'],
  ['2026-03-05', '120.50'],
  ['2026-03-05', '9000.00'],
  ['2026-03-17', '120.50'],
  ['2026-03-31', '75.00'],
] as const;

beforeAll(async () => {
  api = await createTestApi({}, { seedReferenceRates: true });
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  handler = await createMember(api, admin, 'handler');
  creditorId = await insertCreditor(api, admin.org_id, 'Elbolaget Norr AB');
  partyId = await insertParty(api, admin.org_id, 'Anna Andersson');
  for (const [paid_at, amount] of MARCH) {
    await expectBody(await post('/payments', { method: 'swish', amount, paid_at }), 201, paymentResponseSchema);
  }
  // Outside March, on either side.
  await expectBody(await post('/payments', { method: 'swish', amount: '1', paid_at: '2026-02-28' }), 201, paymentResponseSchema);
  await expectBody(await post('/payments', { method: 'swish', amount: '2', paid_at: '2026-04-01' }), 201, paymentResponseSchema);
});
afterAll(() => api.close());

describe('GET /payments: sort and days', () => {
  it('sorts by amount and by payment date, either way, ties in the same order as the sort', async () => {
    const march = 'method=swish&from=2026-03-01&to=2026-03-31';
    const byAmountAsc = await list(`${march}&sort=amount&order=asc`);
    expect(byAmountAsc.items.map((p) => p.amount)).toEqual(['75.00', '120.50', '120.50', '500.00', '9000.00']);
    const byAmountDesc = await list(`${march}&sort=amount&order=desc`);
    expect(byAmountDesc.items.map((p) => p.id)).toEqual([...byAmountAsc.items.map((p) => p.id)].reverse());
    const byDateAsc = await list(`${march}&sort=paid_at&order=asc`);
    expect(byDateAsc.items.map((p) => p.paid_at)).toEqual(['2026-03-02', '2026-03-05', '2026-03-05', '2026-03-17', '2026-03-31']);
    const byDefault = await list(march);
    expect(byDefault.items.map((p) => p.id)).toEqual([...byDateAsc.items.map((p) => p.id)].reverse());
  });

  it('filters paid days inclusively, together with the other filters, and counts what matches', async () => {
    expect((await list('method=swish&from=2026-03-05&to=2026-03-17')).items.map((p) => p.paid_at)).toEqual(['2026-03-17', '2026-03-05', '2026-03-05']);
    expect((await list('method=swish&from=2026-03-05&to=2026-03-17')).total).toBe(3);
    expect((await list('method=swish&from=2026-03-31')).items.map((p) => p.amount)).toEqual(['2.00', '75.00']);
    expect((await list('method=swish&to=2026-03-02')).items.map((p) => p.amount)).toEqual(['500.00', '1.00']);
    expect((await list('method=swish&status=received&query=nobody&from=2026-03-01')).total).toBe(0);
  });

  it('pages a sorted list without repeating or skipping a payment', async () => {
    const all = await list('method=swish&sort=amount&order=asc&limit=200');
    const paged = [];
    for (let offset = 0; offset < all.total; offset += 2) paged.push(...(await list(`method=swish&sort=amount&order=asc&limit=2&offset=${offset}`)).items);
    expect(paged.map((p) => p.id)).toEqual(all.items.map((p) => p.id));
  });

  it.each([
    ['an unknown sort', 'sort=payer', 'Sortera på paid_at eller amount'],
    ['an unknown order', 'order=up', 'Ordning måste vara asc eller desc'],
    ['a backwards range', 'from=2026-03-31&to=2026-03-01', 'Från-datum får inte vara efter till-datum'],
    ['a day that does not exist', 'to=2026-02-30', 'Ogiltigt datum'],
  ])('refuses %s', async (_name, query, message) => {
    expect((await expectError(await get(`/payments?${query}`), 400, 'VALIDATION_FAILED')).message).toBe(message);
  });
});

describe('GET /payments/:id/details', () => {
  it('shows a registered payment allocated to two cases: the cases with what they owe, the journals and the audit trail', async () => {
    const [first, second] = [await openCase('300', 'F-7001'), await openCase('1000', 'F-7002')];
    const payment = await expectBody(await post('/payments', { method: 'manual', amount: '500', ocr: first.ocr_reference }), 201, paymentResponseSchema);
    await expectBody(await post(`/payments/${payment.id}/allocate`, { case_id: first.id, amount: '300' }), 200, paymentAllocateResponseSchema);
    // At the same instant as the first: the trail keeps the order things were written in.
    await expectBody(await post(`/payments/${payment.id}/allocate`, { case_id: second.id }), 200, paymentAllocateResponseSchema);

    const detail = await expectBody(await get(`/payments/${payment.id}/details`), 200, paymentDetailSchema);
    expect(detail.payment).toMatchObject({ id: payment.id, amount: '500.00', unallocated_amount: '0.00', status: 'allocated' });
    expect(detail.payment.allocations.map((a) => [a.reference_no, a.amount])).toEqual([
      ['F-7001', '300.00'],
      ['F-7002', '200.00'],
    ]);
    expect(detail.cases).toEqual([
      expect.objectContaining({ id: first.id, reference_no: 'F-7001', status: 'closed', total_outstanding: '0.00', party_name: 'Anna Andersson' }),
      expect.objectContaining({ id: second.id, reference_no: 'F-7002', status: 'active', total_outstanding: '800.00', creditor_name: 'Elbolaget Norr AB' }),
    ]);
    expect(detail.journals?.map((journal) => [journal.source, journal.case_reference, journal.total_debit, journal.total_credit])).toEqual([
      ['payment', 'F-7001', '500.00', '500.00'],
      ['unallocated_transfer', 'F-7002', '200.00', '200.00'],
    ]);
    expect(detail.bank_statement).toBeNull();
    expect(detail.audit.map((entry) => [entry.event, entry.actor_name])).toEqual([
      ['payment.created', 'Karin Lindqvist'],
      ['payment.allocated', 'Karin Lindqvist'],
      ['payment.allocated', 'Karin Lindqvist'],
    ]);
  });

  it('names the bank file and the line an imported payment came from, and the import in its trail', async () => {
    const bytes = sampleBankFile('bgmax/all-record-types.txt');
    const summary = await expectBody(
      await api.request('POST', `${base()}/payments/import`, {
        token: admin.token,
        body: (() => {
          const form = new FormData();
          form.set('file', new File([bytes], 'bgmax-20261122.txt'));
          return form;
        })(),
      }),
      200,
      importSummarySchema,
    );
    const page = await list(`bank_statement_id=${summary.statement_id}&status=unmatched&sort=amount&order=desc`);
    const payment = page.items[0]!;
    const inFile = (await parseBankFile(bytes)).payments.find((record) => record.transaction_id === payment.transaction_id)!;

    const detail = await expectBody(await get(`/payments/${payment.id}/details`), 200, paymentDetailSchema);
    expect(detail.bank_statement).toMatchObject({
      id: summary.statement_id,
      file_name: 'bgmax-20261122.txt',
      file_format: 'bgmax',
      line: { line: inFile.line, amount: payment.amount, paid_at: payment.paid_at },
    });
    expect(detail.journals?.map((journal) => journal.source)).toEqual(['unallocated_payment']);
    expect(detail.audit.map((entry) => entry.event)).toEqual(['payments.imported']);

    // The file gone from storage: the statement is still named, the line cannot be read back.
    const key = (await api.sql<{ file_key: string }>('SELECT file_key FROM bank_statements WHERE id = ?', summary.statement_id))[0]!.file_key;
    await api.ctx.files.delete(key);
    expect((await expectBody(await get(`/payments/${payment.id}/details`), 200, paymentDetailSchema)).bank_statement).toMatchObject({
      file_name: 'bgmax-20261122.txt',
      line: null,
    });
  });

  it('leaves the ledger out for a role without ledger.read, and is 404 in another organisation', async () => {
    const payment = (await list('method=swish&limit=1')).items[0]!;
    const detail = await expectBody(await get(`/payments/${payment.id}/details`, handler), 200, paymentDetailSchema);
    expect(detail).toMatchObject({ journals: null, bank_statement: null });
    expect(detail.audit.map((entry) => entry.event)).toEqual(['payment.created']);
    const other = await createUser(api);
    await expectError(await api.request('GET', `/api/orgs/${other.org_id}/payments/${payment.id}/details`, { token: other.token }), 404, 'NOT_FOUND');
    await expectError(await api.request('GET', `${base()}/payments/${payment.id}/details`, { token: other.token }), 404, 'NOT_FOUND');
  });
});
