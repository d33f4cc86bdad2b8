/**
 * Steps and readings the browser tests share: signing up and in through the UI, toasts,
 * screenshots, the API as the signed-in user, and money as the UI writes it (sv-SE).
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openStore } from '@fordran/store';
import { sqliteRawSql } from '@fordran/store/testing';
import { insertSentDemand } from '../../api/test/fixtures';
import { ARTIFACTS_DIR, screenshot, type RunningApp } from './harness';

export const PASSWORD = 'hemligt123';
const NBSP = '\u00a0';
const MINUS = '\u2212';

/** "5950.00" as a money field shows it once left: "5 950,00" (no-break space between the thousands). */
export function fieldAmount(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? decimal.slice(1) : decimal).split('.');
  return `${negative ? MINUS : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)},${fraction.padEnd(2, '0')}`;
}

/** "5950.00" as the UI writes it: "5 950,00 kr" ("-12.50" → "−12,50 kr"). */
export function kronor(decimal: string): string {
  return `${fieldAmount(decimal)}${NBSP}kr`;
}

/** Empties a text field and types `text` into it key by key, as a person does. */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await field.clear();
  await field.pressSequentially(text);
}

/** Öre as the UI writes them: 595000 → "5 950,00 kr". */
export function kronorOfOre(ore: number): string {
  const abs = Math.abs(ore);
  return kronor(`${ore < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

const KRONOR_PATTERN = new RegExp(`^(${MINUS})?(\\d{1,3}(?:${NBSP}\\d{3})*),(\\d{2})${NBSP}kr$`);

/** "−1 234,50 kr" → -123450 öre. Fails the test on anything that is not sv-SE money. */
export function oreOf(text: string): number {
  const match = KRONOR_PATTERN.exec(text.trim());
  expect(match, `"${text}" is not an amount as sv-SE writes it`).not.toBeNull();
  const [, minus, whole = '0', fraction = '00'] = match!;
  const ore = Number(whole.replaceAll(NBSP, '')) * 100 + Number(fraction);
  return minus ? -ore : ore;
}

/** A date `days` before today, YYYY-MM-DD (UTC is close enough for due dates months back). */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** Waits for a toast with this title (or description) and returns it. */
export async function toast(page: Page, text: string | RegExp): Promise<Locator> {
  const item = page
    .getByRole('region', { name: 'Aviseringar' })
    .getByText(text, typeof text === 'string' ? { exact: true } : {})
    .first();
  await item.waitFor();
  return item;
}

/** The viewport only, toasts included: an open dialog (or a fresh toast) is what matters. */
export async function dialogScreenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300); // let the toast finish sliding in
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), animations: 'disabled' });
}

/** The whole page from the top, without the toasts that would cover its corner. */
export async function pageScreenshot(page: Page, name: string): Promise<void> {
  const closeButtons = page.getByRole('region', { name: 'Aviseringar' }).getByRole('button', { name: 'Stäng' });
  while ((await closeButtons.count()) > 0) await closeButtons.first().click();
  await screenshot(page, name);
}

/** Signs in on /auth and waits for the dashboard. */
export async function signIn(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/auth`);
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Lösenord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await page.waitForURL('**/dashboard');
}

/** Creates an account on /auth ('Skapa konto') and signs in with it. */
export async function signUpAndIn(page: Page, url: string, user: { email: string; name: string }): Promise<void> {
  await page.goto(`${url}/auth`);
  await page.getByRole('tab', { name: 'Skapa konto' }).click();
  await page.getByLabel('E-post').fill(user.email);
  await page.getByLabel('Lösenord').fill(PASSWORD);
  await page.getByLabel('Fullständigt namn').fill(user.name);
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await page.getByText('Konto skapat! Du kan nu logga in med dina uppgifter.').first().waitFor();
  await page.getByRole('tab', { name: 'Logga in' }).click();
  await page.getByLabel('E-post').fill(user.email);
  await page.getByLabel('Lösenord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await page.waitForURL('**/dashboard');
}

/** Signs up through the API (no browser), for tests whose subject starts after sign-up. */
export async function signUpByApi(url: string, user: { email: string; name: string }): Promise<void> {
  const response = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: PASSWORD, full_name: user.name }),
  });
  expect(response.status).toBe(201);
}

export interface ApiSession {
  orgId: string;
  /** Calls `/api<path>` as the signed-in user. */
  call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

/** The API as the user signed in on `page` (the token the UI keeps), in their first organisation. */
export async function apiSession(page: Page, url: string): Promise<ApiSession> {
  const stored = await page.evaluate(() => localStorage.getItem('fordran.session'));
  const token = (JSON.parse(stored ?? '{}') as { access_token?: string }).access_token;
  expect(token, 'the UI keeps a session after sign-in').toBeTruthy();
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  const me = await call<{ memberships: { org_id: string }[] }>('GET', '/me');
  return { orgId: me.body.memberships[0]!.org_id, call };
}

/** What the Ekonomi card of a case page shows, in öre; `fees` are the rows under Avgifter by name. */
export interface EconomyFigures {
  principal: number;
  interest: number;
  feesTotal: number;
  fees: Record<string, number>;
  paid: number;
  outstanding: number;
}

/**
 * Reads the Ekonomi card (a description list: label → amount) and checks what the card promises:
 * every amount is sv-SE money, the fee rows add up to Avgifter, and
 * Kapital + Ränta + Avgifter − Betalt = Utestående (Betalt is shown with its minus sign).
 */
export async function readEconomy(page: Page): Promise<EconomyFigures> {
  const card = page.getByRole('region', { name: 'Ekonomi' });
  await card.waitFor();
  const rows = await card.locator('dl > div').evaluateAll((items) =>
    items.map((item) => ({
      // The label's own text, without the note after it (" · t.o.m. 2026-11-23").
      label: (item.querySelector('dt')?.firstChild?.textContent ?? '').trim(),
      amount: item.querySelector('dd')?.textContent ?? '',
    })),
  );
  const byLabel = new Map(rows.map((row) => [row.label, oreOf(row.amount)]));
  const known = ['Kapital', 'Ränta', 'Avgifter', 'Betalt', 'Utestående'];
  for (const label of known) expect(byLabel.has(label), `the Ekonomi card shows ${label}`).toBe(true);
  const fees = Object.fromEntries(rows.filter((row) => !known.includes(row.label)).map((row) => [row.label, oreOf(row.amount)]));
  const figures: EconomyFigures = {
    principal: byLabel.get('Kapital')!,
    interest: byLabel.get('Ränta')!,
    feesTotal: byLabel.get('Avgifter')!,
    fees,
    // Betalt is shown negative ("−2 000,00 kr"); 0 − x keeps an unpaid case at 0, not −0.
    paid: 0 - byLabel.get('Betalt')!,
    outstanding: byLabel.get('Utestående')!,
  };
  expect(Object.values(fees).reduce((sum, fee) => sum + fee, 0)).toBe(figures.feesTotal);
  expect(figures.principal + figures.interest + figures.feesTotal - figures.paid).toBe(figures.outstanding);
  return figures;
}

/**
 * The case's inkassokrav recorded as sent, in the running server's database: the collection fee
 * needs it (lag 1981:739 3 § 1). Flows about fees and payments use this; sending itself is
 * tested through the case's own message dialog.
 */
export async function recordSentDemand(app: RunningApp, orgId: string, caseId: string): Promise<void> {
  const store = openStore(app.dbPath);
  try {
    await insertSentDemand({ sql: sqliteRawSql(store.sqlite), ctx: { clock: { now: () => new Date().toISOString() } } }, orgId, caseId);
  } finally {
    store.sqlite.close();
  }
}
