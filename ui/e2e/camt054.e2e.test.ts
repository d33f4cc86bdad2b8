// Incoming payments after BgMax (issue 18) in a real browser against the real server: the bank
// account is added under Bankavstämning › Bankkonton; a camt.054 credit notification is imported
// through 'Importera' (3 SEK payments booked, 8,85 EUR reported in euro, never as kronor); the
// evening's camt.053 of the same transactions books nothing twice; the statement review shows the
// lines matched, the euro line in EUR and the SEK balances. Then a payment no bank reference tells
// apart arrives in a notification and again in a statement: it is held, 'Granska' shows both side
// by side, a reason is typed and 'Det är samma betalning' leaves it a duplicate and the statement
// reconciled; the duplicate's page names the payment it is. Last, a reversal in a notification
// links to the payment it takes back, from the import summary and from the statement review.
// Screenshots: artifacts/e2e/camt054-*.png.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { ore, writeCamt053, writeCamt054, type CamtWriterEntry, type CamtWriterFile } from '@fordran/core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import { apiSession, dialogScreenshot, kronor, pageScreenshot, signIn, signUpByApi, toast, typeInto, type ApiSession } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const EMAIL = 'ekonomi@example.se';
const NOTIFICATION_FILE = fileURLToPath(new URL('../../fixtures/bank-files/camt054/notification-v02.xml', import.meta.url));
const IBAN = 'SE4550000000058398257466';
const NBSP = '\u00a0';
const EURO_AMOUNT = `8,85${NBSP}EUR`;
/** The notification's bank day. */
const DAY = '2026-11-20';

/** The evening's camt.053 of the notification's transactions: the same bank references, the account named by IBAN. */
const EVENING_ENTRIES: CamtWriterEntry[] = [
  {
    direction: 'CRDT',
    booking_date: DAY,
    account_servicer_ref: 'BG20261120-0001',
    transactions: [
      { amountOre: ore(795_000), account_servicer_ref: 'BG20261120-0001-01', ocr: '100000199', debtor_name: 'Anna Andersson' },
      { amountOre: ore(200_000), account_servicer_ref: 'BG20261120-0001-02', ocr: '100000298', debtor_name: 'Bo Ek' },
    ],
  },
  {
    direction: 'CRDT',
    booking_date: DAY,
    account_servicer_ref: 'BG20261120-0002',
    transactions: [{ amountOre: ore(69_500), unstructured: ['Faktura 2024-118'], debtor_name: 'Cecilia Berg' }],
  },
  {
    direction: 'CRDT',
    currency: 'EUR',
    booking_date: DAY,
    account_servicer_ref: 'BG20261120-0003',
    transactions: [{ amountOre: ore(885), ocr: '100000397', debtor_name: 'Hans Müller' }],
  },
  {
    direction: 'DBIT',
    booking_date: DAY,
    account_servicer_ref: 'FEE20261120-0001',
    amountOre: ore(4_500),
    additional_info: 'Avgift bankgiro',
    transactions: [],
  },
];

/** A payment without any bank reference: the notification and the statement give it the same content id. */
const UNREFERENCED_ENTRY: CamtWriterEntry = {
  direction: 'CRDT',
  booking_date: '2026-11-21',
  transactions: [{ amountOre: ore(42_000), account_servicer_ref: null, unstructured: ['Avbetalning november'], debtor_name: 'Anna Andersson' }],
};

function camtFile(version: CamtWriterFile['version'], messageId: string, day: string, entries: CamtWriterEntry[]): CamtWriterFile {
  return {
    version,
    message_id: messageId,
    created_at: `${day}T18:00:00`,
    reports: [{ id: `R-${messageId}`, created_at: `${day}T18:00:00`, account: { iban: IBAN }, entries, opening_balanceOre: ore(5_000_000) }],
  };
}

interface PaymentRow {
  id: string;
  amount: string;
  status: string;
  paid_at: string;
  duplicate_of_payment_id: string | null;
}

interface StatementRow {
  id: string;
  file_name: string;
  reconciliation_status: string;
}

