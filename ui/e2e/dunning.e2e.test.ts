// The 'Kravplan' tab of /settings/communication in a real browser against the real server: the
// default plan, editing it key by key — a step out of order refused with the server's reason,
// then saved ('Kravplan sparad') — a dry run that says what would go out, and 'Kör nu' that sends
// the case's due step once, and a creditor's own plan ('Egen kravplan för borgenär') typed key by
// key, listed and used by the next run. Screenshots: artifacts/e2e/dunning-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import { apiSession, daysAgo, dialogScreenshot, pageScreenshot, signUpAndIn, toast, typeInto, type ApiSession } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

describe.runIf(hasChromium)('the dunning plan in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let session: ApiSession;
  let caseId: string;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await session.call<T>(method, path, body);
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  }

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    page.setDefaultTimeout(8000);
    await signUpAndIn(page, app.url, { email: 'krav@example.se', name: 'Klara Krav' });
    session = await apiSession(page, app.url);
    const org = `/orgs/${session.orgId}`;
    const creditor = await call<{ id: string }>('POST', `${org}/creditors`, { name: 'Elbolaget Norr AB' });
    const party = await call<{ id: string }>('POST', `${org}/parties`, {
      type: 'person',
      name: 'Anna Andersson',
      address_json: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' },
    });
    await call('POST', `${org}/bank-accounts`, { account_name: 'Klientmedel', type: 'client_funds', bg_number: '5402-9681' });
    // 15 days past due: the påminnelse (10 days, 12 once edited) is due.
    caseId = (
      await call<{ id: string }>('POST', `${org}/cases`, {
        creditor_id: creditor.id,
        party_id: party.id,
        reference_no: 'F-4001',
        principal_amount: '1200',
        due_date: daysAgo(15),
      })
    ).id;
    await call('POST', `${org}/cases/${caseId}/status`, { status: 'active' });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the default plan on the Kravplan tab', async () => {
    await page.goto(`${app.url}/settings/communication`);
    await page.getByRole('tab', { name: 'Kravplan' }).click();
    const steps = page.getByRole('table', { name: 'Kravplanens steg' });
    await steps.waitFor();
    const first = (await steps.getByRole('row').nth(1).textContent())?.replace(/\u00a0/g, ' ');
    expect(first).toBe('Påminnelse10Påminnelse (brev)BrevPåminnelseavgift (60,00 kr)Påminnelse');
    await expect(steps.getByRole('row').nth(2).textContent()).resolves.toContain('Inkassokrav25');
    await page.getByRole('heading', { name: 'Inga kravkörningar ännu' }).waitFor();
    await pageScreenshot(page, 'dunning-plan');
  });

  it('edits the plan key by key: a step out of order is refused with the reason, then saved', async () => {
    await page.getByRole('button', { name: 'Redigera' }).click();
    const form = page.getByRole('form', { name: 'Redigera kravplan' });
    await typeInto(form.getByLabel('Dagar efter förfallodag, steg 1'), '12');
    await form.getByRole('button', { name: 'Lägg till steg' }).click();
    await typeInto(form.getByLabel('Namn, steg 3'), 'Sista påminnelse');
    await typeInto(form.getByLabel('Dagar efter förfallodag, steg 3'), '20');
    await form.getByRole('button', { name: 'Spara' }).click();
    await toast(page, 'Kunde inte spara kravplanen');
    await form.getByRole('alert').filter({ hasText: 'Varje steg måste ligga fler dagar efter förfallodagen än steget före' }).waitFor();
    await dialogScreenshot(page, 'dunning-plan-refused');

    await typeInto(form.getByLabel('Dagar efter förfallodag, steg 3'), '45');
    await form.getByLabel('Avgift, steg 3').click();
    await page.getByRole('option', { name: 'Ingen', exact: true }).click();
    await form.getByRole('button', { name: 'Spara' }).click();
    await toast(page, 'Kravplan sparad');
    const steps = page.getByRole('table', { name: 'Kravplanens steg' });
    await steps.getByRole('row').nth(3).waitFor();
    expect(await steps.getByRole('row').count()).toBe(4);
    await expect(steps.getByRole('row').nth(1).textContent()).resolves.toContain('Påminnelse12');
    await expect(steps.getByRole('row').nth(3).textContent()).resolves.toBe('Sista påminnelse45Inkassokrav (brev)Brev––');
  });

  it('a dry run says what would go out; Kör nu sends it, once', async () => {
    await page.getByRole('button', { name: 'Provkör' }).click();
    const outcome = page.getByRole('status').filter({ hasText: 'Provkörning' });
    await outcome.waitFor();
    await expect(outcome.textContent()).resolves.toContain('1 ärenden, 1 meddelanden skulle skickas, 0 avgifter');

    await page.getByRole('button', { name: 'Kör nu' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Kör kravplanen nu?' });
    await confirm.getByRole('button', { name: 'Kör nu' }).click();
    await toast(page, 'Kravkörning klar');
    const runs = page.getByRole('table', { name: 'Kravkörningar' });
    await runs.getByRole('row').nth(1).getByText('Klar', { exact: true }).waitFor();
    await expect(runs.getByRole('row').nth(1).textContent()).resolves.toContain('Klara Krav');
    await pageScreenshot(page, 'dunning-runs');

    const messages = await call<{ items: { template_code: string | null }[] }>('GET', `/orgs/${session.orgId}/cases/${caseId}/communications`);
    expect(messages.items).toHaveLength(1);
    await page.getByRole('button', { name: 'Kör nu' }).click();
    await confirm.getByRole('button', { name: 'Kör nu' }).click();
    await toast(page, '0 meddelanden skickade');
    expect((await call<{ items: unknown[] }>('GET', `/orgs/${session.orgId}/cases/${caseId}/communications`)).items).toHaveLength(1);
  });

  it("gives a creditor its own plan, typed key by key, that the next run follows instead of the organisation's", async () => {
    await page.getByRole('button', { name: 'Egen kravplan för borgenär' }).click();
    await page.getByRole('button', { name: 'Borgenär' }).click();
    await typeInto(page.getByLabel('Sök borgenär'), 'Elbolaget');
    await page.getByRole('option', { name: /Elbolaget Norr AB/ }).click();
    const form = page.getByRole('form', { name: 'Kravplan för Elbolaget Norr AB' });
    // It starts from the organisation's three steps.
    await expect(form.getByLabel('Namn, steg 3').inputValue()).resolves.toBe('Sista påminnelse');
    await typeInto(form.getByLabel('Namn, steg 1'), 'Tidig påminnelse');
    await typeInto(form.getByLabel('Dagar efter förfallodag, steg 1'), '5');
    await typeInto(form.getByLabel('Dagar efter förfallodag, steg 2'), '14');
    await form.getByRole('button', { name: 'Ta bort steg 3' }).click();
    await dialogScreenshot(page, 'dunning-creditor-plan');
    await form.getByRole('button', { name: 'Spara' }).click();
    await toast(page, 'Kundens kravplan sparad');

    const own = page.getByRole('table', { name: 'Kunders egna kravplaner' });
    await own.getByRole('row').first().waitFor();
    await expect(own.getByRole('row').first().textContent()).resolves.toContain('Elbolaget Norr ABTidig påminnelse (5 d), Inkassokrav (14 d)');
    await pageScreenshot(page, 'dunning-creditor-plans');
    const plans = await call<{ organisation: { steps: unknown[] }; creditors: { creditor_name: string; steps: { days_past_due: number }[] }[] }>(
      'GET',
      `/orgs/${session.orgId}/dunning/plans`,
    );
    expect(plans.organisation.steps).toHaveLength(3);
    expect(plans.creditors.map((plan) => [plan.creditor_name, plan.steps.map((step) => step.days_past_due)])).toEqual([['Elbolaget Norr AB', [5, 14]]]);

    // The case (15 days past due, its påminnelse sent) is due for the creditor's inkassokrav at 14 days, not the organisation's at 25.
    await page.getByRole('button', { name: 'Provkör' }).click();
    const outcome = page.getByRole('status').filter({ hasText: 'Provkörning' });
    await outcome.waitFor();
    await expect(outcome.textContent()).resolves.toContain('1 ärenden, 1 meddelanden skulle skickas');
  });
});
