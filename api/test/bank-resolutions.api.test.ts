import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBankFileLatin1, ore, writeBgMax, type BgMaxWriterPayment } from '@fordran/core';
import {
  bankStatementDetailSchema,
  bankStatementListResponseSchema,
  caseDetailSchema,
  importSummarySchema,
  ledgerJournalListResponseSchema,
  paymentResponseSchema,
  statementResolutionOptionsSchema,
  type BankStatementDetail,
} from '@fordran/services';
import { allRowCounts, auditRows, createTestApi, createUser, expectBody, expectError, type TestApi, type TestUser } from './helpers';
import { insertCreditor, insertImportedStatement, insertParty, insertPayment } from './fixtures';

/*
 * Resolving the differences of a bank reconciliation over HTTP (issue 10; docs/bank-files.md
 * "Resolving differences"): a bank fee for an amount that differs, an adjustment, a line linked to
 * a payment registered by hand, lines and bookings of another account, acknowledgements; each
 * with a reason, audited, undone with a reason; and what is refused. Today is 2026-11-22.
 */

let api: TestApi;
let admin: TestUser;
let other: TestUser;

const DAY = '2026-11-21';
const base = (user: TestUser = admin) => `/api/orgs/${user.org_id}`;
const post = (path: string, body?: unknown, user: TestUser = admin) => api.request('POST', `${base(user)}${path}`, { token: user.token, body });
const get = (path: string, user: TestUser = admin) => api.request('GET', `${base(user)}${path}`, { token: user.token });

beforeAll(async () => {
  api = await createTestApi({}, { seedReferenceRates: true });
  admin = await createUser(api, { name: 'Eva Ekonom' });
  other = await createUser(api, { name: 'Olle Annan' });
});
afterAll(() => api.close());

function bgMax(timestamp: string, payments: BgMaxWriterPayment[]): string {
  return writeBgMax({ timestamp, sections: [{ recipient_bankgiro: '9912346', account: '12345678901', paid_at: DAY, deposit_serial: 1, payments }] });
}

async function importBgMax(text: string, name: string, user: TestUser = admin) {
  const form = new FormData();
  form.set('file', new File([encodeBankFileLatin1(text)], name));
  return expectBody(await api.request('POST', `${base(user)}/payments/import`, { token: user.token, body: form }), 200, importSummarySchema);
}

const FIRST = [
  { amountOre: ore(287892), bgc_serial: '000000000001', reference: '100000199', payer_name: 'Anna Andersson' },
  { amountOre: ore(50000), bgc_serial: '000000000002', reference: '100000298', payer_name: 'Bo Ek' },
];

/** A file and its re-sent copy whose first amount is 100 kr higher (the demo's mismatch). */
async function resentCopy(user: TestUser = admin): Promise<BankStatementDetail> {
  await importBgMax(bgMax('20261121060000000001', FIRST), 'bgmax-1.txt', user);
  const copy = await importBgMax(bgMax('20261121070000000002', [{ ...FIRST[0]!, amountOre: ore(297892) }, FIRST[1]!]), 'bgmax-2.txt', user);
  expect(copy.reconciliation_status).toBe('mismatch');
  return expectBody(await get(`/bank-statements/${copy.statement_id}`, user), 200, bankStatementDetailSchema);
}

async function journals(user: TestUser = admin) {
  return (await expectBody(await get('/ledger/journals?limit=200', user), 200, ledgerJournalListResponseSchema)).journals;
}

async function statementRow(id: string) {
  const [row] = await api.sql<{ reconciliation_status: string; differences_json: string }>(
    'SELECT reconciliation_status, differences_json FROM bank_statements WHERE id = ?',
    id,
  );
  return row!;
}

