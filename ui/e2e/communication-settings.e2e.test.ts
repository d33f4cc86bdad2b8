// /settings/communication in a real browser against the real server: the channels run on their
// local stand-ins (the page says so), an admin configures SMS with 46elks key by key — a refused
// sender name first ('Save failed', the field marked) — saves ('Sparat'), reloads and sees the
// password only as saved and masked; the Brev tab prints the waiting letters as one PDF. A
// handler sees only the print queue. Screenshots: artifacts/e2e/communication-settings-*.png.
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openAppContext, type AppContext } from '@fordran/services';
import { rawSql } from '@fordran/store/testing';
import { insertQueuedLetter } from '../../api/test/fixtures';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import { PASSWORD, pageScreenshot, signIn, toast, typeInto } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const SMS_PASSWORD = 'elks-hemligt-4711';

describe.runIf(hasChromium)('communication settings in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let side: AppContext;
  let token = '';
  let orgId = '';
  let caseId = '';

  async function apiCall<T>(method: string, path: string, body?: unknown, bearer = token): Promise<T> {
    const response = await fetch(`${app.url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    // A step that cannot find its element says which, well before the test's own time-out.
    page.setDefaultTimeout(8000);
    await apiCall('POST', '/auth/signup', { email: 'admin@kanaler.se', password: PASSWORD, full_name: 'Karin Kanal' }, '');
    token = (await apiCall<{ access_token: string }>('POST', '/auth/signin', { email: 'admin@kanaler.se', password: PASSWORD }, '')).access_token;
    orgId = (await apiCall<{ memberships: { org_id: string }[] }>('GET', '/me')).memberships[0]!.org_id;
    const creditor = await apiCall<{ id: string }>('POST', `/orgs/${orgId}/creditors`, { name: 'Elbolaget Norr AB' });
    const party = await apiCall<{ id: string }>('POST', `/orgs/${orgId}/parties`, { type: 'person', name: 'Åsa Öberg' });
    caseId = (
      await apiCall<{ id: string }>('POST', `/orgs/${orgId}/cases`, {
        creditor_id: creditor.id,
        party_id: party.id,
        reference_no: 'F-3001',
        principal_amount: '1200',
        due_date: '2026-09-30',
      })
    ).id;
    // The running server's database and files, opened beside it, to leave letters in its print queue.
    side = await openAppContext({
      dbPath: app.dbPath,
      dataDir: dirname(app.dbPath),
      secret: 'e2e-sidan-hemlighet-0123456789abcdef',
      seedReferenceRates: false,
    });
    await signIn(page, app.url, 'admin@kanaler.se');
  }, 240_000);

  afterAll(async () => {
    await side?.database.close();
    await browser?.close();
    await app?.stop();
  });

  it('says which channels run on a local stand-in', async () => {
    await page.goto(`${app.url}/settings/communication`);
    await page.getByRole('heading', { name: 'Kommunikationsinställningar' }).waitFor();
    const status = page.getByRole('status').filter({ hasText: 'Simuleringsläge' });
    await expect(status.textContent()).resolves.toContain('E-post sparas i den lokala utkorgen');
    await expect(page.getByRole('tab', { name: /E-post/ }).textContent()).resolves.toContain('Simulering');
    await expect(page.getByRole('tab', { name: /Brev/ }).textContent()).resolves.not.toContain('Simulering');
    await pageScreenshot(page, 'communication-settings-email');
  });

  it('configures SMS with 46elks key by key; a refused sender name is marked; saved, reloaded, the password only masked', async () => {
    await page.getByRole('tab', { name: /SMS/ }).click();
    const form = page.getByRole('form', { name: 'Inställningar för SMS' });
    await typeInto(form.getByLabel('API-användarnamn *'), 'u0123456789abcdef');
    await typeInto(form.getByLabel('Avsändarnamn *'), 'Elbo AB');
    await typeInto(form.getByLabel('API-lösenord *'), SMS_PASSWORD);
    await form.getByRole('switch', { name: /Sandlådeläge/ }).click();
    await form.getByRole('switch', { name: 'Aktiv' }).click();
    await form.getByRole('button', { name: 'Spara' }).click();
    await toast(page, 'Save failed');
    await form.getByText('Avsändarnamnet får bara innehålla bokstäverna A–Z (inga mellanslag eller siffror)').first().waitFor();

    await typeInto(form.getByLabel('Avsändarnamn *'), 'Elbolaget');
    await form.getByRole('button', { name: 'Spara' }).click();
    await toast(page, 'Sparat');

    await page.reload();
    await page.getByRole('tab', { name: /SMS/ }).click();
    const reloaded = page.getByRole('form', { name: 'Inställningar för SMS' });
    await expect(reloaded.getByLabel('Avsändarnamn *').inputValue()).resolves.toBe('Elbolaget');
    await expect(reloaded.getByLabel('API-lösenord *').inputValue()).resolves.toBe('');
    await expect(reloaded.getByLabel('API-lösenord *').getAttribute('placeholder')).resolves.toBe('•••••••• (sparad)');
    await reloaded.getByText('Sparad – lämna tomt för att behålla').waitFor();
    await page.getByRole('status').filter({ hasText: 'Aktiv: meddelandena skickas via 46elks' }).waitFor();
    expect(await page.content()).not.toContain(SMS_PASSWORD);
    expect(JSON.stringify(await apiCall('GET', `/orgs/${orgId}/channel-settings`))).not.toContain(SMS_PASSWORD);
    await pageScreenshot(page, 'communication-settings-sms');
  });

  it('prints the waiting letters as one batch on the Brev tab', async () => {
    const target = { sql: rawSql(side.database), ctx: side };
    await insertQueuedLetter(target, orgId, caseId, 'Åsa Öberg');
    await insertQueuedLetter(target, orgId, caseId, 'Bertil Ek');
    await page.reload();
    await page.getByRole('tab', { name: /Brev/ }).click();
    await page.getByText('2 brev väntar på utskrift.').waitFor();
    await pageScreenshot(page, 'communication-settings-letters');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Skapa utskriftsbunt' }).click();
    await toast(page, 'Utskriftsbunt skapad');
    expect((await download).suggestedFilename()).toMatch(/^utskriftsbunt-[0-9a-f-]+\.pdf$/);
    await page.getByText('Inga brev väntar på utskrift.').waitFor();
    await page.getByRole('button', { name: 'Ladda ner PDF' }).waitFor();
    await pageScreenshot(page, 'communication-settings-letters-printed');
  });

  it('a handler sees the print queue but not the channel settings', async () => {
    const invitation = await apiCall<{ token: string }>('POST', `/orgs/${orgId}/invitations`, { email: 'handlaggare@kanaler.se', role: 'handler' });
    await apiCall(
      'POST',
      '/auth/signup',
      { email: 'handlaggare@kanaler.se', password: PASSWORD, full_name: 'Hans Handläggare', invitation_token: invitation.token },
      '',
    );
    const handlerPage = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    await signIn(handlerPage, app.url, 'handlaggare@kanaler.se');
    await handlerPage.goto(`${app.url}/settings/communication`);
    await handlerPage.getByRole('heading', { name: 'Utskriftskö' }).waitFor();
    await expect(handlerPage.getByRole('tab', { name: /SMS/ }).count()).resolves.toBe(0);
    await handlerPage.close();
  });
});
