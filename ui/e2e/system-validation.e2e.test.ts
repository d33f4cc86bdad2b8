// Systemvalidering in a real browser against the real server (issue 14): the run when the page
// opens ('Validering klar', four summary cards, tabs with counts), a broken KFM checksum written
// into the database found by 'Kör validering' with its progress, and 'Exportera rapport'.
// Screenshots: artifacts/e2e/system-validation-*.png.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openStore } from '@fordran/store';
import { sqliteRawSql } from '@fordran/store/testing';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import { apiSession, pageScreenshot, signIn, signUpByApi, toast, type ApiSession } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const USER = { email: 'validering@example.se', name: 'Vera Nilsson' };

describe.runIf(hasChromium)('system validation in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let api: ApiSession;

  const tab = (name: RegExp) => page.getByRole('tab', { name });
  const summary = () => page.getByLabel('Sammanfattning');

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE', acceptDownloads: true });
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

  it('runs when the page opens: summary cards, tabs with counts, checked modules and the time', async () => {
    await page.goto(`${app.url}/settings/system-validation`);
    await page.getByRole('heading', { name: 'Systemvalidering' }).waitFor();
    await toast(page, 'Validering klar');
    for (const label of ['Klart', 'Godkända', 'Varningar', 'Fel']) await summary().getByText(label, { exact: true }).waitFor();
    await tab(/^Fel \(0\)$/).waitFor();
    await tab(/^Alla \(\d+\)$/).waitFor();
    await page.getByText('Alla verifikationer balanserar').waitFor();
    await page.getByText('Antal rader per tabell').waitFor();
    await page.getByRole('heading', { name: 'Kontrollerade moduler' }).waitFor();
    await page.getByText(/^Senast kontrollerad: \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/).waitFor();
    await pageScreenshot(page, 'system-validation-01-clean');
  });

  it("'Kör validering' shows its progress and finds a KFM file whose checksum is not its payload", async () => {
    const store = openStore(app.dbPath);
    try {
      await sqliteRawSql(store.sqlite)(
        'INSERT INTO kfm_files (id, org_id, direction, filename, payload_text, checksum, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        crypto.randomUUID(),
        api.orgId,
        'out',
        'ansokan-trasig.xml',
        '<ansokan/>',
        '0'.repeat(64),
        'ready',
        new Date().toISOString(),
      );
    } finally {
      store.sqlite.close();
    }
    await page.getByRole('button', { name: 'Kör validering' }).click();
    await page.getByRole('status').filter({ hasText: 'Kör validering…' }).waitFor();
    await page.getByRole('progressbar', { name: 'Valideringens förlopp' }).waitFor();
    await toast(page, 'Validering klar');
    await tab(/^Fel \(1\)$/).click();
    const line = page.locator('.validation-result[data-status="fail"]');
    await line.getByText('KFM-filers kontrollsumma stämmer inte med innehållet').waitFor();
    await line.getByText('1 KFM-fil: ansokan-trasig.xml').waitFor();
    expect(await line.count()).toBe(1);
    await pageScreenshot(page, 'system-validation-02-failure');
  });

  it("'Exportera rapport' saves system-validation-{date}.json with the report and the organisation's name", async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportera rapport' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^system-validation-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      organisation: string;
      failures: { message: string }[];
      completionRate: number;
    };
    expect(saved.organisation).toBe('Vera Nilssons organisation');
    expect(saved.failures.map((failure) => failure.message)).toEqual(['KFM-filers kontrollsumma stämmer inte med innehållet']);
    expect(Object.keys(saved)).toEqual(['organisation', 'completionRate', 'passed', 'warnings', 'failures', 'checkedModules', 'timestamp']);
  });
});
