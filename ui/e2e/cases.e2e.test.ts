// The cases flow of issue 4 in a real browser against the real server: a new organisation (with
// the statutory fee catalogue, interest profiles and rules) gets a creditor and a person debtor
// through the API; then, in the UI: wizard → case → activate → Inkassokrav → 'Inkassoavgift' →
// the same fee again → interest → Förseningsersättning not offered beside it (a rule) and a blocked
// attempt's flag resolved → the same fee not offered to a consumer (the law) → a prescription flag resolved → the list with its
// filters in the URL → an unknown case. Screenshots: artifacts/e2e/cases-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import { apiSession, daysAgo, dialogScreenshot, pageScreenshot, recordSentDemand, signIn, signUpByApi, toast, typeInto, type ApiSession } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const EMAIL = 'handlaggare@example.se';

describe.runIf(hasChromium)('cases in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiSession;
  let orgId: string;

  /** The creditor and the debtor made in the first test. */
  async function directoryIds(): Promise<{ creditorId: string; partyId: string }> {
    const creditors = await callApi<{ items: { id: string }[] }>('GET', `/orgs/${orgId}/creditors?status=active`);
    const parties = await callApi<{ items: { id: string }[] }>('GET', `/orgs/${orgId}/parties?status=active`);
    return { creditorId: creditors.body.items[0]!.id, partyId: parties.body.items[0]!.id };
  }

  /** Calls the API as the signed-in user. */
  function callApi<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    return api.call<T>(method, path, body);
  }

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    page = await context.newPage();
    // A missing element fails the step with a locator error well before the test's own limit.
    context.setDefaultTimeout(30_000);
    await signUpByApi(app.url, { email: EMAIL, name: 'Hanna Handläggare' });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('signs in and sets up a creditor and a debtor through the API', async () => {
    await signIn(page, app.url, EMAIL);
    api = await apiSession(page, app.url);
    orgId = api.orgId;

    const creditor = await callApi('POST', `/orgs/${orgId}/creditors`, { name: 'Acme Finans AB', org_no: '556036-0793' });
    expect(creditor.status).toBe(201);
    const party = await callApi('POST', `/orgs/${orgId}/parties`, {
      type: 'person',
      name: 'Anna Andersson',
      national_id: '19811218-9876',
      email: 'anna@example.se',
    });
    expect(party.status).toBe(201);
  });

  it('shows the empty list with a call to action', async () => {
    await page.goto(`${app.url}/cases`);
    await page.getByText('Inga ärenden ännu').waitFor();
    await pageScreenshot(page, 'cases-01-empty-list');
  });

  it('creates a case with the wizard', async () => {
    await page.getByRole('link', { name: 'Skapa ärende' }).first().click();
    await page.waitForURL('**/cases/create');
    const next = page.getByRole('button', { name: 'Nästa' });
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: /Acme Finans AB/ }).click();
    expect(await next.isEnabled()).toBe(true);
    await pageScreenshot(page, 'cases-02-wizard-creditor');
    await next.click();

    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: /Anna Andersson/ }).click();
    await pageScreenshot(page, 'cases-03-wizard-debtor');
    await next.click();

    // The client checks first, with the spec's texts.
    await page.getByRole('button', { name: 'Skapa ärende' }).click();
    await toast(page, 'Validering misslyckades');
    expect(await page.getByText('Alla obligatoriska fält måste fyllas i').count()).toBeGreaterThan(0);
    await page.getByLabel('Referensnummer *').fill('F-1001');
    await typeInto(page.getByLabel('Kapitalbelopp (kr) *'), '0');
    await typeInto(page.getByLabel('Förfallodatum *'), daysAgo(60));
    await page.getByRole('button', { name: 'Skapa ärende' }).click();
    await page.getByText('Belopp måste vara större än 0').first().waitFor();

    await typeInto(page.getByLabel('Kapitalbelopp (kr) *'), '7950');
    await page.getByLabel('Avtalstyp').fill('Faktura');
    await page.getByRole('checkbox', { name: /Påminnelseavgift avtalad/ }).click();
    await pageScreenshot(page, 'cases-04-wizard-claim');
    await page.getByRole('button', { name: 'Skapa ärende' }).click();
    await toast(page, 'Ärende skapat!');
    await page.waitForURL(/\/cases\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'F-1001' }).waitFor();
    expect(await page.getByText('Utkast').count()).toBeGreaterThan(0);
  });

  it('activates the case and moves it to Inkassokrav', async () => {
    await page.getByRole('button', { name: 'Aktivera' }).click();
    await toast(page, 'Ärendet aktiverat');
    await page.getByRole('button', { name: 'Flytta till Inkassokrav' }).click();
    await toast(page, 'Fas ändrad');
    await page.getByText('Fas ändrad från Intag till Inkassokrav').waitFor();
    // The inkassokrav goes out before its fee may be charged (lag 1981:739 3 § 1).
    await recordSentDemand(app, orgId, page.url().split('/').at(-1)!);
    await page.reload();
  });

  it('adds Inkassoavgift once and refuses it the second time', async () => {
    // A second tab opens the dialog before the fee exists, so its list still offers the fee.
    const second = await context.newPage();
    await second.goto(page.url());
    await second.getByRole('button', { name: 'Lägg till avgift' }).click();
    await second.getByRole('radio', { name: /Inkassoavgift/ }).click();

    await page.getByRole('button', { name: 'Lägg till avgift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lägg till avgift' });
    await dialog.getByRole('radio', { name: /Inkassoavgift/ }).click();
    await dialogScreenshot(page, 'cases-06-fee-dialog');
    await dialog.getByRole('button', { name: 'Lägg till avgift' }).click();
    await toast(page, 'Avgift tillagd!');

    await second.getByRole('dialog').getByRole('button', { name: 'Lägg till avgift' }).click();
    await toast(second, 'Avgift redan tillagd');
    await dialogScreenshot(second, 'cases-07-fee-duplicate');
    await second.close();
  });

  it('calculates interest and shows the periods', async () => {
    await page.getByRole('button', { name: 'Beräkna ränta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Beräkna ränta' });
    await dialog.getByRole('button', { name: 'Beräkna', exact: true }).click();
    await toast(page, 'Ränta beräknad!');
    await dialog.getByRole('columnheader', { name: 'Belopp' }).waitFor();
    await dialogScreenshot(page, 'cases-08-interest');
    await dialog.getByRole('button', { name: 'Stäng' }).click();
  });

  it('offers no Förseningsersättning next to Inkassoavgift (a rule blocks it) and says so; a blocked attempt leaves a flag that is resolved', async () => {
    await page.getByRole('button', { name: 'Lägg till avgift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lägg till avgift' });
    const late = dialog.getByRole('radio', { name: /Förseningsersättning/ });
    expect(await late.isDisabled()).toBe(true);
    await dialog.getByText(/Kan inte läggas till: Åtgärd blockerad: /).waitFor();
    expect(await dialog.getByRole('radio', { name: /Inkassoavgift/ }).isDisabled()).toBe(true);
    await dialog.getByText('Kan inte läggas till: Avgift redan tillagd').waitFor();
    await dialogScreenshot(page, 'cases-06b-fee-options');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();

    // An attempt the rule blocks anyway (here through the API) records the flag that explains it.
    const caseId = page.url().split('/').at(-1)!;
    const blocked = await callApi<{ error: { code: string } }>('POST', `/orgs/${orgId}/cases/${caseId}/fees`, { code: 'LATE_FEE_450' });
    expect(blocked.body.error.code).toBe('ACTION_BLOCKED');
    await page.reload();
    const banner = page.locator('[data-flag-level="block"]');
    await banner.getByText(/Regel: Förseningsersättning 450 kr är exklusiv/).waitFor();
    await pageScreenshot(page, 'cases-05-detail');
    // A blocking flag is resolved only with a reason, which the timeline keeps.
    await banner.getByRole('button', { name: /^Lös/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Lös den blockerande flaggan?' });
    await confirm.getByRole('button', { name: 'Lös flaggan' }).click();
    await confirm.getByText('Ange varför flaggan löses').waitFor();
    await confirm.getByLabel('Anledning *').pressSequentially('Inkassoavgiften krediteras borgenären');
    await dialogScreenshot(page, 'cases-05b-flag-reason');
    await confirm.getByRole('button', { name: 'Lös flaggan' }).click();
    await toast(page, 'Flagga löst');
    await banner.waitFor({ state: 'detached' });
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Tidslinje' }).getByText('Inkassoavgiften krediteras borgenären').waitFor();
    // The banner that opened the dialog is gone: focus lands on the page, not on <body>.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.getByRole('list', { name: 'Tidslinje' }).getByText('Flagga löst', { exact: true }).waitFor();
  });

  it('does not offer Förseningsersättning to a consumer, and says the law forbids it', async () => {
    const { creditorId, partyId } = await directoryIds();
    const fresh = await callApi<{ id: string }>('POST', `/orgs/${orgId}/cases`, {
      creditor_id: creditorId,
      party_id: partyId,
      reference_no: 'F-1002',
      principal_amount: '2500.00',
      due_date: daysAgo(30),
    });
    expect(fresh.status).toBe(201);
    await page.goto(`${app.url}/cases/${fresh.body.id}`);
    await page.getByRole('heading', { name: 'F-1002' }).waitFor();
    await page.getByRole('button', { name: 'Lägg till avgift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lägg till avgift' });
    expect(await dialog.getByRole('radio', { name: /Förseningsersättning/ }).isDisabled()).toBe(true);
    await dialog.getByText('Kan inte läggas till: Förseningsersättning får inte tas ut av en privatperson', { exact: false }).waitFor();
    await dialog.getByText(/Kan inte läggas till: Avgift för amorteringsplan får bara tas ut när en amorteringsplan har upprättats/).waitFor();
    // No inkassokrav has gone out on this case yet, so no collection fee either (lag 1981:739 3 § 1).
    expect(await dialog.getByRole('radio', { name: /Inkassoavgift/ }).isDisabled()).toBe(true);
    await dialog.getByText(/Kan inte läggas till: Inkassoavgift får bara tas ut när ett inkassokrav som uppfyller inkassolagen 5 § har skickats/).waitFor();
    await dialogScreenshot(page, 'cases-09-fee-refused');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
  });

  it('closes a case only with a reason and reopens it', async () => {
    const workflow = page.getByRole('region', { name: 'Handläggning' });
    const closeButton = workflow.getByRole('button', { name: 'Stäng', exact: true });
    await closeButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Stäng ärendet' });
    await dialog.getByRole('button', { name: 'Stäng ärendet' }).click();
    await dialog.getByText('Ange varför ärendet stängs').waitFor();
    await dialog.getByLabel('Anledning *').pressSequentially('ok');
    await dialog.getByRole('button', { name: 'Stäng ärendet' }).click();
    await dialog.getByText('Anledningen måste vara minst 3 tecken').waitFor();
    // Cancelling changes nothing and puts focus back on the button that opened the dialog.
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await closeButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await closeButton.click();
    await dialog.getByLabel('Anledning *').pressSequentially('Registrerat av misstag');
    await dialogScreenshot(page, 'cases-13-close-dialog');
    await dialog.getByRole('button', { name: 'Stäng ärendet' }).click();
    await toast(page, 'Ärendet stängt');
    await page.getByRole('list', { name: 'Tidslinje' }).getByText('Registrerat av misstag').waitFor();
    await workflow.getByRole('button', { name: 'Återöppna' }).click();
    await toast(page, 'Ärendet återöppnat');
    await page.getByText('Status ändrad från Stängd till Aktiv').waitFor();
  });

  it('shows the prescription flag of a claim due four years ago and resolves it', async () => {
    const { creditorId, partyId } = await directoryIds();
    const old = await callApi<{ id: string }>('POST', `/orgs/${orgId}/cases`, {
      creditor_id: creditorId,
      party_id: partyId,
      reference_no: 'F-0001',
      principal_amount: '1200.00',
      due_date: daysAgo(4 * 365),
    });
    expect(old.status).toBe(201);
    await page.goto(`${app.url}/cases/${old.body.id}`);
    await page.getByRole('heading', { name: 'F-0001' }).waitFor();
    // PRESCRIPTION blocks every action: calculating interest is refused and raises the flag.
    await page.getByRole('button', { name: 'Beräkna ränta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Beräkna ränta' });
    await dialog.getByRole('button', { name: 'Beräkna', exact: true }).click();
    await toast(page, 'Åtgärd blockerad');
    await dialog.getByRole('button', { name: 'Stäng' }).click();
    const banner = page.locator('[data-flag-level="block"]');
    await banner.getByText(/preskriberad/).waitFor();
    await pageScreenshot(page, 'cases-10-flag');

    // The case's card in the list carries the open flag too.
    await page.getByRole('link', { name: 'Tillbaka till ärenden' }).click();
    await page
      .getByRole('link', { name: /Ärende F-0001/ })
      .getByLabel('1 blockerande flagga')
      .waitFor();
    await pageScreenshot(page, 'cases-11-list');
    await page.goBack();
    await page.getByRole('heading', { name: 'F-0001' }).waitFor();

    // A blocking flag is resolved only with a reason, which the timeline keeps.
    await banner.getByRole('button', { name: /^Lös/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Lös den blockerande flaggan?' });
    await confirm.getByRole('button', { name: 'Lös flaggan' }).click();
    await confirm.getByText('Ange varför flaggan löses').waitFor();
    await confirm.getByLabel('Anledning *').pressSequentially('Preskriptionen avbruten genom erkännande');
    await dialogScreenshot(page, 'cases-10b-flag-reason');
    await confirm.getByRole('button', { name: 'Lös flaggan' }).click();
    await toast(page, 'Flagga löst');
    await banner.waitFor({ state: 'detached' });
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Tidslinje' }).getByText('Preskriptionen avbruten genom erkännande').waitFor();
    // The banner that opened the dialog is gone: focus lands on the page, not on <body>.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  it('lists the cases and keeps the filters in the URL', async () => {
    await page.getByRole('link', { name: 'Tillbaka till ärenden' }).click();
    await page.waitForURL('**/cases');
    await page.getByText('F-1001').waitFor();
    await page.getByText('F-0001').waitFor();

    await page.getByLabel('Sök ärenden').fill('F-1001');
    await page.waitForURL(/q=F-1001/);
    await page.getByText('F-0001').waitFor({ state: 'detached' });
    await page.reload();
    expect(await page.getByLabel('Sök ärenden').inputValue()).toBe('F-1001');
    await page.getByText('F-1001').waitFor();

    await page.getByLabel('Sök ärenden').fill('finns-inte');
    await page.getByText('Inga ärenden matchar filtren').waitFor();
    await pageScreenshot(page, 'cases-12-no-match');
    await page.getByRole('button', { name: 'Rensa filter' }).click();
    await page.getByText('F-0001').waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it('says when a case does not exist', async () => {
    await page.goto(`${app.url}/cases/00000000-0000-4000-8000-000000000000`);
    await page.getByText('Ärende hittades inte').waitFor();
    await page.getByRole('link', { name: 'Tillbaka till ärenden' }).last().click();
    await page.waitForURL('**/cases');
  });
});
