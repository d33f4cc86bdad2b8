// The finance flow of issue 5 in a real browser against the real server: an active case with a
// fee and interest is set up through the API; then, in the UI: /payments 'Ny inbetalning' →
// 'Matcha' → 'Avräkna' ('Betalning avräknad') → the case's Ekonomi card and its timeline →
// /ledger, the payment's journal (debit 1900, credit 1510/1511/1512) → Råbalans balances → the
// BgMax fixture imported; the server runs with a tiny FORDRAN_IMPORT_JOB_BYTES, so the file goes
// to the job worker and the dialog follows the job to its summary → /bank-reconciliation shows
// the new statement with its status. Screenshots: artifacts/e2e/flow5-*.png.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS_DIR, SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import {
  apiSession,
  daysAgo,
  dialogScreenshot,
  fieldAmount,
  kronor,
  kronorOfOre,
  oreOf,
  pageScreenshot,
  readEconomy,
  recordSentDemand,
  signIn,
  signUpByApi,
  toast,
  typeInto,
  type ApiSession,
  type EconomyFigures,
} from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const USER = { email: 'eva@example.se', name: 'Eva Ekonom' };
const REFERENCE = 'F-2026-301';
const BGMAX_FILE = fileURLToPath(new URL('../../fixtures/bank-files/bgmax/all-record-types.txt', import.meta.url));
/** Smaller than the BgMax fixture (1 886 bytes): its import runs as a job. */
const IMPORT_JOB_BYTES = 1024;

interface ImportJob {
  id: string;
  job_type: string;
  status: string;
  progress: number;
  result: { payments: number; matched: number; unmatched: number; allocated: number; reconciliation_status: string | null; statement_id: string } | null;
}

