// The handler's flow of issue 4 in ONE browser session, through the UI only: sign up → /customers
// 'Ny kund' filled in from the register → 'Kund skapad!' → /parties a person from the register →
// 'Part skapad!' → the wizard → 'Ärende skapat!' → activate → Inkassokrav → Inkassoavgift →
// 'Beräkna ränta' → the PRESCRIPTION flag's banner → 'Lös' → 'Flagga löst'. The Ekonomi card is
// read after every step that moves money. Screenshots: artifacts/e2e/flow4-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import {
  apiSession,
  daysAgo,
  dialogScreenshot,
  oreOf,
  pageScreenshot,
  readEconomy,
  recordSentDemand,
  signUpAndIn,
  toast,
  typeInto,
  type EconomyFigures,
} from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

/** A company and a person of packages/services/registers/register.json. */
const COMPANY = { name: 'Solvik Fastigheter AB', orgNo: '562242-4967', email: 'info@solvikfastigheter.example.se', phone: '070-1740606' };
const PERSON = {
  name: 'Erik Johansson',
  personalNumber: '19750302-7885',
  email: 'erik.johansson@example.se',
  street: 'Ängsvägen 49',
  zip: '582 22',
  city: 'Linköping',
};
const REFERENCE = 'F-2024-0117';
const PRINCIPAL_ORE = 1_250_000;
/**
 * About 2 years and 11 months ago: a claim on a person that the PRESCRIPTION rule (3 years, a
 * warning 120 days before) flags with a warning when a fee is added. A claim already past 3 years
 * is flagged too, but at block level: the rule then refuses the fee and the interest as well.
 */
const DUE_DATE = daysAgo(1050);

