import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditors, parties } from '@fordran/store';
import { changeCaseStatus, createCase, createManualClock, openAppContext, operatorContext, signUp } from '@fordran/services';
import { runCli } from './run-cli';

/*
 * Messages from a script (issue 11): send with a template, list the history, run the delivery
 * once. The real binary on one database file; each test continues where the previous stopped.
 */

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-comm-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db, FORDRAN_DATA_DIR: dir };
const ORG = 'Karin Lindqvists organisation';
let caseId: string;
let messageId: string;

function cli(args: string[], org = true) {
  const result = runCli([...args, ...(org ? ['--org', ORG] : []), '--json'], env);
  return { ...result, body: result.stdout.trim() ? JSON.parse(result.stdout) : null };
}

beforeAll(async () => {
  const app = await openAppContext({
    dbPath: db,
    dataDir: dir,
    clock: createManualClock(new Date().toISOString()),
    secret: 'a-test-secret-of-reasonable-length',
  });
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  const ctx = await operatorContext(app, ORG);
  const orgId = ctx.membership.org_id;
  let creditorId = '';
  let partyId = '';
  await app.database.transaction(async (tx) => {
    creditorId = (await tx.insert(creditors).values({ org_id: orgId, name: 'Elbolaget Norr AB' }).returning())[0]!.id;
    partyId = (
      await tx
        .insert(parties)
        .values({ org_id: orgId, type: 'person', name: 'Anna Andersson', address_json: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' } })
        .returning()
    )[0]!.id;
  });
  caseId = (await createCase(ctx, { creditor_id: creditorId, party_id: partyId, reference_no: 'F-1001', principal_amount: '7950', due_date: '2026-01-15' })).id;
  await changeCaseStatus(ctx, caseId, { status: 'active' });
  await app.database.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fordran communications', { timeout: 120_000 }, () => {
  it('sends with a template and prints {id, status, channel, recipient}; refuses a debtor without e-mail with exit 1', () => {
    const sent = cli(['communications', 'send', '--case', caseId, '--template', 'GDPR_INFO_LETTER']);
    expect(sent.status, sent.stderr).toBe(0);
    expect(sent.body).toEqual({ id: expect.any(String), status: 'pending', channel: 'letter', recipient: 'Storgatan 1, 111 22 Stockholm' });
    messageId = sent.body.id;

    const email = cli(['communications', 'send', '--case', caseId, '--template', 'GDPR_INFO_EMAIL']);
    expect(email.status).toBe(1);
    expect(email.body.error).toEqual({
      code: 'NO_CONTACT_FOR_CHANNEL',
      message: 'Ingen e-postadress/telefonnummer finns för gäldenären',
      details: { channel: 'email' },
    });
    expect(email.stderr).toContain('Ingen e-postadress/telefonnummer finns för gäldenären');

    const again = cli(['communications', 'send', '--case', caseId, '--template', 'GDPR_INFO_LETTER']);
    expect(again.body.error.code).toBe('DUPLICATE_COMMUNICATION');
  });

  it('lists the history, of the organisation or one case, by status', () => {
    const all = cli(['communications', 'list']);
    expect(all.status, all.stderr).toBe(0);
    expect(all.body.items).toEqual([expect.objectContaining({ id: messageId, status: 'pending', status_label: 'Köad', template_code: 'GDPR_INFO_LETTER' })]);
    expect(cli(['communications', 'list', '--case', caseId, '--status', 'pending,queued']).body.items).toHaveLength(1);
    expect(cli(['communications', 'list', '--status', 'sent']).body.items).toEqual([]);
    const bad = cli(['communications', 'list', '--status', 'borta']);
    expect(bad.status).toBe(1);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('runs the delivery once until nothing is due, and a second run finds nothing', () => {
    const run = cli(['communications', 'deliver'], false);
    expect(run.status, run.stderr).toBe(0);
    // One attempt was made; its outcome is the configured letter provider's.
    expect(run.body.attempts).toBe(1);
    expect(Object.values(run.body.by_status as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(1);
    const [message] = cli(['communications', 'list']).body.items;
    expect(message.status).not.toBe('pending');
    expect(message.delivery.attempts).toBe(1);
    // Nothing else is due now (a retry, should the provider have refused, waits its back-off).
    expect(cli(['communications', 'deliver'], false).body).toEqual({ attempts: 0, by_status: {} });
  });
});
