// Notifications, the dashboard and onboarding of issue 10 in a real browser against the real
// server: a case given to a handler reaches their bell and the dashboard's tile live (SSE, no
// reload) and opens the case; the handler picker on the case page; each dashboard tile opens the
// case list filtered as it counts; onboarding ticks what the data shows done and comes back
// after dismissal. Screenshots land in artifacts/e2e/notify-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, screenshot, startApp, type RunningApp } from './harness';
import { apiSession, daysAgo, pageScreenshot, PASSWORD, signIn, signUpAndIn, toast, type ApiSession } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const HANDLER = { email: 'hugo@example.se', name: 'Hugo Handläggare' };

describe.runIf(hasChromium)('notifications and the dashboard in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let handlerContext: BrowserContext;
  let handlerPage: Page;
  let karin: ApiSession;
  let hugoId: string;
  const caseIds: Record<string, string> = {};

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    await signUpAndIn(page, app.url, { email: 'karin@example.se', name: 'Karin Lindqvist' });
    karin = await apiSession(page, app.url);
    const org = `/orgs/${karin.orgId}`;

    const creditor = await karin.call<{ id: string }>('POST', `${org}/creditors`, { name: 'Elbolaget Norr AB' });
    const party = await karin.call<{ id: string }>('POST', `${org}/parties`, { type: 'person', name: 'Anna Andersson' });
    const open = async (reference: string, dueDate: string) => {
      const created = await karin.call<{ id: string }>('POST', `${org}/cases`, {
        creditor_id: creditor.body.id,
        party_id: party.body.id,
        reference_no: reference,
        principal_amount: '1200.00',
        due_date: dueDate,
      });
      expect(created.status).toBe(201);
      expect((await karin.call('POST', `${org}/cases/${created.body.id}/status`, { status: 'active' })).status).toBe(200);
      caseIds[reference] = created.body.id;
    };
    await open('F-SEN', daysAgo(60));
    // Due today by the Swedish calendar (the server's): not overdue, also just after midnight in Stockholm.
    await open('F-NY', new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm' }).format(new Date()));

    // Hugo joins through an invitation and signs in in a browser of his own.
    const invitation = await karin.call<{ token: string }>('POST', `${org}/invitations`, { email: HANDLER.email, role: 'handler' });
    const signup = await fetch(`${app.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: HANDLER.email, password: PASSWORD, full_name: HANDLER.name, invitation_token: invitation.body.token }),
    });
    expect(signup.status).toBe(201);
    // Sign-up answers the same for every address (it never says who has an account): the id is the member's.
    const members = await karin.call<{ members: { user_id: string; email: string }[] }>('GET', `${org}/members`);
    hugoId = members.body.members.find((member) => member.email === HANDLER.email)!.user_id;
    handlerContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    handlerPage = await handlerContext.newPage();
    await signIn(handlerPage, app.url, HANDLER.email);
  }, 240_000);

  afterAll(async () => {
    await handlerContext?.close();
    await browser?.close();
    await app?.stop();
  });

  it('a case given to Hugo lights up his bell and his dashboard at once, and the notice opens the case', async () => {
    await handlerPage.getByRole('heading', { name: 'Översikt' }).waitFor();
    const bell = handlerPage.getByRole('banner').getByRole('link', { name: /^Notifikationer/ });
    expect(await bell.getAttribute('aria-label')).toBe('Notifikationer');
    const tile = handlerPage.getByRole('link', { name: /^Meddelanden/ });
    await tile.getByText('Olästa notifikationer', { exact: false }).waitFor();
    const urlBefore = handlerPage.url();

    // Karin gives him the case in another browser (here: her API session).
    const given = await karin.call('POST', `/orgs/${karin.orgId}/cases/${caseIds['F-SEN']}/handler`, { handler_id: hugoId });
    expect(given.status).toBe(200);

    await handlerPage.getByRole('banner').getByRole('link', { name: 'Notifikationer (1 olästa)' }).waitFor();
    await tile.locator('.tile-value').getByText('1', { exact: true }).waitFor();
    // Live: the page was not reloaded.
    expect(handlerPage.url()).toBe(urlBefore);
    expect(await handlerPage.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await screenshot(handlerPage, 'notify-01-bell-live');

    await handlerPage.getByRole('banner').getByRole('link', { name: 'Notifikationer (1 olästa)' }).click();
    await handlerPage.waitForURL('**/notifications');
    const notice = handlerPage.getByRole('button', { name: /Karin Lindqvist gav dig ärende F-SEN/ });
    await notice.waitFor();
    await pageScreenshot(handlerPage, 'notify-02-list');
    await notice.click();
    await handlerPage.waitForURL(`**/cases/${caseIds['F-SEN']}`);
    await handlerPage.getByRole('heading', { name: 'F-SEN' }).waitFor();
    await handlerPage.getByRole('banner').getByRole('link', { name: 'Notifikationer', exact: true }).waitFor();
  }, 90_000);

  it('the handler picker gives the case back, and Karin hears of it live', async () => {
    const workflow = handlerPage.getByRole('region', { name: 'Handläggning' });
    await workflow.getByRole('combobox', { name: 'Handläggare' }).click();
    await handlerPage.getByRole('option', { name: 'Karin Lindqvist' }).click();
    await toast(handlerPage, 'Handläggare ändrad');
    await handlerPage.getByRole('list', { name: 'Tidslinje' }).getByText('Handläggare: Karin Lindqvist').waitFor();

    // Karin has the notice of Hugo's joining and now this one.
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('banner').getByRole('link', { name: 'Notifikationer (2 olästa)' }).waitFor();
  }, 60_000);

  it('each dashboard tile opens the case list filtered as it counts, and the filter can be removed', async () => {
    const overdueTile = page.getByRole('link', { name: /^Försenade/ });
    await overdueTile.locator('.tile-value').getByText('1', { exact: true }).waitFor();
    await screenshot(page, 'notify-03-dashboard');
    await overdueTile.click();
    await page.waitForURL(/\/cases\?segment=overdue$/);
    await page.getByRole('group', { name: 'Urval' }).getByText('Försenade').waitFor();
    await page.getByText('F-SEN').waitFor();
    expect(await page.getByText('F-NY').count()).toBe(0);
    await pageScreenshot(page, 'notify-04-overdue-list');

    await page.getByRole('button', { name: 'Ta bort urvalet Försenade' }).click();
    await page.getByText('F-NY').waitFor();
    expect(new URL(page.url()).searchParams.get('segment')).toBeNull();

    await page.goto(`${app.url}/dashboard`);
    // Both cases were registered today.
    await page.getByRole('link', { name: /^Nya idag/ }).click();
    await page.waitForURL(/segment=new_today/);
    await page.getByRole('group', { name: 'Urval' }).getByText('Nya idag').waitFor();
    await page.getByText('F-NY').waitFor();
    await page.getByText('F-SEN').waitFor();
  }, 60_000);

  it('onboarding ticks the steps the data shows done, and comes back after dismissal', async () => {
    await page.goto(`${app.url}/dashboard`);
    const creditorStep = page.getByRole('checkbox', { name: 'Lägg till en borgenär: klar' });
    await creditorStep.waitFor();
    expect(await creditorStep.isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Skapa ditt första ärende: klar' }).isDisabled()).toBe(true);
    await page.getByText('Klart enligt organisationens uppgifter').first().waitFor();
    await screenshot(page, 'notify-05-onboarding-detected');

    await page.getByRole('button', { name: 'Dölj checklistan' }).click();
    await page.getByRole('heading', { name: 'Kom igång med Fordran' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Visa kom igång-listan' }).click();
    await page.getByRole('heading', { name: 'Kom igång med Fordran' }).waitFor();
  }, 60_000);
});
