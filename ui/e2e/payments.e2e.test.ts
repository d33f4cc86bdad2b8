// The payments page of issue 5 in a real browser against the real server: a creditor, a debtor
// and an active case are set up through the API; then, in the UI: the empty list → 'Ny
// inbetalning' (a double click registers once) → 'Matcha' → 'Avräkna' (the interest runs to the
// payment's day first and is settled before capital) → the case's new balance →
// an allocation above the outstanding amount refused → the case's Ekonomi card → a BgMax file
// imported in the request with its summary → the same file again books nothing → a CSV line with
// the case's OCR is allocated on import. (A file imported by the job worker: finance-flow.)
// Screenshots: artifacts/e2e/payments-*.png.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import {
  PASSWORD,
  apiSession,
  daysAgo,
  dialogScreenshot,
  fieldAmount,
  kronor,
  typeInto,
  pageScreenshot,
  readEconomy,
  signIn,
  signUpByApi,
  toast,
  type ApiSession,
} from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const EMAIL = 'ekonomi@example.se';
const BGMAX_FILE = fileURLToPath(new URL('../../fixtures/bank-files/bgmax/all-record-types.txt', import.meta.url));

interface CaseMoney {
  id: string;
  status: string;
  reference_no?: string;
  ocr_reference: string | null;
  amount_paid_total: string;
  total_interest: string;
  total_outstanding: string;
}

