import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ore, writeBgMax } from '@fordran/core';
import { bankAccountListResponseSchema, bankAccountResponseSchema, bankStatementDetailSchema, bankStatementListResponseSchema } from '@fordran/services';
import { allRowCounts, createMember, createTestApi, createUser, expectBody, expectError, rowCount, type TestApi, type TestUser } from './helpers';
import { insertBankAccount, insertImportedStatement, insertPayment, sampleBankFile } from './fixtures';

/*
 * Bank accounts and the reconciliation of bank statements over HTTP (issue 5). Statements are
 * recorded here the way the payment import records them (file in storage, statement row,
 * payments with bank_statement_id and transaction_id); the import itself is another feature.
 */

let api: TestApi;
let admin: TestUser;
let finance: TestUser;
let handler: TestUser;

const base = () => `/api/orgs/${admin.org_id}`;
const get = (path: string, user: TestUser = admin) => api.request('GET', `${base()}${path}`, { token: user.token });
const send = (method: string, path: string, body?: unknown, user: TestUser = admin) => api.request(method, `${base()}${path}`, { token: user.token, body });

beforeAll(async () => {
  api = await createTestApi();
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  finance = await createMember(api, admin, 'finance');
  handler = await createMember(api, admin, 'handler');
});
afterAll(() => api.close());

describe('bank accounts', () => {
  it('creates a client funds account with its IBAN, bankgiro and plusgiro checked and stored in normal form, audited', async () => {
    const created = await expectBody(
      await send(
        'POST',
        '/bank-accounts',
        {
          account_name: 'Klientmedel SEB',
          type: 'client_funds',
          iban: 'se45 5000 0000 0583 9825 7466',
          bg_number: '54029681',
          pg_number: '9020033',
          provider: 'SEB',
        },
        finance,
      ),
      201,
      bankAccountResponseSchema,
    );
    expect(created).toMatchObject({
      account_name: 'Klientmedel SEB',
      type: 'client_funds',
      iban: 'SE4550000000058398257466',
      bg_number: '5402-9681',
      pg_number: '90 20 03-3',
      provider: 'SEB',
      is_active: true,
    });
    const [audit] = await api.sql<{ actor_id: string }>("SELECT actor_id FROM audit_logs WHERE event = 'bank_account.created' AND entity_id = ?", created.id);
    expect(audit!.actor_id).toBe(finance.user_id);
  });

  it.each([
    [{ account_name: 'X', type: 'operating', iban: 'SE45 5000 0000 0583 9825 7467' }, 'INVALID_IBAN', 'Ogiltigt IBAN: kontrollsiffrorna stämmer inte'],
    [{ account_name: 'X', type: 'operating', iban: 'SE45 5000 0000 0583 9825 74' }, 'INVALID_IBAN', 'Ogiltigt IBAN: ett IBAN från SE har 24 tecken'],
    [{ account_name: 'X', type: 'operating', bg_number: '5402-9682' }, 'INVALID_BANKGIRO', 'Ogiltigt bankgironummer: kontrollsiffran stämmer inte'],
    [{ account_name: 'X', type: 'operating', pg_number: '90 20 03-4' }, 'INVALID_PLUSGIRO', 'Ogiltigt plusgironummer: kontrollsiffran stämmer inte'],
    [
      { account_name: 'X', type: 'operating', pg_number: '123456789' },
      'INVALID_PLUSGIRO',
      'Ogiltigt plusgironummer: ange 2–8 siffror (t.ex. 90 20 03-3) som inte börjar med 0',
    ],
    [{ account_name: '  ', type: 'operating' }, 'VALIDATION_FAILED', 'Kontonamn krävs'],
    [{ account_name: 'X', type: 'savings' }, 'VALIDATION_FAILED', 'Kontotyp måste vara client_funds eller operating'],
  ])('refuses %j with %s and changes nothing', async (body, code, message) => {
    const before = await allRowCounts(api);
    expect((await expectError(await send('POST', '/bank-accounts', body), 400, code)).message).toBe(message);
    expect(await allRowCounts(api)).toEqual(before);
  });

  it.each([
    ['iban', 'INVALID_IBAN', { iban: 'SE45 5000 0000 0583 9825 7467' }],
    ['bg_number', 'INVALID_BANKGIRO', { bg_number: '5402-9682' }],
    ['pg_number', 'INVALID_PLUSGIRO', { pg_number: '90 20 03-4' }],
  ])('a refused %s names its field, so the form shows the refusal under it', async (field, code, number) => {
    const error = await expectError(await send('POST', '/bank-accounts', { account_name: 'X', type: 'operating', ...number }), 400, code);
    expect(error.details).toMatchObject({ field });
  });

  it('lists active accounts by type (client funds first); an inactivated one only with include_inactive=true', async () => {
    const operating = await expectBody(
      await send('POST', '/bank-accounts', { account_name: 'Företagskonto', type: 'operating' }),
      201,
      bankAccountResponseSchema,
    );
    const list = await expectBody(await get('/bank-accounts', finance), 200, bankAccountListResponseSchema);
    expect(list.accounts.map((account) => account.type)).toEqual(['client_funds', 'operating']);

    const patched = await expectBody(
      await send('PATCH', `/bank-accounts/${operating.id}`, { is_active: false, iban: 'GB82 WEST 1234 5698 7654 32', pg_number: '45412343' }),
      200,
      bankAccountResponseSchema,
    );
    expect(patched).toMatchObject({ is_active: false, iban: 'GB82WEST12345698765432', pg_number: '4 54 12 34-3', account_name: 'Företagskonto' });
    expect((await expectBody(await get('/bank-accounts'), 200, bankAccountListResponseSchema)).accounts.map((a) => a.id)).not.toContain(operating.id);
    expect((await expectBody(await get('/bank-accounts?include_inactive=true'), 200, bankAccountListResponseSchema)).accounts.map((a) => a.id)).toContain(
      operating.id,
    );
    expect(await rowCount(api, 'audit_logs')).toBeGreaterThan(0);
    expect(await api.sql("SELECT count(*) AS n FROM audit_logs WHERE event = 'bank_account.updated' AND entity_id = ?", operating.id)).toEqual([{ n: 1 }]);
  });

  it('a bad PATCH changes nothing and an unknown id is 404', async () => {
    const id = await insertBankAccount(api, admin.org_id, 'Reserv');
    const before = await allRowCounts(api);
    await expectError(await send('PATCH', `/bank-accounts/${id}`, { bg_number: '123' }), 400, 'INVALID_BANKGIRO');
    await expectError(await send('PATCH', `/bank-accounts/${id}`, { pg_number: '4 54 12 34-4' }), 400, 'INVALID_PLUSGIRO');
    expect(await allRowCounts(api)).toEqual(before);
    await expectError(await send('PATCH', `/bank-accounts/${crypto.randomUUID()}`, { is_active: false }), 404, 'NOT_FOUND');
  });

  it('a handler may neither read nor change bank accounts (ledger.read / bank.write)', async () => {
    await expectError(await get('/bank-accounts', handler), 403, 'FORBIDDEN');
    await expectError(await send('POST', '/bank-accounts', { account_name: 'X', type: 'operating' }, handler), 403, 'FORBIDDEN');
  });
});

