import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToOre, writeBgMax, type BgMaxWriterPayment } from '@fordran/core';
import {
  caseDetailSchema,
  caseInterestResponseSchema,
  createJobHandlers,
  createJobWorker,
  importJobResponseSchema,
  importSummarySchema,
  jobResponseSchema,
  paymentAllocateResponseSchema,
  paymentCandidatesResponseSchema,
  paymentListResponseSchema,
  paymentResponseSchema,
  type CaseDetail,
} from '@fordran/services';
import { allRowCounts, createMember, createTestApi, createUser, expectBody, expectError, json, rowCount, type TestApi, type TestUser } from './helpers';
import { insertCreditor, insertParty, insertPaymentPlan, insertSentDemand } from './fixtures';

/*
 * Payments over HTTP (issue 5): registration, match candidates, allocation with its ledger
 * posting, over-payment, a case paid in full, concurrent allocations, bank-file import with
 * idempotency, a corrupt file, and roles. Today is 2026-11-22.
 */

let api: TestApi;
let admin: TestUser;
let creditorId: string;
let partyId: string;

const base = () => `/api/orgs/${admin.org_id}`;
const post = (path: string, body: unknown, user: TestUser = admin) => api.request('POST', `${base()}${path}`, { token: user.token, body });

/**
 * An active case. Due today by default: no interest has run yet, so a payment (which first brings
 * the interest up to its own day) settles exactly what the test says it owes.
 */
async function openCase(principal = '7950', dueDate = '2026-11-22'): Promise<CaseDetail> {
  const reference = `F-${Math.random().toString(36).slice(2, 8)}`;
  const created = await expectBody(
    await post('/cases', { creditor_id: creditorId, party_id: partyId, reference_no: reference, principal_amount: principal, due_date: dueDate }),
    201,
    caseDetailSchema,
  );
  return expectBody(await post(`/cases/${created.id}/status`, { status: 'active' }), 200, caseDetailSchema);
}

async function register(amount: string, extra: Record<string, unknown> = {}) {
  return expectBody(await post('/payments', { method: 'manual', amount, ...extra }), 201, paymentResponseSchema);
}

function journalLines(paymentId: string): Promise<{ source: string; code: string; debit: number; credit: number }[]> {
  return api.sql(
    'SELECT j.source, a.code, e.debit, e.credit FROM gl_entries e JOIN gl_journals j ON j.id = e.journal_id JOIN gl_accounts a ON a.id = e.account_id WHERE j.org_id = ? AND j.source_ref = ? ORDER BY j.created_at, e.id',
    admin.org_id,
    paymentId,
  );
}

function importFile(bytes: Uint8Array | string, name: string, extra: Record<string, string> = {}, user: TestUser = admin) {
  const form = new FormData();
  form.set('file', new File([bytes], name));
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  return api.request('POST', `${base()}/payments/import`, { token: user.token, body: form });
}

function bgMaxFor(payments: { ocr: string; amountOre: number; serial: string }[]): string {
  const lines: BgMaxWriterPayment[] = payments.map((p) => ({
    amountOre: p.amountOre as never,
    bgc_serial: p.serial,
    reference: p.ocr,
    reference_code: 'ocr',
    payer_name: 'Anna Andersson',
  }));
  return writeBgMax({
    timestamp: '20261122080000123456',
    sections: [{ recipient_bankgiro: '9912346', account: '12345678901', paid_at: '2026-11-21', deposit_serial: 1, payments: lines }],
  });
}

beforeAll(async () => {
  api = await createTestApi({}, { seedReferenceRates: true });
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  creditorId = await insertCreditor(api, admin.org_id, 'Elbolaget Norr AB');
  partyId = await insertParty(api, admin.org_id, 'Anna Andersson');
});
afterAll(() => api.close());

