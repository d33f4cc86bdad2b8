// /kfm and /kfm/:id in a real browser against the real server (issue 12): the empty list ('Inga
// KFM-ärenden ännu'), a case escalated through the API's three steps shown in the table with its
// Swedish status, filtered by a search typed key by key, its detail with the amounts, the file
// downloaded ('Fil nedladdad') with the checksum the page shows, and Kronofogden's answers
// recorded: acknowledged with the målnummer typed key by key, served, then utslag. And a case
// escalated from its KFM tab through the three steps of the dialog, its file downloaded.
// Screenshots: artifacts/e2e/kfm-*.png.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { uuidV7, openStore } from '@fordran/store';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, startApp, type RunningApp } from './harness';
import { apiSession, daysAgo, dialogScreenshot, pageScreenshot, signUpAndIn, toast, typeInto, type ApiSession } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

describe.runIf(hasChromium)('KFM cases in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let session: ApiSession;
  let caseId: string;
  let kfmCaseId: string;
  let checksum: string;
  let creditorId: string;
  let partyId: string;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await session.call<T>(method, path, body);
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  }

  /**
   * In the server's database: the inkassokrav reached the debtor 10 days ago (the communications
   * log), and the creditor's postal address (the application needs it; the creditor form has none).
   */
  function prepareInDatabase(orgId: string, creditorId: string, forCase: string): void {
    const store = openStore(app.dbPath);
    try {
      store.sqlite
        .prepare('UPDATE creditors SET address_json = ? WHERE id = ?')
        .run(JSON.stringify({ street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' }), creditorId);
      const template = store.sqlite.prepare("SELECT id FROM comm_templates WHERE org_id = ? AND code = 'DEMAND_LETTER'").get(orgId) as { id: string };
      const at = `${daysAgo(10)}T10:00:00.000Z`;
      store.sqlite
        .prepare(
          `INSERT INTO communications (id, org_id, case_id, channel, template_id, recipient, subject, body_rendered, status, dedupe_hash, attachments_json, sent_at, created_at)
           VALUES (?, ?, ?, 'letter', ?, 'Anna Andersson', 'Inkassokrav', 'INKASSOKRAV', 'delivered', ?, '[]', ?, ?)`,
        )
        .run(uuidV7(), orgId, forCase, template.id, uuidV7(), at, at);
    } finally {
      store.sqlite.close();
    }
  }

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE', acceptDownloads: true });
    page.setDefaultTimeout(8000);
    await signUpAndIn(page, app.url, { email: 'kfm@example.se', name: 'Julia Juridik' });
    session = await apiSession(page, app.url);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("says 'Inga KFM-ärenden ännu' before anything is escalated", async () => {
    await page.goto(`${app.url}/kfm`);
    await page.getByRole('heading', { name: 'Inga KFM-ärenden ännu' }).waitFor();
    await pageScreenshot(page, 'kfm-empty');
  });

  it('lists an escalated case with its Swedish status and finds it by a search typed key by key', async () => {
    const org = `/orgs/${session.orgId}`;
    const creditor = await call<{ id: string }>('POST', `${org}/creditors`, { name: 'Elbolaget Norr AB', org_no: '556036-0793' });
    const party = await call<{ id: string }>('POST', `${org}/parties`, {
      type: 'person',
      name: 'Anna Andersson',
      national_id: '198112189876',
      address_json: { street: 'Lillgatan 2', zip: '123 45', city: 'Farsta' },
    });
    caseId = (
      await call<{ id: string }>('POST', `${org}/cases`, {
        creditor_id: creditor.id,
        party_id: party.id,
        reference_no: 'F-5001',
        principal_amount: '7950',
        due_date: daysAgo(60),
      })
    ).id;
    await call('POST', `${org}/cases/${caseId}/status`, { status: 'active' });
    await call('POST', `${org}/cases/${caseId}/stage`, { stage: 'demand' });
    prepareInDatabase(session.orgId, creditor.id, caseId);
    creditorId = creditor.id;
    partyId = party.id;
    await call('POST', `${org}/cases/${caseId}/kfm/precheck`);
    await call('POST', `${org}/cases/${caseId}/kfm/snapshot`, { transfer_to_court: true });
    const generated = await call<{ kfm_case: { id: string }; file: { checksum: string } }>('POST', `${org}/cases/${caseId}/kfm/generate`, {});
    kfmCaseId = generated.kfm_case.id;
    checksum = generated.file.checksum;

    await page.goto(`${app.url}/kfm`);
    const table = page.getByRole('table', { name: 'KFM-ärenden' });
    await table.waitFor();
    const row = table.getByRole('row').nth(1);
    await expect(row.textContent()).resolves.toMatch(/^F-5001Betalningsföreläggande\s*Inskickad–300,00\skr/);
    await typeInto(page.getByLabel('Sök referens eller målnummer'), 'F-9');
    await page.getByRole('heading', { name: 'Inga KFM-ärenden matchar filtren' }).waitFor();
    await page.getByRole('button', { name: 'Rensa filter' }).click();
    await typeInto(page.getByLabel('Sök referens eller målnummer'), '5001');
    await table.getByRole('link', { name: 'F-5001' }).first().waitFor();
    await pageScreenshot(page, 'kfm-list');
  });

  it('shows the detail and downloads the file whose checksum the page shows', async () => {
    await page.getByRole('table', { name: 'KFM-ärenden' }).getByRole('link', { name: 'F-5001' }).first().click();
    await page.waitForURL(`**/kfm/${kfmCaseId}`);
    const amounts = page.getByRole('region', { name: 'Ansökans belopp' });
    await amounts.getByText('300,00', { exact: false }).first().waitFor();
    await expect(amounts.textContent()).resolves.toContain('Ersättning för ansökan380,00');
    const files = page.getByRole('region', { name: 'Filer' });
    await expect(files.textContent()).resolves.toContain(checksum.slice(0, 16));
    const downloading = page.waitForEvent('download');
    await files.getByRole('button', { name: /Ladda ned F-5001_/ }).click();
    const download = await downloading;
    await toast(page, 'Fil nedladdad');
    const xml = readFileSync((await download.path())!, 'utf8');
    expect(createHash('sha256').update(xml, 'utf8').digest('hex')).toBe(checksum);
    expect(download.suggestedFilename()).toMatch(/^F-5001_\d{8}T\d{6}Z\.xml$/);
    await pageScreenshot(page, 'kfm-detail');
  });

  it('records acknowledged with the målnummer typed key by key, then served and utslag', async () => {
    await page.getByRole('button', { name: 'Mottagen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ändra status till Mottagen' });
    await dialog.getByRole('button', { name: 'Ändra till Mottagen' }).click();
    await dialog.getByText('Ange Kronofogdens målnummer').waitFor();
    await typeInto(dialog.getByLabel('Målnummer'), '14-141638-12');
    await dialogScreenshot(page, 'kfm-status-dialog');
    await dialog.getByRole('button', { name: 'Ändra till Mottagen' }).click();
    await toast(page, 'Status ändrad');
    const overview = page.getByRole('region', { name: 'Översikt' });
    await overview.getByText('14-141638-12').waitFor();

    await page.getByRole('button', { name: 'Delgiven' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ändra till Delgiven' }).click();
    await overview.getByText('Delgiven').waitFor();
    await page.getByRole('button', { name: 'Utslag' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ändra till Utslag' }).click();
    await overview.getByText('Utslag').waitFor();
    const events = page.getByRole('region', { name: 'Händelser' });
    await events.getByText('Kostnader enligt utslag bokförda').waitFor();
    await expect(events.textContent()).resolves.toContain('Status ändrad: Delgiven → Utslag');
    await pageScreenshot(page, 'kfm-decided');
  });

  it("a contested case goes to tingsrätt: 'Överlämna till tingsrätt' makes the lawsuit, whose judgment is recorded", async () => {
    await page.getByRole('button', { name: 'Bestridd', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ändra till Bestridd' }).click();
    await toast(page, 'Status ändrad');
    await page.getByRole('button', { name: 'Överlämna till tingsrätt' }).click();
    await toast(page, 'Stämning skapad');
    await page.waitForURL(/\/lawsuits\/[0-9a-f-]+$/);
    await page.getByText('F-5001').first().waitFor();

    await page.getByRole('button', { name: 'Inlämnad', exact: true }).click();
    const filing = page.getByRole('dialog', { name: 'Ändra till Inlämnad' });
    await typeInto(filing.getByLabel('Målnummer'), 'T 4711-26');
    await filing.getByRole('button', { name: 'Ändra till Inlämnad' }).click();
    await toast(page, 'Status ändrad');
    await page.getByRole('button', { name: 'Delgiven', exact: true }).click();
    await page.getByRole('dialog', { name: 'Ändra till Delgiven' }).getByRole('button', { name: 'Ändra till Delgiven' }).click();
    await toast(page, 'Status ändrad');
    await page.getByRole('button', { name: 'Dom', exact: true }).click();
    const judgment = page.getByRole('dialog', { name: 'Ändra till Dom' });
    await typeInto(judgment.getByLabel('Kommentar'), 'Tingsrätten biföll käromålet');
    await judgment.getByRole('button', { name: 'Ändra till Dom' }).click();
    await toast(page, 'Status ändrad');
    await page.getByRole('button', { name: 'Stängd', exact: true }).waitFor();
    await pageScreenshot(page, 'kfm-contested-lawsuit-judgment');
  });

  it('escalates a case from its KFM tab through the three steps and downloads the file', async () => {
    const org = `/orgs/${session.orgId}`;
    const second = (
      await call<{ id: string }>('POST', `${org}/cases`, {
        creditor_id: creditorId,
        party_id: partyId,
        reference_no: 'F-5002',
        principal_amount: '2400',
        due_date: daysAgo(45),
      })
    ).id;
    await call('POST', `${org}/cases/${second}/status`, { status: 'active' });
    await call('POST', `${org}/cases/${second}/stage`, { stage: 'demand' });

    await page.goto(`${app.url}/cases/${second}`);
    await page.getByRole('tab', { name: /KFM/ }).click();
    await page.getByRole('heading', { name: 'Inga KFM-ärenden ännu' }).waitFor();
    await page.getByRole('button', { name: 'Eskalera till Kronofogden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eskalera till Kronofogden' });
    // No inkassokrav has reached the debtor yet: blocked, with the reason.
    await dialog.getByRole('button', { name: 'Kör förkontroll' }).click();
    const blocked = dialog.getByRole('alert');
    await blocked.getByText('Ärendet kan inte eskaleras på grund av blockerade regler').waitFor();
    await blocked.getByText('Inget inkassokrav har nått gäldenären minst 8 dagar före ansökan').waitFor();
    await dialogScreenshot(page, 'kfm-dialog-blocked');

    prepareInDatabase(session.orgId, creditorId, second);
    await dialog.getByRole('button', { name: 'Kör förkontroll' }).click();
    await dialog.getByText('Förkontrollen godkänd').waitFor();
    const asOf = dialog.getByLabel('Beräkningsdag');
    await asOf.fill('');
    await typeInto(asOf, daysAgo(1));
    await dialog.getByRole('button', { name: 'Skapa snapshot' }).click();
    await toast(page, 'Snapshot skapad');
    await expect(dialog.getByRole('region', { name: 'Ansökans belopp' }).textContent()).resolves.toContain('Ersättning för ansökan380,00');
    await dialog.getByRole('button', { name: 'Generera KFM-fil' }).click();
    await toast(page, 'KFM-fil genererad');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Ladda ned fil' }).click();
    const download = await downloading;
    await toast(page, 'Fil nedladdad');
    expect(download.suggestedFilename()).toMatch(/^F-5002_\d{8}T\d{6}Z\.xml$/);
    const xml = readFileSync((await download.path())!, 'utf8');
    expect(xml).toContain('<SokandensReferens>F-5002</SokandensReferens>');
    expect(xml).toContain(`<Berakningsdag>${daysAgo(1)}</Berakningsdag>`);
    await dialogScreenshot(page, 'kfm-dialog-generated');
    await page.keyboard.press('Escape');
    const table = page.getByRole('table', { name: 'Ärendets KFM-ärenden' });
    await table.getByText('Inskickad').waitFor();
    await pageScreenshot(page, 'kfm-case-tab');
  });
});
