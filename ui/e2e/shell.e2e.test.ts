// Main staff flow of issue 3 in a real browser against the real server:
// sign up → sign in → dashboard → toggle an onboarding step → profile dialog → sign out →
// /dashboard redirects to /auth. Screenshots land in artifacts/e2e/. The served UI is React's
// production build and runs under the server's Content-Security-Policy without a violation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, screenshot, startApp, type RunningApp } from './harness';

if (!hasChromium) console.warn(SKIP_MESSAGE);

describe.runIf(hasChromium)('staff shell in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  /** What Chromium reported as blocked by the Content-Security-Policy. */
  const blocked: string[] = [];

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('signs up, works in the shell and signs out', async () => {
    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL('**/auth');

    await page.getByRole('tab', { name: 'Skapa konto' }).click();
    await page.getByLabel('E-post').fill('karin@example.se');
    await page.getByLabel('Lösenord').fill('hemligt123');
    await page.getByLabel('Fullständigt namn').fill('Karin Lindqvist');
    await screenshot(page, '01-sign-up');
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await expect.poll(() => page.getByText('Konto skapat! Du kan nu logga in med dina uppgifter.').count()).toBeGreaterThan(0);

    await page.getByRole('tab', { name: 'Logga in' }).click();
    await page.getByLabel('E-post').fill('karin@example.se');
    await page.getByLabel('Lösenord').fill('hemligt123');
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Översikt' }).waitFor();
    await page.getByText('Ärenden i arbete').waitFor();
    await screenshot(page, '02-dashboard');

    const step = page.getByRole('checkbox', { name: /: ej klar$/ }).first();
    const stepName = (await step.getAttribute('aria-label'))!.replace(/: ej klar$/, '');
    await step.click();
    await page.getByText('Steg markerat som klart').first().waitFor();
    await page.getByRole('checkbox', { name: `${stepName}: klar` }).waitFor();
    await screenshot(page, '03-onboarding-step-done');

    await page.getByRole('button', { name: /Användarmeny för/ }).click();
    await page.getByRole('menuitem', { name: 'Redigera profil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redigera profil' });
    await dialog.waitFor();
    expect(await dialog.getByText('E-postadressen kan inte ändras').count()).toBe(1);
    await screenshot(page, '04-profile-dialog');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();

    await page.goto(`${app.url}/finns-inte`);
    await page.getByText('Oops! Page not found').waitFor();
    await screenshot(page, '05-not-found');
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('heading', { name: 'Översikt' }).waitFor();

    await page.getByRole('button', { name: /Användarmeny för/ }).click();
    await page.getByRole('menuitem', { name: 'Logga ut' }).click();
    await page.waitForURL('**/auth');
    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL('**/auth');
    await screenshot(page, '06-signed-out');
    expect(blocked).toEqual([]);
  }, 120_000);

  it('serves a production build of the UI under a self-only script policy', async () => {
    const index = await fetch(`${app.url}/`);
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await index.text();
    const scripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const bundle = (await Promise.all(scripts.map(async (path) => (await fetch(`${app.url}${path}`)).text()))).join('\n');
    // React's production build reports errors as 'Minified React error #…'; its development
    // build compiles JSX to jsxDEV calls instead.
    expect(bundle).toContain('Minified React error');
    expect(bundle).not.toContain('jsxDEV');
  });
});