describe.runIf(hasChromium)('the finance flow of issue 5 in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let api: ApiSession;
  let caseId: string;
  let caseOcr: string;
  let before: EconomyFigures;
  /** The split of the payment as the allocation showed it, in öre. */
  let split: { principal: number; interest: number; fees: number };
  /** How the imported statement reconciled, as the import job's result says. */
  let importedStatus: string;

  beforeAll(async () => {
    buildUi();
    // The worker looks for jobs every 2 s, so the dialog shows the queued job for a moment.
    app = await startApp({ FORDRAN_IMPORT_JOB_BYTES: String(IMPORT_JOB_BYTES), FORDRAN_JOB_POLL_MS: '2000' });
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    context.setDefaultTimeout(30_000);
    page = await context.newPage();
    await signUpByApi(app.url, USER);
    await signIn(page, app.url, USER.email);
    api = await apiSession(page, app.url);

    // An active case owing principal, a collection fee and interest.
    const post = async <T>(path: string, body: unknown = {}): Promise<T> => {
      const response = await api.call<T>('POST', `/orgs/${api.orgId}${path}`, body);
      expect(response.status, `POST ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
      return response.body;
    };
    const creditor = await post<{ id: string }>('/creditors', { name: 'Elbolaget Norr AB', org_no: '556036-0793' });
    const party = await post<{ id: string }>('/parties', { type: 'person', name: 'Anna Andersson', national_id: '19811218-9876' });
    const created = await post<{ id: string; ocr_reference: string }>('/cases', {
      creditor_id: creditor.id,
      party_id: party.id,
      reference_no: REFERENCE,
      principal_amount: '7950.00',
      due_date: daysAgo(90),
    });
    caseId = created.id;
    caseOcr = created.ocr_reference;
    await post(`/cases/${caseId}/status`, { status: 'active' });
    await recordSentDemand(app, api.orgId, caseId);
    await post(`/cases/${caseId}/fees`, { code: 'COLLECTION_180' });
    await post(`/cases/${caseId}/interest`);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the case with principal, interest and fee before the payment', async () => {
    await page.goto(`${app.url}/cases/${caseId}`);
    await page.getByRole('heading', { name: REFERENCE }).waitFor();
    before = await readEconomy(page);
    expect(before).toMatchObject({ principal: 795_000, feesTotal: 18_000, paid: 0 });
    expect(before.interest).toBeGreaterThan(0);
    await pageScreenshot(page, 'flow5-01-case-before');
  });

  it("registers a payment in /payments, matches it by OCR and allocates it: 'Betalning avräknad'", async () => {
    await page.goto(`${app.url}/payments`);
    await page.getByRole('button', { name: 'Ny inbetalning' }).first().click();
    const create = page.getByRole('dialog', { name: 'Ny inbetalning' });
    await typeInto(create.getByLabel('Belopp (kr) *'), '2000');
    await create.getByLabel('OCR').fill(caseOcr);
    await create.getByLabel('Meddelande').fill(`Delbetalning ${REFERENCE}`);
    await create.getByRole('button', { name: 'Spara' }).click();
    await toast(page, 'Inbetalning skapad');
    await create.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /^Matcha inbetalning 2.000,00 kr/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Matcha inbetalning' });
    await dialog.getByRole('radio', { name: `Ärende ${REFERENCE}` }).click();
    expect(await dialog.getByLabel('Belopp att avräkna (kr)').inputValue()).toBe(fieldAmount('2000.00'));
    await dialog.getByRole('button', { name: 'Avräkna' }).click();
    await toast(page, 'Betalning avräknad');

    // "Kapital 1 754,66 kr · Ränta 65,34 kr · Avgifter 180,00 kr": fees first, then interest.
    const parts = await dialog.getByText(/^Kapital .+ · Ränta .+ · Avgifter .+$/).textContent();
    const [principal, interest, fees] = (parts ?? '').split(' · ').map((part) => oreOf(part.replace(/^\S+ /, '')));
    split = { principal: principal!, interest: interest!, fees: fees! };
    expect(split).toEqual({ principal: 200_000 - before.interest - 18_000, interest: before.interest, fees: 18_000 });
    expect(await dialog.getByTestId('case-new-balance').textContent()).toBe(kronorOfOre(before.outstanding - 200_000));
    await dialogScreenshot(page, 'flow5-02-allocated');
    await dialog.getByRole('link', { name: 'Öppna ärendet' }).click();
    await page.waitForURL(`**/cases/${caseId}`);
  });

  it('shows the new balance in the Ekonomi card and the allocation in the timeline', async () => {
    await page.getByRole('heading', { name: REFERENCE }).waitFor();
    await page.getByRole('region', { name: 'Ekonomi' }).getByText(kronor('-2000.00')).waitFor();
    const after = await readEconomy(page);
    // What was paid is shown as paid; the receivables themselves stay as they were booked.
    expect(after).toEqual({ ...before, paid: 200_000, outstanding: before.outstanding - 200_000 });

    const entry = page.getByRole('list', { name: 'Tidslinje' }).getByRole('listitem').filter({ hasText: 'Inbetalning avräknad' });
    await entry.waitFor();
    const detail = await entry.textContent();
    expect(detail).toContain(kronor('2000.00'));
    expect(detail).toContain(`kapital ${kronorOfOre(split.principal)}, ränta ${kronorOfOre(split.interest)}, avgifter ${kronor('180.00')}`);
    await pageScreenshot(page, 'flow5-03-case-after');
  });

  it("shows the payment's journal in /ledger: debit 1900, credit 1510/1511/1512, equal totals; Råbalans balances", async () => {
    await page.goto(`${app.url}/ledger`);
    // Journaler is the tab the page opens on.
    await page.getByRole('tab', { name: 'Journaler', selected: true }).waitFor();
    const toggles = page.getByRole('button', { name: /^Visa konteringar för Inbetalning / });
    await toggles.first().waitFor();
    expect(await toggles.count()).toBe(1);
    await toggles.click();
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Dölj konteringar för Inbetalning / }) });

    const entries = page.getByRole('table', { name: /^Konteringar, Inbetalning/ });
    await entries.waitFor();
    const lines = await entries
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((tableRow) => Array.from(tableRow.querySelectorAll('td, th'), (cell) => cell.textContent ?? '')));
    const booked = lines.map(([account = '', , caseRef = '', , debit = '', credit = '']) => ({
      account,
      caseRef,
      debit: debit ? oreOf(debit) : 0,
      credit: credit ? oreOf(credit) : 0,
    }));
    expect(booked.map(({ account, debit, credit }) => ({ account, debit, credit }))).toEqual([
      { account: '1900', debit: 200_000, credit: 0 },
      { account: '1510', debit: 0, credit: split.principal },
      { account: '1511', debit: 0, credit: split.interest },
      { account: '1512', debit: 0, credit: split.fees },
    ]);
    expect(booked.every(({ caseRef }) => caseRef === REFERENCE)).toBe(true);
    const totals = (await row.getByRole('cell').allTextContents()).slice(-2).map(oreOf);
    expect(totals).toEqual([200_000, 200_000]);
    await pageScreenshot(page, 'flow5-04-payment-journal');

    await page.getByRole('tab', { name: 'Råbalans' }).click();
    await page.getByText('Balanserar', { exact: true }).waitFor();
    await pageScreenshot(page, 'flow5-05-trial-balance');
  });

  it('imports the BgMax fixture as a job: the dialog follows its progress to the summary', async () => {
    await page.goto(`${app.url}/payments`);
    await page.getByRole('button', { name: 'Importera' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Importera bankfil' });
    await dialog.getByLabel('Bankfil *').setInputFiles(BGMAX_FILE);
    // Every text the dialog shows while it runs, kept by the page: the states are gone by the end.
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { importStates: Set<string> }).importStates = seen;
      new MutationObserver(() => {
        const running = document.querySelector('[role="dialog"] [aria-live="polite"]');
        if (running?.textContent) seen.add(running.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    const queued = page.waitForResponse((response) => response.url().endsWith('/payments/import') && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Importera' }).click();
    const answer = await queued;
    expect(answer.status()).toBe(202);
    const { job_id: jobId, status } = (await answer.json()) as { job_id: string; status: string };
    expect(status).toBe('pending');

    const summary = dialog.getByLabel('Sammanfattning av importen');
    const progress = dialog.getByRole('progressbar', { name: 'Importens förlopp' });
    // The job waits up to one poll (2 s) for the worker: photograph it while it waits, if still there.
    await progress.or(summary).waitFor();
    if (await progress.isVisible()) await page.screenshot({ path: join(ARTIFACTS_DIR, 'flow5-06-import-job-progress.png') });
    await dialog.getByText('Filen all-record-types.txt är inläst.').waitFor({ timeout: 20_000 });
    const states = await page.evaluate(() => [...(window as unknown as { importStates: Set<string> }).importStates]);
    expect(
      states.some((text) => /^all-record-types\.txt(Importen väntar på sin tur…|Bearbetar filen… \d+\s%)/.test(text)),
      states.join(' | '),
    ).toBe(true);

    // The summary is the job's result.
    const job = await api.call<ImportJob>('GET', `/orgs/${api.orgId}/jobs/${jobId}`);
    expect(job.body).toMatchObject({ job_type: 'bank_import', status: 'completed', progress: 100 });
    const result = job.body.result!;
    const figures = (await summary.textContent()) ?? '';
    expect(figures).toContain(`Betalningar i filen${result.payments} st`);
    expect(figures).toContain(`Bokade${result.matched + result.unmatched} st`);
    expect(figures).toContain(`Automatiskt matchade och avräknade${result.allocated} st`);
    importedStatus = RECONCILIATION_LABELS[result.reconciliation_status ?? ''] ?? 'okänd';
    expect(figures).toContain(`Bankavstämning${importedStatus}`);
    await dialogScreenshot(page, 'flow5-07-import-summary');
    await dialog.getByRole('button', { name: 'Stäng' }).click();
  });

  it('shows the new statement with its status on /bank-reconciliation', async () => {
    await page.goto(`${app.url}/bank-reconciliation`);
    await page.getByRole('tab', { name: 'Bankutdrag', selected: true }).waitFor();
    const row = page.getByRole('row', { name: /all-record-types\.txt/ });
    await row.waitFor();
    expect(await row.getByText(importedStatus, { exact: true }).count()).toBe(1);
    expect(await row.getByText('BgMax', { exact: true }).count()).toBe(1);
    await pageScreenshot(page, 'flow5-08-bank-reconciliation');
  });
});

const RECONCILIATION_LABELS: Record<string, string> = { pending: 'Väntar', reconciled: 'Avstämd', mismatch: 'Avvikelse' };
