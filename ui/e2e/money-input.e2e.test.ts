// Every money field and the date fields of the app, typed key by key the way Swedes type amounts
// (issue 10: a number input read "2 000,50" as 200050). The browser's locale is en-US on purpose:
// amounts still read and show sv-SE, dates YYYY-MM-DD. Each saved value is checked through the API,
// and text that could mean two amounts ("1.234") is refused inline and saves nothing.
// Screenshots: artifacts/e2e/money-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import { apiSession, daysAgo, dialogScreenshot, fieldAmount, kronor, signIn, signUpByApi, toast, typeInto, type ApiSession } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const EMAIL = 'belopp@example.se';
const REFERENCE = 'F-2026-500';
const AMBIGUOUS = 'Otydligt belopp: skriv tusental med mellanslag och decimaler efter kommatecken, t.ex. 2 000,50';
const BAD_DATE = 'Ogiltigt datum – skriv ÅÅÅÅ-MM-DD, t.ex. 2026-01-31';

interface CaseDetail {
  id: string;
  ocr_reference: string | null;
  amount_paid_total: string;
  interest_calculated_to: string | null;
  claim: { principal_amount: string; due_date: string };
}

interface PaymentList {
  items: { id: string; amount: string; paid_at: string; unallocated_amount: string }[];
  total: number;
}