describe('POST /payments (Ny inbetalning)', () => {
  it('registers a received payment dated today, books nothing yet', async () => {
    const payment = await register('2 000,50', { ocr: '1234', message: 'Faktura 44' });
    expect(payment).toMatchObject({
      status: 'received',
      amount: '2000.50',
      unallocated_amount: '2000.50',
      paid_at: '2026-11-22',
      method: 'manual',
      allocations: [],
    });
    expect(await journalLines(payment.id)).toEqual([]);
  });

  it('registers once per idempotency key (a double click is one payment)', async () => {
    const key = crypto.randomUUID();
    const first = await register('100', { idempotency_key: key });
    const before = await rowCount(api, 'payments');
    const again = await register('100', { idempotency_key: key });
    expect(again.id).toBe(first.id);
    expect(await rowCount(api, 'payments')).toBe(before);
  });

  it.each([
    ['no amount', { amount: undefined }, 'Alla obligatoriska fält måste fyllas i'],
    ['zero', { amount: '0' }, 'Belopp måste vara större än 0'],
    ['three decimals', { amount: '1000.005' }, 'Beloppet får ha högst två decimaler'],
    [
      'an amount that could be 1 005 kr or 1,005 kr',
      { amount: '1.005' },
      'Otydligt belopp: skriv tusental med mellanslag och decimaler efter kommatecken, t.ex. 2 000,50',
    ],
    ['a future date', { amount: '10', paid_at: '2026-11-23' }, 'Betaldatum kan inte vara i framtiden'],
    ['an unknown method', { amount: '10', method: 'cash' }, 'Betalsätt måste vara ett av manual, bankgiro, swish, card'],
  ])('refuses %s and changes nothing', async (_name, body, message) => {
    const before = await allRowCounts(api);
    const error = await expectError(await post('/payments', body), 400, 'VALIDATION_FAILED');
    expect(error.message).toBe(message);
    expect(await allRowCounts(api)).toEqual(before);
  });
});

