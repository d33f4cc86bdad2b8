// The admin's flows of the settings pages in a real browser against the real server:
// invite a handler → copy the link → (another browser) sign up through it → same organisation as
// handler; edit the organisation → 'Sparat'; set up TOTP in the user menu → sign out → sign-in asks
// for the code; the system log shows it all; once the organisation requires a second factor, the
// handler sets one up at sign-in. Screenshots land in artifacts/e2e/admin-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { totpCodeAt } from '@fordran/services';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, screenshot, startApp, type RunningApp } from './harness';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const PASSWORD = 'hemligt123';
const ADMIN = { email: 'karin@example.se', name: 'Karin Lindqvist' };
const HANDLER = { email: 'olle@example.se', name: 'Olle Berg' };

describe.runIf(hasChromium)('admin settings in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let adminContext: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    adminContext = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'sv-SE',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = await adminContext.newPage();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function signIn(target: Page, email: string): Promise<void> {
    await target.getByRole('tab', { name: 'Logga in' }).click();
    await target.getByLabel('E-post').fill(email);
    await target.getByLabel('Lösenord').fill(PASSWORD);
    await target.getByRole('button', { name: 'Logga in' }).click();
  }

  async function signUp(target: Page, user: { email?: string; name: string }): Promise<void> {
    if (user.email) await target.getByLabel('E-post').fill(user.email);
    await target.getByLabel('Lösenord').fill(PASSWORD);
    await target.getByLabel('Fullständigt namn').fill(user.name);
    await target.getByRole('button', { name: 'Skapa konto' }).click();
    await target.getByText('Konto skapat! Du kan nu logga in med dina uppgifter.').first().waitFor();
  }

  async function openUserMenuItem(target: Page, item: string): Promise<void> {
    await target.getByRole('button', { name: /Användarmeny för/ }).click();
    await target.getByRole('menuitem', { name: item }).click();
  }

  it('invites a handler who signs up through the link and lands in the same organisation', async () => {
    await page.goto(`${app.url}/auth`);
    await page.getByRole('tab', { name: 'Skapa konto' }).click();
    await signUp(page, ADMIN);
    await signIn(page, ADMIN.email);
    await page.waitForURL('**/dashboard');

    await page.goto(`${app.url}/settings/permissions`);
    await page.getByRole('heading', { name: 'Behörigheter' }).waitFor();
    await page.getByRole('cell', { name: /Karin Lindqvist/ }).waitFor();
    await screenshot(page, 'admin-01-permissions');

    await page.getByRole('button', { name: 'Bjud in' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Bjud in användare' });
    await dialog.getByLabel('E-post').fill(HANDLER.email);
    // A 'Kund' is tied to a creditor; this organisation has none yet, and the dialog says so.
    await dialog.getByRole('combobox', { name: 'Roll' }).click();
    await page.getByRole('option', { name: 'Kund' }).click();
    await dialog.getByText('Det finns inga aktiva borgenärer ännu.', { exact: false }).waitFor();
    await dialog.getByRole('combobox', { name: 'Roll' }).click();
    await page.getByRole('option', { name: 'Handläggare' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await screenshot(page, 'admin-02-invite-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Skapa inbjudan' }).click();
    const created = page.getByRole('dialog', { name: 'Inbjudan skapad' });
    await created.getByRole('button', { name: 'Kopiera inbjudningslänk' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${app.url}/auth\\?invitation=[A-Za-z0-9_-]{20,}$`));
    expect(await created.getByRole('textbox', { name: 'Inbjudningslänk' }).inputValue()).toBe(link);
    await screenshot(page, 'admin-03-invitation-link', { fullPage: false });
    await created.getByRole('button', { name: 'Klar' }).click();
    await page.getByRole('rowheader', { name: HANDLER.email }).waitFor();

    // The invitee, in a browser of their own.
    const invitee = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'sv-SE' });
    const other = await invitee.newPage();
    await other.goto(link);
    await other.getByText(/Du är inbjuden till Karin Lindqvists organisation som Handläggare/).waitFor();
    expect(await other.getByRole('tab', { name: 'Skapa konto' }).getAttribute('aria-selected')).toBe('true');
    expect(await other.getByLabel('E-post').inputValue()).toBe(HANDLER.email);
    await screenshot(other, 'admin-04-invitation-sign-up');
    await signUp(other, { name: HANDLER.name });
    await signIn(other, HANDLER.email);
    await other.waitForURL('**/dashboard');
    await other.getByText('Karin Lindqvists organisation').first().waitFor();
    await other.getByText('Handläggare').first().waitFor();

    // A handler may not manage users: the page says so instead of failing.
    await other.goto(`${app.url}/settings/permissions`);
    await other.getByText('Du saknar behörighet').waitFor();
    await screenshot(other, 'admin-05-handler-no-access');
    await invitee.close();

    await page.reload();
    const handlerRow = page.getByRole('row', { name: new RegExp(HANDLER.name) });
    await handlerRow.waitFor();
    expect(await handlerRow.getByText('Handläggare').count()).toBe(1);
    expect(await page.getByText('Inga öppna inbjudningar').count()).toBe(1);
    await screenshot(page, 'admin-06-members');
  }, 120_000);

  it('a signed-in user with an account of their own accepts an invitation to a second organisation', async () => {
    const evaContext = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'sv-SE' });
    const eva = await evaContext.newPage();
    await eva.goto(`${app.url}/auth`);
    await eva.getByRole('tab', { name: 'Skapa konto' }).click();
    await signUp(eva, { email: 'eva@example.se', name: 'Eva Ek' });
    await signIn(eva, 'eva@example.se');
    await eva.waitForURL('**/dashboard');

    await page.goto(`${app.url}/settings/permissions`);
    await page.getByRole('button', { name: 'Bjud in' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Bjud in användare' });
    await dialog.getByLabel('E-post').fill('eva@example.se');
    await dialog.getByRole('combobox', { name: 'Roll' }).click();
    await page.getByRole('option', { name: 'Juridik' }).click();
    await dialog.getByRole('button', { name: 'Skapa inbjudan' }).click();
    const link = await page.getByRole('dialog', { name: 'Inbjudan skapad' }).getByRole('textbox', { name: 'Inbjudningslänk' }).inputValue();
    await page.getByRole('button', { name: 'Klar' }).click();

    await eva.goto(link);
    await eva.getByText('Inbjudan gäller ditt konto (eva@example.se).').waitFor();
    await screenshot(eva, 'admin-07-accept-invitation');
    await eva.getByRole('button', { name: 'Gå med i Karin Lindqvists organisation' }).click();
    await eva.waitForURL('**/dashboard');
    await eva.getByText('Du har gått med i Karin Lindqvists organisation').waitFor();
    // Now a member of two organisations, working in the one she joined.
    await eva.getByRole('banner').getByText('Karin Lindqvists organisation').waitFor();
    await evaContext.close();

    await page.reload();
    await page
      .getByRole('row', { name: /Eva Ek/ })
      .getByText('Juridik')
      .waitFor();
  }, 90_000);

  it("edits the organisation's settings and gets 'Sparat'", async () => {
    await page.goto(`${app.url}/settings/organisation`);
    await page.getByRole('heading', { name: 'Organisation', exact: true }).waitFor();
    await page.getByLabel('Namn').fill('Lindqvist Inkasso AB');
    await page.getByLabel('Organisationsnummer').fill('5560360794');
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    // core's organisationsnummer check refuses the wrong check digit; the message sits at the field.
    await page.getByText('Ogiltigt organisationsnummer').waitFor();
    await page.getByLabel('Organisationsnummer').fill('5560360793');
    await page.getByLabel('Gatuadress').fill('Storgatan 1');
    await page.getByLabel('Postnummer').fill('111 22');
    await page.getByLabel('Ort').fill('Stockholm');
    await page.getByLabel('Land').fill('Sverige');
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await page.getByText('Sparat', { exact: true }).waitFor();
    expect(await page.getByLabel('Organisationsnummer').inputValue()).toBe('556036-0793');
    await page.getByText('Lindqvist Inkasso AB').first().waitFor();
    await screenshot(page, 'admin-08-organisation-saved');
  }, 60_000);

  it('sets up TOTP in the user menu; after signing out, sign-in asks for the code', async () => {
    await page.goto(`${app.url}/dashboard`);
    await openUserMenuItem(page, 'Tvåstegsverifiering');
    const dialog = page.getByRole('dialog', { name: 'Tvåstegsverifiering' });
    await dialog.getByRole('button', { name: 'Aktivera tvåstegsverifiering' }).click();
    const secret = (await dialog.getByRole('textbox', { name: 'Nyckel' }).inputValue()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await dialog.getByRole('textbox', { name: 'Länk för autentiseringsapp' }).inputValue()).toContain(`secret=${secret}`);
    // Beside the key: the otpauth URI as a QR code to scan (an SVG of dark modules).
    const qr = dialog.getByRole('img', { name: 'QR-kod för autentiseringsappen' });
    await qr.waitFor();
    expect(await qr.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
    expect((await qr.locator('path').last().getAttribute('d'))?.length).toBeGreaterThan(100);
    await screenshot(page, 'admin-09-mfa-enrol', { fullPage: false });
    await dialog.getByLabel('Verifieringskod').fill(totpCodeAt(secret, Date.now()));
    await dialog.getByRole('button', { name: 'Verifiera och aktivera' }).click();
    await dialog.getByText('Tvåstegsverifiering är aktiverad.', { exact: false }).waitFor();
    await screenshot(page, 'admin-10-mfa-enabled', { fullPage: false });
    await dialog.getByRole('button', { name: 'Stäng' }).click();

    // With a second factor of one's own, requiring it of everyone becomes possible.
    await page.goto(`${app.url}/settings/organisation`);
    expect(await page.getByRole('switch').isDisabled()).toBe(false);

    await openUserMenuItem(page, 'Logga ut');
    await page.waitForURL('**/auth');
    await signIn(page, ADMIN.email);
    await page.getByText('Ange koden från din autentiseringsapp').waitFor();
    await screenshot(page, 'admin-11-mfa-sign-in');
    // A code works once: the enrolment used this 30-second step's, so type the next step's (the
    // server accepts one step of clock drift), as the app would show it a moment later.
    await page.getByLabel('Verifieringskod').fill(totpCodeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verifiera' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto(`${app.url}/settings/audit-log`);
    await page.getByRole('heading', { name: 'Systemlogg' }).waitFor();
    for (const event of ['Tvåstegsverifiering godkänd', 'Organisationens uppgifter ändrade', 'Inbjudan skickad', 'Användare gick med']) {
      await page.getByText(event, { exact: true }).first().waitFor();
    }
    await screenshot(page, 'admin-12-audit-log');

    // The organisation now requires a second factor: the handler, who has none, sets one up at sign-in.
    await page.goto(`${app.url}/settings/organisation`);
    await page.getByRole('switch').click();
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await page.getByText('Sparat', { exact: true }).waitFor();
    const handlerContext = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'sv-SE' });
    const handler = await handlerContext.newPage();
    await handler.goto(`${app.url}/auth`);
    await signIn(handler, HANDLER.email);
    await handler.getByText('Organisationen kräver tvåstegsverifiering.', { exact: false }).waitFor();
    await handler.getByRole('button', { name: 'Koppla autentiseringsapp' }).click();
    const handlerSecret = (await handler.getByRole('textbox', { name: 'Nyckel' }).inputValue()).replace(/\s/g, '');
    await screenshot(handler, 'admin-13-mfa-required-sign-in');
    await handler.getByLabel('Verifieringskod').fill(totpCodeAt(handlerSecret, Date.now()));
    await handler.getByRole('button', { name: 'Verifiera och aktivera' }).click();
    await handler.waitForURL('**/dashboard');
    await handler.getByRole('heading', { name: 'Översikt' }).waitFor();
    await handlerContext.close();
  }, 120_000);
});
