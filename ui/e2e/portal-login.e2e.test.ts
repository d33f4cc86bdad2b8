// /portal/login in a real browser against the real server and its BankID simulator (issue 13):
// the personnummer typed key by key ('Starta BankID' only at 12 valid digits), 'Väntar på
// BankID...' with the animated QR code from the server, Avbryt, and a sign-in approved on the
// simulator's own page that lands the debtor signed in on /portal. Screenshots: artifacts/e2e/portal-login-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import { apiSession, pageScreenshot, signUpAndIn, typeInto } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const PNR = '198112189876';

describe.runIf(hasChromium)('BankID sign-in to the debtor portal', () => {
  let app: RunningApp;
  let browser: Browser;
  let debtor: BrowserContext;
  let page: Page;
  let orgId: string;

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    const staffPage = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'sv-SE' });
    await signUpAndIn(staffPage, app.url, { email: 'portal@example.se', name: 'Petra Portal' });
    const session = await apiSession(staffPage, app.url);
    orgId = session.orgId;
    const party = await session.call<{ id: string }>('POST', `/orgs/${orgId}/parties`, { type: 'person', name: 'Karl Karlsson', national_id: PNR });
    expect(party.status, JSON.stringify(party.body)).toBe(201);
    await staffPage.close();
    // The debtor's own browser: no staff session in it.
    debtor = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'sv-SE' });
    page = await debtor.newPage();
    page.setDefaultTimeout(10_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('enables Starta BankID only at 12 digits that pass the check digit', async () => {
    await page.goto(`${app.url}/portal/login?org=${orgId}`);
    await page.getByText('Simulering').waitFor();
    const field = page.getByLabel('Personnummer');
    const start = page.getByRole('button', { name: 'Starta BankID' });
    await typeInto(field, '19811218987');
    expect(await start.isDisabled()).toBe(true);
    await field.pressSequentially('5');
    expect(await field.inputValue()).toBe('198112189875');
    await page.getByText('Ogiltigt personnummer – kontrollera siffrorna').waitFor();
    expect(await start.isDisabled()).toBe(true);
    // A 13th digit is not taken; letters never are.
    await typeInto(field, `${PNR}7x`);
    expect(await field.inputValue()).toBe(PNR);
    expect(await start.isEnabled()).toBe(true);
  });

  it('shows the waiting state with an animated QR code, and Avbryt stops it', async () => {
    await page.getByRole('button', { name: 'Starta BankID' }).click();
    await page.getByText('Väntar på BankID...').waitFor();
    const qr = page.getByRole('img', { name: 'QR-kod för BankID' });
    await qr.waitFor();
    const first = await qr.getAttribute('data-qr');
    expect(first).toMatch(/^bankid\.[0-9a-f-]{36}\.\d+\.[0-9a-f]{64}$/);
    await page.waitForFunction((previous) => document.querySelector('[aria-label="QR-kod för BankID"]')?.getAttribute('data-qr') !== previous, first, {
      timeout: 5000,
    });
    expect(await page.getByRole('link', { name: 'Öppna BankID på den här enheten' }).getAttribute('href')).toMatch(
      /^bankid:\/\/\/\?autostarttoken=[0-9a-f-]{36}&redirect=null$/,
    );
    await pageScreenshot(page, 'portal-login-waiting');
    await page.getByRole('button', { name: 'Avbryt' }).click();
    await page.getByRole('button', { name: 'Starta BankID' }).waitFor();
  });

  it('a sign-in approved in the BankID simulator lands the debtor signed in on /portal', async () => {
    await page.getByRole('button', { name: 'Starta BankID' }).click();
    await page.getByText('Väntar på BankID...').waitFor();
    const simulatorUrl = await page.getByRole('link', { name: 'godkänn i BankID-simulatorn' }).getAttribute('href');
    const simulator = await debtor.newPage();
    await simulator.goto(simulatorUrl!);
    const order = simulator.locator('li', { hasText: PNR });
    // Only the running order is listed: the one cancelled with Avbryt is gone.
    expect(await simulator.locator('li').count()).toBe(1);
    await pageScreenshot(simulator, 'portal-login-simulator');
    await order.getByRole('button', { name: 'Godkänn' }).click();
    await simulator.getByText('Ordern godkändes.').waitFor();
    await simulator.close();
    await page.waitForURL('**/portal', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Logga ut' }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('fordran.portal') ?? 'null') as { session_id: string; party_id: string } | null);
    expect(stored?.session_id.length).toBeGreaterThan(40);
    await pageScreenshot(page, 'portal-login-signed-in');
    // Signed out, /portal sends the debtor back to sign in.
    await page.getByRole('button', { name: 'Logga ut' }).click();
    await page.waitForURL('**/portal/login');
    expect(await page.evaluate(() => localStorage.getItem('fordran.portal'))).toBeNull();
  });

  it('a person without cases here learns it only after BankID, in Swedish', async () => {
    await page.goto(`${app.url}/portal/login?org=${orgId}`);
    await typeInto(page.getByLabel('Personnummer'), '197010632391');
    await page.getByRole('button', { name: 'Starta BankID' }).click();
    await page.getByText('Väntar på BankID...').waitFor();
    const simulatorUrl = await page.getByRole('link', { name: 'godkänn i BankID-simulatorn' }).getAttribute('href');
    const simulator = await debtor.newPage();
    await simulator.goto(simulatorUrl!);
    await simulator.locator('li', { hasText: '197010632391' }).getByRole('button', { name: 'Godkänn' }).click();
    await simulator.getByText('Ordern godkändes.').waitFor();
    await simulator.close();
    await page.getByRole('alert').getByText('Vi hittar inga ärenden för ditt personnummer hos oss', { exact: false }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('fordran.portal'))).toBeNull();
    await pageScreenshot(page, 'portal-login-no-party');
  });
});
