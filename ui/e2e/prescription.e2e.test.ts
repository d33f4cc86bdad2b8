// Preskription in a real browser (issue 12): the wizard asks when the claim arose (typed key by
// key as YYYY-MM-DD), the case page's 'Preskription' card shows the prescribed date counted from it,
// and a manual interruption needs a reason and then sets the date. Screenshots:
// artifacts/e2e/prescription-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays, addYears } from '@fordran/core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import { apiSession, daysAgo, dialogScreenshot, pageScreenshot, signIn, signUpByApi, toast, typeInto } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const EMAIL = 'preskription@example.se';

describe.runIf(hasChromium)('prescription in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const aroseOn = daysAgo(400);
  const dueDate = daysAgo(370);

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    page = await context.newPage();
    context.setDefaultTimeout(30_000);
    await signUpByApi(app.url, { email: EMAIL, name: 'Petra Preskription' });
    await signIn(page, app.url, EMAIL);
    const api = await apiSession(page, app.url);
    expect((await api.call('POST', `/orgs/${api.orgId}/creditors`, { name: 'Acme Finans AB', org_no: '556036-0793' })).status).toBe(201);
    const party = await api.call('POST', `/orgs/${api.orgId}/parties`, { type: 'person', name: 'Anna Andersson', national_id: '19811218-9876' });
    expect(party.status).toBe(201);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('the wizard asks when the claim arose, and the case page counts the prescription from that day', async () => {
    await page.goto(`${app.url}/cases/create`);
    const next = page.getByRole('button', { name: 'Nästa' });
    await page.getByRole('radio', { name: /Acme Finans AB/ }).click();
    await next.click();
    await page.getByRole('radio', { name: /Anna Andersson/ }).click();
    await next.click();

    await page.getByLabel('Referensnummer *').fill('F-2001');
    await typeInto(page.getByLabel('Kapitalbelopp (kr) *'), '4500');
    await typeInto(page.getByLabel('Förfallodatum *'), dueDate);
    // After the due date: refused with the server's text before anything is sent.
    await typeInto(page.getByLabel('Fordran uppkom (fakturadatum)'), daysAgo(300));
    await page.getByRole('button', { name: 'Skapa ärende' }).click();
    await page.getByText('Fordran kan inte ha uppkommit efter förfallodagen').first().waitFor();
    await typeInto(page.getByLabel('Fordran uppkom (fakturadatum)'), aroseOn);
    await pageScreenshot(page, 'prescription-01-wizard-claim');
    await page.getByRole('button', { name: 'Skapa ärende' }).click();
    await toast(page, 'Ärende skapat!');
    await page.waitForURL(/\/cases\/[0-9a-f-]{36}$/);

    const card = page.getByRole('region', { name: 'Preskription' });
    await card.waitFor();
    const prescribedOn = addDays(addYears(aroseOn, 3), 1);
    expect(await card.getByTestId('prescribed-on').textContent()).toBe(prescribedOn);
    await card.getByText(aroseOn, { exact: true }).waitFor();
    expect(await card.getByText('uppskattat').count()).toBe(0);
    await card.getByText('Dagen fordran uppkom').waitFor();
    await card.scrollIntoViewIfNeeded();
    await pageScreenshot(page, 'prescription-02-case-card');
  });

  it('records a manual interruption only with a reason, and it sets the date', async () => {
    const card = page.getByRole('region', { name: 'Preskription' });
    await card.getByRole('button', { name: 'Registrera avbrott' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrera preskriptionsavbrott' });
    const interruptedOn = daysAgo(5);
    await typeInto(dialog.getByLabel('Datum för avbrottet *'), interruptedOn);
    await dialog.getByRole('button', { name: 'Registrera avbrott' }).click();
    await dialog.getByText('Ange varför preskriptionen avbryts').waitFor();
    await dialog.getByLabel('Anledning *').pressSequentially('Gäldenären erkände skulden i telefon');
    await dialogScreenshot(page, 'prescription-03-interruption-dialog');
    await dialog.getByRole('button', { name: 'Registrera avbrott' }).click();
    await toast(page, 'Preskriptionsavbrott registrerat');
    await dialog.waitFor({ state: 'detached' });

    const prescribedOn = addDays(addYears(interruptedOn, 3), 1);
    await card.getByTestId('prescribed-on').getByText(prescribedOn).waitFor();
    await card.getByText(`Manuellt avbrott ${interruptedOn}`).first().waitFor();
    await card.getByText('Gäldenären erkände skulden i telefon').waitFor();
    await page.getByRole('list', { name: 'Tidslinje' }).getByText('Preskriptionsavbrott registrerat').waitFor();
    await pageScreenshot(page, 'prescription-04-interrupted');
  });

  it("says 'uppskattat' when the day the claim arose is an estimate (not given: the due date)", async () => {
    const api = await apiSession(page, app.url);
    const creditors = await api.call<{ items: { id: string }[] }>('GET', `/orgs/${api.orgId}/creditors?status=active`);
    const parties = await api.call<{ items: { id: string }[] }>('GET', `/orgs/${api.orgId}/parties?status=active`);
    const created = await api.call<{ id: string }>('POST', `/orgs/${api.orgId}/cases`, {
      creditor_id: creditors.body.items[0]!.id,
      party_id: parties.body.items[0]!.id,
      reference_no: 'F-2002',
      principal_amount: '300',
      due_date: dueDate,
    });
    expect(created.status).toBe(201);
    await page.goto(`${app.url}/cases/${created.body.id}`);
    const card = page.getByRole('region', { name: 'Preskription' });
    await card.getByText('uppskattat', { exact: true }).waitFor();
    expect(await card.getByTestId('prescribed-on').textContent()).toBe(addDays(addYears(dueDate, 3), 1));
  });
});