/** "87.12" → 8712 öre (string arithmetic, never a float). */
function oreOfDecimal(decimal: string): number {
  const [whole = '0', fraction = '00'] = decimal.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

interface PaymentPage {
  items: { id: string; amount: string; status: string; unallocated_amount: string }[];
  total: number;
}

describe.runIf(hasChromium)('payments in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiSession;
  let orgId: string;
  let caseId: string;
  let caseOcr: string;

  /** Calls the API as the signed-in user. */
  function callApi<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    return api.call<T>(method, path, body);
  }

  async function payments(): Promise<PaymentPage> {
    const list = await callApi<PaymentPage>('GET', `/orgs/${orgId}/payments?limit=200`);
    expect(list.status).toBe(200);
    return list.body;
  }

  async function caseMoney(): Promise<CaseMoney> {
    const detail = await callApi<CaseMoney>('GET', `/orgs/${orgId}/cases/${caseId}`);
    expect(detail.status).toBe(200);
    return detail.body;
  }

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    page = await context.newPage();
    await signUpByApi(app.url, { email: EMAIL, name: 'Eva Ekonom' });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('signs in and sets up an active case of 7 950 kr through the API', async () => {
    await signIn(page, app.url, EMAIL);
    api = await apiSession(page, app.url);
    orgId = api.orgId;

    const creditor = await callApi<{ id: string }>('POST', `/orgs/${orgId}/creditors`, { name: 'Acme Finans AB', org_no: '556036-0793' });
    expect(creditor.status).toBe(201);
    const party = await callApi<{ id: string }>('POST', `/orgs/${orgId}/parties`, {
      type: 'person',
      name: 'Anna Andersson',
      national_id: '19811218-9876',
    });
    expect(party.status).toBe(201);
    const created = await callApi<CaseMoney>('POST', `/orgs/${orgId}/cases`, {
      creditor_id: creditor.body.id,
      party_id: party.body.id,
      reference_no: 'F-2026-118',
      principal_amount: '7950.00',
      due_date: daysAgo(40),
    });
    expect(created.status).toBe(201);
    caseId = created.body.id;
    expect((await callApi('POST', `/orgs/${orgId}/cases/${caseId}/status`, { status: 'active' })).status).toBe(200);
    const money = await caseMoney();
    expect(money).toMatchObject({ status: 'active', total_outstanding: '7950.00', amount_paid_total: '0.00' });
    caseOcr = money.ocr_reference ?? '';
    expect(caseOcr).not.toBe('');
  });

  it('shows the empty list with its calls to action', async () => {
    await page.goto(`${app.url}/payments`);
    await page.getByText('Inga inbetalningar registrerade').waitFor();
    expect(await page.getByRole('button', { name: 'Ny inbetalning' }).count()).toBeGreaterThan(0);
    await pageScreenshot(page, 'payments-01-empty');
  });

  it('registers a payment once, however often Spara is clicked', async () => {
    await page.getByRole('button', { name: 'Ny inbetalning' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ny inbetalning' });
    await dialog.waitFor();
    const save = dialog.getByRole('button', { name: 'Spara' });
    expect(await save.isDisabled()).toBe(true);
    const today = await dialog.getByLabel('Betalningsdatum').inputValue();
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await typeInto(dialog.getByLabel('Belopp (kr) *'), '2000');
    await dialog.getByLabel('OCR').fill(caseOcr);
    await dialog.getByLabel('Meddelande').fill('Delbetalning faktura F-2026-118');
    expect(await save.isEnabled()).toBe(true);
    await dialogScreenshot(page, 'payments-02-new-payment');
    await save.dblclick();
    await toast(page, 'Inbetalning skapad');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('cell', { name: caseOcr }).waitFor();
    const list = await payments();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ amount: '2000.00', status: 'received', unallocated_amount: '2000.00' });
    expect(await page.getByText('Mottagen', { exact: true }).count()).toBe(1);
    await pageScreenshot(page, 'payments-03-registered');
  });

  it('matches the payment to the case by OCR and allocates it', async () => {
    await page.getByRole('button', { name: /^Matcha inbetalning/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Matcha inbetalning' });
    const candidate = dialog.getByRole('radio', { name: 'Ärende F-2026-118' });
    await candidate.waitFor();
    expect(await candidate.getByText('OCR', { exact: true }).count()).toBe(1);
    expect(await candidate.getByText(kronor('7950.00')).count()).toBe(1);
    await candidate.click();
    expect(await dialog.getByLabel('Belopp att avräkna (kr)').inputValue()).toBe(fieldAmount('2000.00'));
    await dialogScreenshot(page, 'payments-04-match');

    await dialog.getByRole('button', { name: 'Avräkna' }).click();
    await toast(page, 'Betalning avräknad');
    const balance = dialog.getByTestId('case-new-balance');
    await balance.waitFor();
    // The 40 days of interest up to the payment's day ran first: 7 950 + interest − 2 000.
    const money = await caseMoney();
    expect(oreOfDecimal(money.total_interest)).toBeGreaterThan(0);
    expect(money.amount_paid_total).toBe('2000.00');
    expect(oreOfDecimal(money.total_outstanding)).toBe(795_000 + oreOfDecimal(money.total_interest) - 200_000);
    expect(await balance.textContent()).toBe(kronor(money.total_outstanding));
    expect(await dialog.getByRole('link', { name: 'Öppna ärendet' }).getAttribute('href')).toBe(`/cases/${caseId}`);
    await dialogScreenshot(page, 'payments-05-allocated');
    await dialog.getByRole('button', { name: 'Stäng', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByText('Avräknad', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'F-2026-118' }).count()).toBe(1);
  });

  it('refuses an allocation above what the case still owes', async () => {
    const owed = await caseMoney();
    await page.getByRole('button', { name: 'Ny inbetalning' }).first().click();
    const create = page.getByRole('dialog', { name: 'Ny inbetalning' });
    await typeInto(create.getByLabel('Belopp (kr) *'), '9000.00');
    await create.getByLabel('OCR').fill(caseOcr);
    await create.getByRole('button', { name: 'Spara' }).click();
    await create.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /^Matcha inbetalning 9/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Matcha inbetalning' });
    await dialog.getByRole('radio', { name: 'Ärende F-2026-118' }).click();
    // The default is the smaller amount: all the case owes.
    const amount = dialog.getByLabel('Belopp att avräkna (kr)');
    expect(await amount.inputValue()).toBe(fieldAmount(owed.total_outstanding));
    await typeInto(amount, '9 000');
    await dialog.getByRole('button', { name: 'Avräkna' }).click();
    await toast(page, 'Betalning överstiger utestående belopp');
    await dialogScreenshot(page, 'payments-06-above-outstanding');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    expect(await caseMoney()).toEqual(owed);
  });

  it('shows the case with its new balance', async () => {
    await page.goto(`${app.url}/cases/${caseId}`);
    await page.getByRole('heading', { name: 'F-2026-118' }).waitFor();
    const money = await caseMoney();
    expect(await readEconomy(page)).toMatchObject({
      principal: 795_000,
      interest: oreOfDecimal(money.total_interest),
      paid: 200_000,
      outstanding: oreOfDecimal(money.total_outstanding),
    });
    await pageScreenshot(page, 'payments-07-case');
  });

  it('imports a BgMax file and shows the summary', async () => {
    await page.goto(`${app.url}/payments`);
    await page.getByRole('button', { name: 'Importera' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Importera bankfil' });
    const start = dialog.getByRole('button', { name: 'Importera' });
    expect(await start.isDisabled()).toBe(true);
    await dialog.getByLabel('Bankfil *').setInputFiles(BGMAX_FILE);
    await dialogScreenshot(page, 'payments-08-import-form');
    const before = (await payments()).total;
    await start.click();

    const summary = dialog.getByLabel('Sammanfattning av importen');
    await summary.waitFor({ timeout: 60_000 });
    await dialog.getByText('Filen all-record-types.txt är inläst.').waitFor();
    expect(await summary.getByText('BgMax', { exact: true }).count()).toBe(1);
    await dialogScreenshot(page, 'payments-09-import-summary');
    const after = (await payments()).total;
    expect(after).toBeGreaterThan(before);
    const figures = await summary.textContent();
    expect(figures).toContain(`Bokade${after - before} st`);
    expect(figures).toContain('Dubbletter som hoppades över0 st');

    // The same file again: nothing booked twice.
    await dialog.getByRole('button', { name: 'Importera en fil till' }).click();
    await dialog.getByLabel('Bankfil *').setInputFiles(BGMAX_FILE);
    await dialog.getByRole('button', { name: 'Importera' }).click();
    await dialog.getByText('Filen är redan inläst – inget bokades om.').waitFor({ timeout: 60_000 });
    expect(await summary.textContent()).toContain('Bokade0 st');
    await dialogScreenshot(page, 'payments-10-import-repeated');
    expect((await payments()).total).toBe(after);
  });

  it('imports a CSV payment with the case OCR and allocates it on import', async () => {
    const dialog = page.getByRole('dialog', { name: 'Importera bankfil' });
    await dialog.getByRole('button', { name: 'Importera en fil till' }).click();
    const csv = ['Datum;Belopp;OCR;Meddelande;Namn;Transaktions-id', `${daysAgo(1)};1 000,00;${caseOcr};;Anna Andersson;TX-E2E-1`].join('\n');
    await dialog.getByLabel('Bankfil *').setInputFiles({ name: 'inbetalningar.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await dialog.getByRole('button', { name: 'Importera' }).click();
    await dialog.getByText('Filen inbetalningar.csv är inläst.').waitFor({ timeout: 60_000 });
    const figures = await dialog.getByLabel('Sammanfattning av importen').textContent();
    expect(figures).toContain('FormatCSV');
    expect(figures).toContain('Automatiskt matchade och avräknade1 st');
    await dialogScreenshot(page, 'payments-11-import-csv-allocated');
    await dialog.getByRole('button', { name: 'Stäng' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Dated yesterday, before the interest's date: it settles no interest of today and its capital stops interest from today.
    const money = await caseMoney();
    expect(money.amount_paid_total).toBe('3000.00');
    expect(oreOfDecimal(money.total_outstanding)).toBe(795_000 + oreOfDecimal(money.total_interest) - 300_000);

    await page.getByText('Ej matchad', { exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: 'F-2026-118' }).count()).toBe(2);
    await pageScreenshot(page, 'payments-12-list-after-import');
  });

  it('shows a handler the payments without the write buttons (payments.write is finance and admin)', async () => {
    const invitation = await callApi<{ token: string }>('POST', `/orgs/${orgId}/invitations`, { email: 'handlaggare@example.se', role: 'handler' });
    expect(invitation.status).toBe(201);
    const signUp = await fetch(`${app.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'handlaggare@example.se', password: PASSWORD, full_name: 'Hugo Handläggare', invitation_token: invitation.body.token }),
    });
    expect(signUp.status).toBe(201);

    const handlerContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    try {
      const handlerPage = await handlerContext.newPage();
      await signIn(handlerPage, app.url, 'handlaggare@example.se');
      await handlerPage.goto(`${app.url}/payments`);
      await handlerPage.getByRole('link', { name: 'F-2026-118' }).first().waitFor();
      expect(await handlerPage.getByRole('button', { name: /Ny inbetalning|Importera|Matcha/ }).count()).toBe(0);
      await pageScreenshot(handlerPage, 'payments-14-handler-read-only');
    } finally {
      await handlerContext.close();
    }
  });
});
