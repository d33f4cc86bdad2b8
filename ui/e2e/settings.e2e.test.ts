// The rule engine and the Ekonomi page in a real browser against the real server: toggle a rule,
// refuse an invalid JSON edit, change a fee amount (a new version), create a fixed-rate interest
// profile, read the reference rates; a handler sees no edit buttons. Screenshots:
// artifacts/e2e/settings-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SKIP_MESSAGE, buildUi, hasChromium, launchBrowser, screenshot, startApp, type RunningApp } from './harness';
import { PASSWORD, signIn, typeInto } from './helpers';

if (!hasChromium) console.warn(SKIP_MESSAGE);

interface Rule {
  id: string;
  code: string;
  is_active: boolean;
  description: string | null;
  condition_json: Record<string, unknown>;
}

describe.runIf(hasChromium)('rule engine and finance settings in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let token = '';
  let orgId = '';

  async function apiCall<T>(method: string, path: string, body?: unknown, bearer = token): Promise<T> {
    const response = await fetch(`${app.url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  async function signUp(email: string, name: string, invitationToken?: string): Promise<string> {
    await apiCall(
      'POST',
      '/auth/signup',
      { email, password: PASSWORD, full_name: name, ...(invitationToken ? { invitation_token: invitationToken } : {}) },
      '',
    );
    const session = await apiCall<{ access_token: string }>('POST', '/auth/signin', { email, password: PASSWORD }, '');
    return session.access_token;
  }

  async function rules(): Promise<Rule[]> {
    return (await apiCall<{ items: Rule[] }>('GET', `/orgs/${orgId}/rules`)).items;
  }

  beforeAll(async () => {
    buildUi();
    app = await startApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE' });
    token = await signUp('admin@regler.se', 'Astrid Admin');
    orgId = (await apiCall<{ memberships: { org_id: string }[] }>('GET', '/me')).memberships[0]!.org_id;
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('toggles a rule and refuses an invalid JSON edit without saving it', async () => {
    await signIn(page, app.url, 'admin@regler.se');
    await page.goto(`${app.url}/settings/rules`);
    await page.getByRole('heading', { name: 'Regelmotor' }).waitFor();
    await page.getByText('FEE_450_EXCLUSIVE').waitFor();
    await screenshot(page, 'settings-rules');

    // Switching a rule off asks why; the reason goes to the system log.
    await page.getByRole('switch', { name: 'INTEREST_CAP aktiv' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Stäng av regeln INTEREST_CAP?' });
    await confirm.getByLabel('Anledning *').pressSequentially('Räntetaket prövas av juristen');
    await confirm.getByRole('button', { name: 'Stäng av regeln' }).click();
    await page.getByText('Regel uppdaterad').first().waitFor();
    await expect.poll(async () => (await rules()).find((rule) => rule.code === 'INTEREST_CAP')?.is_active).toBe(false);
    await screenshot(page, 'settings-rules-toggled');

    const before = (await rules()).find((rule) => rule.code === 'DISPUTED_CASE')!;
    await page.getByRole('button', { name: 'Redigera DISPUTED_CASE' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redigera regel' });
    await dialog.waitFor();
    await dialog.getByText('Villkor och åtgärd är giltiga.').waitFor();
    await screenshot(page, 'settings-rule-dialog');

    await dialog.getByLabel('Beskrivning').fill('Ska inte sparas');
    await dialog.getByLabel('Villkor (condition_json)').fill('{"rule_type": "dispute_check",');
    await dialog.getByText('Villkoret är inte giltig JSON').waitFor();
    await dialog.getByRole('button', { name: 'Spara regel' }).click();
    await page.getByText('Fel vid sparande').first().waitFor();
    await screenshot(page, 'settings-rule-invalid-json');
    expect(await dialog.isVisible()).toBe(true);
    const after = (await rules()).find((rule) => rule.code === 'DISPUTED_CASE')!;
    expect(after).toEqual(before);

    // A valid edit of the same rule is saved.
    await dialog.getByLabel('Beskrivning').fill('Bestridd fordran (flaggkod BESTRIDD): inga utskick, avgifter eller KFM-ansökan');
    await dialog.getByLabel('Villkor (condition_json)').fill('{"rule_type": "dispute_check", "flag_code": "BESTRIDD"}');
    await dialog.getByText('Villkor och åtgärd är giltiga.').waitFor();
    await dialog.getByRole('button', { name: 'Spara regel' }).click();
    await page.getByText('Regel sparad').first().waitFor();
    await expect
      .poll(async () => (await rules()).find((rule) => rule.code === 'DISPUTED_CASE')?.condition_json)
      .toEqual({ rule_type: 'dispute_check', flag_code: 'BESTRIDD' });
  }, 120_000);

  it('changes a fee amount as a new version and creates a fixed-rate interest profile', async () => {
    await page.goto(`${app.url}/finance`);
    await page.getByRole('heading', { name: 'Ekonomi' }).waitFor();
    await page.getByText('REMINDER_60').waitFor();
    await screenshot(page, 'settings-finance-fees');

    await page.getByRole('button', { name: 'Åtgärder för REMINDER_60' }).click();
    await page.getByRole('menuitem', { name: 'Redigera' }).click();
    const feeDialog = page.getByRole('dialog', { name: 'Redigera avgift REMINDER_60' });
    await feeDialog.waitFor();
    await typeInto(feeDialog.getByLabel('Belopp (kr) *'), '50');
    await feeDialog.getByText('Det nya beloppet sparas som en ny version.', { exact: false }).waitFor();
    await screenshot(page, 'settings-fee-new-version');
    await feeDialog.getByRole('button', { name: 'Spara ny version' }).click();
    await page.getByText('Sparat', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: '2 versioner' }).click();
    const versions = page.getByRole('dialog', { name: 'Versioner av REMINDER_60' });
    await versions.getByText('Gäller nu').waitFor();
    await versions.getByText('Ersatt').waitFor();
    await screenshot(page, 'settings-fee-versions');
    await versions.getByRole('button', { name: 'Stäng' }).click();
    const fees = await apiCall<{ items: { code: string; amount: string; state: string }[] }>('GET', `/orgs/${orgId}/fee-catalogue`);
    expect(fees.items.filter((fee) => fee.code === 'REMINDER_60').map((fee) => [fee.amount, fee.state])).toEqual([
      ['50.00', 'in_force'],
      ['60.00', 'superseded'],
    ]);

    await page.getByRole('tab', { name: 'Ränteprofiler' }).click();
    await page.getByText('Standardprofil för nya ärenden').waitFor();
    await page.getByRole('button', { name: 'Ny ränteprofil' }).click();
    const profileDialog = page.getByRole('dialog', { name: 'Ny ränteprofil' });
    await profileDialog.waitFor();
    await profileDialog.getByLabel('Kod *').fill('fast_12');
    await profileDialog.getByLabel('Namn').fill('Avtalad ränta 12,5 %');
    await profileDialog.getByRole('radio', { name: /Fast ränta/ }).click();
    await typeInto(profileDialog.getByLabel('Ränta (% per år) *'), '12,5');
    await profileDialog.getByText('12,5 % per år').waitFor();
    await screenshot(page, 'settings-interest-profile-dialog');
    await profileDialog.getByRole('button', { name: 'Skapa ränteprofil' }).click();
    await page.getByText('Sparat', { exact: true }).first().waitFor();
    await page.getByRole('cell', { name: '12,5 % per år' }).waitFor();
    await screenshot(page, 'settings-interest-profiles');
    const profiles = await apiCall<{ items: { code: string; base: string; fixed_rate_pa: string | null }[] }>('GET', `/orgs/${orgId}/interest-profiles`);
    expect(profiles.items.find((profile) => profile.code === 'FAST_12')).toMatchObject({ base: 'fixed', fixed_rate_pa: '12.5' });

    await page.getByRole('tab', { name: 'Referensräntor' }).click();
    await page.getByText('Dröjsmålsränta', { exact: true }).waitFor();
    await page.getByText('2019 H1').waitFor();
    await screenshot(page, 'settings-reference-rates');
  }, 120_000);

  it('shows a handler the rules and fees without edit buttons', async () => {
    const invite = await apiCall<{ token: string }>('POST', `/orgs/${orgId}/invitations`, { email: 'handlaggare@regler.se', role: 'handler' });
    await signUp('handlaggare@regler.se', 'Hugo Handläggare', invite.token);
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, app.url, 'handlaggare@regler.se');
    await page.goto(`${app.url}/settings/rules`);
    await page.getByText('FEE_450_EXCLUSIVE').waitFor();
    expect(await page.getByRole('switch').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Redigera / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ny regel' }).count()).toBe(0);
    await screenshot(page, 'settings-rules-read-only');
    await page.goto(`${app.url}/finance`);
    await page.getByText('REMINDER_60').waitFor();
    expect(await page.getByRole('button', { name: 'Ny avgift' }).count()).toBe(0);
  }, 120_000);
});