describe('a bank fee, an adjustment, and undoing them', () => {
  let review: BankStatementDetail;
  const amountKey = () => review.differences.find((d) => d.code === 'AMOUNT_DIFFERS')!.key;

  beforeAll(async () => {
    review = await resentCopy();
  });

  it('lists each difference with the actions it offers and, instead of ids, who paid and the OCR', () => {
    expect(review.differences.map((d) => [d.code, d.line, d.expected, d.actual, d.payer_name, d.reference, d.actions, d.action_note])).toEqual([
      ['AMOUNT_DIFFERS', 3, '2978.92', '2878.92', 'Anna Andersson', '100000199', ['bank_fee', 'adjustment'], null],
      ['TOTAL_CREDITS_DIFFER', null, '3478.92', '3378.92', null, null, [], 'Summan följer av raderna: lös avvikelserna på raderna först.'],
    ]);
    expect(review.resolutions).toEqual([]);
  });

  it('offers the amount a fee books, the fee account and the adjustment accounts with what each is for', async () => {
    const options = await expectBody(
      await get(`/bank-statements/${review.statement.id}/resolution-options?difference=${encodeURIComponent(amountKey())}`),
      200,
      statementResolutionOptionsSchema,
    );
    expect(options).toMatchObject({
      amount: '100.00',
      candidates: [],
      fee_account: { code: '6570', name: 'Bankkostnader' },
      counter_accounts: [
        { code: '2990', name: 'Oredovisade betalningar', purpose: expect.stringContaining('matchning') },
        { code: '3740', name: 'Öres- och kronutjämning', purpose: expect.stringContaining('avrundning') },
      ],
    });
    expect(options.difference.actions).toEqual(['bank_fee', 'adjustment']);
    await expectError(await get(`/bank-statements/${review.statement.id}/resolution-options?difference=NOPE`), 409, 'CONFLICT');
  });

  it.each<[Record<string, string>, number, string, string]>([
    [{ kind: 'bank_fee', difference: 'x' }, 400, 'VALIDATION_FAILED', 'Ange en anledning'],
    [{ kind: 'bank_fee', reason: 'ok' }, 400, 'VALIDATION_FAILED', 'Välj en avvikelse'],
    [{ kind: 'betala', difference: 'x', reason: 'Bankens avgift' }, 400, 'VALIDATION_FAILED', 'Välj en åtgärd'],
    [{ kind: 'adjustment', difference: 'x', counter_account: '3010', reason: 'Justering' }, 400, 'VALIDATION_FAILED', 'Välj motkonto: 2990 eller 3740'],
  ])('refuses %j with %s %s and changes nothing', async (body, status, code, message) => {
    const before = await allRowCounts(api);
    const payload = { ...body, ...(body.difference === 'x' ? { difference: amountKey() } : {}) };
    expect((await expectError(await post(`/bank-statements/${review.statement.id}/resolutions`, payload), status, code)).message).toContain(message);
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('refuses a reason under 3 characters, an action the difference does not offer, and the total before its line', async () => {
    const before = await allRowCounts(api);
    const url = `/bank-statements/${review.statement.id}/resolutions`;
    expect((await expectError(await post(url, { kind: 'bank_fee', difference: amountKey(), reason: ' ab ' }), 400, 'VALIDATION_FAILED')).message).toBe(
      'Anledningen måste vara minst 3 tecken',
    );
    expect(
      (await expectError(await post(url, { kind: 'acknowledge', difference: amountKey(), reason: 'Kontrollerat' }), 422, 'RESOLUTION_NOT_ALLOWED')).message,
    ).toBe('Kvitterad löser inte avvikelsen ”Bokfört belopp skiljer sig från beloppet i filen”');
    const totalKey = review.differences.find((d) => d.code === 'TOTAL_CREDITS_DIFFER')!.key;
    expect(
      (await expectError(await post(url, { kind: 'bank_fee', difference: totalKey, reason: 'Bankavgift' }), 422, 'RESOLUTION_NOT_ALLOWED')).message,
    ).toContain('lös avvikelserna på raderna först');
    await expectError(await post(url, { kind: 'bank_fee', difference: 'AMOUNT_DIFFERS|9|nej', reason: 'Bankavgift' }), 409, 'CONFLICT');
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('books the 100 kr as a bank fee: 1900 against 6570 with the reason, the statement reconciled, audited', async () => {
    const journalsBefore = (await journals()).length;
    const detail = await expectBody(
      await post(`/bank-statements/${review.statement.id}/resolutions`, {
        kind: 'bank_fee',
        difference: amountKey(),
        reason: 'Banken har krediterat avgiften',
      }),
      201,
      bankStatementDetailSchema,
    );
    expect(detail.statement.reconciliation_status).toBe('reconciled');
    expect(detail.differences).toEqual([]);
    expect(detail).toMatchObject({ total_booked: '3378.92', total_adjustments: '100.00', total_excluded: '0.00' });
    expect(detail.resolutions).toMatchObject([
      {
        kind: 'bank_fee',
        amount: '100.00',
        counter_account: { code: '6570', name: 'Bankkostnader' },
        reason: 'Banken har krediterat avgiften',
        created_by_name: 'Eva Ekonom',
        created_at: '2026-11-22T09:00:00.000Z',
        undone_at: null,
        in_effect: true,
        difference: { code: 'AMOUNT_DIFFERS', line: 3, expected: '2978.92', actual: '2878.92', payer_name: 'Anna Andersson', reference: '100000199' },
      },
    ]);
    expect((await statementRow(review.statement.id)).reconciliation_status).toBe('reconciled');

    const all = await journals();
    expect(all).toHaveLength(journalsBefore + 1);
    const fee = all.find((journal) => journal.source === 'bank_fee')!;
    expect(fee.entries.map((e) => [e.account_code, e.debit, e.credit])).toEqual([
      ['1900', '100.00', '0.00'],
      ['6570', '0.00', '100.00'],
    ]);
    expect(fee.meta).toMatchObject({ bank_statement_id: review.statement.id, text: 'Bankavgift, bgmax-2.txt rad 3: Banken har krediterat avgiften' });
    expect(await auditRows(api, admin.org_id, 'bank_statement.difference_resolved')).toEqual([
      expect.objectContaining({
        actor_id: admin.user_id,
        entity_id: review.statement.id,
        payload: expect.objectContaining({
          kind: 'bank_fee',
          code: 'AMOUNT_DIFFERS',
          amount: '100.00',
          reason: 'Banken har krediterat avgiften',
          journal_id: fee.id,
        }),
      }),
    ]);
    review = detail;
  });

  it('undoes the fee with a reason: the reversal booked, the original marked reversed, the difference open again', async () => {
    const [resolution] = review.resolutions;
    const url = `/bank-statements/${review.statement.id}/resolutions/${resolution!.id}/undo`;
    await expectError(await post(url, {}), 400, 'VALIDATION_FAILED');
    const detail = await expectBody(await post(url, { reason: 'Fel: det var ingen avgift' }), 200, bankStatementDetailSchema);
    expect(detail.statement.reconciliation_status).toBe('mismatch');
    expect(detail.differences.map((d) => d.code)).toEqual(['AMOUNT_DIFFERS', 'TOTAL_CREDITS_DIFFER']);
    expect(detail.total_adjustments).toBe('0.00');
    expect(detail.resolutions[0]).toMatchObject({ undone_by_name: 'Eva Ekonom', undo_reason: 'Fel: det var ingen avgift', in_effect: false });
    const all = await journals();
    const original = all.find((journal) => journal.source === 'bank_fee')!;
    const reversal = all.find((journal) => journal.reverses_journal_id === original.id)!;
    expect(original.status).toBe('reversed');
    expect(reversal.source).toBe('reversal');
    expect(reversal.entries.map((e) => [e.account_code, e.debit, e.credit])).toEqual([
      ['6570', '100.00', '0.00'],
      ['1900', '0.00', '100.00'],
    ]);
    expect((await auditRows(api, admin.org_id, 'bank_statement.resolution_undone'))[0]!.payload).toMatchObject({
      kind: 'bank_fee',
      reason: 'Fel: det var ingen avgift',
    });
    await expectError(await post(url, { reason: 'Igen' }), 409, 'CONFLICT');
    review = detail;
  });

  it('books it instead as an adjustment on 2990, its reason in the journal text', async () => {
    const detail = await expectBody(
      await post(`/bank-statements/${review.statement.id}/resolutions`, {
        kind: 'adjustment',
        difference: amountKey(),
        counter_account: '2990',
        reason: 'Betalaren betalade 100 kr för mycket',
      }),
      201,
      bankStatementDetailSchema,
    );
    expect(detail.statement.reconciliation_status).toBe('reconciled');
    expect(detail.resolutions[0]).toMatchObject({ kind: 'adjustment', counter_account: { code: '2990', name: 'Oredovisade betalningar' }, in_effect: true });
    const adjustment = (await journals()).find((journal) => journal.source === 'bank_adjustment')!;
    expect(adjustment.entries.map((e) => [e.account_code, e.debit, e.credit])).toEqual([
      ['1900', '100.00', '0.00'],
      ['2990', '0.00', '100.00'],
    ]);
    expect(adjustment.meta.text).toBe('Justering vid bankavstämning, bgmax-2.txt rad 3: Betalaren betalade 100 kr för mycket');
    const list = await expectBody(await get('/bank-statements'), 200, bankStatementListResponseSchema);
    expect(list.statements.find((s) => s.id === review.statement.id)).toMatchObject({ reconciliation_status: 'reconciled', difference_count: 0 });
  });
});

describe('a line linked to a payment registered by hand', () => {
  let caseId: string;
  let statementId: string;
  let key: string;

  /** A payment registered by hand ('Ny inbetalning') and settled on a case: booked, with no bank transaction. */
  async function manualPayment(amount: string, paidAt: string, extra: Record<string, string> = {}) {
    const payment = await expectBody(
      await post('/payments', { amount, paid_at: paidAt, ocr: '100000397', payer_name: 'Cecilia Berg', idempotency_key: crypto.randomUUID(), ...extra }),
      201,
      paymentResponseSchema,
    );
    expect((await post(`/payments/${payment.id}/allocate`, { case_id: caseId })).status).toBe(200);
    return payment;
  }

  beforeAll(async () => {
    const creditorId = await insertCreditor(api, admin.org_id, 'Elbolaget Norr AB');
    const partyId = await insertParty(api, admin.org_id, 'Cecilia Berg');
    const created = await expectBody(
      await post('/cases', { creditor_id: creditorId, party_id: partyId, reference_no: 'F-MATCH', principal_amount: '50000', due_date: '2026-10-01' }),
      201,
      caseDetailSchema,
    );
    caseId = created.id;
    await post(`/cases/${caseId}/status`, { status: 'active' });
    // A statement whose line nobody booked (recorded as the import records a file, without its bookings).
    const file = encodeBankFileLatin1(
      bgMax('20261121080000000003', [{ amountOre: ore(120000), bgc_serial: '000000000007', reference: '100000397', payer_name: 'Cecilia Berg' }]),
    );
    statementId = (await insertImportedStatement(api, admin.org_id, file, { fileName: 'bgmax-3.txt', book: false })).statementId;
    const detail = await expectBody(await post(`/bank-statements/${statementId}/reconcile`), 200, bankStatementDetailSchema);
    expect(detail.differences.map((d) => [d.code, d.actions])).toEqual([
      ['TRANSACTION_NOT_BOOKED', ['match_payment', 'other_account']],
      ['TOTAL_CREDITS_DIFFER', []],
    ]);
    key = detail.differences[0]!.key;
  });

  it('offers only booked payments of the organisation not linked to a bank transaction, the same amount first', async () => {
    const exact = await manualPayment('1200', '2026-11-20');
    const near = await manualPayment('1195', '2026-11-21');
    // Not offered: registered and not booked, another organisation's, imported from a file, too far off in amount.
    await expectBody(await post('/payments', { amount: '1200', paid_at: DAY }), 201, paymentResponseSchema);
    await expectBody(await post('/payments', { amount: '1200', paid_at: DAY }, other), 201, paymentResponseSchema);
    const imported = await importBgMax(bgMax('20261121090000000004', [{ amountOre: ore(120000), bgc_serial: '000000000099' }]), 'bgmax-4.txt');
    expect(imported.unmatched).toBe(1);
    await manualPayment('1000', '2026-11-21');

    const options = await expectBody(
      await get(`/bank-statements/${statementId}/resolution-options?difference=${encodeURIComponent(key)}`),
      200,
      statementResolutionOptionsSchema,
    );
    expect(options.candidates.map((c) => [c.id, c.paid_at, c.amount, c.payer_name, c.ocr, c.amount_difference, c.days_apart, c.same_reference])).toEqual([
      [exact.id, '2026-11-20', '1200.00', 'Cecilia Berg', '100000397', '0.00', -1, true],
      [near.id, '2026-11-21', '1195.00', 'Cecilia Berg', '100000397', '-5.00', 0, true],
    ]);
  });

  it('refuses a payment of another organisation, one already linked, one not booked, and one of another amount without booking the difference', async () => {
    const url = `/bank-statements/${statementId}/resolutions`;
    const match = (payment_id: string, extra: Record<string, unknown> = {}) => ({
      kind: 'match_payment',
      difference: key,
      payment_id,
      reason: 'Samma betalning',
      ...extra,
    });
    const theirs = await expectBody(await post('/payments', { amount: '1200', paid_at: DAY }, other), 201, paymentResponseSchema);
    const linked = (await api.sql<{ id: string }>("SELECT id FROM payments WHERE org_id = ? AND transaction_id LIKE 'bgmax:%' LIMIT 1", admin.org_id))[0]!;
    const unbooked = await expectBody(await post('/payments', { amount: '1200', paid_at: DAY }), 201, paymentResponseSchema);
    const near = (await api.sql<{ id: string }>("SELECT id FROM payments WHERE org_id = ? AND amount = 119500 AND status = 'allocated'", admin.org_id))[0]!;
    const before = await allRowCounts(api);
    await expectError(await post(url, match(theirs.id)), 404, 'NOT_FOUND');
    expect((await expectError(await post(url, match(linked.id)), 409, 'CONFLICT')).message).toBe('Betalningen är redan kopplad till en banktransaktion');
    expect((await expectError(await post(url, match(unbooked.id)), 422, 'RESOLUTION_NOT_ALLOWED')).message).toBe(
      'Betalningen är inte bokförd (Mottagen): avräkna den först',
    );
    expect((await expectError(await post(url, match(near.id)), 422, 'RESOLUTION_NOT_ALLOWED')).message).toBe(
      'Betalningen är på 1\u00a0195,00\u00a0kr och raden på 1\u00a0200,00\u00a0kr: välj om skillnaden är en bankavgift eller en justering',
    );
    await expectError(await post(url, match(near.id, { amount_difference: 'adjustment' })), 400, 'INVALID_OPTION');
    expect(await allRowCounts(api)).toEqual(before);
    expect((await statementRow(statementId)).reconciliation_status).toBe('mismatch');
  });

  it('links the line to the payment of the same amount: the payment takes the line, the date difference acknowledged with it', async () => {
    const exact = (
      await api.sql<{ id: string; transaction_id: string }>(
        "SELECT id, transaction_id FROM payments WHERE org_id = ? AND amount = 120000 AND status = 'allocated'",
        admin.org_id,
      )
    )[0]!;
    expect(exact.transaction_id).toMatch(/^manual:/);
    const journalsBefore = (await journals()).length;
    const detail = await expectBody(
      await post(`/bank-statements/${statementId}/resolutions`, {
        kind: 'match_payment',
        difference: key,
        payment_id: exact.id,
        reason: 'Registrerad för hand från internetbanken',
      }),
      201,
      bankStatementDetailSchema,
    );
    expect(detail.statement.reconciliation_status).toBe('reconciled');
    // The line still differs by its date: acknowledged, not hidden.
    expect(detail.lines.map((line) => [line.status, line.payment?.id])).toEqual([['differs', exact.id]]);
    expect(detail.resolutions.map((r) => [r.kind, r.difference.code, r.in_effect, r.reason])).toEqual([
      ['acknowledge', 'DATE_DIFFERS', true, 'Registrerad för hand från internetbanken'],
      ['match_payment', 'TRANSACTION_NOT_BOOKED', true, 'Registrerad för hand från internetbanken'],
    ]);
    expect(detail.resolutions[1]!.payment).toMatchObject({
      id: exact.id,
      paid_at: '2026-11-20',
      amount: '1200.00',
      payer_name: 'Cecilia Berg',
      ocr: '100000397',
    });
    const linked = await api.sql('SELECT transaction_id, bank_statement_id FROM payments WHERE id = ?', exact.id);
    expect(linked).toEqual([{ transaction_id: 'bgmax:9912346:2026-11-21:000000000007', bank_statement_id: statementId }]);
    expect(await journals()).toHaveLength(journalsBefore);
    expect((await auditRows(api, admin.org_id, 'payment.bank_linked')).map((row) => [row.entity_id, row.payload.line])).toEqual([[exact.id, 3]]);

    // Undone: the payment is its own again (its id as registered), the line missing, the acknowledgement undone with it.
    const undone = await expectBody(
      await post(`/bank-statements/${statementId}/resolutions/${detail.resolutions[1]!.id}/undo`, { reason: 'Fel betalning' }),
      200,
      bankStatementDetailSchema,
    );
    expect(undone.statement.reconciliation_status).toBe('mismatch');
    expect(undone.resolutions.map((r) => [r.kind, r.undo_reason])).toEqual([
      ['acknowledge', 'Fel betalning'],
      ['match_payment', 'Fel betalning'],
    ]);
    expect(await api.sql('SELECT transaction_id, bank_statement_id FROM payments WHERE id = ?', exact.id)).toEqual([
      { transaction_id: exact.transaction_id, bank_statement_id: null },
    ]);
  });

  it('links a payment 5 kr short with the difference booked as the bank’s fee, in one decision', async () => {
    const near = (await api.sql<{ id: string }>("SELECT id FROM payments WHERE org_id = ? AND amount = 119500 AND status = 'allocated'", admin.org_id))[0]!;
    const detail = await expectBody(
      await post(`/bank-statements/${statementId}/resolutions`, {
        kind: 'match_payment',
        difference: key,
        payment_id: near.id,
        amount_difference: 'bank_fee',
        reason: 'Registrerad netto efter bankens avgift',
      }),
      201,
      bankStatementDetailSchema,
    );
    expect(detail.statement.reconciliation_status).toBe('reconciled');
    expect(detail.resolutions.filter((r) => r.undone_at === null).map((r) => [r.kind, r.difference.code, r.amount])).toEqual([
      ['bank_fee', 'AMOUNT_DIFFERS', '5.00'],
      ['match_payment', 'TRANSACTION_NOT_BOOKED', '1200.00'],
    ]);
    const fee = (await journals()).find((journal) => journal.source === 'bank_fee' && journal.meta.bank_statement_id === statementId)!;
    expect(fee.entries.map((e) => [e.account_code, e.debit, e.credit])).toEqual([
      ['1900', '5.00', '0.00'],
      ['6570', '0.00', '5.00'],
    ]);
  });
});

describe('lines and bookings of another account, and acknowledgements', () => {
  it('sets aside a line of another account (not in the credits compared) and a booking the file does not hold', async () => {
    const file = encodeBankFileLatin1(
      bgMax('20261121100000000005', [
        { amountOre: ore(30000), bgc_serial: '000000000011', reference: '1' },
        { amountOre: ore(40000), bgc_serial: '000000000012', reference: '2' },
      ]),
    );
    const { statementId, paymentIds } = await insertImportedStatement(api, admin.org_id, file, { fileName: 'bgmax-5.txt' });
    await api.sql('DELETE FROM payments WHERE id = ?', [...paymentIds.values()][1]);
    await insertPayment(api, admin.org_id, { amountOre: 7700, paidAt: DAY, transactionId: 'camt:SE00:annat', statementId });
    let detail = await expectBody(await post(`/bank-statements/${statementId}/reconcile`), 200, bankStatementDetailSchema);
    expect(detail.differences.map((d) => [d.code, d.actions])).toEqual([
      ['TRANSACTION_NOT_BOOKED', ['match_payment', 'other_account']],
      ['BOOKING_NOT_IN_FILE', ['other_account']],
      ['TOTAL_CREDITS_DIFFER', []],
    ]);
    for (const code of ['TRANSACTION_NOT_BOOKED', 'BOOKING_NOT_IN_FILE']) {
      const difference = detail.differences.find((d) => d.code === code)!;
      detail = await expectBody(
        await post(`/bank-statements/${statementId}/resolutions`, { kind: 'other_account', difference: difference.key, reason: 'Hör till driftkontot' }),
        201,
        bankStatementDetailSchema,
      );
    }
    expect(detail.statement.reconciliation_status).toBe('reconciled');
    expect(detail).toMatchObject({ total_booked: '300.00', total_excluded: '400.00', unexpected_payments: [] });
    expect(detail.lines.map((line) => line.status)).toEqual(['matched', 'excluded']);
    expect(detail.resolutions.map((r) => [r.kind, r.difference.code, r.amount, r.payment?.amount ?? null])).toEqual([
      ['other_account', 'BOOKING_NOT_IN_FILE', '77.00', '77.00'],
      ['other_account', 'TRANSACTION_NOT_BOOKED', '400.00', null],
    ]);
  });

  it('acknowledges a booked date that differs from the file, with a reason', async () => {
    const file = encodeBankFileLatin1(bgMax('20261121110000000006', [{ amountOre: ore(12300), bgc_serial: '000000000021', reference: '3' }]));
    const { statementId, paymentIds } = await insertImportedStatement(api, admin.org_id, file, { fileName: 'bgmax-6.txt' });
    await api.sql("UPDATE payments SET paid_at = '2026-11-19' WHERE id = ?", [...paymentIds.values()][0]);
    const detail = await expectBody(await post(`/bank-statements/${statementId}/reconcile`), 200, bankStatementDetailSchema);
    expect(detail.differences.map((d) => [d.code, d.expected_date, d.actual_date, d.actions])).toEqual([['DATE_DIFFERS', DAY, '2026-11-19', ['acknowledge']]]);
    const before = await allRowCounts(api);
    await expectError(
      await post(`/bank-statements/${statementId}/resolutions`, { kind: 'bank_fee', difference: detail.differences[0]!.key, reason: 'Avgift' }),
      422,
      'RESOLUTION_NOT_ALLOWED',
    );
    expect(await allRowCounts(api)).toEqual(before);
    const acknowledged = await expectBody(
      await post(`/bank-statements/${statementId}/resolutions`, {
        kind: 'acknowledge',
        difference: detail.differences[0]!.key,
        reason: 'Bankdag efter helgen',
      }),
      201,
      bankStatementDetailSchema,
    );
    expect(acknowledged.statement.reconciliation_status).toBe('reconciled');
    expect(acknowledged.resolutions[0]).toMatchObject({
      kind: 'acknowledge',
      amount: null,
      counter_account: null,
      payment: null,
      reason: 'Bankdag efter helgen',
    });
  });
});

describe('roles and organisations', () => {
  it("another organisation's statement and resolution are not found, and a handler may not resolve", async () => {
    // A statement with a resolution (the list's order between statements of one day is not the point).
    const resolution = (await api.sql<{ id: string; statement_id: string }>('SELECT id, statement_id FROM bank_statement_resolutions LIMIT 1'))[0]!;
    const statement = (await expectBody(await get('/bank-statements'), 200, bankStatementListResponseSchema)).statements.find(
      (row) => row.id === resolution.statement_id,
    );
    const before = await allRowCounts(api);
    await expectError(
      await api.request('GET', `${base(other)}/bank-statements/${statement!.id}/resolution-options?difference=x`, { token: other.token }),
      404,
      'NOT_FOUND',
    );
    await expectError(await post(`/bank-statements/${statement!.id}/resolutions/${resolution.id}/undo`, { reason: 'Kapad' }, other), 404, 'NOT_FOUND');
    expect(await allRowCounts(api)).toEqual(before);
  });
});