describe.runIf(hasChromium)('the handler flow of issue 4 in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    // A missing element fails the step with a locator error well before the test's own limit.
    context.setDefaultTimeout(30_000);
    page = await context.newPage();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** The Ekonomi card, checked against what the flow has booked so far. */
  async function expectEconomy(expected: Omit<EconomyFigures, 'feesTotal'>): Promise<void> {
    const shown = await readEconomy(page);
    expect(shown).toEqual({ ...expected, feesTotal: Object.values(expected.fees).reduce((sum, fee) => sum + fee, 0) });
  }

  it('signs up and creates the creditor from the register', async () => {
    await signUpAndIn(page, app.url, { email: 'hanna@example.se', name: 'Hanna Handläggare' });
    await page.getByRole('link', { name: 'Kunder (Borgenärer)' }).first().click();
    await page.waitForURL('**/customers');
    await page.getByRole('button', { name: 'Ny kund' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ny kund' });
    await dialog.getByLabel('Sök företag').fill(COMPANY.orgNo);
    await dialog.getByRole('button', { name: 'Sök' }).click();
    await dialog.getByText('har fyllts i').waitFor();
    expect(await dialog.getByLabel('Företagsnamn *').inputValue()).toBe(COMPANY.name);
    expect(await dialog.getByLabel('Org.nr').inputValue()).toBe(COMPANY.orgNo);
    expect(await dialog.getByLabel('E-post').inputValue()).toBe(COMPANY.email);
    expect(await dialog.getByLabel('Telefon').inputValue()).toBe(COMPANY.phone);
    await dialogScreenshot(page, 'flow4-01-customer-prefilled');
    await dialog.getByRole('button', { name: 'Skapa kund' }).click();
    await toast(page, 'Kund skapad!');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: new RegExp(COMPANY.name) }).waitFor();
    await pageScreenshot(page, 'flow4-02-customers');
  }, 60_000);

  it('creates the person debtor from the register', async () => {
    await page.getByRole('link', { name: 'Parter (Gäldenärer)' }).first().click();
    await page.waitForURL('**/parties');
    await page.getByRole('button', { name: 'Ny part' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ny part' });
    await dialog.getByLabel('Sök person eller företag').fill(PERSON.personalNumber);
    await dialog.getByRole('button', { name: 'Sök' }).click();
    await dialog.getByText('har fyllts i').waitFor();
    expect(await dialog.getByLabel('Namn *').inputValue()).toBe(PERSON.name);
    expect(await dialog.getByLabel('Personnummer').inputValue()).toBe(PERSON.personalNumber);
    expect(await dialog.getByLabel('E-post').inputValue()).toBe(PERSON.email);
    expect(await dialog.getByLabel('Gata').inputValue()).toBe(PERSON.street);
    expect(await dialog.getByLabel('Postnummer').inputValue()).toBe(PERSON.zip);
    expect(await dialog.getByLabel('Ort').inputValue()).toBe(PERSON.city);
    await dialogScreenshot(page, 'flow4-03-party-prefilled');
    await dialog.getByRole('button', { name: 'Skapa part' }).click();
    await toast(page, 'Part skapad!');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: new RegExp(PERSON.name) }).waitFor();
  }, 30_000);

  it('creates the case with the wizard: that creditor, that debtor, a claim due almost three years ago', async () => {
    await page.getByRole('link', { name: 'Ärenden', exact: true }).first().click();
    await page.waitForURL('**/cases');
    await page.getByRole('link', { name: 'Skapa ärende' }).first().click();
    await page.waitForURL('**/cases/create');
    const next = page.getByRole('button', { name: 'Nästa' });
    await page.getByRole('radio', { name: new RegExp(COMPANY.name) }).click();
    await next.click();
    await page.getByRole('radio', { name: new RegExp(PERSON.name) }).click();
    await next.click();
    await page.getByLabel('Referensnummer *').fill(REFERENCE);
    await typeInto(page.getByLabel('Kapitalbelopp (kr) *'), '12 500');
    await typeInto(page.getByLabel('Förfallodatum *'), DUE_DATE);
    await page.getByLabel('Avtalstyp').fill('Hyresavi');
    await pageScreenshot(page, 'flow4-04-wizard-claim');
    await page.getByRole('button', { name: 'Skapa ärende' }).click();
    await toast(page, 'Ärende skapat!');
    await page.waitForURL(/\/cases\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: REFERENCE }).waitFor();
    await page.getByText(`${COMPANY.name}`).first().waitFor();
    await expectEconomy({ principal: PRINCIPAL_ORE, interest: 0, fees: {}, paid: 0, outstanding: PRINCIPAL_ORE });
    await pageScreenshot(page, 'flow4-05-case-draft');
  }, 30_000);

  it('activates the case and moves it to Inkassokrav', async () => {
    await page.getByRole('button', { name: 'Aktivera' }).click();
    await toast(page, 'Ärendet aktiverat');
    await page.getByRole('button', { name: 'Flytta till Inkassokrav' }).click();
    await toast(page, 'Fas ändrad');
    await page.getByRole('list', { name: 'Tidslinje' }).getByText('Fas ändrad från Intag till Inkassokrav').waitFor();
    // The inkassokrav goes out before its fee may be charged (lag 1981:739 3 § 1).
    await recordSentDemand(app, (await apiSession(page, app.url)).orgId, page.url().split('/').at(-1)!);
    await page.reload();
  });

  it("adds Inkassoavgift: 'Avgift tillagd!' and the card's fees", async () => {
    await page.getByRole('button', { name: 'Lägg till avgift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lägg till avgift' });
    await dialog.getByRole('radio', { name: /Inkassoavgift/ }).click();
    await dialogScreenshot(page, 'flow4-06-fee-dialog');
    await dialog.getByRole('button', { name: 'Lägg till avgift' }).click();
    await toast(page, 'Avgift tillagd!');
    // The fee is the first action the rules see: PRESCRIPTION warns, without blocking it.
    await toast(page, 'Varning');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Ekonomi' }).getByText('Inkassoavgift').waitFor();
    await expectEconomy({ principal: PRINCIPAL_ORE, interest: 0, fees: { Inkassoavgift: 18_000 }, paid: 0, outstanding: PRINCIPAL_ORE + 18_000 });
    await dialogScreenshot(page, 'flow4-07-fee-added');
  });

  it("calculates interest: 'Ränta beräknad!' with the amount and the days, and the card's interest", async () => {
    await page.getByRole('button', { name: 'Beräkna ränta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Beräkna ränta' });
    const asOf = await dialog.getByLabel('Beräkna till och med').inputValue();
    await dialog.getByRole('button', { name: 'Beräkna', exact: true }).click();
    await toast(page, 'Ränta beräknad!');
    const notice = page.getByRole('region', { name: 'Aviseringar' }).getByRole('status').filter({ hasText: 'Ränta beräknad!' });
    const description = (await notice.locator('p').nth(1).textContent()) ?? '';
    const figures = /^(.+) för ([\d\u00a0]+) dagar$/.exec(description);
    expect(figures, description).not.toBeNull();
    const interest = oreOf(figures![1]!);
    const days = Number(figures![2]!.replaceAll('\u00a0', ''));
    // From the day after the due date to the as-of date (today in Sweden), both included.
    expect(days).toBe((Date.parse(asOf) - Date.parse(DUE_DATE)) / 86_400_000);
    expect(interest).toBeGreaterThan(0);
    await dialog.getByRole('columnheader', { name: 'Belopp' }).waitFor();
    await dialogScreenshot(page, 'flow4-08-interest');
    await dialog.getByRole('button', { name: 'Stäng' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page
      .getByRole('region', { name: 'Ekonomi' })
      .getByText(/t\.o\.m\. /)
      .waitFor();
    await expectEconomy({
      principal: PRINCIPAL_ORE,
      interest,
      fees: { Inkassoavgift: 18_000 },
      paid: 0,
      outstanding: PRINCIPAL_ORE + interest + 18_000,
    });
  });

  it("shows the rule flag's banner and resolves it: 'Flagga löst'", async () => {
    const banner = page.getByRole('region', { name: 'Regelflaggor' }).locator('[data-flag-level="warning"]');
    await banner.getByText(/Fordran preskriberas .+ dagar kvar/).waitFor();
    await banner.getByText(/Regel: Preskriptionskontroll/).waitFor();
    await pageScreenshot(page, 'flow4-09-flag');
    await banner.getByRole('button', { name: 'Lös flaggan Preskriptionskontroll' }).click();
    await toast(page, 'Flagga löst');
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Tidslinje' }).getByText('Flagga löst', { exact: true }).waitFor();
    await pageScreenshot(page, 'flow4-10-flag-resolved');
  });
});