describe('bank statements and reconciliation', () => {
  it('reconciles a BgMax file whose payments are all booked: reconciled, audited, transactions beside payments', async () => {
    const accountId = await insertBankAccount(api, admin.org_id, 'Klientmedel Bankgiro');
    const { statementId, paymentIds } = await insertImportedStatement(api, admin.org_id, sampleBankFile('bgmax/all-record-types.txt'), {
      bankAccountId: accountId,
      fileName: 'bgmax-20261120.txt',
    });
    const detail = await expectBody(await send('POST', `/bank-statements/${statementId}/reconcile`, undefined, finance), 200, bankStatementDetailSchema);
    expect(detail.statement).toMatchObject({
      reconciliation_status: 'reconciled',
      account_name: 'Klientmedel Bankgiro',
      file_format: 'bgmax',
      total_credits: '11948.45',
      total_debits: '500.00',
      payment_count: 6,
      difference_count: 0,
    });
    expect(detail.differences).toEqual([]);
    expect(detail.total_booked).toBe('11948.45');
    expect(detail.line_count).toBe(7);
    expect(detail.lines.map((line) => [line.kind, line.status])).toEqual([
      ['payment', 'matched'],
      ['payment', 'matched'],
      ['payment', 'matched'],
      ['deduction', 'not_compared'],
      ['payment', 'matched'],
      ['payment', 'matched'],
      ['payment', 'matched'],
    ]);
    expect(detail.lines[0]).toMatchObject({
      line: 3,
      amount: '7950.00',
      paid_at: '2026-11-19',
      payment: { id: paymentIds.get(detail.lines[0]!.transaction_id), amount: '7950.00', on_statement: true },
    });
    const [audit] = await api.sql<{ actor_id: string; payload_json: string }>(
      "SELECT actor_id, payload_json FROM audit_logs WHERE event = 'bank_statement.reconciled' AND entity_id = ?",
      statementId,
    );
    expect(audit!.actor_id).toBe(finance.user_id);
    expect(JSON.parse(audit!.payload_json)).toMatchObject({ status: 'reconciled', differences: 0 });
  });

  it('records mismatch naming a missing booking, an altered amount, a payment not in the file and the totals', async () => {
    const { statementId, paymentIds } = await insertImportedStatement(api, admin.org_id, sampleBankFile('camt053/statement-v02.xml'));
    const [first, second, third] = [...paymentIds.entries()];
    await api.sql('DELETE FROM payments WHERE id = ?', first![1]);
    await api.sql('UPDATE payments SET amount = 100001 WHERE id = ?', second![1]);
    const extra = await insertPayment(api, admin.org_id, { amountOre: 5000, paidAt: '2026-11-19', transactionId: 'camt053:manual-extra', statementId });

    const detail = await expectBody(await send('POST', `/bank-statements/${statementId}/reconcile`), 200, bankStatementDetailSchema);
    expect(detail.statement).toMatchObject({ reconciliation_status: 'mismatch', difference_count: 4, payment_count: 3 });
    expect(detail.differences.map((d) => [d.code, d.line, d.transaction_id, d.payment_id, d.expected, d.actual])).toEqual([
      ['TRANSACTION_NOT_BOOKED', 39, first![0], null, '7950.00', null],
      ['AMOUNT_DIFFERS', 65, second![0], second![1], '1000.00', '1000.01'],
      ['BOOKING_NOT_IN_FILE', null, 'camt053:manual-extra', extra, null, '50.00'],
      ['TOTAL_CREDITS_DIFFER', null, null, null, '9645.00', '1745.01'],
    ]);
    expect(detail.differences[0]!.message).toBe('Transaktionen i filen saknar bokförd betalning');
    expect(detail.lines.map((line) => line.status)).toEqual(['missing', 'differs', 'matched']);
    expect(detail.lines[2]!.payment?.id).toBe(third![1]);
    expect(detail.unexpected_payments.map((p) => p.id)).toEqual([extra]);

    // Put the bookings right and reconcile again: the statement is reconciled.
    await insertPayment(api, admin.org_id, { amountOre: 795000, paidAt: '2026-11-19', transactionId: first![0], statementId });
    await api.sql('UPDATE payments SET amount = 100000 WHERE id = ?', second![1]);
    await api.sql('DELETE FROM payments WHERE id = ?', extra);
    const again = await expectBody(await send('POST', `/bank-statements/${statementId}/reconcile`), 200, bankStatementDetailSchema);
    expect(again.statement.reconciliation_status).toBe('reconciled');
    expect(again.differences).toEqual([]);
  });

  it('counts a transaction booked earlier from another file as booked (the import skipped it as a duplicate)', async () => {
    const csv = sampleBankFile('csv/payments-semicolon.csv');
    const earlier = await insertImportedStatement(api, admin.org_id, csv, { fileName: 'forsta.csv' });
    // The same transactions in a second file (another name, one extra byte so another checksum): nothing new booked.
    const later = await insertImportedStatement(api, admin.org_id, new Uint8Array([...csv, 0x0a]), { fileName: 'andra.csv', book: false });
    const detail = await expectBody(await send('POST', `/bank-statements/${later.statementId}/reconcile`), 200, bankStatementDetailSchema);
    expect(detail.statement.reconciliation_status).toBe('reconciled');
    expect(detail.statement.payment_count).toBe(0);
    expect(detail.lines.every((line) => line.status === 'matched' && line.payment?.on_statement === false)).toBe(true);
    expect(detail.lines[0]!.payment?.id).toBe(earlier.paymentIds.get(detail.lines[0]!.transaction_id));
  });

  it('a file booked by the payment import reconciles against its own bookings', async () => {
    const bgMax = writeBgMax({
      timestamp: '20261122060000000001',
      sections: [
        {
          recipient_bankgiro: '9912346',
          account: '58410000010098',
          paid_at: '2026-11-21',
          deposit_serial: 90,
          payments: [
            { amountOre: ore(795000), bgc_serial: '901', reference: '100000199' },
            { amountOre: ore(-5000), bgc_serial: '902' },
            { amountOre: ore(12345), bgc_serial: '903', reference: 'Faktura 12' },
          ],
        },
      ],
    });
    const form = new FormData();
    form.set('file', new File([bgMax], 'bgmax-20261122.txt'));
    const imported = await api.request('POST', `${base()}/payments/import`, { token: finance.token, body: form });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const { statement_id: statementId } = (await imported.json()) as { statement_id: string };
    const detail = await expectBody(await send('POST', `/bank-statements/${statementId}/reconcile`, undefined, finance), 200, bankStatementDetailSchema);
    expect(detail.differences).toEqual([]);
    expect(detail.statement).toMatchObject({
      reconciliation_status: 'reconciled',
      file_format: 'bgmax',
      total_credits: '8073.45',
      total_debits: '50.00',
      payment_count: 2,
    });
    expect(detail.lines.map((line) => line.status)).toEqual(['matched', 'not_compared', 'matched']);
  });

  it('a statement whose stored file is missing or changed is a mismatch that says so', async () => {
    const missing = await insertImportedStatement(api, admin.org_id, sampleBankFile('camt053/statement-v08.xml'), { store: false, book: false });
    const detail = await expectBody(await send('POST', `/bank-statements/${missing.statementId}/reconcile`), 200, bankStatementDetailSchema);
    expect(detail).toMatchObject({ file_available: false, lines: [], line_count: 0 });
    expect(detail.differences.map((d) => [d.code, d.message])).toEqual([['FILE_MISSING', 'Originalfilen saknas i fillagringen']]);

    const changed = await insertImportedStatement(api, admin.org_id, new Uint8Array([...sampleBankFile('camt053/statement-v08.xml'), 0x0a]), { book: false });
    await api.sql("UPDATE bank_statements SET file_checksum = 'abc' WHERE id = ?", changed.statementId);
    const changedDetail = await expectBody(await send('POST', `/bank-statements/${changed.statementId}/reconcile`), 200, bankStatementDetailSchema);
    expect(changedDetail.differences.map((d) => d.code)).toContain('FILE_CHECKSUM_DIFFERS');
  });

  it('lists statements date desc with account name, status, totals and counts; GET shows the review view', async () => {
    const list = await expectBody(await get('/bank-statements', finance), 200, bankStatementListResponseSchema);
    const dates = list.statements.map((statement) => statement.statement_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(list.counts.reconciled + list.counts.mismatch + list.counts.pending).toBe(list.statements.length);
    expect(list.counts.mismatch).toBeGreaterThanOrEqual(1);
    const mismatched = list.statements.find((statement) => statement.reconciliation_status === 'mismatch')!;
    const review = await expectBody(await get(`/bank-statements/${mismatched.id}`, finance), 200, bankStatementDetailSchema);
    expect(review.statement.id).toBe(mismatched.id);
    expect(review.differences.length).toBe(mismatched.difference_count);
    expect((await expectBody(await get('/bank-statements?status=reconciled&limit=1'), 200, bankStatementListResponseSchema)).statements).toHaveLength(1);
  });

  it('a handler may not read statements nor reconcile; an unknown statement is 404', async () => {
    const { statementId } = await insertImportedStatement(api, admin.org_id, sampleBankFile('csv/payments-semicolon.csv').slice(0, -1), { book: false });
    await expectError(await get('/bank-statements', handler), 403, 'FORBIDDEN');
    await expectError(await get(`/bank-statements/${statementId}`, handler), 403, 'FORBIDDEN');
    const before = await allRowCounts(api);
    await expectError(await send('POST', `/bank-statements/${statementId}/reconcile`, undefined, handler), 403, 'FORBIDDEN');
    expect(await allRowCounts(api)).toEqual(before);
    await expectError(await send('POST', `/bank-statements/${crypto.randomUUID()}/reconcile`), 404, 'NOT_FOUND');
    await expectError(await get(`/bank-statements/${crypto.randomUUID()}`), 404, 'NOT_FOUND');
  });
});