describe('candidates and allocation', () => {
  it('finds the case by OCR, by message reference and by amount — at most 10, best first', async () => {
    const target = await openCase('1234.56');
    const byOcr = await register('50', { ocr: target.ocr_reference });
    const { candidates } = await expectBody(
      await api.request('GET', `${base()}/payments/${byOcr.id}/candidates`, { token: admin.token }),
      200,
      paymentCandidatesResponseSchema,
    );
    expect(candidates[0]).toMatchObject({
      case_id: target.id,
      reasons: ['ocr'],
      creditor_name: 'Elbolaget Norr AB',
      party_name: 'Anna Andersson',
      total_outstanding: '1234.56',
    });
    const byMessage = await register('1234.56', { message: `Betalning ärende ${target.message_reference}` });
    const ranked = (
      await json<{ candidates: { case_id: string; reasons: string[] }[] }>(
        await api.request('GET', `${base()}/payments/${byMessage.id}/candidates`, { token: admin.token }),
      )
    ).candidates;
    expect(ranked[0]).toMatchObject({ case_id: target.id, reasons: ['message_reference', 'amount'] });
    expect(ranked.length).toBeLessThanOrEqual(10);
    const nothing = await register('0.01');
    expect(
      (await json<{ candidates: unknown[] }>(await api.request('GET', `${base()}/payments/${nothing.id}/candidates`, { token: admin.token }))).candidates,
    ).toEqual([]);
  });

  it("settles costs first ('Betalning avräknad'): fees, then interest, then capital; debit 1900 credit 1512/1511/1510", async () => {
    const target = await openCase('7950', '2026-10-01');
    await insertSentDemand(api, admin.org_id, target.id);
    await post(`/cases/${target.id}/fees`, { code: 'COLLECTION_180' });
    const interest = (await expectBody(await post(`/cases/${target.id}/interest`, {}), 200, caseInterestResponseSchema)).case.total_interest;
    const interestOre = decimalToOre(interest);
    expect(interestOre).toBeGreaterThan(0);
    const payment = await register('2000');
    const result = await expectBody(await post(`/payments/${payment.id}/allocate`, { case_id: target.id }), 200, paymentAllocateResponseSchema);
    expect(result.allocation).toMatchObject({ sequence_no: 1, amount: '2000.00', fees: '180.00', interest });
    expect(decimalToOre(result.allocation.principal)).toBe(200000 - 18000 - interestOre);
    expect(result.payment).toMatchObject({ status: 'allocated', unallocated_amount: '0.00' });
    expect(result.case).toMatchObject({ amount_paid_total: '2000.00', closed: false });
    const detail = await expectBody(await api.request('GET', `${base()}/cases/${target.id}`, { token: admin.token }), 200, caseDetailSchema);
    expect(detail.amount_paid_total).toBe('2000.00');
    expect(decimalToOre(detail.total_outstanding)).toBe(795000 + 18000 + interestOre - 200000);
    const lines = await journalLines(payment.id);
    expect(lines.map((l) => [l.code, l.debit, l.credit])).toEqual([
      ['1900', 200000, 0],
      ['1510', 0, 200000 - 18000 - interestOre],
      ['1511', 0, interestOre],
      ['1512', 0, 18000],
    ]);
    const [event] = await api.sql<{ payload_json: string }>("SELECT payload_json FROM case_events WHERE case_id = ? AND type = 'PAYMENT_ALLOCATED'", target.id);
    expect(JSON.parse(event!.payload_json)).toMatchObject({ payment_id: payment.id, amount: '2000.00', fees: '180.00' });
  });

  it("settles the interest accrued up to the payment's own day (issue 10: fees 350,00, interest 554,93, capital 1 095,07)", async () => {
    const target = await openCase('10000', '2025-03-31');
    expect((await expectBody(await post(`/cases/${target.id}/interest`, { as_of: '2025-09-30' }), 200, caseInterestResponseSchema)).amount).toBe('513.83');
    await insertPaymentPlan(api, admin.org_id, target.id, partyId, 'active');
    await insertSentDemand(api, admin.org_id, target.id);
    await post(`/cases/${target.id}/fees`, { code: 'COLLECTION_180' });
    await post(`/cases/${target.id}/fees`, { code: 'PAYMENT_PLAN_170' });
    const payment = await register('2000', { paid_at: '2025-10-15' });
    const result = await expectBody(await post(`/payments/${payment.id}/allocate`, { case_id: target.id }), 200, paymentAllocateResponseSchema);
    expect(result.allocation).toMatchObject({ fees: '350.00', interest: '554.93', principal: '1095.07' });
    const detail = await expectBody(await api.request('GET', `${base()}/cases/${target.id}`, { token: admin.token }), 200, caseDetailSchema);
    expect(detail).toMatchObject({ total_interest: '554.93', interest_calculated_to: '2025-10-15', total_outstanding: '8904.93' });
    const [accrued] = await api.sql<{ payload_json: string }>(
      "SELECT payload_json FROM case_events WHERE case_id = ? AND type = 'interest_calculated' ORDER BY created_at DESC, id DESC",
      target.id,
    );
    expect(JSON.parse(accrued!.payload_json)).toMatchObject({ amount: '554.93', change: '41.10', as_of: '2025-10-15', payment_id: payment.id });
  });

  it('splits one payment over two cases: the first booking debits 1900 with all of it, the rest waits on 2990', async () => {
    const [a, b] = [await openCase('1000'), await openCase('3000')];
    const payment = await register('4000');
    const first = await expectBody(await post(`/payments/${payment.id}/allocate`, { case_id: a.id, amount: '1000' }), 200, paymentAllocateResponseSchema);
    expect(first.payment).toMatchObject({ status: 'partially_allocated', unallocated_amount: '3000.00' });
    expect(first.case).toMatchObject({ closed: true, status: 'closed', total_outstanding: '0.00' });
    const second = await expectBody(await post(`/payments/${payment.id}/allocate`, { case_id: b.id }), 200, paymentAllocateResponseSchema);
    expect(second).toMatchObject({ allocation: { sequence_no: 2, amount: '3000.00' }, payment: { status: 'allocated' } });
    expect((await journalLines(payment.id)).map((l) => [l.source, l.code, l.debit, l.credit])).toEqual([
      ['payment', '1900', 400000, 0],
      ['payment', '1510', 0, 100000],
      ['payment', '2990', 0, 300000],
      ['unallocated_transfer', '2990', 300000, 0],
      ['unallocated_transfer', '1510', 0, 300000],
    ]);
    const statusEvents = await api.sql<{ payload_json: string }>("SELECT payload_json FROM case_events WHERE case_id = ? AND type = 'status_changed'", a.id);
    expect(statusEvents.map((event) => JSON.parse(event.payload_json) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ to: 'closed', close_reason: 'paid' }),
    );
  });

  it("refuses more than the case owes with 'Betalning överstiger utestående belopp' and changes nothing", async () => {
    const target = await openCase('100');
    const payment = await register('150');
    const before = await allRowCounts(api);
    const error = await expectError(await post(`/payments/${payment.id}/allocate`, { case_id: target.id }), 422, 'PAYMENT_EXCEEDS_OUTSTANDING');
    expect(error.message).toBe('Betalning överstiger utestående belopp');
    expect(await allRowCounts(api)).toEqual(before);
    await expectError(await post(`/payments/${payment.id}/allocate`, { case_id: target.id, amount: '151' }), 400, 'VALIDATION_FAILED');
    await expectBody(await post(`/payments/${payment.id}/allocate`, { case_id: target.id, amount: '100' }), 200, paymentAllocateResponseSchema);
    await expectError(await post(`/payments/${payment.id}/allocate`, { case_id: target.id, amount: '1' }), 422, 'INVALID_TRANSITION');
  });

  it('never lets concurrent allocations to one case exceed what it owes', async () => {
    const target = await openCase('1000');
    const payments = await Promise.all([1, 2, 3, 4, 5].map(() => register('400')));
    const results = await Promise.all(payments.map((payment) => post(`/payments/${payment.id}/allocate`, { case_id: target.id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const detail = await expectBody(await api.request('GET', `${base()}/cases/${target.id}`, { token: admin.token }), 200, caseDetailSchema);
    expect(detail).toMatchObject({ amount_paid_total: '800.00', total_outstanding: '200.00' });
  });

  it('uses the organisation setting principal_first', async () => {
    const org = await createUser(api);
    await api.request('PATCH', `/api/orgs/${org.org_id}`, { token: org.token, body: { allocation_order: 'principal_first' } });
    const creditor = await insertCreditor(api, org.org_id);
    const party = await insertParty(api, org.org_id);
    const created = await expectBody(
      await api.request('POST', `/api/orgs/${org.org_id}/cases`, {
        token: org.token,
        body: { creditor_id: creditor, party_id: party, reference_no: 'P-1', principal_amount: '500', due_date: '2026-11-22' },
      }),
      201,
      caseDetailSchema,
    );
    await api.request('POST', `/api/orgs/${org.org_id}/cases/${created.id}/status`, { token: org.token, body: { status: 'active' } });
    await insertSentDemand(api, org.org_id, created.id);
    await api.request('POST', `/api/orgs/${org.org_id}/cases/${created.id}/fees`, { token: org.token, body: { code: 'COLLECTION_180' } });
    const payment = await expectBody(
      await api.request('POST', `/api/orgs/${org.org_id}/payments`, { token: org.token, body: { amount: '600' } }),
      201,
      paymentResponseSchema,
    );
    const result = await expectBody(
      await api.request('POST', `/api/orgs/${org.org_id}/payments/${payment.id}/allocate`, { token: org.token, body: { case_id: created.id } }),
      200,
      paymentAllocateResponseSchema,
    );
    expect(result.allocation).toMatchObject({ principal: '500.00', fees: '100.00' });
  });
});

describe('POST /payments/import', () => {
  it('books a BgMax file: auto-allocates by OCR, keeps an over-payment remainder, books the unknown as unmatched; the same file again books nothing', async () => {
    const [full, over] = [await openCase('300'), await openCase('200')];
    const file = bgMaxFor([
      { ocr: full.ocr_reference!, amountOre: 30000, serial: '900000000001' },
      { ocr: over.ocr_reference!, amountOre: 25000, serial: '900000000002' },
      { ocr: '99999999999982', amountOre: 12345, serial: '900000000003' },
    ]);
    const summary = await expectBody(await importFile(file, 'bgmax-20261122.txt'), 200, importSummarySchema);
    expect(summary).toMatchObject({
      format: 'bgmax',
      payments: 3,
      total_amount: '673.45',
      matched: 2,
      allocated: 1,
      partially_allocated: 1,
      unmatched: 1,
      duplicates: 0,
      duplicate_file: false,
      dry_run: false,
      reconciliation_status: 'reconciled',
    });
    expect(summary.statement_id).toBeTruthy();
    const [statement] = await api.sql('SELECT file_format, file_name, total_credits FROM bank_statements WHERE id = ?', summary.statement_id);
    expect(statement).toEqual({ file_format: 'bgmax', file_name: 'bgmax-20261122.txt', total_credits: 67345 });
    const page = await expectBody(
      await api.request('GET', `${base()}/payments?bank_statement_id=${summary.statement_id}`, { token: admin.token }),
      200,
      paymentListResponseSchema,
    );
    expect(page.items.map((p) => [p.status, p.unallocated_amount]).sort()).toEqual([
      ['allocated', '0.00'],
      ['partially_allocated', '50.00'],
      ['unmatched', '123.45'],
    ]);

    const before = await allRowCounts(api);
    const again = await expectBody(await importFile(file, 'samma-fil-igen.txt'), 200, importSummarySchema);
    expect(again).toMatchObject({ payments: 3, duplicates: 3, matched: 0, unmatched: 0, duplicate_file: true, statement_id: summary.statement_id });
    const after = await allRowCounts(api);
    expect({ ...after, audit_logs: 0 }).toEqual({ ...before, audit_logs: 0 });
  });

  it('skips a transaction already booked from another file', async () => {
    const target = await openCase('100');
    const first = bgMaxFor([{ ocr: target.ocr_reference!, amountOre: 10000, serial: '910000000001' }]);
    await expectBody(await importFile(first, 'a.txt'), 200, importSummarySchema);
    const overlapping = bgMaxFor([
      { ocr: target.ocr_reference!, amountOre: 10000, serial: '910000000001' },
      { ocr: '99999999999982', amountOre: 500, serial: '910000000002' },
    ]);
    expect(await expectBody(await importFile(overlapping, 'b.txt'), 200, importSummarySchema)).toMatchObject({
      duplicates: 1,
      unmatched: 1,
      duplicate_file: false,
    });
  });

  it('a dry run matches without booking', async () => {
    const target = await openCase('100');
    const before = await allRowCounts(api);
    const summary = await expectBody(
      await importFile(bgMaxFor([{ ocr: target.ocr_reference!, amountOre: 10000, serial: '920000000001' }]), 'torr.txt', { dry_run: 'true' }),
      200,
      importSummarySchema,
    );
    expect(summary).toMatchObject({ matched: 1, dry_run: true, statement_id: null, reconciliation_status: null });
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('reads the camt.053 sample file', async () => {
    const xml = readFileSync(fileURLToPath(new URL('../../fixtures/bank-files/camt053/statement-v08.xml', import.meta.url)));
    const summary = await expectBody(await importFile(xml, 'statement-v08.xml'), 200, importSummarySchema);
    expect(summary.format).toBe('camt053');
    expect(summary.payments).toBeGreaterThan(0);
    expect(summary.matched + summary.unmatched + summary.duplicates).toBe(summary.payments);
  });

  it('refuses a corrupt file with the line, and books nothing', async () => {
    const target = await openCase('100');
    const good = bgMaxFor([{ ocr: target.ocr_reference!, amountOre: 10000, serial: '930000000001' }]);
    // The TK70 trailer claims 9 payment records where the file has 1.
    const broken = good.replace(/^70(\d{8})/m, '7000000009');
    expect(broken).not.toBe(good);
    const before = await allRowCounts(api);
    const response = await importFile(broken, 'trasig.txt');
    const body = (await response.json()) as { error: { code: string; message: string; details: { errors: { line: number | null }[] } } };
    expect(response.status).toBe(400);
    expect(body.error.code).toMatch(/^BANK_FILE_/);
    expect(body.error.message).toMatch(/^Rad \d+: /);
    expect(body.error.details.errors[0]?.line).toBeGreaterThan(0);
    expect(await allRowCounts(api)).toEqual(before);
    await expectError(await importFile('detta är ingen bankfil', 'x.txt'), 400, 'BANK_FILE_UNKNOWN_FORMAT');
    await expectError(await importFile(good, 'fel-format.txt', { format: 'pdf' }), 400, 'VALIDATION_FAILED');
  });
});

describe('a large bank file runs as a job', () => {
  it('answers 202 with the job, the worker books the file, and the job ends with the summary as its result', async () => {
    const jobs = await createTestApi({ importJobThresholdBytes: 100 }, { seedReferenceRates: true });
    try {
      const owner = await createUser(jobs);
      const file = bgMaxFor([{ ocr: '99999999999982', amountOre: 70000, serial: '940000000001' }]);
      const form = new FormData();
      form.set('file', new File([file], 'stor-fil.txt'));
      const accepted = await jobs.request('POST', `/api/orgs/${owner.org_id}/payments/import`, { token: owner.token, body: form });
      const { job_id } = await expectBody(accepted, 202, importJobResponseSchema);
      expect(await rowCount(jobs, 'payments')).toBe(0);

      const worker = createJobWorker(jobs.ctx, { handlers: createJobHandlers() });
      expect((await worker.runOnce())?.id).toBe(job_id);
      const job = await expectBody(await jobs.request('GET', `/api/orgs/${owner.org_id}/jobs/${job_id}`, { token: owner.token }), 200, jobResponseSchema);
      expect(job).toMatchObject({ status: 'completed', progress: 100 });
      expect(importSummarySchema.parse(job.result)).toMatchObject({ payments: 1, unmatched: 1, total_amount: '700.00', file_name: 'stor-fil.txt' });
      expect(await rowCount(jobs, 'payments')).toBe(1);
      const [audit] = await jobs.sql<{ actor_id: string }>("SELECT actor_id FROM audit_logs WHERE event = 'payments.imported'");
      expect(audit!.actor_id).toBe(owner.user_id);
    } finally {
      await jobs.close();
    }
  });
});

describe('roles (docs/roles.md)', () => {
  it('finance registers and allocates; a handler only reads; legal and client may not read', async () => {
    const target = await openCase('100');
    const finance = await createMember(api, admin, 'finance');
    const handler = await createMember(api, admin, 'handler');
    const legal = await createMember(api, admin, 'legal');
    const payment = await expectBody(await post('/payments', { amount: '100' }, finance), 201, paymentResponseSchema);
    await expectBody(await post(`/payments/${payment.id}/allocate`, { case_id: target.id }, finance), 200, paymentAllocateResponseSchema);
    expect((await api.request('GET', `${base()}/payments`, { token: handler.token })).status).toBe(200);
    await expectError(await post('/payments', { amount: '100' }, handler), 403, 'FORBIDDEN');
    await expectError(await importFile(bgMaxFor([{ ocr: '1234', amountOre: 100, serial: '1' }]), 'h.txt', {}, handler), 403, 'FORBIDDEN');
    await expectError(await api.request('GET', `${base()}/payments`, { token: legal.token }), 403, 'FORBIDDEN');
  });

  it("another organisation's payment is 404", async () => {
    const payment = await register('10');
    const other = await createUser(api);
    await expectError(await api.request('GET', `/api/orgs/${other.org_id}/payments/${payment.id}`, { token: other.token }), 404, 'NOT_FOUND');
    await expectError(await api.request('GET', `/api/orgs/${admin.org_id}/payments/${payment.id}`, { token: other.token }), 404, 'NOT_FOUND');
  });
});

describe('the books after all of it', () => {
  it('balance, and every case keeps paid + outstanding = principal + interest + fees', async () => {
    const unbalanced = await api.sql('SELECT journal_id FROM gl_entries WHERE org_id = ? GROUP BY journal_id HAVING sum(debit) <> sum(credit)', admin.org_id);
    expect(unbalanced).toEqual([]);
    const broken = await api.sql(
      'SELECT id FROM cases WHERE org_id = ? AND total_outstanding + amount_paid_total <> total_principal + total_interest + total_fees',
      admin.org_id,
    );
    expect(broken).toEqual([]);
    const overpaid = await api.sql(
      'SELECT c.id FROM cases c WHERE c.org_id = ? AND c.amount_paid_total <> (SELECT coalesce(sum(amount), 0) FROM payment_allocations WHERE case_id = c.id)',
      admin.org_id,
    );
    expect(overpaid).toEqual([]);
  });
});
