// Lists that grow (issue 10) in a real browser against the real server: the journals and the
// system log beyond the latest 50 with their filters, the payment list sorted by amount and
// date and filtered by paid days, a payment's detail view, and the debtor's and creditor's pages
// with their cases and 'Visa alla ärenden'. Screenshots land in artifacts/e2e/lists-*.png.
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildFeeJournal, ore } from '@fordran/core';
import { createLocalFileStorage, insertLedgerJournal, openSqliteDatabase, openStore, uuidV7, type Store } from '@fordran/store';
import { sqliteRawSql } from '@fordran/store/testing';
import { insertCreditor, insertImportedStatement, insertParty, sampleBankFile, type FixtureTarget } from '../../api/test/fixtures';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, screenshot, startApp, type RunningApp } from './harness';
import { kronor, PASSWORD } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const EMAIL = 'listor@example.se';
const NAME = 'Eva Ekonom';

describe.runIf(hasChromium)('lists that grow, in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let store: Store;
  let orgId: string;
  let token: string;
  const caseIds: Record<string, string> = {};
  let allocatedPaymentId: string;
  let importedPaymentId: string;

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

  async function openCase(creditorId: string, partyId: string, reference: string, principal: string): Promise<string> {
    const created = await call<{ id: string }>('POST', `/orgs/${orgId}/cases`, {
      creditor_id: creditorId,
      party_id: partyId,
      reference_no: reference,
      principal_amount: principal,
      due_date: '2026-01-31',
    });
    await call('POST', `/orgs/${orgId}/cases/${created.id}/status`, { status: 'active' });
    return created.id;
  }

  /** The journal rows on screen (one toggle button each). */
  const journalRows = () => page.getByRole('button', { name: /^Visa konteringar för/ });
  const pagerText = () => page.getByText(/^Sida \d+/);

  async function choose(combobox: string, option: string): Promise<void> {
    await page.getByRole('combobox', { name: combobox }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    await call('POST', '/auth/signup', { email: EMAIL, password: PASSWORD, full_name: NAME });
    token = (await call<{ access_token: string }>('POST', '/auth/signin', { email: EMAIL, password: PASSWORD })).access_token;
    orgId = (await call<{ memberships: { org_id: string }[] }>('GET', '/me')).memberships[0]!.org_id;

    store = openStore(app.dbPath);
    const target: FixtureTarget = {
      sql: sqliteRawSql(store.sqlite),
      ctx: { files: createLocalFileStorage(join(dirname(app.dbPath), 'files')), clock: { now: () => new Date().toISOString() } },
    };
    const el = await insertCreditor(target, orgId, 'Elbolaget Norr AB');
    const water = await insertCreditor(target, orgId, 'Vattenbolaget Syd AB');
    const anna = await insertParty(target, orgId, 'Anna Andersson');
    const bertil = await insertParty(target, orgId, 'Bertil Berg');
    caseIds['F-2001'] = await openCase(el, anna, 'F-2001', '300');
    caseIds['F-2002'] = await openCase(el, anna, 'F-2002', '1200');
    caseIds['F-2003'] = await openCase(water, bertil, 'F-2003', '950');

    // 60 reminder fees booked in October 2026, two a day: more journals than one page holds.
    // Through the store's own journal writer, as the server books them.
    const database = openSqliteDatabase(app.dbPath);
    await database.transaction(async (tx) => {
      for (let n = 0; n < 60; n += 1) {
        const day = `2026-10-${String(1 + Math.floor(n / 2)).padStart(2, '0')}`;
        await insertLedgerJournal(
          tx,
          buildFeeJournal({
            amountOre: ore(6000),
            fee_code: 'REMINDER_60',
            source_ref: `e2e-fee-${n}`,
            case_id: caseIds['F-2002']!,
            creditor_id: el,
            booked_at: day,
          }),
          { orgId, at: `${day}T1${n % 2}:00:00.000Z` },
        );
      }
    });
    await database.close();
    // 70 system rows in the log, one an hour on 1–3 October.
    const audit = store.sqlite.prepare(
      "INSERT INTO audit_logs (id, org_id, actor_id, event, entity, entity_id, payload_json, created_at) VALUES (?, ?, NULL, 'party.updated', 'parties', ?, '{}', ?)",
    );
    for (let n = 0; n < 70; n += 1) audit.run(uuidV7(), orgId, bertil, new Date(Date.parse('2026-10-01T00:00:00.000Z') + n * 3_600_000).toISOString());

    // Payments: one allocated to F-2001, three more on other days, and a bank file's payments.
    const allocated = await call<{ id: string }>('POST', `/orgs/${orgId}/payments`, { method: 'manual', amount: '300', paid_at: '2026-03-10' });
    await call('POST', `/orgs/${orgId}/payments/${allocated.id}/allocate`, { case_id: caseIds['F-2001'] });
    allocatedPaymentId = allocated.id;
    for (const [amount, paid_at] of [
      ['45.50', '2026-03-02'],
      ['9999', '2026-03-20'],
      ['120', '2026-04-02'],
    ]) {
      await call('POST', `/orgs/${orgId}/payments`, { method: 'swish', amount, paid_at });
    }
    const imported = await insertImportedStatement(target, orgId, sampleBankFile('bgmax/all-record-types.txt'), { fileName: 'bgmax-e2e.txt' });
    importedPaymentId = [...imported.paymentIds.values()][0]!;

    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
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

  it('pages the journals beyond the latest 50 and filters them by source, account and booked days', async () => {
    await page.goto(`${app.url}/ledger`);
    await page.getByRole('heading', { name: 'Huvudbok & Journal' }).waitFor();
    await pagerText().filter({ hasText: 'Sida 1 · 1–50' }).waitFor();
    expect(await journalRows().count()).toBe(50);
    await page.getByRole('button', { name: 'Nästa' }).click();
    await pagerText().filter({ hasText: 'Sida 2 · 51–' }).waitFor();
    await screenshot(page, 'lists-journals-page-2');
    const secondPage = await journalRows().count();
    expect(secondPage).toBeGreaterThan(0);
    expect(50 + secondPage).toBe(Number(store.sqlite.prepare('SELECT count(*) AS n FROM gl_journals WHERE org_id = ?').pluck().get(orgId)));
    await page.getByRole('button', { name: 'Föregående' }).click();
    await pagerText().filter({ hasText: 'Sida 1 · 1–50' }).waitFor();

    await choose('Filtrera på källa', 'Fordran');
    await expect.poll(() => journalRows().count()).toBe(3);
    expect(await pagerText().count()).toBe(0);
    await choose('Filtrera på källa', 'Alla källor');

    // 1900 client funds: only the allocated payment touches it.
    await choose('Filtrera på konto', '1900 Klientmedelskonto');
    await expect.poll(() => journalRows().count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Visa konteringar för Inbetalning/ }).count()).toBe(1);
    await choose('Filtrera på konto', 'Alla konton');

    const days = page.getByRole('group', { name: 'Bokförd' });
    await days.getByLabel('Från').fill('2026-10-05');
    await days.getByLabel('Till').fill('2026-10-09');
    // Five days, two reminder fees a day.
    await expect.poll(() => journalRows().count()).toBe(10);
    await screenshot(page, 'lists-journals-filtered');
    await days.getByLabel('Från').fill('2026-10-10');
    await page.getByText('Från-datum får inte vara efter till-datum').waitFor();
  }, 120_000);

  it('pages the system log and filters it by event and user', async () => {
    await page.goto(`${app.url}/settings/audit-log`);
    await page.getByRole('heading', { name: 'Systemlogg' }).waitFor();
    await pagerText().filter({ hasText: 'Sida 1 · 1–50' }).waitFor();
    await page.getByRole('button', { name: 'Nästa' }).click();
    await pagerText().filter({ hasText: 'Sida 2 · 51–' }).waitFor();
    await screenshot(page, 'lists-audit-page-2');

    await choose('Filtrera på användare', NAME);
    await expect.poll(() => page.getByRole('cell', { name: 'System', exact: true }).count()).toBe(0);
    await page.getByRole('cell', { name: NAME, exact: true }).first().waitFor();
    await choose('Filtrera på användare', 'System');
    await choose('Filtrera på händelse', 'Part ändrad');
    await pagerText().filter({ hasText: 'Sida 1 · 1–50' }).waitFor();
    // The pager reads 'Sida 1 · 1–50' before and after the filter: wait for the filtered rows themselves.
    const rows = page.getByRole('row').filter({ hasText: 'Part ändrad' });
    await expect.poll(() => rows.count()).toBe(50);
    await page.getByRole('button', { name: 'Nästa' }).click();
    await pagerText().filter({ hasText: 'Sida 2 · 51–70' }).waitFor();
    await screenshot(page, 'lists-audit-filtered');
  }, 120_000);

  it('sorts payments by amount and date, filters paid days and opens a payment', async () => {
    await page.goto(`${app.url}/payments`);
    await page.getByRole('heading', { name: 'Inbetalningar' }).waitFor();
    const march = page.getByRole('group', { name: 'Betaldag' });
    await march.getByLabel('Från').fill('2026-03-01');
    await march.getByLabel('Till').fill('2026-03-31');
    const dates = () => page.getByRole('link', { name: /^Visa inbetalning/ });
    await expect.poll(() => dates().count()).toBe(3);

    await page.getByRole('button', { name: 'Belopp', exact: true }).click();
    await expect.poll(async () => (await dates().allTextContents()).join()).toBe('2026-03-02,2026-03-10,2026-03-20');
    await page.getByRole('button', { name: 'Belopp', exact: true }).click();
    await expect.poll(async () => (await dates().allTextContents()).join()).toBe('2026-03-20,2026-03-10,2026-03-02');
    await page.getByRole('button', { name: 'Datum', exact: true }).click();
    await expect.poll(async () => (await dates().allTextContents()).join()).toBe('2026-03-02,2026-03-10,2026-03-20');
    await screenshot(page, 'lists-payments-sorted');

    await page.getByRole('link', { name: `Visa inbetalning ${kronor('300.00')} 2026-03-10` }).click();
    await page.waitForURL(`**/payments/${allocatedPaymentId}`);
    await page.getByRole('heading', { name: `Inbetalning ${kronor('300.00')}` }).waitFor();
    const allocations = page.getByRole('table', { name: 'Avräkningar' });
    await allocations.getByRole('link', { name: 'F-2001' }).waitFor();
    expect(await allocations.getByText('Anna Andersson').count()).toBe(1);
    await page.getByRole('heading', { name: 'Verifikationer' }).waitFor();
    expect(await page.getByRole('table', { name: /^Konteringar, Inbetalning/ }).count()).toBe(1);
    await page.getByRole('heading', { name: 'Händelser' }).waitFor();
    expect(await page.getByText(new RegExp(`· ${NAME}$`)).count()).toBe(2);
    await screenshot(page, 'lists-payment-detail');
    await allocations.getByRole('link', { name: 'F-2001' }).click();
    await page.waitForURL(`**/cases/${caseIds['F-2001']}`);

    await page.goto(`${app.url}/payments/${importedPaymentId}`);
    await page.getByRole('heading', { name: 'Bankfil' }).waitFor();
    await page.getByText('bgmax-e2e.txt').waitFor();
    await page.getByText(/^Rad \d+$/).waitFor();
    await screenshot(page, 'lists-payment-bank-file');
  }, 120_000);

  it("opens a debtor's and a creditor's page with their cases, and all their cases in the case list", async () => {
    await page.goto(`${app.url}/parties`);
    await page.getByRole('link', { name: 'Anna Andersson' }).click();
    await page.getByRole('heading', { name: 'Anna Andersson' }).waitFor();
    const cases = page.getByRole('table', { name: 'Ärenden' });
    await cases.getByRole('link', { name: 'F-2001' }).waitFor();
    expect(await cases.getByRole('link').allTextContents()).toEqual(['F-2002', 'F-2001']);
    expect(await page.getByRole('heading', { name: 'Ärenden (2)' }).count()).toBe(1);
    await screenshot(page, 'lists-party-page');

    await page.getByRole('link', { name: 'Visa alla ärenden' }).click();
    await page.waitForURL(/\/cases\?party=/);
    await page.getByText('Gäldenär: Anna Andersson').waitFor();
    const cards = page.getByRole('link', { name: /^Ärende F-/ });
    await expect.poll(() => cards.count()).toBe(2);
    await screenshot(page, 'lists-cases-of-party');
    await page.getByRole('button', { name: 'Ta bort filtret på gäldenär' }).click();
    await expect.poll(() => cards.count()).toBe(3);

    await page.goto(`${app.url}/customers`);
    await page.getByRole('link', { name: 'Vattenbolaget Syd AB' }).click();
    await page.getByRole('heading', { name: 'Vattenbolaget Syd AB' }).waitFor();
    await page.getByRole('table', { name: 'Ärenden' }).getByRole('link', { name: 'F-2003' }).waitFor();
    expect(await page.getByRole('table', { name: 'Ärenden' }).getByText('Bertil Berg').count()).toBe(1);
    await page.getByRole('link', { name: 'Visa alla ärenden' }).click();
    await page.waitForURL(/\/cases\?creditor=/);
    await expect.poll(() => cards.count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Ärende F-2003, Vattenbolaget Syd AB till Bertil Berg' }).count()).toBe(1);
  }, 120_000);
});
