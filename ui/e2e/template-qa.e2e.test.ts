// Mall-QA Sverige in a real browser against the real server (issue 11): 'Kör QA' with its progress
// and 'QA-test slutfört', the batch list with pass/fail counts, the HTML report in a sandboxed frame
// (a demand without a bankgiro fails, with one it passes), the test cases kept out of the case list,
// and 'Rensa'. Screenshots: artifacts/e2e/template-qa-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import { apiSession, dialogScreenshot, pageScreenshot, signIn, signUpByApi, toast, type ApiSession } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const USER = { email: 'mallqa@example.se', name: 'Quinn Andersson' };

describe.runIf(hasChromium)('template QA in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let api: ApiSession;

  const rows = () => page.locator('.template-qa-row');
  const report = () => page.frameLocator('iframe[title="QA-rapport"]');

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    context.setDefaultTimeout(60_000);
    page = await context.newPage();
    await signUpByApi(app.url, USER);
    await signIn(page, app.url, USER.email);
    api = await apiSession(page, app.url);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('starts empty, runs a batch and reports the demands that have no bankgiro to state', async () => {
    await page.goto(`${app.url}/settings/template-qa`);
    await page.getByRole('heading', { name: 'Mall-QA Sverige' }).waitFor();
    await page.getByText('Inga QA-körningar ännu').waitFor();
    await pageScreenshot(page, 'template-qa-01-empty');

    await page.getByRole('button', { name: 'Kör QA' }).click();
    await page.getByText('Skapar testärenden och renderar mallarna…').waitFor();
    await toast(page, 'QA-test slutfört');
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBe(1);
    await rows().first().getByText('Underkänd').waitFor();
    await report().getByText('Värde saknas för variabel i mallen: bankgiro').first().waitFor();
    // Everything in the frame is the stored HTML: no script may run there.
    expect(await page.locator('iframe[title="QA-rapport"]').getAttribute('sandbox')).toBe('');
    await dialogScreenshot(page, 'template-qa-02-failed');
  });

  it('passes once the organisation has a bankgiro; the test cases never show in the case list', async () => {
    const account = await api.call('POST', `/orgs/${api.orgId}/bank-accounts`, {
      account_name: 'Klientmedel',
      type: 'client_funds',
      bg_number: '5402-9681',
    });
    expect(account.status).toBe(201);
    await page.getByRole('button', { name: 'Kör QA' }).click();
    await toast(page, 'QA-test slutfört');
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBe(2);
    await rows().first().getByText('Godkänd').waitFor();
    await report()
      .getByText(/0 underkända/)
      .waitFor();
    await pageScreenshot(page, 'template-qa-03-passed');

    const cases = await api.call<{ total: number }>('GET', `/orgs/${api.orgId}/cases`);
    expect(cases.body.total).toBe(0);
  });

  it("'Rensa' removes a batch and its cases", async () => {
    const before = await api.call<{ items: { id: string }[] }>('GET', `/orgs/${api.orgId}/templates/qa/batches`);
    await rows().nth(1).getByRole('button', { name: 'Rensa' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Rensa QA-körningen?' });
    await dialog.getByRole('button', { name: 'Rensa' }).click();
    await toast(page, 'Testdata borttagen');
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBe(1);
    const after = await api.call<{ items: { id: string }[] }>('GET', `/orgs/${api.orgId}/templates/qa/batches`);
    expect(after.body.items.map((batch) => batch.id)).toEqual([before.body.items[0]!.id]);
  });
});
