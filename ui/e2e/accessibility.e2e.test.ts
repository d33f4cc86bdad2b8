// Keyboard and screen-reader basics of issue 10, in a real browser against the real server: the
// 'Hoppa till innehåll' skip link; focus back on what opened a dialog, also when that was a menu
// item or a row that left the list; deactivating a creditor only with a reason; and a later
// success clearing an earlier error toast. Screenshots land in artifacts/e2e/a11y-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, screenshot, startApp, type RunningApp } from './harness';
import { apiSession, dialogScreenshot, signUpAndIn, toast, type ApiSession } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

/** Whether `locator`'s element has the keyboard focus. */
function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

describe.runIf(hasChromium)('accessibility in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let session: ApiSession;

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    await signUpAndIn(page, app.url, { email: 'tove@example.se', name: 'Tove Tangent' });
    session = await apiSession(page, app.url);
    for (const name of ['Alfa Bygg AB', 'Beta Måleri AB']) {
      expect((await session.call('POST', `/orgs/${session.orgId}/creditors`, { name })).status).toBe(201);
    }
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("the first Tab stop is 'Hoppa till innehåll'; Enter moves focus past the menus into the page", async () => {
    await page.goto(`${app.url}/customers`);
    await page.getByRole('heading', { name: 'Kunder (Borgenärer)' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Hoppa till innehåll' });
    expect(await isFocused(skip)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await screenshot(page, 'a11y-01-skip-link', { fullPage: false });
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    // The next Tab is inside the page (its first button), not in the side menu.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#main-content')))).toBe(true);
  }, 60_000);

  it('a dialog opened from a menu gives focus back to the menu button when it closes', async () => {
    // The user menu (keyboard): Enter opens it, the item opens the profile dialog, Escape closes.
    const userMenu = page.getByRole('button', { name: /Användarmeny för/ });
    await userMenu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Redigera profil' }).waitFor();
    await page.keyboard.press('Enter');
    const profile = page.getByRole('dialog', { name: 'Redigera profil' });
    await profile.waitFor();
    await page.keyboard.press('Escape');
    await profile.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(userMenu)).toBe(true);

    // A row's menu (mouse): 'Redigera' opens the creditor dialog, 'Avbryt' closes it.
    const rowMenu = page.getByRole('button', { name: 'Åtgärder för Alfa Bygg AB' });
    await rowMenu.click();
    await page.getByRole('menuitem', { name: 'Redigera' }).click();
    const edit = page.getByRole('dialog', { name: 'Redigera kund' });
    await edit.getByRole('button', { name: 'Avbryt' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(rowMenu)).toBe(true);
  }, 60_000);

  it('deactivating asks why; focus returns to the row, or to the page when the row left the list', async () => {
    const rowMenu = page.getByRole('button', { name: 'Åtgärder för Alfa Bygg AB' });
    await rowMenu.click();
    await page.getByRole('menuitem', { name: 'Inaktivera' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Inaktivera Alfa Bygg AB?' });
    await confirm.getByRole('button', { name: 'Inaktivera' }).click();
    await confirm.getByText('Ange varför kunden inaktiveras').waitFor();
    await confirm.getByLabel('Anledning *').pressSequentially('Avslutat samarbete');
    await dialogScreenshot(page, 'a11y-02-deactivate-reason');
    await confirm.getByRole('button', { name: 'Inaktivera' }).click();
    await toast(page, 'Kund inaktiverad');
    await confirm.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /Alfa Bygg AB/ })
      .getByText('Inaktiv')
      .waitFor();
    await expect.poll(() => isFocused(rowMenu)).toBe(true);

    const audit = await session.call<{ entries: { event: string; payload: { reason?: string } }[] }>('GET', `/orgs/${session.orgId}/audit-log`);
    expect(audit.body.entries.find((entry) => entry.event === 'creditor.status_changed')?.payload.reason).toBe('Avslutat samarbete');

    // Only active creditors listed: the row of the one deactivated leaves the list with its button.
    await page.getByRole('combobox', { name: 'Filtrera på status' }).click();
    await page.getByRole('option', { name: 'Aktiva', exact: true }).click();
    await page.getByRole('row', { name: /Alfa Bygg AB/ }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Åtgärder för Beta Måleri AB' }).click();
    await page.getByRole('menuitem', { name: 'Inaktivera' }).click();
    const second = page.getByRole('alertdialog', { name: 'Inaktivera Beta Måleri AB?' });
    await second.getByLabel('Anledning *').pressSequentially('Konkurs');
    await second.getByRole('button', { name: 'Inaktivera' }).click();
    await second.waitFor({ state: 'detached' });
    await page.getByText('Inga kunder matchar sökningen').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  }, 60_000);

  it('a success clears the error toast that came before it', async () => {
    await page.getByRole('button', { name: 'Ny kund' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ny kund' });
    await dialog.getByLabel('Företagsnamn *').pressSequentially('Gamma Golv AB');
    await dialog.getByLabel('Org.nr').pressSequentially('5560360794');
    await dialog.getByRole('button', { name: 'Skapa kund' }).click();
    const error = await toast(page, 'Fel vid skapande');
    const orgNo = dialog.getByLabel('Org.nr');
    await orgNo.press('Control+a');
    await orgNo.press('Backspace');
    await orgNo.pressSequentially('5560360793');
    // Still there (toasts close by themselves after 5 s): the success must be what clears it.
    expect(await error.count()).toBe(1);
    await dialog.getByRole('button', { name: 'Skapa kund' }).click();
    await toast(page, 'Kund skapad!');
    expect(await error.count()).toBe(0);
    await screenshot(page, 'a11y-03-success-after-error', { fullPage: false });
  }, 60_000);
});