describe.runIf(hasChromium)('camt.054 notifications, repeats and foreign amounts in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let api: ApiSession;

  async function payments(): Promise<PaymentRow[]> {
    const list = await api.call<{ items: PaymentRow[]; total: number }>('GET', `/orgs/${api.orgId}/payments?limit=200`);
    expect(list.status).toBe(200);
    return list.body.items;
  }

  async function journalCount(): Promise<number> {
    const list = await api.call<{ journals: unknown[] }>('GET', `/orgs/${api.orgId}/ledger/journals?limit=200`);
    expect(list.status).toBe(200);
    return list.body.journals.length;
  }

  async function statement(fileName: string): Promise<StatementRow> {
    const list = await api.call<{ statements: StatementRow[] }>('GET', `/orgs/${api.orgId}/bank-statements`);
    const found = list.body.statements.find((row) => row.file_name === fileName);
    expect(found, `a statement for ${fileName}`).toBeDefined();
    return found!;
  }

  /** Opens 'Importera' (or starts over in it, after a summary), imports the file and returns the summary once shown. */
  async function importFile(file: string | { name: string; buffer: Buffer }): Promise<{ dialog: Locator; summary: Locator }> {
    const dialog = page.getByRole('dialog', { name: 'Importera bankfil' });
    const again = dialog.getByRole('button', { name: 'Importera en fil till' });
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Importera' }).first().click();
    else if (await again.isVisible()) await again.click();
    const input = dialog.getByLabel('Bankfil *');
    if (typeof file === 'string') await input.setInputFiles(file);
    else await input.setInputFiles({ name: file.name, mimeType: 'application/xml', buffer: file.buffer });
    await dialog.getByRole('button', { name: 'Importera' }).click();
    const summary = dialog.getByLabel('Sammanfattning av importen');
    await summary.waitFor({ timeout: 60_000 });
    return { dialog, summary };
  }

  /** The summary's figures by label ("Bokade" → "0 st"). */
  async function figures(summary: Locator): Promise<Record<string, string>> {
    const rows = await summary
      .locator(':scope > div')
      .evaluateAll((items) => items.map((item) => [item.querySelector('dt')?.textContent ?? '', item.querySelector('dd')?.textContent ?? ''] as const));
    return Object.fromEntries(rows);
  }

  async function closeImport(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: 'Stäng' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    page = await context.newPage();
    await signUpByApi(app.url, { email: EMAIL, name: 'Eva Ekonom' });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  }, 90_000);

  it('adds the client funds account with its IBAN and bankgiro under Bankavstämning › Bankkonton', async () => {
    await signIn(page, app.url, EMAIL);
    api = await apiSession(page, app.url);
    await page.goto(`${app.url}/bank-reconciliation`);
    await page.getByText('Inga bankutdrag ännu').waitFor();
    expect(await page.getByText(/BgMax-, camt\.053-, camt\.054- eller CSV-fil/).count()).toBe(1);
    await page.getByRole('tab', { name: 'Bankkonton' }).click();
    await page.getByRole('button', { name: 'Nytt bankkonto' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nytt bankkonto' });
    await typeInto(form.getByLabel('Kontonamn'), 'Klientmedel Handelsbanken');
    await typeInto(form.getByLabel('IBAN'), 'SE45 5000 0000 0583 9825 7466');
    await typeInto(form.getByLabel('Bankgiro'), '5402-9681');
    await form.getByRole('button', { name: 'Spara' }).click();
    await toast(page, 'Sparat');
    await page.getByRole('cell', { name: 'Klientmedel Handelsbanken' }).waitFor();
  }, 90_000);

  it('imports the camt.054 notification: 3 payments booked, the euro amount reported in euro and never as kronor', async () => {
    await page.goto(`${app.url}/payments`);
    await page.getByText(/BgMax, camt\.053, camt\.054 eller CSV/).waitFor();
    await page.getByRole('button', { name: 'Importera' }).first().click();
    await page
      .getByRole('dialog', { name: 'Importera bankfil' })
      .getByText(/camt\.054/)
      .first()
      .waitFor();
    const journalsBefore = await journalCount();

    const { dialog, summary } = await importFile(NOTIFICATION_FILE);
    await dialog.getByText('Filen notification-v02.xml är inläst.').waitFor();
    expect(await figures(summary)).toMatchObject({
      Format: 'camt.054',
      'Betalningar i filen': `3 st · ${kronor('10645.00')}`,
      Bokade: '3 st',
      'Ej matchade': '3 st',
      'Dubbletter som hoppades över': '0 st',
      'Hållna för granskning (möjliga dubbletter)': '0 st',
      'I annan valuta (bokförs inte)': '1 st',
      Bankavstämning: 'Avstämd',
    });
    const euroRow = dialog.getByRole('row').filter({ hasText: EURO_AMOUNT });
    expect(await euroRow.count()).toBe(1);
    expect(await euroRow.getByText('Varning', { exact: true }).count()).toBe(1);
    const text = (await dialog.textContent()) ?? '';
    expect(text).not.toContain('8,85 kr');
    expect(text).not.toContain(`8,85${NBSP}kr`);
    await dialogScreenshot(page, 'camt054-01-notification-summary');

    const booked = await payments();
    expect(booked.map((payment) => payment.amount).sort()).toEqual(['2000.00', '695.00', '7950.00']);
    expect(booked.some((payment) => payment.amount === '8.85')).toBe(false);
    expect(await journalCount()).toBe(journalsBefore + 3);
  }, 90_000);

  it('meets every transaction again in the evening camt.053 and books nothing twice', async () => {
    const journalsBefore = await journalCount();
    const statementXml = writeCamt053(camtFile('001.08', 'S-20261120', DAY, EVENING_ENTRIES));
    const { dialog, summary } = await importFile({ name: 'kontoutdrag-20261120.xml', buffer: Buffer.from(statementXml, 'utf8') });
    await dialog.getByText('Filen kontoutdrag-20261120.xml är inläst.').waitFor();
    expect(await figures(summary)).toMatchObject({
      Format: 'camt.053',
      'Betalningar i filen': `3 st · ${kronor('10645.00')}`,
      Bokade: '0 st',
      'Dubbletter som hoppades över': '3 st',
      'Hållna för granskning (möjliga dubbletter)': '0 st',
      'I annan valuta (bokförs inte)': '1 st',
      Bankavstämning: 'Avstämd',
    });
    expect(await dialog.getByRole('row').filter({ hasText: EURO_AMOUNT }).count()).toBe(1);
    await dialogScreenshot(page, 'camt054-02-statement-summary');
    await closeImport(dialog);

    expect(await payments()).toHaveLength(3);
    expect(await journalCount()).toBe(journalsBefore);
  }, 90_000);

  it('shows the statement reconciled: the lines matched to the notification, the euro line in EUR, the balances in SEK', async () => {
    await page.goto(`${app.url}/bank-reconciliation`);
    await page.getByRole('button', { name: 'Visa kontoutdrag-20261120.xml' }).click();
    const dialog = page.getByRole('dialog', { name: 'Granska bankutdrag' });
    await dialog.getByText('Inga avvikelser: varje transaktion i filen är bokförd med samma belopp och datum.').waitFor();

    const transactions = dialog.getByRole('table', { name: 'Transaktioner och bokförda betalningar' });
    await transactions.waitFor();
    expect(await transactions.getByText('Stämmer', { exact: true }).count()).toBe(3);
    expect(await transactions.getByText('Bokförd från annan fil', { exact: true }).count()).toBe(3);
    const euroLine = transactions.getByRole('row').filter({ hasText: 'Annan valuta' });
    expect(await euroLine.count()).toBe(1);
    expect(await euroLine.getByText(EURO_AMOUNT, { exact: true }).count()).toBe(1);
    expect((await transactions.textContent()) ?? '').not.toContain(`8,85${NBSP}kr`);

    const balances = dialog.getByRole('table', { name: 'Saldon enligt filen' });
    const opening = balances.getByRole('row').filter({ hasText: 'Ingående saldo' });
    const closing = balances.getByRole('row').filter({ hasText: 'Utgående saldo' });
    expect(await opening.getByText(kronor('50000.00'), { exact: true }).count()).toBe(1);
    // 50 000,00 + 10 645,00 − 45,00: the euro amount is in no kronor balance.
    expect(await closing.getByText(kronor('60600.00'), { exact: true }).count()).toBe(1);
    for (const row of [opening, closing]) {
      expect(await row.getByRole('cell', { name: 'SEK', exact: true }).count()).toBe(1);
      expect(await row.getByText('Jämförs', { exact: true }).count()).toBe(1);
    }
    await dialogScreenshot(page, 'camt054-03-statement-review');
    await dialog.getByRole('button', { name: 'Stäng' }).click();
    await dialog.waitFor({ state: 'detached' });
  }, 90_000);

  it('holds a payment no bank reference tells apart, and a person decides it is the same payment', async () => {
    await page.goto(`${app.url}/payments`);
    const first = await importFile({
      name: 'avisering-20261121.xml',
      buffer: Buffer.from(writeCamt054(camtFile('001.08', 'N-20261121', '2026-11-21', [UNREFERENCED_ENTRY])), 'utf8'),
    });
    expect(await figures(first.summary)).toMatchObject({ Bokade: '1 st', 'Hållna för granskning (möjliga dubbletter)': '0 st' });
    const journalsBefore = await journalCount();
    const second = await importFile({
      name: 'kontoutdrag-20261121.xml',
      buffer: Buffer.from(writeCamt053(camtFile('001.02', 'S-20261121', '2026-11-21', [UNREFERENCED_ENTRY])), 'utf8'),
    });
    expect(await figures(second.summary)).toMatchObject({
      Bokade: '0 st',
      'Dubbletter som hoppades över': '0 st',
      'Hållna för granskning (möjliga dubbletter)': '1 st',
      Bankavstämning: 'Avvikelse',
    });
    await second.dialog.getByText('Hållna betalningar bokförs inte förrän någon har granskat dem: välj Granska vid betalningen i listan.').waitFor();
    await dialogScreenshot(page, 'camt054-04-held-summary');
    await closeImport(second.dialog);
    expect(await journalCount()).toBe(journalsBefore);

    const held = (await payments()).find((payment) => payment.status === 'held');
    expect(held).toMatchObject({ amount: '420.00', paid_at: '2026-11-21' });

    // The statement waits for the review: its line is a possible duplicate, nothing booked for it.
    await page.goto(`${app.url}/bank-reconciliation`);
    await page.getByRole('button', { name: 'Granska kontoutdrag-20261121.xml' }).click();
    const review = page.getByRole('dialog', { name: 'Granska bankutdrag' });
    await review.getByText('Möjlig dubblett av en betalning från en annan fil – väntar på granskning under Inbetalningar').waitFor();
    const heldLine = review.getByRole('table', { name: 'Transaktioner och bokförda betalningar' }).getByRole('row').filter({ hasText: 'Anna Andersson' });
    expect(await heldLine.getByText('Möjlig dubblett', { exact: true }).count()).toBe(1);
    await dialogScreenshot(page, 'camt054-05-held-statement-review');
    await review.getByRole('button', { name: 'Stäng' }).click();

    // The payment list filtered on the new status shows the held payment alone.
    await page.goto(`${app.url}/payments`);
    await page.getByRole('combobox', { name: 'Filtrera på status' }).click();
    await page.getByRole('option', { name: 'Möjlig dubblett' }).click();
    await page.getByText('1–1 av 1').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Möjlig dubblett' });
    await row.waitFor();
    // A held payment is reviewed, never matched.
    expect(await row.getByRole('button', { name: /^Matcha/ }).count()).toBe(0);
    await row.getByRole('button', { name: `Granska möjlig dubblett ${kronor('420.00')} 2026-11-21` }).click();

    const dialog = page.getByRole('dialog', { name: 'Granska möjlig dubblett' });
    await dialog.getByText(/samma belopp, betaldatum och OCR\/referens/).waitFor();
    const sideBySide = dialog.getByRole('table', { name: 'Betalningarna sida vid sida' });
    await sideBySide.getByText('kontoutdrag-20261121.xml').waitFor();
    expect(await sideBySide.getByText('avisering-20261121.xml').count()).toBe(1);
    expect(await sideBySide.getByText(kronor('420.00')).count()).toBe(2);
    expect(await sideBySide.getByRole('row').filter({ hasText: 'Meddelande' }).getByText('Avbetalning november').count()).toBe(2);
    expect(await sideBySide.getByText('Möjlig dubblett', { exact: true }).count()).toBe(1);
    expect(await sideBySide.getByText('Ej matchad', { exact: true }).count()).toBe(1);
    expect(await sideBySide.getByText('camt.053 · 2026-11-21').count()).toBe(1);
    expect(await sideBySide.getByText('camt.054 · 2026-11-21').count()).toBe(1);

    // No reason, no decision.
    const same = dialog.getByRole('button', { name: 'Det är samma betalning' });
    await same.click();
    await dialog.getByText('Anledningen måste vara minst 3 tecken').waitFor();
    const reason = dialog.getByLabel('Anledning *');
    await typeInto(reason, 'Sa');
    await same.click();
    await dialog.getByText('Anledningen måste vara minst 3 tecken').waitFor();
    expect((await payments()).find((payment) => payment.id === held!.id)?.status).toBe('held');
    await typeInto(reason, 'Samma betalning som i aviseringen');
    expect(await dialog.getByText('Anledningen måste vara minst 3 tecken').count()).toBe(0);
    await dialogScreenshot(page, 'camt054-06-held-review');

    await same.click();
    await toast(page, 'Markerad som dubblett');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Filtrera på status' }).click();
    await page.getByRole('option', { name: 'Alla statusar' }).click();
    await page.getByRole('row').filter({ hasText: 'Avbetalning november' }).getByText('Dubblett', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Granska möjlig dubblett/ }).count()).toBe(0);

    const decided = (await payments()).find((payment) => payment.id === held!.id);
    const original = (await payments()).find((payment) => payment.amount === '420.00' && payment.id !== held!.id);
    expect(decided).toMatchObject({ status: 'duplicate', duplicate_of_payment_id: original!.id });
    expect(original!.status).toBe('unmatched');
    expect(await journalCount()).toBe(journalsBefore);
    expect((await statement('kontoutdrag-20261121.xml')).reconciliation_status).toBe('reconciled');
    await pageScreenshot(page, 'camt054-07-payments-after-review');

    // The duplicate's own page names the payment it is.
    await page.goto(`${app.url}/payments/${held!.id}`);
    const duplicateOf = page.getByRole('link', { name: 'Den tidigare inlästa betalningen' });
    await duplicateOf.waitFor();
    expect(await page.getByText('Dubblett av', { exact: true }).count()).toBe(1);
    expect(await duplicateOf.getAttribute('href')).toBe(`/payments/${original!.id}`);
    expect(await page.getByText('Samma betalning som en tidigare inläst: bokförs inte och avräknas inte.').count()).toBeGreaterThan(0);
    await page.getByText('Anledning: Samma betalning som i aviseringen', { exact: false }).waitFor();
    // Its line in the statement is found, though it was held.
    await page.getByText('Rad 61').waitFor();
    await pageScreenshot(page, 'camt054-08-duplicate-detail');

    await page.goto(`${app.url}/bank-reconciliation`);
    const statementRow = page.getByRole('row').filter({ hasText: 'kontoutdrag-20261121.xml' });
    await statementRow.getByText('Avstämd', { exact: true }).waitFor();
  }, 90_000);

  it('links a reversal in a notification to the payment it takes back', async () => {
    await page.goto(`${app.url}/payments`);
    const reversal: CamtWriterEntry = {
      direction: 'DBIT',
      reversal: true,
      booking_date: '2026-11-22',
      account_servicer_ref: 'RV20261122-0001',
      transactions: [{ amountOre: ore(795_000), ocr: '100000199' }],
    };
    const { dialog } = await importFile({
      name: 'avisering-20261122.xml',
      buffer: Buffer.from(writeCamt054(camtFile('001.02', 'N-20261122', '2026-11-22', [reversal])), 'utf8'),
    });
    const finding = dialog.getByRole('row').filter({ hasText: 'Återför inbetalning' });
    await finding.getByText(`Återför inbetalning 2026-11-20 · ${kronor('7950.00')} · OCR 100000199 · Anna Andersson`).waitFor();
    await dialogScreenshot(page, 'camt054-09-reversal-summary');
    const reversed = (await payments()).find((payment) => payment.amount === '7950.00')!;
    await finding.getByRole('link', { name: 'Visa inbetalningen' }).click();
    await page.waitForURL(`**/payments/${reversed.id}`);
    await page.getByRole('heading', { name: `Inbetalning ${kronor('7950.00')}` }).waitFor();

    // The statement review names the payment the reversal takes back, with a link to it.
    await page.goto(`${app.url}/bank-reconciliation`);
    await page.getByRole('button', { name: /^(Visa|Granska) avisering-20261122\.xml$/ }).click();
    const review = page.getByRole('dialog', { name: 'Granska bankutdrag' });
    const line = review.getByRole('link', { name: `Återför inbetalning 2026-11-20 · ${kronor('7950.00')}` });
    await line.waitFor();
    expect(await line.getAttribute('href')).toBe(`/payments/${reversed.id}`);
    expect(await review.getByText('Återföring', { exact: true }).count()).toBe(1);

    // From the payment's page a person reverses it, with a reason typed key by key.
    await line.click();
    await page.waitForURL(`**/payments/${reversed.id}`);
    await page.getByRole('button', { name: 'Återför' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Återför inbetalningen' });
    await confirm.getByRole('button', { name: 'Återför' }).click();
    await confirm.getByText('Ange varför inbetalningen återförs').waitFor();
    await typeInto(confirm.getByRole('textbox'), 'Banken återförde betalningen 2026-11-22');
    await confirm.getByRole('button', { name: 'Återför' }).click();
    await page.getByText('Inbetalningen återförd').first().waitFor();
    await page.getByText('Återförd', { exact: true }).first().waitFor();
    await dialogScreenshot(page, 'camt054-10-reversed');
    expect((await payments()).find((payment) => payment.id === reversed.id)?.status).toBe('reversed');
    expect(await page.getByRole('button', { name: 'Återför' }).count()).toBe(0);
  }, 90_000);
});
