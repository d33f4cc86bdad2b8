// Mallbibliotek Sverige v1 in a real browser against the real server (issue 11): the library a new
// organisation gets, the category chips, 'Ny mall' typed key by key ('Mall skapad'), the editor's
// tabs with its refusal ('Obligatoriska fält saknas'), the live preview naming an unknown variable,
// a save ('Sparat') and the active toggle. Screenshots: artifacts/e2e/templates-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import { apiSession, dialogScreenshot, pageScreenshot, signIn, signUpByApi, toast, typeInto, type ApiSession } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const USER = { email: 'mallar@example.se', name: 'Maja Mallsson' };
const NAME = 'Påminnelse före inkasso';

interface Template {
  id: string;
  code: string;
  name: string;
  category: string;
  channel: string;
  subject: string | null;
  body_md: string;
  version: number;
  is_active: boolean;
}

describe.runIf(hasChromium)('the template library in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let api: ApiSession;

  async function templates(): Promise<Template[]> {
    return (await api.call<{ items: Template[] }>('GET', `/orgs/${api.orgId}/templates`)).body.items;
  }
  const created = async () => (await templates()).find((template) => template.name.startsWith(NAME));

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    context.setDefaultTimeout(30_000);
    page = await context.newPage();
    await signUpByApi(app.url, USER);
    await signIn(page, app.url, USER.email);
    api = await apiSession(page, app.url);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the library with its category chips and 150-character previews', async () => {
    await page.goto(`${app.url}/settings/templates`);
    await page.getByRole('heading', { name: 'Mallbibliotek Sverige v1' }).waitFor();
    await page.getByText('Inkassokrav (brev)').waitFor();
    await pageScreenshot(page, 'templates-01-library');

    const chips = page.getByRole('group', { name: 'Kategori' });
    await chips.getByRole('button', { name: /^Inkassokrav/ }).click();
    await expect.poll(() => page.locator('.template-row').count()).toBe(2);
    await page.getByText('Inkassolagen 5 §').first().waitFor();
    await chips.getByRole('button', { name: /^Tvistemål/ }).click();
    await page.getByText('Inga mallar i kategorin Tvistemål').waitFor();
    await chips.getByRole('button', { name: /^Alla/ }).click();
    expect(await page.locator('.template-row').count()).toBe((await templates()).length);
  });

  it("creates a template key by key: save waits for name and body ('Mall skapad')", async () => {
    await page.getByRole('button', { name: 'Ny mall' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ny mall' });
    const save = dialog.getByRole('button', { name: 'Skapa mall' });
    expect(await save.isDisabled()).toBe(true);
    await typeInto(dialog.getByLabel('Namn *'), NAME);
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Kategori' }).click();
    await page.getByRole('option', { name: 'Påminnelse' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    // E-mail has a subject; SMS has none.
    await dialog.getByLabel('Ämne').waitFor();
    await dialog.getByRole('combobox', { name: 'Kanal' }).click();
    await page.getByRole('option', { name: 'SMS' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Ämne').count()).toBe(0);

    await typeInto(dialog.getByLabel('Innehåll *'), 'Hej {{debtor_name}}! Att betala: ');
    await dialog.getByRole('button', { name: 'Infoga variabel' }).click();
    await page.getByRole('menuitem', { name: /Att betala \(totalt utestående\)/ }).click();
    await dialog.getByLabel('Innehåll *').press('End');
    await dialog.getByLabel('Innehåll *').pressSequentially('. Ärende {{case_reference}}.');
    expect(await save.isDisabled()).toBe(false);
    await dialogScreenshot(page, 'templates-02-create');
    await save.click();
    await toast(page, 'Mall skapad');
    await dialog.waitFor({ state: 'detached' });

    const template = await created();
    expect(template).toMatchObject({ name: NAME, category: 'reminder', channel: 'sms', subject: null, version: 1, is_active: true });
    expect(template!.body_md).toBe('Hej {{debtor_name}}! Att betala: {{amount}}. Ärende {{case_reference}}.');
    expect(template!.code).toMatch(/^REMINDER_\d{13}$/);
    await page.locator('.template-row').getByText(template!.code).waitFor();
  });

  it("edits it in the tabs: a missing name is refused ('Obligatoriska fält saknas'), the preview names an unknown variable, then 'Sparat'", async () => {
    const before = (await created())!;
    await page.getByRole('button', { name: `Redigera ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Redigera mall' });
    for (const tab of ['Grundläggande', 'Innehåll', 'Inställningar']) await dialog.getByRole('tab', { name: tab }).waitFor();
    expect(await dialog.getByLabel('Kod *').inputValue()).toBe(before.code);
    expect(await dialog.getByLabel('Kod *').getAttribute('readonly')).not.toBeNull();

    await dialog.getByLabel('Namn *').clear();
    await dialog.getByRole('button', { name: 'Spara mall' }).click();
    await toast(page, 'Obligatoriska fält saknas');
    await toast(page, 'Namn och kod måste fyllas i.');
    await typeInto(dialog.getByLabel('Namn *'), `${NAME} (SMS)`);

    await dialog.getByRole('tab', { name: 'Innehåll' }).click();
    const body = dialog.getByLabel('Innehåll *');
    await body.press('End');
    await body.pressSequentially(' Hälsningar {{kund}}');
    const preview = dialog.getByRole('region', { name: 'Förhandsvisning' });
    await preview.getByText('Okänd variabel i mallen: kund').waitFor();
    for (let i = 0; i < ' Hälsningar {{kund}}'.length; i += 1) await body.press('Backspace');
    await preview.getByText(/^Hej Sven Svensson! Att betala: 8\u00a0195,34\u00a0kr\. Ärende F-2026-001\.$/).waitFor();
    await dialogScreenshot(page, 'templates-03-editor-content');

    await dialog.getByRole('tab', { name: 'Inställningar' }).click();
    await typeInto(dialog.getByLabel('Version'), '2');
    await typeInto(dialog.getByLabel('Språk'), 'sv');
    await dialogScreenshot(page, 'templates-04-editor-settings');
    await dialog.getByRole('button', { name: 'Spara mall' }).click();
    await toast(page, 'Sparat');
    await dialog.waitFor({ state: 'detached' });
    expect(await created()).toMatchObject({ name: `${NAME} (SMS)`, code: before.code, version: 2, body_md: before.body_md });
  });

  it("switches it off and on with the list's toggle ('Sparat')", async () => {
    const toggle = page.getByRole('switch', { name: `${NAME} (SMS) aktiv` });
    await toggle.click();
    await toast(page, 'Sparat');
    await expect.poll(async () => (await created())?.is_active).toBe(false);
    await pageScreenshot(page, 'templates-05-toggled');
    await toggle.click();
    await expect.poll(async () => (await created())?.is_active).toBe(true);
  });

  it('shows the inkassokrav rendered for an example case, interest per period and each fee, and what inkassolagen 5 § asks is there', async () => {
    await page.getByRole('button', { name: 'Redigera Inkassokrav (brev)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redigera mall' });
    await dialog.getByRole('tab', { name: 'Innehåll' }).click();
    const preview = dialog.getByRole('region', { name: 'Förhandsvisning' });
    await preview.getByText(/per år på 7\u00a0950,00\u00a0kr = 65,34\u00a0kr/).waitFor();
    await preview.getByText('Inkassoavgift: 180,00\u00a0kr', { exact: false }).waitFor();
    await dialog.getByText('Den sparade texten har allt ett inkassokrav ska innehålla (inkassolagen 5 §).').waitFor();
    await dialogScreenshot(page, 'templates-06-demand-preview');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("sets the inkassokrav's payment time on the organisation page: never below 8 days", async () => {
    await page.goto(`${app.url}/settings/organisation`);
    const days = page.getByLabel('Betalningstid (dagar)');
    expect(await days.inputValue()).toBe('10');
    await typeInto(days, '7');
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect.poll(() => days.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Minst 8 dagar (god inkassosed)').waitFor();
    await typeInto(days, '14');
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await toast(page, 'Sparat');
    const organisation = await api.call<{ settings: Record<string, unknown> }>('GET', `/orgs/${api.orgId}`);
    expect(organisation.body.settings.demand_payment_days).toBe(14);
  });
});
