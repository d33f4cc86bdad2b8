// Lawsuits in a real browser against the real server with the demo data: 'Ny stämning' on a
// demo case, the create form (suggested track and its reason, court fee) filled key by key, then
// the lawsuit moved filed → served → judgment on its page with the court fee booked, a deadline
// added, and the list filtered by status. Screenshots: artifacts/e2e/lawsuits-*.png.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import { apiSession, dialogScreenshot, pageScreenshot, toast, typeInto, type ApiSession } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const CLI = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

/**
 * `fordran seed demo` into a fresh database and data folder, before the server starts on them: a
 * running server's job worker would take the seed's letters off its queue and post them at the
 * real time, not the demo's, and the demo's escalations would then find no inkassokrav posted in
 * time (it happened under load). The demo organisation's admin and where its data is.
 */
function seedDemo(): { email: string; password: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'fordran-e2e-demo-'));
  const env = { FORDRAN_DB: join(dir, 'fordran.db'), FORDRAN_DATA_DIR: dir };
  const result = spawnSync(process.execPath, [CLI, 'seed', 'demo', '--size', '12', '--json'], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 180_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return { ...(JSON.parse(result.stdout) as { email: string; password: string }), env };
}

describe.runIf(hasChromium)('lawsuits in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let session: ApiSession;
  let demoCase: { id: string; reference_no: string };

  beforeAll(async () => {
    buildUi();
    const demo = seedDemo();
    app = await startApp(demo.env);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    page.setDefaultTimeout(10_000);
    await page.goto(`${app.url}/auth`);
    await typeInto(page.getByLabel('E-post'), demo.email);
    await typeInto(page.getByLabel('Lösenord'), demo.password);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL('**/dashboard');
    session = await apiSession(page, app.url);
    const cases = await session.call<{ items: { id: string; reference_no: string }[] }>('GET', `/orgs/${session.orgId}/cases?status=active&limit=1`);
    expect(cases.body.items.length).toBe(1);
    demoCase = cases.body.items[0]!;
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("lists the demo's lawsuits, filed through the product; a status none has says 'Inga tvistemål hittades'", async () => {
    const listed = await session.call<{ lawsuits: { status: string }[] }>('GET', `/orgs/${session.orgId}/lawsuits`);
    expect(listed.body.lawsuits.length).toBeGreaterThan(0);
    for (const lawsuit of listed.body.lawsuits) expect(['filed', 'served', 'judgment', 'default_judgment']).toContain(lawsuit.status);
    await page.goto(`${app.url}/lawsuits`);
    await page
      .getByRole('table')
      .getByText(/^(Inlämnad|Delgiven|Dom|Tredskodom)$/)
      .first()
      .waitFor();
    await pageScreenshot(page, 'lawsuits-demo');
    await page.getByRole('combobox', { name: 'Filtrera på status' }).click();
    await page.getByRole('option', { name: 'Förlikning' }).click();
    await page.getByRole('heading', { name: 'Inga tvistemål hittades' }).waitFor();
    await pageScreenshot(page, 'lawsuits-empty');
  });

  it("creates a lawsuit from a demo case with 'Ny stämning', typing key by key", async () => {
    await page.goto(`${app.url}/cases/${demoCase.id}`);
    await page.getByRole('link', { name: 'Ny stämning' }).click();
    await page.waitForURL(`**/lawsuits/create?case_id=${demoCase.id}`);
    await page.getByText(`Vald ärende: ${demoCase.reference_no}`).waitFor();
    const reason = page.getByText(/ett halvt prisbasbelopp för \d{4}/);
    await reason.waitFor();
    expect(await reason.textContent()).toMatch(
      /^Föreslaget spår: (Förenklad tvist|Ordinärt mål)\. Fordrans värde .+ (är högst|överstiger) ett halvt prisbasbelopp/,
    );
    const suggested = (await reason.textContent())!.includes('Förenklad tvist') ? 'FT' : 'ORD';
    await expect(page.getByTestId('court-fee').textContent()).resolves.toBe(suggested === 'FT' ? '900,00\u00a0kr' : '2\u00a0800,00\u00a0kr');
    await typeInto(page.getByLabel('Inlämningsdatum'), '2099-01-01');
    await typeInto(page.getByLabel('Anteckningar'), 'Gäldenären har bestritt; vi stämmer.');
    await pageScreenshot(page, 'lawsuits-create');
    await page.getByRole('button', { name: 'Skapa stämning' }).click();
    await toast(page, 'Stämning skapad');
    await page.waitForURL(/\/lawsuits\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: `Tvistemål ${demoCase.reference_no}` }).waitFor();
    await expect(page.getByText('Inväntar delgivning').first().isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Anteckningar').inputValue()).resolves.toBe('Gäldenären har bestritt; vi stämmer.');
  });

  it('moves the lawsuit to judgment: filed (the court fee booked), served, judgment', async () => {
    await page.getByRole('button', { name: 'Inlämnad', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ändra till Inlämnad' });
    await typeInto(dialog.getByLabel('Målnummer'), 'T 1234-26');
    await dialogScreenshot(page, 'lawsuits-file-dialog');
    await dialog.getByRole('button', { name: 'Ändra till Inlämnad' }).click();
    await toast(page, 'Status ändrad');
    await page.getByTestId('costs-total').waitFor();
    expect(await page.getByTestId('costs-total').textContent()).toMatch(/^(900,00|2\u00a0800,00)\u00a0kr$/);

    await page.getByRole('button', { name: 'Delgiven', exact: true }).click();
    await page.getByRole('dialog', { name: 'Ändra till Delgiven' }).getByRole('button', { name: 'Ändra till Delgiven' }).click();
    await toast(page, 'Status ändrad');
    await page.getByRole('button', { name: 'Dom', exact: true }).click();
    const judgment = page.getByRole('dialog', { name: 'Ändra till Dom' });
    await typeInto(judgment.getByLabel('Kommentar'), 'Dom meddelad enligt yrkandet');
    await judgment.getByRole('button', { name: 'Ändra till Dom' }).click();
    await toast(page, 'Status ändrad');
    await page.getByRole('button', { name: 'Stängd', exact: true }).waitFor();
    expect(await page.getByText('Inväntar delgivning').count()).toBe(0);

    const form = page.getByRole('textbox', { name: 'Ny frist' });
    await typeInto(form, 'Överklagandefrist');
    await typeInto(page.getByLabel('Löper ut'), '2099-02-01');
    await page.getByRole('button', { name: 'Lägg till frist' }).click();
    await toast(page, 'Frist tillagd');
    await page.getByRole('rowheader', { name: 'Överklagandefrist' }).waitFor();
    await pageScreenshot(page, 'lawsuits-detail');
    // The court fee's journal keeps the demo's books valid (fordran validate).
    const report = await session.call<{ failures: unknown[] }>('POST', `/orgs/${session.orgId}/system-validation`);
    expect(report.body.failures).toEqual([]);
  });

  it('lists the lawsuit and filters by status', async () => {
    await page.goto(`${app.url}/lawsuits`);
    await page.getByRole('link', { name: demoCase.reference_no }).waitFor();
    await page.getByRole('combobox', { name: 'Filtrera på status' }).click();
    await page.getByRole('option', { name: 'Förlikning' }).click();
    await page.getByRole('heading', { name: 'Inga tvistemål hittades' }).waitFor();
    await page.getByRole('combobox', { name: 'Filtrera på status' }).click();
    await page.getByRole('option', { name: 'Dom', exact: true }).click();
    await page.getByRole('link', { name: demoCase.reference_no }).waitFor();
    await pageScreenshot(page, 'lawsuits-list');
  });
});
