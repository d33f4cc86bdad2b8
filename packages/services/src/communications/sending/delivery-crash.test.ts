import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { creditors, parties } from '@fordran/store';
import {
  changeCaseStatus,
  createCase,
  createManualClock,
  getCommunication,
  operatorContext,
  runDeliveriesUntilIdle,
  sendCommunication,
  signUp,
  type ManualClock,
  type OrgScope,
} from '../..';
import { createRecordingChannels, openTestApp, type RecordingChannels, type TestApp } from '../../testing/test-app';

/*
 * The crash test of issue 11: a delivery worker in another process is killed mid-batch, right
 * after the provider took a message and before the outcome was recorded; a worker started
 * afterwards delivers the rest. Every message reaches the provider, none that was recorded as
 * sent is handed over again, and only the one in flight is handed over a second time — with the
 * same id, the idempotency key, so a provider that honours it delivers each message once.
 */

const CHILD = fileURLToPath(new URL('./delivery-crash.child.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const NOW = '2026-11-23T09:00:00.000Z'; // Monday 10:00 in Stockholm
const SECRET = 'test-secret-that-is-long-enough-0123456789';
const MESSAGES = 5;
const DIE_AT_CALL = 3;

let testApp: TestApp;
let clock: ManualClock;
let channels: RecordingChannels;
let ctx: OrgScope;

beforeEach(async () => {
  clock = createManualClock(NOW);
  channels = createRecordingChannels();
  testApp = await openTestApp({ clock, secret: SECRET, seedReferenceRates: false, providers: { channels: channels.directory } });
  await signUp(testApp.app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  ctx = await operatorContext(testApp.app, 'Karin Lindqvists organisation');
});
afterEach(() => testApp.close());

/** One message on each of `count` cases (the same message twice a day would be refused as a repeat). */
async function sendMessages(count: number): Promise<string[]> {
  const orgId = ctx.membership.org_id;
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const [creditor] = await testApp.sql<{ id: string }>('SELECT id FROM creditors WHERE org_id = ? LIMIT 1', orgId);
    const creditorId =
      creditor?.id ??
      (await testApp.app.database.transaction(
        async (tx) => (await tx.insert(creditors).values({ org_id: orgId, name: 'Elbolaget Norr AB' }).returning())[0]!.id,
      ));
    const partyId = await testApp.app.database.transaction(
      async (tx) =>
        (
          await tx
            .insert(parties)
            .values({ org_id: orgId, type: 'person', name: `Gäldenär ${n}`, email: `g${n}@example.se` })
            .returning()
        )[0]!.id,
    );
    const caseId = (
      await createCase(ctx, { creditor_id: creditorId, party_id: partyId, reference_no: `F-${n}`, principal_amount: '1000', due_date: '2026-10-01' })
    ).id;
    await changeCaseStatus(ctx, caseId, { status: 'active' });
    ids.push((await sendCommunication(ctx, caseId, { template: 'GDPR_INFO_EMAIL' })).communication.id);
  }
  return ids;
}

describe('delivery survives a worker killed mid-send', () => {
  it('delivers every message once when the worker dies between the provider taking a message and the record', async () => {
    const ids = await sendMessages(MESSAGES);
    const log = join(testApp.dir, 'provider.log');
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', CHILD, JSON.stringify({ ...testApp.location, dataDir: testApp.dir, secret: SECRET, now: NOW, log, dieAtCall: DIE_AT_CALL })],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.signal, child.stderr).toBe('SIGKILL');
    const takenByChild = readFileSync(log, 'utf8').trim().split('\n');
    expect(takenByChild).toEqual(ids.slice(0, DIE_AT_CALL));
    const inFlight = ids[DIE_AT_CALL - 1]!;
    const recordedByChild = ids.slice(0, DIE_AT_CALL - 1);
    for (const id of recordedByChild) expect((await getCommunication(ctx, id)).status).toBe('sent');
    const interrupted = await getCommunication(ctx, inFlight);
    expect(interrupted).toMatchObject({ status: 'queued', in_flight: true, actions: { can_cancel: false } });

    // The dead worker's job lease (30 s) lapses; a new worker takes its job back and goes on.
    clock.advanceSeconds(60);
    const run = await runDeliveriesUntilIdle(testApp.app, { workerId: 'after-restart' });
    expect(run.by_status).toEqual({ sent: MESSAGES - DIE_AT_CALL + 1 });
    const takenAfterRestart = channels.calls.map((message) => message.id);
    // The recovered job is due from its recovery, so it may come after the jobs never started.
    expect([...takenAfterRestart].sort()).toEqual(ids.slice(DIE_AT_CALL - 1).sort());
    // Nothing recorded as sent went out again; the message in flight went again under its own id.
    expect(takenAfterRestart.filter((id) => recordedByChild.includes(id))).toEqual([]);
    const handedOver = [...takenByChild, ...takenAfterRestart];
    expect(new Set(handedOver)).toEqual(new Set(ids));
    expect(handedOver.filter((id) => id === inFlight)).toHaveLength(2);
    expect(handedOver.length).toBe(MESSAGES + 1);
    for (const id of ids) expect((await getCommunication(ctx, id)).status).toBe('sent');
    expect((await getCommunication(ctx, inFlight)).delivery).toMatchObject({ status: 'sent', attempts: 2 });
  }, 90_000);
});
