import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ore, writeBgMax, writeCamt053, writeCamt054, type CamtWriterEntry, type CamtWriterFile, type CamtWriterVersion } from '@fordran/core';
import {
  bankAccountResponseSchema,
  bankStatementDetailSchema,
  caseDetailSchema,
  heldPaymentReviewSchema,
  importSummarySchema,
  paymentDetailSchema,
  paymentResponseSchema,
  type CaseDetail,
  type ImportSummary,
} from '@fordran/services';
import { allRowCounts, auditRows, createTestApi, createUser, expectBody, expectError, json, rowCount, type TestApi, type TestUser } from './helpers';
import { insertCreditor, insertParty } from './fixtures';

/*
 * Incoming payments after BgMax (issue 18) over HTTP: camt.054 credit notifications, the same
 * transaction met again in the evening's camt.053, a possible repeat held for review, amounts in
 * another currency, a notification for an account the organisation does not have. Today is
 * 2026-11-22 (the test clock); the bank day is 2026-11-21.
 */

let api: TestApi;
let admin: TestUser;
let creditorId: string;
let partyId: string;

const DAY = '2026-11-21';
const IBAN = 'SE4550000000058398257466';
const BANKGIRO = '5402-9681';

const base = () => `/api/orgs/${admin.org_id}`;
const post = (path: string, body: unknown) => api.request('POST', `${base()}${path}`, { token: admin.token, body });
const get = (path: string) => api.request('GET', `${base()}${path}`, { token: admin.token });

/** An active case due on the bank day: no interest has run when its payments arrive, so a file books only the payments. */
async function openCase(principal: string): Promise<CaseDetail> {
  const created = await expectBody(
    await post('/cases', {
      creditor_id: creditorId,
      party_id: partyId,
      reference_no: `F-${crypto.randomUUID().slice(0, 6)}`,
      principal_amount: principal,
      due_date: DAY,
    }),
    201,
    caseDetailSchema,
  );
  return expectBody(await post(`/cases/${created.id}/status`, { status: 'active' }), 200, caseDetailSchema);
}

function importFile(text: string, name: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new File([text], name));
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  return api.request('POST', `${base()}/payments/import`, { token: admin.token, body: form });
}

async function imported(text: string, name: string): Promise<ImportSummary> {
  return expectBody(await importFile(text, name), 200, importSummarySchema);
}

function camtFile(
  version: CamtWriterVersion,
  messageId: string,
  account: CamtWriterFile['reports'][number]['account'],
  entries: CamtWriterEntry[],
): CamtWriterFile {
  return {
    version,
    message_id: messageId,
    created_at: `${DAY}T18:00:00`,
    reports: [{ id: `R-${messageId}`, created_at: `${DAY}T18:00:00`, account, entries, opening_balanceOre: ore(5_000_000) }],
  };
}

const credit = (ref: string | null, amountOre: number, extra: Partial<CamtWriterEntry['transactions'][number]> = {}): CamtWriterEntry => ({
  direction: 'CRDT',
  booking_date: DAY,
  transactions: [{ amountOre: ore(amountOre), account_servicer_ref: ref, debtor_name: 'Anna Andersson', ...extra }],
});

const journals = () => rowCount(api, 'gl_journals');

beforeAll(async () => {
  api = await createTestApi({}, { seedReferenceRates: true });
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  creditorId = await insertCreditor(api, admin.org_id, 'Elbolaget Norr AB');
  partyId = await insertParty(api, admin.org_id, 'Anna Andersson');
});
afterAll(() => api.close());

describe('a camt.054 for an account the organisation does not have', () => {
  it('is refused whole with a clear message, and nothing is stored or booked', async () => {
    const before = await allRowCounts(api);
    const text = writeCamt054(camtFile('001.02', 'N-UNKNOWN', { other_id: BANKGIRO.replace('-', ''), scheme: 'BGNR' }, [credit('X-1', 10_000)]));
    const error = await expectError(await importFile(text, 'avisering.xml'), 422, 'BANK_FILE_UNKNOWN_ACCOUNT');
    expect(error.message).toBe(
      'Filen gäller bankgiro 54029681, som inte finns bland organisationens bankkonton. Lägg till kontot under Bankavstämning › Bankkonton och importera filen igen. Inget bokfördes.',
    );
    expect(await allRowCounts(api)).toEqual(before);
  });
});

