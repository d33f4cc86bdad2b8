// Creditors and parties (issue 4) in a real browser against the real server: sign up → /customers
// 'Ny kund' pre-filled from the fixture register → 'Kund skapad!' and the row; /parties a person
// from the register → 'Part skapad!'; no hit → manual entry; a register that cannot be reached →
// 'Kunde inte söka' with the number kept. Screenshots land in artifacts/e2e/directory-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, screenshot, startApp, type RunningApp } from './harness';
import { dialogScreenshot, signUpAndIn, toast, typeInto } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

/** Companies and persons of packages/services/registers/register.json. */
const NORRBYGG = {
  name: 'Norrbygg Entreprenad AB',
  orgNo: '562063-7123',
  email: 'info@norrbyggentreprenad.example.se',
  phone: '070-1740605',
  street: 'Kyrkogatan 57',
  zip: '111 22',
  city: 'Stockholm',
};
const ANNA = {
  name: 'Anna Lindqvist',
  personalNumber: '19811218-2285',
  email: 'anna.lindqvist@example.se',
  street: 'Ringvägen 5',
  zip: '702 10',
  city: 'Örebro',
};
/** Valid numbers the register does not hold. */
const UNKNOWN_ORG_NO = '556036-0793';
const UNKNOWN_PERSON = '19680409-1236';

