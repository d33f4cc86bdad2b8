// Resolving the differences of a bank reconciliation in a real browser against the real server
// (issue 10): a BgMax file and its re-sent copy with one amount 100 kr higher are imported through
// 'Importera'; in 'Granska bankutdrag' the amount that differs gets 'Lös', is booked as a bank fee
// with a typed reason, the statement is reconciled and the journal is in the ledger; the decision
// is undone and booked again. Then a line nobody booked is linked to a payment registered by hand,
// chosen by its date, amount, payer and OCR. The review never shows a transaction id or a uuid.
// Screenshots: artifacts/e2e/reconciliation-actions-*.png.
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { encodeBankFileLatin1, ore, writeBgMax, type BgMaxWriterPayment } from '@fordran/core';
import { createLocalFileStorage, openStore, type Store } from '@fordran/store';
import { sqliteRawSql } from '@fordran/store/testing';
import { insertImportedStatement, type FixtureTarget } from '../../api/test/fixtures';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import { apiSession, dialogScreenshot, kronor, pageScreenshot, signIn, signUpByApi, toast, typeInto, type ApiSession } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const EMAIL = 'ekonomi@example.se';
const DAY = '2026-11-21';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function bgMax(timestamp: string, payments: BgMaxWriterPayment[]): Buffer {
  const text = writeBgMax({ timestamp, sections: [{ recipient_bankgiro: '9912346', account: '12345678901', paid_at: DAY, deposit_serial: 1, payments }] });
  return Buffer.from(encodeBankFileLatin1(text));
}

const PAYMENTS: BgMaxWriterPayment[] = [
  { amountOre: ore(287892), bgc_serial: '000000000001', reference: '100000199', payer_name: 'Anna Andersson' },
  { amountOre: ore(50000), bgc_serial: '000000000002', reference: '100000298', payer_name: 'Bo Ek' },
];