describe('a camt.054 notification, then the evening camt.053 of the same transactions', () => {
  let caseA: CaseDetail;
  let notificationStatement: string;

  beforeAll(async () => {
    await expectBody(
      await post('/bank-accounts', { account_name: 'Klientmedel', type: 'client_funds', iban: IBAN, bg_number: BANKGIRO }),
      201,
      bankAccountResponseSchema,
    );
    caseA = await openCase('2000');
  });

  const entries = (): CamtWriterEntry[] => [
    credit('BGC-1', 150_000, { ocr: caseA.ocr_reference }),
    credit('BGC-2', 30_000, { unstructured: ['Gåva'] }),
    // A payment from abroad: 8.85 EUR must never become 8,85 kr.
    { ...credit('FX-1', 885, { ocr: caseA.ocr_reference }), currency: 'EUR' },
    // Outgoing money in the same notification is not a payment.
    { direction: 'DBIT', booking_date: DAY, account_servicer_ref: 'FEE-1', transactions: [], amountOre: ore(9_900) },
  ];

  it('books the notification (the account named by bankgiro) with its summary; the euro amount is reported, not booked', async () => {
    const before = await journals();
    const summary = await imported(writeCamt054(camtFile('001.02', 'N-1', { other_id: '54029681', scheme: 'BGNR' }, entries())), 'avisering-1.xml');
    expect(summary).toMatchObject({
      format: 'camt054',
      payments: 2,
      total_amount: '1800.00',
      matched: 1,
      allocated: 1,
      unmatched: 1,
      duplicates: 0,
      held: 0,
      foreign: 1,
      reconciliation_status: 'reconciled',
    });
    expect(summary.errors).toContainEqual(expect.objectContaining({ code: 'BANK_FILE_CURRENCY', severity: 'warning', amount: '8.85', currency: 'EUR' }));
    expect(await journals()).toBe(before + 2);
    notificationStatement = summary.statement_id!;
    const caseAfter = await expectBody(await get(`/cases/${caseA.id}`), 200, caseDetailSchema);
    expect(caseAfter.amount_paid_total).toBe('1500.00');
  });

  it('meets every transaction again in the camt.053 (account named by IBAN) and books nothing twice; the statement reconciles', async () => {
    const before = { journals: await journals(), payments: await rowCount(api, 'payments') };
    const summary = await imported(writeCamt053(camtFile('001.08', 'S-1', { iban: IBAN }, entries())), 'kontoutdrag.xml');
    expect(summary).toMatchObject({
      format: 'camt053',
      payments: 2,
      duplicates: 2,
      held: 0,
      matched: 0,
      unmatched: 0,
      foreign: 1,
      reconciliation_status: 'reconciled',
    });
    expect({ journals: await journals(), payments: await rowCount(api, 'payments') }).toEqual(before);

    const detail = await expectBody(await get(`/bank-statements/${summary.statement_id}`), 200, bankStatementDetailSchema);
    expect(detail.lines.map((line) => [line.kind, line.status, line.amount, line.currency, line.payment?.on_statement ?? null])).toEqual([
      ['payment', 'matched', '1500.00', 'SEK', false],
      ['payment', 'matched', '300.00', 'SEK', false],
      ['foreign', 'not_compared', '8.85', 'EUR', null],
    ]);
    expect(detail.balances.map((balance) => [balance.type, balance.currency, balance.checked])).toEqual([
      ['OPBD', 'SEK', true],
      ['CLBD', 'SEK', true],
    ]);
    expect(detail.lines[0]!.payment!.id).toBe(
      (await expectBody(await get(`/bank-statements/${notificationStatement}`), 200, bankStatementDetailSchema)).lines[0]!.payment!.id,
    );
  });

  it('refuses a camt.053 forced as camt.054 with the reason', async () => {
    const text = writeCamt053(camtFile('001.02', 'S-2', { iban: IBAN }, [credit('Z-1', 100)]));
    const error = await expectError(await importFile(text, 'utdrag.xml', { format: 'camt054' }), 400, 'BANK_FILE_UNKNOWN_FORMAT');
    expect(error.message).toBe('Filen är camt.053, inte en avisering i camt.054');
  });
});

