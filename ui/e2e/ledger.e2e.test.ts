// The ledger and bank reconciliation in a real browser against the real server (issue 5):
// cases with fees and interest are booked through the API, bank statements are recorded as the
// payment import records them; then /ledger (journals, Kontoplan, Råbalans, CSV export) and
// /bank-reconciliation (reconcile, review a mismatch, add a bank account). Screenshots land in
// artifacts/e2e/ledger-*.png.
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createLocalFileStorage, openStore, uuidV7, type Store } from '@fordran/store';
import { sqliteRawSql } from '@fordran/store/testing';
import { insertCreditor, insertImportedStatement, insertParty, insertSentDemand, sampleBankFile, type FixtureTarget } from '../../api/test/fixtures';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, screenshot, startApp, type RunningApp } from './harness';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const EMAIL = 'ekonomi@example.se';
const PASSWORD = 'hemligt123';

describe.runIf(hasChromium)('ledger and bank reconciliation in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let store: Store;
  let target: FixtureTarget;
  let orgId: string;
  let token: string;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${app.url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A case through the API: created (claim booked), activated, collection fee, interest. */
  async function caseWithMoney(creditorId: string, partyId: string, reference: string, principal: string): Promise<string> {
    const created = await call<{ id: string }>('POST', `/orgs/${orgId}/cases`, {
      creditor_id: creditorId,
      party_id: partyId,
      reference_no: reference,
      principal_amount: principal,
      due_date: '2026-01-31',
    });
    await call('POST', `/orgs/${orgId}/cases/${created.id}/status`, { status: 'active' });
    await insertSentDemand(target, orgId, created.id);
    await call('POST', `/orgs/${orgId}/cases/${created.id}/fees`, { code: 'COLLECTION_180' });
    await call('POST', `/orgs/${orgId}/cases/${created.id}/interest`, {});
    return created.id;
  }

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    await call('POST', '/auth/signup', { email: EMAIL, password: PASSWORD, full_name: 'Eva Ekonom' });
    token = (await call<{ access_token: string }>('POST', '/auth/signin', { email: EMAIL, password: PASSWORD })).access_token;
    orgId = (await call<{ memberships: { org_id: string }[] }>('GET', '/me')).memberships[0]!.org_id;

    store = openStore(app.dbPath);
    target = {
      sql: sqliteRawSql(store.sqlite),
      ctx: { files: createLocalFileStorage(join(dirname(app.dbPath), 'files')), clock: { now: () => new Date().toISOString() } },
    };
    const creditorId = await insertCreditor(target, orgId, 'Elbolaget Norr AB');
    const partyId = await insertParty(target, orgId, 'Anna Andersson');
    await caseWithMoney(creditorId, partyId, 'F-1001', '7950');
    await caseWithMoney(creditorId, partyId, 'F-1002', '12500.50');

    const account = await call<{ id: string }>('POST', `/orgs/${orgId}/bank-accounts`, {
      account_name: 'Klientmedel SEB',
      type: 'client_funds',
      iban: 'SE4550000000058398257466',
      bg_number: '5402-9681',
      provider: 'SEB',
    });
    // A BgMax file whose payments are all booked (pending until reconciled in the UI) …
    await insertImportedStatement(target, orgId, sampleBankFile('bgmax/all-record-types.txt'), { bankAccountId: account.id, fileName: 'bgmax-20261120.txt' });
    // … and a camt.053 statement where one payment was never booked: reconciled to a mismatch.
    const camt = await insertImportedStatement(target, orgId, sampleBankFile('camt053/statement-v02.xml'), {
      bankAccountId: account.id,
      fileName: 'camt053-20261119.xml',
    });
    const [missing] = [...camt.paymentIds.values()];
    store.sqlite.prepare('DELETE FROM payments WHERE id = ?').run(missing);
    await call('POST', `/orgs/${orgId}/bank-statements/${camt.statementId}/reconcile`);
    // A job that failed (of a type this server has no worker for, so it waits once queued again).
    const failedAt = new Date().toISOString();
    store.sqlite
      .prepare(
        "INSERT INTO job_queue (id, org_id, job_type, status, payload_json, attempts, max_attempts, last_error, run_at, created_at, updated_at) VALUES (?, ?, 'rapport', 'failed', '{}', 3, 3, 'Tidsgräns mot banken', ?, ?, ?)",
      )
      .run(uuidV7(), orgId, failedAt, failedAt, failedAt);

    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE', acceptDownloads: true });
    await page.goto(`${app.url}/auth`);
    await page.getByLabel('E-post').fill(EMAIL);
    await page.getByLabel('Lösenord').fill(PASSWORD);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL('**/dashboard');
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    store?.close();
    await app?.stop();
  });

  it('shows the journals, opens one to its entries, the chart of accounts and a trial balance at zero', async () => {
    await page.goto(`${app.url}/ledger`);
    await page.getByRole('heading', { name: 'Huvudbok & Journal' }).waitFor();
    await page.getByRole('tab', { name: 'Journaler' }).waitFor();
    const firstToggle = page.getByRole('button', { name: /^Visa konteringar för Ränta/ }).first();
    await firstToggle.waitFor();
    await screenshot(page, 'ledger-journals');

    await page
      .getByRole('button', { name: /^Visa konteringar för Avgift/ })
      .first()
      .click();
    const entries = page.getByRole('table', { name: /^Konteringar, Avgift/ });
    await entries.waitFor();
    expect(await entries.getByRole('cell', { name: '1512' }).count()).toBe(1);
    expect(await entries.getByRole('cell', { name: 'Inkassoarvoden och avgiftsintäkter' }).count()).toBe(1);
    expect(await entries.getByRole('link', { name: 'F-1002' }).count()).toBe(2);
    await screenshot(page, 'ledger-journal-expanded');

    await page.getByRole('tab', { name: 'Kontoplan' }).click();
    await page.getByRole('cell', { name: 'Klientmedelskonto' }).waitFor();
    expect(await page.getByRole('rowheader', { name: '1510' }).count()).toBe(1);
    await screenshot(page, 'ledger-accounts');

    await page.getByRole('tab', { name: 'Råbalans' }).click();
    await page.getByText('Balanserar', { exact: true }).waitFor();
    const totals = page.getByRole('row', { name: /Summa/ });
    expect(await totals.textContent()).toContain('0,00');
    await screenshot(page, 'ledger-trial-balance');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportera CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^rabalans-\d{4}-\d{2}-\d{2}\.csv$/);
    const sie = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportera SIE' }).click();
    expect((await sie).suggestedFilename()).toMatch(/^fordran-\d{4}\.se$/);
  }, 120_000);

  it('reconciles a statement, reviews a mismatch and adds a bank account', async () => {
    await page.goto(`${app.url}/bank-reconciliation`);
    await page.getByRole('heading', { name: 'Bankavstämning' }).waitFor();
    await page.getByText('Jobbkö').waitFor();
    // The job queue of this organisation: one failed job, listed to be run again.
    await page.getByLabel('Misslyckade: 1').waitFor();
    const failedJob = page.getByRole('row', { name: /rapport/ });
    await failedJob.getByText('Tidsgräns mot banken').waitFor();
    expect(await failedJob.getByText('3 av 3').count()).toBe(1);
    await screenshot(page, 'ledger-jobs-needing-attention');
    await failedJob.getByRole('button', { name: 'Kör igen: rapport' }).click();
    await page.getByText('Jobbet körs igen').first().waitFor();
    await page.getByText('Inga misslyckade eller fastnade jobb.').waitFor();
    await page.getByLabel('Misslyckade: 0').waitFor();
    await page.getByRole('tab', { name: 'Bankutdrag' }).waitFor();
    await page.getByText('bgmax-20261120.txt').waitFor();
    await screenshot(page, 'ledger-bank-statements');

    await page.getByRole('button', { name: 'Stäm av' }).click();
    await page.getByText('Bankutdraget är avstämt').waitFor();
    expect(
      await page
        .getByRole('row', { name: /bgmax-20261120\.txt/ })
        .getByText('Avstämd')
        .count(),
    ).toBe(1);

    await page.getByRole('button', { name: 'Granska camt053-20261119.xml' }).click();
    const dialog = page.getByRole('dialog', { name: 'Granska bankutdrag' });
    await dialog.getByText('Transaktionen i filen saknar bokförd betalning').waitFor();
    await dialog.getByText('Summan av bokförda betalningar stämmer inte med filens insättningar').waitFor();
    expect(await dialog.getByText('Saknas', { exact: true }).count()).toBe(1);
    await screenshot(page, 'ledger-bank-review');
    await dialog.getByRole('button', { name: 'Stäng' }).click();

    await page.getByRole('tab', { name: 'Bankkonton' }).click();
    await page.getByRole('cell', { name: 'SE45 5000 0000 0583 9825 7466' }).waitFor();
    await page.getByRole('button', { name: 'Nytt bankkonto' }).click();
    const form = page.getByRole('dialog', { name: 'Nytt bankkonto' });
    await form.getByLabel('Kontonamn').fill('Driftkonto Handelsbanken');
    await form.getByRole('combobox', { name: 'Kontotyp' }).click();
    await page.getByRole('option', { name: 'Driftkonto' }).click();
    await form.getByLabel('IBAN').fill('SE45 5000 0000 0583 9825 7467');
    await form.getByRole('button', { name: 'Spara' }).click();
    await form.getByText('Ogiltigt IBAN: kontrollsiffrorna stämmer inte').waitFor();
    await screenshot(page, 'ledger-bank-account-invalid');
    await form.getByLabel('IBAN').fill('');
    await form.getByLabel('Bankgiro').fill('900-2007');
    await form.getByLabel('Plusgiro').pressSequentially('90 20 03-4');
    await form.getByRole('button', { name: 'Spara' }).click();
    await form.getByText('Ogiltigt plusgironummer: kontrollsiffran stämmer inte').waitFor();
    await form.getByLabel('Plusgiro').fill('');
    await form.getByLabel('Plusgiro').pressSequentially('90 20 03-3');
    await form.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Sparat').first().waitFor();
    await page.getByRole('cell', { name: 'Driftkonto Handelsbanken' }).waitFor();
    await page.getByRole('cell', { name: '90 20 03-3' }).waitFor();
    await screenshot(page, 'ledger-bank-accounts');
  }, 120_000);
});