describe.runIf(hasChromium)('resolving bank reconciliation differences in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let api: ApiSession;
  let store: Store;

  /** Opens 'Importera' on Inbetalningar, imports the file and closes the summary. */
  async function importFile(name: string, buffer: Buffer): Promise<void> {
    await page.goto(`${app.url}/payments`);
    await page.getByRole('button', { name: 'Importera' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Importera bankfil' });
    await dialog.getByLabel('Bankfil *').setInputFiles({ name, mimeType: 'text/plain', buffer });
    await dialog.getByRole('button', { name: 'Importera' }).click();
    await dialog.getByText(`Filen ${name} är inläst.`).waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Stäng' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Opens the review of a statement from Bankavstämning. */
  async function openReview(fileName: string): Promise<Locator> {
    await page.goto(`${app.url}/bank-reconciliation`);
    await page.getByRole('button', { name: new RegExp(`^(Granska|Visa) ${fileName.replace('.', '\\.')}$`) }).click();
    const review = page.getByRole('dialog', { name: 'Granska bankutdrag' });
    await review.getByText('Filens transaktioner jämförda med de bokförda betalningarna.').waitFor();
    await review.getByRole('table', { name: 'Transaktioner och bokförda betalningar' }).waitFor();
    return review;
  }

  /** The review names lines and payments by payer, OCR, date and amount: no transaction id, no uuid. */
  async function expectNoIds(dialog: Locator): Promise<void> {
    const text = (await dialog.textContent()) ?? '';
    expect(text).not.toMatch(UUID);
    expect(text).not.toContain('bgmax:');
  }

  async function journals(): Promise<{ source: string; status: string; entries: { account_code: string; debit: string; credit: string }[] }[]> {
    const list = await api.call<{ journals: { source: string; status: string; entries: { account_code: string; debit: string; credit: string }[] }[] }>(
      'GET',
      `/orgs/${api.orgId}/ledger/journals?limit=200`,
    );
    return list.body.journals;
  }

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'sv-SE' });
    page = await context.newPage();
    await signUpByApi(app.url, { email: EMAIL, name: 'Eva Ekonom' });
    await signIn(page, app.url, EMAIL);
    api = await apiSession(page, app.url);
    store = openStore(app.dbPath);
  }, 240_000);

  afterAll(async () => {
    store?.close();
    await browser?.close();
    await app?.stop();
  }, 90_000);

  it('books the 100 kr of a re-sent copy as a bank fee with a typed reason: reconciled, and the journal in the ledger', async () => {
    await importFile('bgmax-20261121.txt', bgMax('20261121060000000001', PAYMENTS));
    await importFile('bgmax-20261121-kopia.txt', bgMax('20261121070000000002', [{ ...PAYMENTS[0]!, amountOre: ore(297892) }, PAYMENTS[1]!]));

    const review = await openReview('bgmax-20261121-kopia.txt');
    const differences = review.getByRole('table', { name: 'Avvikelser' });
    const amountRow = differences.getByRole('row').filter({ hasText: 'Bokfört belopp skiljer sig från beloppet i filen' });
    await amountRow.getByText('Anna Andersson · 100000199').waitFor();
    expect(await amountRow.getByText(kronor('2978.92')).count()).toBe(1);
    expect(await amountRow.getByText(kronor('2878.92')).count()).toBe(1);
    // The total follows from the line: no action until it is resolved, and it says so.
    const totalRow = differences.getByRole('row').filter({ hasText: 'Summan av bokförda betalningar' });
    await totalRow.getByText('Summan följer av raderna: lös avvikelserna på raderna först.').waitFor();
    expect(await totalRow.getByRole('button', { name: /^Lös/ }).count()).toBe(0);
    await expectNoIds(review);
    await dialogScreenshot(page, 'reconciliation-actions-01-review-mismatch');

    await amountRow.getByRole('button', { name: 'Lös: Rad 3: Bokfört belopp skiljer sig från beloppet i filen' }).click();
    const resolve = page.getByRole('dialog', { name: 'Lös avvikelse' });
    await resolve.getByText('Rad 3: Bokfört belopp skiljer sig från beloppet i filen').waitFor();
    // Only what fits an amount that differs (the choices come after the heading: wait for one).
    await resolve.getByRole('radio', { name: /Bokför som bankavgift/ }).waitFor();
    expect(await resolve.getByRole('radio').count()).toBe(2);
    await resolve.getByRole('radio', { name: /Bokför som bankavgift/ }).click();
    const booking = resolve.getByRole('table', { name: 'Verifikation som bokförs' });
    await booking.getByRole('row').filter({ hasText: 'Debet' }).getByText('1900 Klientmedelskonto').waitFor();
    expect(await booking.getByRole('row').filter({ hasText: 'Kredit' }).getByText('6570 Bankkostnader').count()).toBe(1);
    expect(await booking.getByText(kronor('100.00')).count()).toBe(2);

    // No reason, no decision.
    await resolve.getByRole('button', { name: 'Lös avvikelsen' }).click();
    await resolve.getByText('Anledningen måste vara minst 3 tecken').waitFor();
    await typeInto(resolve.getByLabel('Anledning *'), 'Banken återbetalade avgiften för bankgirot');
    expect(await resolve.getByText('Anledningen måste vara minst 3 tecken').count()).toBe(0);
    await dialogScreenshot(page, 'reconciliation-actions-02-resolve-bank-fee');
    await resolve.getByRole('button', { name: 'Lös avvikelsen' }).click();
    await toast(page, 'Avvikelsen är löst');
    await toast(page, 'Bankutdraget är avstämt');
    await resolve.waitFor({ state: 'detached' });

    await review.getByText('Inga öppna avvikelser: de som fanns är lösta nedan.').waitFor();
    await review.locator('.statement-facts').getByText('Avstämd', { exact: true }).waitFor();
    const decided = review.getByRole('listitem', { name: 'Bokförd som bankavgift: Rad 3: Bokfört belopp skiljer sig från beloppet i filen' });
    await decided.getByText(`${kronor('100.00')} bokfört mot 6570 Bankkostnader`).waitFor();
    await decided.getByText(/Eva Ekonom · \d{4}-\d{2}-\d{2} \d{2}:\d{2} · ”Banken återbetalade avgiften för bankgirot”/).waitFor();
    await review.getByText('Bankavgifter och justeringar').waitFor();
    await expectNoIds(review);
    await dialogScreenshot(page, 'reconciliation-actions-03-review-reconciled');
    await review.getByRole('button', { name: 'Stäng' }).last().click();
    await page.getByRole('row').filter({ hasText: 'bgmax-20261121-kopia.txt' }).getByText('Avstämd', { exact: true }).waitFor();

    // The journal in the ledger: 1900 against 6570, with the reason as its text.
    await page.goto(`${app.url}/ledger`);
    const row = page.getByRole('row').filter({ hasText: 'Bankavgift' }).first();
    await row.waitFor();
    await row.getByRole('button').first().click();
    const entries = page.getByRole('table', { name: /^Konteringar, Bankavgift/ });
    await entries.getByRole('row').filter({ hasText: 'Bankkostnader' }).waitFor();
    expect(await entries.getByRole('row').filter({ hasText: 'Klientmedelskonto' }).getByText('100,00').count()).toBe(1);
    await page.getByText('Text: Bankavgift, bgmax-20261121-kopia.txt rad 3: Banken återbetalade avgiften för bankgirot').waitFor();
    await pageScreenshot(page, 'reconciliation-actions-04-ledger');
    const fee = (await journals()).find((journal) => journal.source === 'bank_fee')!;
    expect(fee.entries.map((entry) => [entry.account_code, entry.debit, entry.credit])).toEqual([
      ['1900', '100.00', '0.00'],
      ['6570', '0.00', '100.00'],
    ]);
  }, 180_000);

  it('undoes the fee with a reason (the journal reversed, the difference open again) and books it again', async () => {
    const review = await openReview('bgmax-20261121-kopia.txt');
    await review.getByRole('button', { name: /^Ångra: Bokförd som bankavgift/ }).click();
    const undo = page.getByRole('dialog', { name: 'Ångra beslut' });
    await undo.getByText('Bokföringen återförs med en ny verifikation; den ursprungliga finns kvar i huvudboken.').waitFor();
    await undo.getByRole('button', { name: 'Ångra beslutet' }).click();
    await undo.getByText('Anledningen måste vara minst 3 tecken').waitFor();
    await typeInto(undo.getByLabel('Anledning *'), 'Fel avvikelse vald');
    await undo.getByRole('button', { name: 'Ångra beslutet' }).click();
    await toast(page, 'Beslutet är ångrat');
    await undo.waitFor({ state: 'detached' });
    await review.locator('.statement-facts').getByText('Avvikelse', { exact: true }).waitFor();
    await review
      .getByRole('list', { name: 'Ångrade beslut' })
      .getByText(/Ångrad av Eva Ekonom .*: ”Fel avvikelse vald”/)
      .waitFor();
    const sources = (await journals()).map((journal) => [journal.source, journal.status]);
    expect(sources).toContainEqual(['bank_fee', 'reversed']);
    expect(sources).toContainEqual(['reversal', 'posted']);
    await dialogScreenshot(page, 'reconciliation-actions-05-undone');

    await review.getByRole('button', { name: /^Lös: Rad 3/ }).click();
    const resolve = page.getByRole('dialog', { name: 'Lös avvikelse' });
    await resolve.getByRole('radio', { name: /Bokför som bankavgift/ }).click();
    await typeInto(resolve.getByLabel('Anledning *'), 'Bankens avgift enligt besked');
    await resolve.getByRole('button', { name: 'Lös avvikelsen' }).click();
    await toast(page, 'Bankutdraget är avstämt');
    await review.locator('.statement-facts').getByText('Avstämd', { exact: true }).waitFor();
  }, 120_000);

  it('links a line nobody booked to a payment registered by hand, chosen by date, amount, payer and OCR', async () => {
    // A case, and a payment registered by hand for it and settled (booked, with no bank transaction).
    const creditor = await api.call<{ id: string }>('POST', `/orgs/${api.orgId}/creditors`, { name: 'Elbolaget Norr AB' });
    const party = await api.call<{ id: string }>('POST', `/orgs/${api.orgId}/parties`, { type: 'person', name: 'Cecilia Berg' });
    const created = await api.call<{ id: string }>('POST', `/orgs/${api.orgId}/cases`, {
      creditor_id: creditor.body.id,
      party_id: party.body.id,
      reference_no: 'F-2001',
      principal_amount: '5000',
      due_date: '2026-09-30',
    });
    expect(created.status).toBe(201);
    await api.call('POST', `/orgs/${api.orgId}/cases/${created.body.id}/status`, { status: 'active' });
    const manual = await api.call<{ id: string }>('POST', `/orgs/${api.orgId}/payments`, {
      amount: '1200',
      paid_at: '2026-11-20',
      ocr: '100000397',
      payer_name: 'Cecilia Berg',
      idempotency_key: crypto.randomUUID(),
    });
    expect((await api.call('POST', `/orgs/${api.orgId}/payments/${manual.body.id}/allocate`, { case_id: created.body.id })).status).toBe(200);
    // The bank's file of that payment, recorded without a booking for its line.
    const target: FixtureTarget = {
      sql: sqliteRawSql(store.sqlite),
      ctx: { files: createLocalFileStorage(join(dirname(app.dbPath), 'files')), clock: { now: () => new Date().toISOString() } },
    };
    const file = bgMax('20261121080000000003', [{ amountOre: ore(120000), bgc_serial: '000000000007', reference: '100000397', payer_name: 'Cecilia Berg' }]);
    const { statementId } = await insertImportedStatement(target, api.orgId, new Uint8Array(file), { fileName: 'bgmax-20261121-2.txt', book: false });
    expect((await api.call('POST', `/orgs/${api.orgId}/bank-statements/${statementId}/reconcile`)).status).toBe(200);

    const review = await openReview('bgmax-20261121-2.txt');
    const missing = review.getByRole('table', { name: 'Avvikelser' }).getByRole('row').filter({ hasText: 'Transaktionen i filen saknar bokförd betalning' });
    await missing.getByText('Cecilia Berg · 100000397').waitFor();
    await missing.getByRole('button', { name: /^Lös: Rad 3/ }).click();
    const resolve = page.getByRole('dialog', { name: 'Lös avvikelse' });
    await resolve.getByRole('radio', { name: /Koppla till en registrerad betalning/ }).click();
    const candidate = resolve.getByRole('radio', { name: `2026-11-20 · ${kronor('1200.00')} · Cecilia Berg · OCR 100000397` });
    await candidate.waitFor();
    await candidate.getByText('Samma belopp · 1 dag före raden').waitFor();
    await candidate.click();
    await typeInto(resolve.getByLabel('Anledning *'), 'Registrerad för hand från internetbanken');
    await expectNoIds(resolve);
    await dialogScreenshot(page, 'reconciliation-actions-06-resolve-match');
    await resolve.getByRole('button', { name: 'Lös avvikelsen' }).click();
    await toast(page, 'Bankutdraget är avstämt');
    await resolve.waitFor({ state: 'detached' });

    await review.locator('.statement-facts').getByText('Avstämd', { exact: true }).waitFor();
    const linked = review.getByRole('listitem', { name: 'Kopplad till betalning: Rad 3: Transaktionen i filen saknar bokförd betalning' });
    await linked.getByText(`Betalning 2026-11-20 · ${kronor('1200.00')} · Cecilia Berg · OCR 100000397`).waitFor();
    // The booked date differs from the bank's by a day: acknowledged with the same reason, in the same decision.
    await review.getByRole('listitem', { name: /^Kvitterad: Rad 3: Bokfört betaldatum skiljer sig/ }).waitFor();
    const line = review.getByRole('table', { name: 'Transaktioner och bokförda betalningar' }).getByRole('row').filter({ hasText: 'Cecilia Berg' });
    expect(await line.getByText(kronor('1200.00')).count()).toBe(2);
    expect(await line.getByText('Löst', { exact: true }).count()).toBe(1);
    await expectNoIds(review);
    await dialogScreenshot(page, 'reconciliation-actions-07-review-matched');
    const payment = await api.call<{ bank_statement_id: string | null }>('GET', `/orgs/${api.orgId}/payments/${manual.body.id}`);
    expect(payment.body.bank_statement_id).toBe(statementId);
  }, 180_000);
});
