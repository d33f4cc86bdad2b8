import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addYears } from '@fordran/core';
import { creditors, parties } from '@fordran/store';
import { addPrescriptionInterruption, changeCaseStatus, createCase, createSystemClock, openAppContext, operatorContext, signUp } from '@fordran/services';
import { runCli } from './run-cli';

/*
 * `fordran rules check` (issue 12): per case it flags, the date the claim is prescribed and the
 * interruption that set it. The real binary on one database file.
 */

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-rules-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db, FORDRAN_DATA_DIR: dir };
const ORG = 'Karin Lindqvists organisation';
const today = createSystemClock().today();
const ids: Record<'barred' | 'interrupted' | 'fresh', string> = { barred: '', interrupted: '', fresh: '' };
let interruptionId: string;
let acknowledged: string;

beforeAll(async () => {
  const app = await openAppContext({ dbPath: db, dataDir: dir, secret: 'a-test-secret-of-reasonable-length' });
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  const ctx = await operatorContext(app, ORG);
  const orgId = ctx.membership.org_id;
  const { creditorId, partyId } = await app.database.transaction(async (tx) => ({
    creditorId: (await tx.insert(creditors).values({ org_id: orgId, name: 'Elbolaget Norr AB' }).returning())[0]!.id,
    partyId: (await tx.insert(parties).values({ org_id: orgId, type: 'person', name: 'Anna Andersson' }).returning())[0]!.id,
  }));
  const open = async (reference: string, aroseOn: string) => {
    const created = await createCase(ctx, {
      creditor_id: creditorId,
      party_id: partyId,
      reference_no: reference,
      principal_amount: '7950',
      due_date: aroseOn,
      arose_on: aroseOn,
    });
    await changeCaseStatus(ctx, created.id, { status: 'active' });
    return created.id;
  };
  // Arose three years and a day ago: its last day was yesterday, barred from today.
  ids.barred = await open('F-BARRED', addDays(addYears(today, -3), -1));
  // Arose five years ago (that period ended two years ago), but an acknowledgement made while it
  // ran, 3 years less 30 days ago, started a new period that ends in about a month.
  ids.interrupted = await open('F-INTERRUPTED', addYears(today, -5));
  acknowledged = addDays(addYears(today, -3), 30);
  interruptionId = (await addPrescriptionInterruption(ctx, ids.interrupted, { interrupted_on: acknowledged, reason: 'Gäldenären erkände skulden skriftligen' }))
    .interruption.id;
  ids.fresh = await open('F-FRESH', addDays(today, -10));
  await app.database.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fordran rules check', { timeout: 120_000 }, () => {
  it('prints, per case it flags, prescribed_on and the interruption that set it (prescription_set_by)', () => {
    const result = runCli(['rules', 'check', '--org', ORG, '--json'], env);
    expect(result.status, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary).toMatchObject({ as_of: today, cases: 3, flags_created: 2, block: 1, warning: 1 });
    // Existing fields stay as they were; the per-case list is added.
    expect(Object.keys(summary)).toEqual(['as_of', 'cases', 'flags_created', 'block', 'warning', 'flagged']);
    expect(summary.flagged).toHaveLength(2);
    const byCase = new Map(summary.flagged.map((flagged: { case_id: string }) => [flagged.case_id, flagged]));
    expect(byCase.get(ids.barred)).toEqual({
      case_id: ids.barred,
      reference_no: 'F-BARRED',
      level: 'block',
      message: expect.stringContaining('Fordran är preskriberad sedan'),
      prescribed_on: today,
      prescription_set_by: null,
    });
    expect(byCase.get(ids.interrupted)).toMatchObject({
      reference_no: 'F-INTERRUPTED',
      level: 'warning',
      prescribed_on: addDays(addYears(acknowledged, 3), 1),
      prescription_set_by: { id: interruptionId, kind: 'manual', interrupted_on: acknowledged, reason: 'Gäldenären erkände skulden skriftligen' },
    });
    expect(byCase.has(ids.fresh)).toBe(false);
  });
});