describe.runIf(hasChromium)('creditors and parties in the browser', () => {
  let app: RunningApp;
  let broken: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    buildUi();
    // The default register (the fixture file), and one whose register cannot be reached.
    [app, broken] = await Promise.all([startApp(), startApp({ FORDRAN_REGISTER_URL: 'http://127.0.0.1:9/register' })]);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([app?.stop(), broken?.stop()]);
  });

  it('creates a creditor from the register and finds it in the list', async () => {
    await signUpAndIn(page, app.url, { email: 'karin@example.se', name: 'Karin Lindqvist' });
    await page.goto(`${app.url}/customers`);
    await page.getByRole('heading', { name: 'Kunder (Borgenärer)' }).waitFor();
    await page.getByText('Inga kunder ännu').waitFor();
    await screenshot(page, 'directory-01-customers-empty');

    await page.getByRole('button', { name: 'Ny kund' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ny kund' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Sök' }).click();
    await dialog.getByText('Ange org.nr', { exact: true }).waitFor();

    await dialog.getByLabel('Sök företag').fill(NORRBYGG.orgNo);
    await dialog.getByRole('button', { name: 'Sök' }).click();
    await dialog.getByText('har fyllts i').waitFor();
    expect(await dialog.getByLabel('Företagsnamn *').inputValue()).toBe(NORRBYGG.name);
    expect(await dialog.getByLabel('Org.nr').inputValue()).toBe(NORRBYGG.orgNo);
    expect(await dialog.getByLabel('E-post').inputValue()).toBe(NORRBYGG.email);
    expect(await dialog.getByLabel('Telefon').inputValue()).toBe(NORRBYGG.phone);
    // The postal address (the applicant's on a KFM application) comes from the register too; the handler corrects the street.
    expect(await dialog.getByLabel('Gata').inputValue()).toBe(NORRBYGG.street);
    expect(await dialog.getByLabel('Postnummer').inputValue()).toBe(NORRBYGG.zip);
    expect(await dialog.getByLabel('Ort').inputValue()).toBe(NORRBYGG.city);
    await typeInto(dialog.getByLabel('Gata'), 'Kyrkogatan 59');
    await dialog.getByLabel('Kundnummer').fill('K-100');
    await screenshot(page, 'directory-02-customer-prefilled');

    await dialog.getByRole('button', { name: 'Skapa kund' }).click();
    await page.getByText('Kund skapad!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(NORRBYGG.name) });
    await row.waitFor();
    expect(await row.textContent()).toContain(NORRBYGG.orgNo);
    expect(await row.textContent()).toContain('K-100');
    expect(await row.textContent()).toContain('Aktiv');
    await screenshot(page, 'directory-03-customers-list');
    await row.getByRole('link', { name: NORRBYGG.name }).click();
    await page.getByText(`Kyrkogatan 59, ${NORRBYGG.zip} ${NORRBYGG.city}`).waitFor();
    await screenshot(page, 'directory-03b-customer-address');
    await page.goto(`${app.url}/customers`);
    await row.waitFor();

    // A company the register does not know: manual entry.
    await page.getByRole('button', { name: 'Ny kund' }).first().click();
    await dialog.getByLabel('Sök företag').fill(UNKNOWN_ORG_NO);
    await dialog.getByRole('button', { name: 'Sök' }).click();
    await dialog.getByText('Inget företag hittades').waitFor();
    await dialog.getByText('Fyll i uppgifterna manuellt').waitFor();
    expect(await dialog.getByLabel('Företagsnamn *').inputValue()).toBe('');
    // The number searched is carried into the form: it need not be typed again.
    expect(await dialog.getByLabel('Org.nr').inputValue()).toBe(UNKNOWN_ORG_NO);
    await dialog.getByRole('button', { name: 'Skapa kund' }).click();
    await dialog.getByText('Företagsnamn krävs').waitFor();
    await screenshot(page, 'directory-04-customer-no-hit');

    // The server refuses the org.nr (a wrong check digit): its reason stands under the field it
    // concerns, as well as in the toast, and goes when the field is typed in again.
    await typeInto(dialog.getByLabel('Företagsnamn *'), 'Felnummer AB');
    await typeInto(dialog.getByLabel('Org.nr'), '556036-0794');
    await dialog.getByRole('button', { name: 'Skapa kund' }).click();
    await toast(page, 'Fel vid skapande');
    const orgNo = dialog.getByLabel('Org.nr');
    expect(await orgNo.getAttribute('aria-invalid')).toBe('true');
    const reason = (await dialog.locator(`[id="${await orgNo.getAttribute('aria-describedby')}"]`).textContent()) ?? '';
    expect(reason).toMatch(/kontrollsiffr/i);
    await toast(page, reason);
    expect(await dialog.getByLabel('Företagsnamn *').getAttribute('aria-invalid')).toBeNull();
    await dialogScreenshot(page, 'directory-04b-customer-server-field-error');
    await typeInto(orgNo, UNKNOWN_ORG_NO);
    await expect.poll(() => orgNo.getAttribute('aria-invalid')).toBeNull();
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
  }, 120_000);

  it('creates a person from the register; no hit asks for manual entry', async () => {
    await page.goto(`${app.url}/parties`);
    await page.getByRole('heading', { name: 'Parter (Gäldenärer)' }).waitFor();
    await page.getByRole('button', { name: 'Ny part' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ny part' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Sök' }).click();
    await dialog.getByText('Ange org.nr eller personnr', { exact: true }).waitFor();

    const search = dialog.getByLabel('Sök person eller företag');
    await search.fill(ANNA.personalNumber);
    await dialog.getByText('Söker person på personnummer').waitFor();
    await dialog.getByRole('button', { name: 'Sök' }).click();
    await dialog.getByText('har fyllts i').waitFor();
    expect(await dialog.getByLabel('Namn *').inputValue()).toBe(ANNA.name);
    expect(await dialog.getByLabel('Personnummer').inputValue()).toBe(ANNA.personalNumber);
    expect(await dialog.getByLabel('E-post').inputValue()).toBe(ANNA.email);
    expect(await dialog.getByLabel('Gata').inputValue()).toBe(ANNA.street);
    expect(await dialog.getByLabel('Postnummer').inputValue()).toBe(ANNA.zip);
    expect(await dialog.getByLabel('Ort').inputValue()).toBe(ANNA.city);
    await screenshot(page, 'directory-05-party-prefilled');

    await dialog.getByRole('button', { name: 'Skapa part' }).click();
    await page.getByText('Part skapad!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(ANNA.name) });
    await row.waitFor();
    expect(await row.textContent()).toContain(ANNA.personalNumber);
    await screenshot(page, 'directory-06-parties-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'directory-06b-parties-list-narrow');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Ny part' }).first().click();
    await dialog.waitFor();
    await search.fill(UNKNOWN_ORG_NO);
    await dialog.getByText('Söker företag på organisationsnummer').waitFor();
    await dialog.getByRole('button', { name: 'Sök' }).click();
    await dialog.getByText('Inget företag hittades').waitFor();
    await dialog.getByText('Fyll i uppgifterna manuellt').waitFor();
    expect(await dialog.getByLabel('Org.nr').inputValue()).toBe(UNKNOWN_ORG_NO);
    await screenshot(page, 'directory-07-party-no-company');

    await search.fill(UNKNOWN_PERSON);
    await dialog.getByRole('button', { name: 'Sök' }).click();
    await dialog.getByText('Ingen information hittades').waitFor();
    // A personnummer makes the party a person with that number, ready to be named and saved.
    expect(await dialog.getByLabel('Personnummer').inputValue()).toBe(UNKNOWN_PERSON);
    await dialog.getByLabel('Namn *').fill('Okänd Person');
    await dialog.getByRole('button', { name: 'Skapa part' }).click();
    await page.getByText('Part skapad!').first().waitFor();
    await page.getByRole('row', { name: /Okänd Person/ }).waitFor();
  }, 120_000);

  it("a register that cannot be reached gives 'Kunde inte söka' and keeps the number", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    const other = await context.newPage();
    try {
      await signUpAndIn(other, broken.url, { email: 'sven@example.se', name: 'Sven Lindqvist' });
      await other.goto(`${broken.url}/customers`);
      await other.getByRole('button', { name: 'Ny kund' }).first().click();
      const dialog = other.getByRole('dialog', { name: 'Ny kund' });
      await dialog.getByLabel('Sök företag').fill(NORRBYGG.orgNo);
      await dialog.getByRole('button', { name: 'Sök' }).click();
      const alert = other.getByRole('alert').filter({ hasText: 'Kunde inte söka' });
      await alert.waitFor();
      expect(await dialog.getByLabel('Sök företag').inputValue()).toBe(NORRBYGG.orgNo);
      expect(await dialog.getByLabel('Org.nr').inputValue()).toBe(NORRBYGG.orgNo);
      expect(await dialog.getByText('Inget företag hittades').count()).toBe(0);
      await other.waitForTimeout(300); // the toast's entry animation
      await screenshot(other, 'directory-08-lookup-failed');
      // Closing the toast is not a click outside the dialog: the form and the number stay.
      await alert.getByRole('button', { name: 'Stäng' }).click();
      await alert.waitFor({ state: 'detached' });
      expect(await dialog.getByLabel('Sök företag').inputValue()).toBe(NORRBYGG.orgNo);
    } finally {
      await context.close();
    }
  }, 120_000);
});