describe('a possible repeat that no bank reference tells apart', () => {
  it('is held beside the payment it may be, cannot be allocated, and a person decides: the same transaction books nothing', async () => {
    // The notification gives no bank reference: the statement's copy has the same content id.
    const entry = credit(null, 42_000, { unstructured: ['Avbetalning november'] });
    const first = await imported(writeCamt054(camtFile('001.08', 'N-2', { iban: IBAN }, [entry])), 'avisering-2.xml');
    expect(first).toMatchObject({ payments: 1, unmatched: 1, held: 0 });
    expect(first.errors).toContainEqual(expect.objectContaining({ code: 'BANK_FILE_INVALID_FIELD' }));

    const before = await journals();
    const second = await imported(writeCamt053(camtFile('001.02', 'S-3', { iban: IBAN }, [entry])), 'kontoutdrag-3.xml');
    expect(second).toMatchObject({ payments: 1, held: 1, duplicates: 0, unmatched: 0, reconciliation_status: 'mismatch' });
    expect(await journals()).toBe(before);

    const held = (await api.sql<{ id: string }>("SELECT id FROM payments WHERE org_id = ? AND status = 'held'", admin.org_id))[0]!;
    const review = await expectBody(await get(`/payments/${held.id}/held-review`), 200, heldPaymentReviewSchema);
    expect(review.payment).toMatchObject({ status: 'held', amount: '420.00', paid_at: DAY });
    expect(review.original).toMatchObject({ status: 'unmatched', amount: '420.00', paid_at: DAY });
    expect([review.payment_file?.file_name, review.original_file?.file_name]).toEqual(['kontoutdrag-3.xml', 'avisering-2.xml']);
    // Its detail view finds its line in the statement, though its stored id carries the statement.
    const heldDetail = await expectBody(await get(`/payments/${held.id}/details`), 200, paymentDetailSchema);
    expect(heldDetail.bank_statement).toMatchObject({ file_name: 'kontoutdrag-3.xml', line: { amount: '420.00', paid_at: DAY } });

    const stillHeld = await expectError(await post(`/payments/${held.id}/allocate`, { case_id: crypto.randomUUID() }), 422, 'INVALID_TRANSITION');
    expect(stillHeld.message).toBe('Inbetalningen är en möjlig dubblett – granska den först');
    await expectError(await post(`/payments/${held.id}/resolve-held`, { decision: 'duplicate', reason: '' }), 400, 'VALIDATION_FAILED');

    const resolved = await expectBody(
      await post(`/payments/${held.id}/resolve-held`, { decision: 'duplicate', reason: 'Samma betalning som i aviseringen' }),
      200,
      paymentResponseSchema,
    );
    expect(resolved).toMatchObject({ status: 'duplicate', duplicate_of_payment_id: review.original.id });
    expect(await journals()).toBe(before);
    const statement = await expectBody(await get(`/bank-statements/${second.statement_id}`), 200, bankStatementDetailSchema);
    expect(statement.statement.reconciliation_status).toBe('reconciled');
    expect((await auditRows(api, admin.org_id, 'payment.held_resolved')).at(-1)!.payload).toMatchObject({
      decision: 'duplicate',
      reason: 'Samma betalning som i aviseringen',
    });
    await expectError(await post(`/payments/${held.id}/resolve-held`, { decision: 'book', reason: 'Ändrade mig' }), 422, 'INVALID_TRANSITION');
  });

  it('a BgMax payment and a camt.054 with the same OCR, amount and day are held; booked as another transaction when a person says so', async () => {
    const caseB = await openCase('500');
    const bgMax = writeBgMax({
      timestamp: '20261121080000123456',
      sections: [
        {
          recipient_bankgiro: '54029681',
          account: '12345678901',
          paid_at: DAY,
          deposit_serial: 7,
          payments: [
            { amountOre: ore(20_000), bgc_serial: '000000000777', reference: caseB.ocr_reference!, reference_code: 'ocr', payer_name: 'Anna Andersson' },
          ],
        },
      ],
    });
    expect(await imported(bgMax, 'bgmax.txt')).toMatchObject({ allocated: 1, held: 0 });
    const notification = await imported(
      writeCamt054(camtFile('001.02', 'N-3', { iban: IBAN }, [credit('CAMT-777', 20_000, { ocr: caseB.ocr_reference })])),
      'avisering-3.xml',
    );
    expect(notification).toMatchObject({ held: 1, matched: 0, reconciliation_status: 'mismatch' });
    const statement = await expectBody(await get(`/bank-statements/${notification.statement_id}`), 200, bankStatementDetailSchema);
    expect(statement.lines.map((line) => line.status)).toEqual(['held']);
    expect(statement.differences.map((difference) => difference.code)).toContain('TRANSACTION_HELD');

    const held = statement.lines[0]!.payment!;
    const before = await journals();
    const booked = await expectBody(
      await post(`/payments/${held.id}/resolve-held`, { decision: 'book', reason: 'Två olika inbetalningar' }),
      200,
      paymentResponseSchema,
    );
    expect(booked.status).toBe('allocated');
    expect(await journals()).toBe(before + 1);
    expect((await expectBody(await get(`/bank-statements/${notification.statement_id}`), 200, bankStatementDetailSchema)).statement.reconciliation_status).toBe(
      'reconciled',
    );
  });
});