describe.runIf(hasChromium)('money and date fields in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiSession;
  let orgId: string;
  let caseId: string;

  function callApi<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    return api.call<T>(method, path, body);
  }

  async function payments(): Promise<PaymentList> {
    const list = await callApi<PaymentList>('GET', `/orgs/${orgId}/payments?limit=200`);
    expect(list.status).toBe(200);
    return list.body;
  }

  async function caseDetail(): Promise<CaseDetail> {
    const detail = await callApi<CaseDetail>('GET', `/orgs/${orgId}/cases/${caseId}`);
    expect(detail.status).toBe(200);
    return detail.body;
  }

  /** Types into a field key by key, then leaves it with Tab, as a person moves on. */
  async function typeAndLeave(field: Locator, text: string): Promise<void> {
    await typeInto(field, text);
    await field.press('Tab');
  }

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    // An English browser: a native date input would show mm/dd/yyyy here.
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    context.setDefaultTimeout(30_000);
    page = await context.newPage();
    await signUpByApi(app.url, { email: EMAIL, name: 'Berit Belopp' });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('signs in and sets up a creditor and a debtor through the API', async () => {
    await signIn(page, app.url, EMAIL);
    api = await apiSession(page, app.url);
    orgId = api.orgId;
    expect((await callApi('POST', `/orgs/${orgId}/creditors`, { name: 'Acme Finans AB', org_no: '556036-0793' })).status).toBe(201);
    expect((await callApi('POST', `/orgs/${orgId}/parties`, { type: 'person', name: 'Anna Andersson', national_id: '19811218-9876' })).status).toBe(201);
  });

  it('case wizard: refuses "1.234", then saves "12 500,50" kr due on the date typed', async () => {
    const dueDate = daysAgo(60);
    await page.goto(`${app.url}/cases/create`);
    await page.getByRole('radio', { name: /Acme Finans AB/ }).click();
    await page.getByRole('button', { name: 'Nästa' }).click();
    await page.getByRole('radio', { name: /Anna Andersson/ }).click();
    await page.getByRole('button', { name: 'Nästa' }).click();

    await typeInto(page.getByLabel('Referensnummer *'), REFERENCE);
    const amount = page.getByLabel('Kapitalbelopp (kr) *');
    expect(await amount.getAttribute('inputmode')).toBe('decimal');
    expect(await amount.evaluate((input) => (input as HTMLInputElement).type)).toBe('text');
    await typeAndLeave(amount, '1.234');
    await page.getByText(AMBIGUOUS).waitFor();
    const dueField = page.getByLabel('Förfallodatum *');
    expect(await dueField.evaluate((input) => (input as HTMLInputElement).type)).toBe('text');
    await typeAndLeave(dueField, '2026-02-30');
    await page.getByText(BAD_DATE).waitFor();
    await typeAndLeave(dueField, dueDate);
    await page.getByRole('button', { name: 'Skapa ärende' }).click();
    await toast(page, 'Validering misslyckades');
    expect((await callApi<{ total: number }>('GET', `/orgs/${orgId}/cases`)).body.total).toBe(0);
    await dialogScreenshot(page, 'money-01-wizard-ambiguous');

    await typeAndLeave(amount, '12 500,5');
    expect(await amount.inputValue()).toBe(fieldAmount('12500.50'));
    // The refusal goes as soon as the text is an amount (the toast may still quote it).
    expect(await amount.getAttribute('aria-invalid')).toBeNull();
    expect(await dueField.inputValue()).toBe(dueDate);
    await page.getByRole('button', { name: 'Skapa ärende' }).click();
    await toast(page, 'Ärende skapat!');
    await page.waitForURL(/\/cases\/[0-9a-f-]{36}$/);
    caseId = page.url().split('/').pop()!;
    expect((await caseDetail()).claim).toMatchObject({ principal_amount: '12500.50', due_date: dueDate });
    expect((await callApi('POST', `/orgs/${orgId}/cases/${caseId}/status`, { status: 'active' })).status).toBe(200);
  });

  it("'Beräkna ränta' calculates to the date typed", async () => {
    const asOf = daysAgo(5);
    await page.reload();
    await page.getByRole('button', { name: 'Beräkna ränta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Beräkna ränta' });
    const field = dialog.getByLabel('Beräkna till och med');
    expect(await field.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await typeAndLeave(field, asOf.replaceAll('-', ''));
    expect(await field.inputValue()).toBe(asOf);
    await dialog.getByRole('button', { name: 'Beräkna', exact: true }).click();
    await toast(page, 'Ränta beräknad!');
    expect((await caseDetail()).interest_calculated_to).toBe(asOf);
    await dialog.getByRole('button', { name: 'Stäng', exact: true }).last().click();
  });

  it("'Ny inbetalning': '2 000,50' is saved as 2 000,50 kr on the date typed; '1.234' saves nothing", async () => {
    const paidAt = daysAgo(3);
    const { ocr_reference: ocr } = await caseDetail();
    await page.goto(`${app.url}/payments`);
    await page.getByRole('button', { name: 'Ny inbetalning' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ny inbetalning' });
    const amount = dialog.getByLabel('Belopp (kr) *');
    const save = dialog.getByRole('button', { name: 'Spara' });
    expect(await amount.getAttribute('inputmode')).toBe('decimal');
    expect(await save.isDisabled()).toBe(true);

    // Ambiguous: refused inline, Save stays disabled, Enter submits nothing.
    await typeAndLeave(amount, '1.234');
    await dialog.getByText(AMBIGUOUS).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await amount.press('Enter');
    await dialogScreenshot(page, 'money-02-payment-ambiguous');

    await typeInto(amount, '2 000,50');
    expect(await dialog.getByText(AMBIGUOUS).count()).toBe(0);
    expect(await save.isEnabled()).toBe(true);
    await typeInto(dialog.getByLabel('OCR'), ocr ?? '');
    const dateField = dialog.getByLabel('Betalningsdatum');
    await typeAndLeave(dateField, paidAt);
    expect(await amount.inputValue()).toBe(fieldAmount('2000.50'));
    expect(await dateField.inputValue()).toBe(paidAt);
    await dialogScreenshot(page, 'money-03-payment');
    await save.click();
    await toast(page, 'Inbetalning skapad');
    await dialog.waitFor({ state: 'detached' });

    const list = await payments();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ amount: '2000.50', paid_at: paidAt, unallocated_amount: '2000.50' });
    await page.getByText(kronor('2000.50')).first().waitFor();
    await page.getByRole('rowheader', { name: paidAt }).first().waitFor();
  });

  it('match dialog: pre-fills "2 000,50" sv-SE and allocates "1 000,25" typed over it', async () => {
    await page.getByRole('button', { name: /^Matcha inbetalning/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Matcha inbetalning' });
    await dialog.getByRole('radio', { name: `Ärende ${REFERENCE}` }).click();
    const amount = dialog.getByLabel('Belopp att avräkna (kr)');
    expect(await amount.inputValue()).toBe(fieldAmount('2000.50'));
    await dialogScreenshot(page, 'money-04-match-prefill');

    await typeAndLeave(amount, '1,000.25');
    await dialog.getByText(AMBIGUOUS).waitFor();
    expect(await dialog.getByRole('button', { name: 'Avräkna' }).isDisabled()).toBe(true);

    await typeAndLeave(amount, '1 000,25');
    expect(await amount.inputValue()).toBe(fieldAmount('1000.25'));
    await dialog.getByRole('button', { name: 'Avräkna' }).click();
    await toast(page, 'Betalning avräknad');
    expect((await payments()).items[0]).toMatchObject({ amount: '2000.50', unallocated_amount: '1000.25' });
    expect((await caseDetail()).amount_paid_total).toBe('1000.25');
    await dialog.getByRole('button', { name: 'Stäng', exact: true }).last().click();
  });

  it("fee catalogue: a new fee of '1 250,5' kr from the date typed; an edit to '1.250' is refused", async () => {
    await page.goto(`${app.url}/finance`);
    await page.getByText('REMINDER_60').waitFor();
    await page.getByRole('button', { name: 'Ny avgift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ny avgift' });
    await typeInto(dialog.getByLabel('Kod *'), 'handling');
    await typeInto(dialog.getByLabel('Namn *'), 'Handläggningsavgift');
    const amount = dialog.getByLabel('Belopp (kr) *');
    await typeAndLeave(amount, '1 250,5');
    expect(await amount.inputValue()).toBe(fieldAmount('1250.50'));
    const validFrom = dialog.getByLabel('Gäller från *');
    const today = await validFrom.inputValue();
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await typeAndLeave(validFrom, '2020-01-01');
    await dialog.getByText(`Tidigast ${today}`).waitFor();
    await typeAndLeave(validFrom, today.replaceAll('-', ''));
    expect(await validFrom.inputValue()).toBe(today);
    await dialog.getByRole('button', { name: 'Lägg till avgift' }).click();
    await toast(page, 'Sparat');
    await dialog.waitFor({ state: 'detached' });

    type Catalogue = { items: { id: string; code: string; amount: string; valid_from: string }[] };
    const catalogue = async () => (await callApi<Catalogue>('GET', `/orgs/${orgId}/fee-catalogue`)).body.items;
    expect((await catalogue()).filter((fee) => fee.code === 'HANDLING')).toEqual([expect.objectContaining({ amount: '1250.50', valid_from: today })]);

    await page.getByRole('button', { name: 'Åtgärder för HANDLING' }).click();
    await page.getByRole('menuitem', { name: 'Redigera' }).click();
    const edit = page.getByRole('dialog', { name: 'Redigera avgift HANDLING' });
    const editAmount = edit.getByLabel('Belopp (kr) *');
    expect(await editAmount.inputValue()).toBe(fieldAmount('1250.50'));
    await typeInto(editAmount, '1.250');
    await edit.getByRole('button', { name: 'Spara ny version' }).click();
    await edit.getByText(AMBIGUOUS).waitFor();
    await dialogScreenshot(page, 'money-05-fee-ambiguous');
    await edit.getByRole('button', { name: 'Avbryt' }).click();
    expect((await catalogue()).filter((fee) => fee.code === 'HANDLING').map((fee) => fee.amount)).toEqual(['1250.50']);
  });

  it("interest profile: '12,5' % per year valid between the dates typed", async () => {
    await page.getByRole('tab', { name: 'Ränteprofiler' }).click();
    await page.getByRole('button', { name: 'Ny ränteprofil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ny ränteprofil' });
    await typeInto(dialog.getByLabel('Kod *'), 'fast_125');
    await dialog.getByRole('radio', { name: /Fast ränta/ }).click();
    await typeInto(dialog.getByLabel('Ränta (% per år) *'), '12,5');
    await typeAndLeave(dialog.getByLabel('Giltig från'), '2026-01-01');
    const validTo = dialog.getByLabel('Giltig till');
    await typeAndLeave(validTo, '2025-12-31');
    await dialog.getByText('Tidigast 2026-01-01').waitFor();
    await typeAndLeave(validTo, '20261231');
    expect(await validTo.inputValue()).toBe('2026-12-31');
    await dialogScreenshot(page, 'money-06-interest-profile');
    await dialog.getByRole('button', { name: 'Skapa ränteprofil' }).click();
    await toast(page, 'Sparat');
    const profiles = await callApi<{ items: { code: string; fixed_rate_pa: string | null; valid_from: string | null; valid_to: string | null }[] }>(
      'GET',
      `/orgs/${orgId}/interest-profiles`,
    );
    expect(profiles.body.items.find((profile) => profile.code === 'FAST_125')).toMatchObject({
      fixed_rate_pa: '12.5',
      valid_from: '2026-01-01',
      valid_to: '2026-12-31',
    });
    await page.getByText('2026-01-01 – 2026-12-31').waitFor();
  });

  it("Råbalans: asks for the balance to the date typed; the calendar's choice lands in the field as YYYY-MM-DD", async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/ledger`);
    await page.getByRole('tab', { name: 'Råbalans' }).click();
    const field = page.getByLabel('Till och med');
    const asked = page.waitForResponse((response) => response.url().includes('/trial-balance?') && response.url().includes('to=2026-06-30'));
    await typeAndLeave(field, '2026-06-30');
    expect((await asked).status()).toBe(200);

    await page.getByRole('button', { name: 'Välj datum i kalendern' }).click();
    await page.keyboard.press('Escape');
    // What the browser's calendar does when a day is picked: sets the native date input.
    await page.locator('.date-input-picker').fill('2026-03-31');
    expect(await field.inputValue()).toBe('2026-03-31');
    expect(errors).toEqual([]);
  });
});
