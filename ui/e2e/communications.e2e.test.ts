// Sending messages in a real browser against the real server (issue 11): an inkassokrav sent from
// a case with the keyboard (template and channel chosen, the preview with the case's real values),
// seen in the case's Kommunikation tab and on /communication, delivered and previewed; another
// message cancelled; the channels on a local stand-in marked 'Simulering' in the tab and the
// dialog; the debtor opting out through the link; the opt-out revoked on
// /settings/opt-out. The server's own worker is held back (FORDRAN_JOB_POLL_MS) and the test
// delivers with a recording channel directory, so what reaches the "provider" is known.
// Screenshots land in artifacts/e2e/communications-*.png.
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openAppContext, runDeliveriesUntilIdle } from '@fordran/services';
import { createRecordingChannels } from '@fordran/services/testing';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, screenshot, startApp, type RunningApp } from './harness';
import { apiSession, dialogScreenshot, pageScreenshot, signUpAndIn, toast, type ApiSession } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const NBSP = '\u00a0';

describe.runIf(hasChromium)('communications in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let session: ApiSession;
  let caseId: string;
  const channels = createRecordingChannels();

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await session.call<T>(method, path, body);
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  }

  /** What the server's worker would do, with the recording directory as the providers. */
  async function deliver(): Promise<void> {
    const ctx = await openAppContext({
      dbPath: app.dbPath,
      dataDir: dirname(app.dbPath),
      secret: 'e2e-delivery-secret-of-reasonable-length',
      seedReferenceRates: false,
      registerUrl: null,
      providers: { channels: channels.directory },
    });
    try {
      await runDeliveriesUntilIdle(ctx);
    } finally {
      await ctx.database.close();
    }
  }

  /**
   * Chooses an option of a form-kit select with the keyboard: focus it, open it with Enter, type
   * the start of the option's name (the list's type-ahead) and step with the arrow keys until it
   * is the highlighted one, then Enter.
   */
  async function chooseByKeyboard(label: string, typed: string, option: string): Promise<void> {
    const dialog = page.getByRole('dialog', { name: 'Skicka meddelande' });
    await dialog.getByRole('combobox', { name: label }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.type(typed, { delay: 60 });
    const wanted = page.getByRole('option', { name: option, exact: true });
    for (let step = 0; step < 40 && (await wanted.getAttribute('data-highlighted')) === null; step += 1) await page.keyboard.press('ArrowDown');
    expect(await wanted.getAttribute('data-highlighted')).not.toBeNull();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    buildUi();
    // The server's job worker looks for work at start and then not for an hour: the test delivers.
    app = await startApp({ FORDRAN_JOB_POLL_MS: '3600000' });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    await signUpAndIn(page, app.url, { email: 'sara@example.se', name: 'Sara Sändare' });
    session = await apiSession(page, app.url);
    const org = `/orgs/${session.orgId}`;
    const creditor = await call<{ id: string }>('POST', `${org}/creditors`, { name: 'Elbolaget Norr AB' });
    const party = await call<{ id: string }>('POST', `${org}/parties`, {
      type: 'person',
      name: 'Anna Andersson',
      email: 'anna@example.se',
      address_json: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' },
    });
    await call('POST', `${org}/bank-accounts`, { account_name: 'Klientmedel', type: 'client_funds', bg_number: '5402-9681' });
    caseId = (
      await call<{ id: string }>('POST', `${org}/cases`, {
        creditor_id: creditor.id,
        party_id: party.id,
        reference_no: 'F-2001',
        principal_amount: '7950',
        due_date: '2026-10-01',
      })
    ).id;
    await call('POST', `${org}/cases/${caseId}/status`, { status: 'active' });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('sends an inkassokrav by letter from the case: template and channel by keyboard, the preview with the real amount', async () => {
    await page.goto(`${app.url}/cases/${caseId}`);
    await page.getByRole('tab', { name: /Kommunikation/ }).click();
    await page.getByRole('heading', { name: 'Inga meddelanden ännu' }).waitFor();
    // The server's defaults: the e-mail outbox and the provider simulator stand in for e-mail, SMS and Kivra.
    await page.getByLabel('Kanaler i simuleringsläge').getByText('E-post, SMS, Kivra skickas i simuleringsläge och når inte gäldenären.').waitFor();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Skicka meddelande' }).click();
    const dialog = page.getByRole('dialog', { name: 'Skicka meddelande' });
    await dialog.waitFor();
    await chooseByKeyboard('Mall *', 'Inkassokrav (b', 'Inkassokrav (brev)');
    // The template's own channel is chosen with it.
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Kanal *' }).textContent()).toBe('Brev');
    const preview = dialog.getByLabel('Förhandsvisning');
    await preview.getByText('Brev till Storgatan 1, 111 22 Stockholm').waitFor();
    expect(await preview.textContent()).toContain(`7${NBSP}950,00`);
    expect(await preview.textContent()).toContain('5402-9681');
    // Letters go to the real print queue: no simulation.
    expect(await preview.getByText('Simulering', { exact: true }).count()).toBe(0);
    await dialogScreenshot(page, 'communications-01-send-dialog');
    await dialog.getByRole('button', { name: 'Skicka' }).click();
    await toast(page, 'Meddelande skickat');
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Inkassokrav \(brev\)/ });
    await row.getByText('Köad').waitFor();
    await page
      .getByRole('tab', { name: /Kommunikation/ })
      .getByLabel('1 st')
      .first()
      .waitFor();
  }, 90_000);

  it('sends a reminder by e-mail and cancels it before it goes out', async () => {
    await page.getByRole('tabpanel').getByRole('button', { name: 'Skicka meddelande' }).click();
    const dialog = page.getByRole('dialog', { name: 'Skicka meddelande' });
    await chooseByKeyboard('Mall *', 'P', 'Påminnelse (e-post)');
    await dialog.getByLabel('Förhandsvisning').getByText('E-post till anna@example.se').waitFor();
    await dialog.getByText('En länk för att avregistrera sig läggs till sist i meddelandet.').waitFor();
    await dialog.getByLabel('Förhandsvisning').getByText('Simulering', { exact: true }).waitFor();
    await dialog.getByText('E-post skickas i simuleringsläge: meddelandet stannar på servern och når inte gäldenären.').waitFor();
    await dialogScreenshot(page, 'communications-01b-send-dialog-simulated');
    await dialog.getByRole('button', { name: 'Skicka' }).click();
    await toast(page, 'Meddelande skickat');
    const row = page.getByRole('row', { name: /Påminnelse \(e-post\)/ });
    await row.getByRole('button', { name: 'Åtgärder för meddelandet till anna@example.se' }).click();
    await page.getByRole('menuitem', { name: 'Avbryt utskick' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Avbryta meddelandet?' });
    await confirm.getByRole('button', { name: 'Avbryt utskicket' }).click();
    await toast(page, 'Meddelandet avbrutet');
    await row.getByText('Avbruten').waitFor();
  }, 90_000);

  it('shows the letter delivered once the worker ran, with its text in the preview', async () => {
    await deliver();
    expect(channels.calls.map((message) => message.channel)).toEqual(['letter']);
    const letterRow = page.getByRole('row', { name: /Inkassokrav \(brev\)/ });
    // The tab looks again every few seconds while a message waits.
    await letterRow.getByText('Levererad').waitFor({ timeout: 15_000 });
    await letterRow.getByText('Storgatan 1, 111 22 Stockholm').click();
    const preview = page.getByRole('dialog', { name: /Inkassokrav/ });
    await preview.getByText('Leverans').waitFor();
    expect(await preview.getByLabel('Meddelandets text').textContent()).toContain('Gäldenär: Anna Andersson');
    await dialogScreenshot(page, 'communications-02-preview');
    await preview.getByRole('button', { name: 'Stäng' }).click();
    await pageScreenshot(page, 'communications-03-case-tab');
  }, 60_000);

  it('lists every message on /communication, filtered by status', async () => {
    await page.goto(`${app.url}/communication`);
    await page.getByRole('heading', { name: 'Kommunikation' }).waitFor();
    await page
      .getByRole('row', { name: /Inkassokrav \(brev\)/ })
      .getByText('Levererad')
      .waitFor();
    await page
      .getByRole('row', { name: /Påminnelse \(e-post\)/ })
      .getByText('Avbruten')
      .waitFor();
    await page.getByRole('combobox', { name: 'Filtrera på status' }).click();
    await page.getByRole('option', { name: 'Avbruten' }).click();
    await expect.poll(() => page.getByRole('row', { name: /Inkassokrav \(brev\)/ }).count()).toBe(0);
    await page.getByRole('row', { name: /Påminnelse \(e-post\)/ }).waitFor();
    await pageScreenshot(page, 'communications-04-history');
  }, 60_000);

  it('lets the debtor opt out through the link, stops e-mail to them, and lets staff revoke it', async () => {
    const messages = await call<{ items: { channel: string; body: string }[] }>('GET', `/orgs/${session.orgId}/cases/${caseId}/communications`);
    const email = messages.items.find((message) => message.channel === 'email')!;
    const link = /(\/avregistrera\/[\w-]+)$/.exec(email.body)![1]!;
    // The debtor's own browser: no session.
    const debtor = await browser.newPage({ viewport: { width: 800, height: 700 }, locale: 'sv-SE' });
    await debtor.goto(`${app.url}${link}`);
    await debtor.getByRole('heading', { name: 'Avregistrera dig från utskick' }).waitFor();
    await debtor.getByText(/a\*\*\*@example\.se/).waitFor();
    await debtor.getByRole('button', { name: 'Avregistrera mig' }).click();
    await debtor.getByRole('heading', { name: 'Du är avregistrerad' }).waitFor();
    await screenshot(debtor, 'communications-05-unsubscribed');
    await debtor.close();

    await page.goto(`${app.url}/cases/${caseId}`);
    await page.getByRole('button', { name: 'Skicka meddelande' }).first().click();
    await chooseByKeyboard('Mall *', 'P', 'Påminnelse (e-post)');
    const dialog = page.getByRole('dialog', { name: 'Skicka meddelande' });
    await dialog.getByText('Mottagaren har avregistrerat sig från utskick via kanalen').waitFor();
    expect(await dialog.getByRole('button', { name: 'Skicka' }).isDisabled()).toBe(true);
    await dialogScreenshot(page, 'communications-06-opted-out');
    await page.keyboard.press('Escape');

    await page.goto(`${app.url}/settings/opt-out`);
    const row = page.getByRole('row', { name: /anna@example\.se/ });
    await row.getByText('E-post').waitFor();
    await pageScreenshot(page, 'communications-07-opt-outs');
    await row.getByRole('button', { name: 'Återkalla avregistreringen för anna@example.se' }).click();
    await page.getByRole('alertdialog', { name: 'Återkalla avregistreringen?' }).getByRole('button', { name: 'Återkalla' }).click();
    await toast(page, 'Revoked');
    await page.getByRole('heading', { name: 'Inga avregistreringar' }).waitFor();
  }, 90_000);

  it("sets the organisation's sending hours on /settings/organisation", async () => {
    await page.goto(`${app.url}/settings/organisation`);
    const section = page.getByRole('form', { name: 'Sändningstider för sms och e-post' });
    await section.getByRole('checkbox', { name: 'Lördag' }).click();
    const start = section.getByRole('textbox', { name: 'Från' });
    await start.clear();
    await start.pressSequentially('09:30');
    await section.getByRole('button', { name: 'Spara sändningstider' }).click();
    await toast(page, 'Sändningstiderna har sparats');
    const organisation = await call<{ settings: { send_hours?: unknown } }>('GET', `/orgs/${session.orgId}`);
    expect(organisation.settings.send_hours).toEqual({ days: [1, 2, 3, 4, 5, 6], start: '09:30', end: '20:00' });
    const end = section.getByRole('textbox', { name: 'Till' });
    await end.clear();
    await end.pressSequentially('07:00');
    await section.getByRole('button', { name: 'Spara sändningstider' }).click();
    await toast(page, 'Fel vid sparande');
    await section.getByText('Sluttiden måste vara efter starttiden').first().waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'communications-08-send-hours', { fullPage: false });
  }, 60_000);
});