describe('a reversal in a notification', () => {
  it('is reported, linked to the payment it takes back, and books nothing', async () => {
    const caseC = await openCase('700');
    const paid = await imported(
      writeCamt054(camtFile('001.08', 'N-4', { iban: IBAN }, [credit('P-700', 70_000, { ocr: caseC.ocr_reference })])),
      'avisering-4.xml',
    );
    expect(paid.allocated).toBe(1);
    const payment = (await api.sql<{ id: string }>('SELECT id FROM payments WHERE org_id = ? AND transaction_id = ?', admin.org_id, `camt:${IBAN}:P-700`))[0]!;
    const before = await journals();
    const reversal: CamtWriterEntry = {
      direction: 'DBIT',
      reversal: true,
      booking_date: '2026-11-22',
      account_servicer_ref: 'R-700',
      transactions: [{ amountOre: ore(70_000), ocr: caseC.ocr_reference }],
    };
    const summary = await imported(writeCamt054(camtFile('001.08', 'N-5', { iban: IBAN }, [reversal])), 'avisering-5.xml');
    expect(summary).toMatchObject({ payments: 0, total_amount: '0.00' });
    expect(summary.errors).toContainEqual(
      expect.objectContaining({
        code: 'BANK_FILE_REVERSAL',
        severity: 'warning',
        payment_id: payment.id,
        // The amount taken back as the payment's own, not signed as money out.
        message: `Återföring på 700,00\u00a0kr av inbetalningen 2026-11-21 med OCR ${caseC.ocr_reference} – återför den under Inbetalningar`,
      }),
    );
    expect(await journals()).toBe(before);
    const detail = await expectBody(await get(`/bank-statements/${summary.statement_id}`), 200, bankStatementDetailSchema);
    expect(detail.lines.map((line) => [line.kind, line.reverses_payment?.id ?? null])).toEqual([['reversal', payment.id]]);

    // The payment had closed the case as paid; reversing it reopens the case, owing the 700 again.
    expect((await expectBody(await get(`/cases/${caseC.id}`), 200, caseDetailSchema)).status).toBe('closed');
    const clientFunds = async () =>
      (
        await api.sql<{ n: number }>(
          "SELECT coalesce(sum(e.debit) - sum(e.credit), 0) AS n FROM gl_entries e JOIN gl_accounts a ON a.id = e.account_id WHERE e.org_id = ? AND a.code = '1900'",
          admin.org_id,
        )
      )[0]!.n;
    const fundsBefore = await clientFunds();
    await expectError(await post(`/payments/${payment.id}/reverse`, { reason: '' }), 400, 'VALIDATION_FAILED');
    const reversed = await expectBody(await post(`/payments/${payment.id}/reverse`, { reason: 'Banken återförde betalningen' }), 200, paymentResponseSchema);
    expect(reversed).toMatchObject({ status: 'reversed', allocations: [] });
    const details = await json<{ journals: { source: string; status: string }[] }>(await get(`/payments/${payment.id}/details`));
    expect(details.journals.map((journal) => [journal.source, journal.status])).toEqual([
      ['payment', 'reversed'],
      ['reversal', 'posted'],
    ]);
    expect(await clientFunds()).toBe(fundsBefore - 70_000);
    const reopened = await expectBody(await get(`/cases/${caseC.id}`), 200, caseDetailSchema);
    expect(reopened).toMatchObject({ status: 'active', amount_paid_total: '0.00', total_outstanding: '700.00' });
    const events = await api.sql<{ type: string }>('SELECT type FROM case_events WHERE case_id = ? ORDER BY created_at', caseC.id);
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['PAYMENT_ALLOCATED', 'PAYMENT_REVERSED']));
    expect((await auditRows(api, admin.org_id, 'payment.reversed')).at(-1)!.payload).toMatchObject({
      reason: 'Banken återförde betalningen',
      amount: '700.00',
    });
    await expectError(await post(`/payments/${payment.id}/reverse`, { reason: 'En gång till' }), 422, 'INVALID_TRANSITION');
    await expectError(await post(`/payments/${payment.id}/allocate`, { case_id: caseC.id }), 422, 'INVALID_TRANSITION');
    const [balance] = await api.sql<{ n: number }>(
      'SELECT coalesce(sum(debit), 0) - coalesce(sum(credit), 0) AS n FROM gl_entries WHERE org_id = ?',
      admin.org_id,
    );
    expect(balance!.n).toBe(0);
  });
});

describe('a dry run of a notification', () => {
  it('classifies without writing anything', async () => {
    const before = await allRowCounts(api);
    const summary = await expectBody(
      await importFile(writeCamt054(camtFile('001.02', 'N-DRY', { iban: IBAN }, [credit('DRY-1', 12_300)])), 'dry.xml', { dry_run: 'true' }),
      200,
      importSummarySchema,
    );
    expect(summary).toMatchObject({ dry_run: true, payments: 1, unmatched: 1, statement_id: null });
    expect(await allRowCounts(api)).toEqual(before);
  });
});
