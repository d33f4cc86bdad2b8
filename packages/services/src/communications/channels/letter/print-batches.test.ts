import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDomainError } from '@fordran/core';
import { uuidV7 } from '@fordran/store';
import { createManualClock, operatorContext, signUp, type AppContext, type OrgScope } from '../../..';
import { openTestApp, type TestApp } from '../../../testing/test-app';
import { pdfText } from '../../../../test/channels/pdf-text';
import { channelClientFor, type OutgoingMessage } from '../channel';
import { createPrintBatch, getPrintQueue, readPrintBatchPdf } from './print-batches';

/*
 * The print queue: letters the manual provider queued (as the delivery worker records them:
 * status queued, rendered_pdf_id) are printed in batches — one PDF of them all, each letter once.
 */

let testApp: TestApp;
let app: AppContext;
let ctx: OrgScope;
let orgId: string;
let caseId: string;

beforeEach(async () => {
  testApp = await openTestApp({ clock: createManualClock('2026-11-22T09:00:00.000Z'), smtpUrl: null });
  app = testApp.app;
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  ctx = await operatorContext(app, 'Karin Lindqvists organisation');
  orgId = ctx.membership.org_id;
  caseId = await insertCase(orgId);
});
afterEach(() => testApp.close());

async function insertCase(org: string): Promise<string> {
  const now = app.clock.now();
  const [creditorId, partyId, claimId, id] = [uuidV7(), uuidV7(), uuidV7(), uuidV7()];
  await testApp.sql('INSERT INTO creditors (id, org_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', creditorId, org, 'Borgenär AB', now, now);
  await testApp.sql(
    "INSERT INTO parties (id, org_id, type, name, created_at, updated_at) VALUES (?, ?, 'person', ?, ?, ?)",
    partyId,
    org,
    'Åsa Öberg',
    now,
    now,
  );
  await testApp.sql(
    'INSERT INTO claims (id, org_id, creditor_id, reference_no, principal_amount, due_date, created_at, updated_at) VALUES (?, ?, ?, ?, 100000, ?, ?, ?)',
    claimId,
    org,
    creditorId,
    'F-1001',
    '2026-10-01',
    now,
    now,
  );
  await testApp.sql(
    "INSERT INTO cases (id, org_id, creditor_id, party_id, claim_id, status, total_principal, total_outstanding, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'active', 100000, 100000, ?, ?)",
    id,
    org,
    creditorId,
    partyId,
    claimId,
    now,
    now,
  );
  return id;
}

/** A letter sent through the manual provider, recorded as the delivery worker does: queued, with its PDF. */
async function queueLetter(name: string, org = orgId, onCase = caseId): Promise<string> {
  const id = uuidV7();
  const letter: OutgoingMessage = {
    id,
    org_id: org,
    channel: 'letter',
    recipient: 'Storgatan 1, 123 45 Småstad',
    subject: 'Inkassokrav',
    body: `Hej ${name}!`,
    unsubscribe_url: null,
    letter: { address_lines: [name, 'Storgatan 1', '123 45 Småstad'], sender_name: 'Nordisk Inkasso AB' },
  };
  const outcome = await (await channelClientFor(app, org, 'letter')).send(letter);
  if (outcome.kind !== 'accepted' || outcome.status !== 'queued') throw new Error('not queued');
  const now = app.clock.now();
  await testApp.sql(
    "INSERT INTO communications (id, org_id, case_id, channel, recipient, subject, body_rendered, status, dedupe_hash, attachments_json, rendered_pdf_id, created_at) VALUES (?, ?, ?, 'letter', ?, ?, ?, 'queued', ?, '[]', ?, ?)",
    id,
    org,
    onCase,
    letter.recipient,
    letter.subject,
    letter.body,
    crypto.randomUUID(),
    outcome.rendered_pdf_key!,
    now,
  );
  await testApp.sql(
    "INSERT INTO comm_deliveries (id, org_id, communication_id, provider, status, attempts, created_at, updated_at) VALUES (?, ?, ?, 'manual', 'queued', 1, ?, ?)",
    uuidV7(),
    org,
    id,
    now,
    now,
  );
  return id;
}

describe('print batches', () => {
  it('merge every waiting letter into one PDF, in queue order, and mark the letters and their deliveries sent', async () => {
    const ids = [await queueLetter('Åsa Öberg'), await queueLetter('Bertil Ek'), await queueLetter('Cecilia Ås')];
    expect((await getPrintQueue(ctx)).letters.map((letter) => letter.id)).toEqual(ids);

    const batch = await createPrintBatch(ctx);
    expect(batch).toMatchObject({ count: 3, created_by: null, letters: ids.map((id) => expect.objectContaining({ id, reference_no: 'F-1001' })) });
    const pdf = await readPrintBatchPdf(ctx, batch.id);
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBe(3);
    // pdf-lib keeps each page's own content stream: the letters in queue order.
    const text = pdfText(pdf.bytes);
    expect(text.indexOf('Åsa Öberg')).toBeLessThan(text.indexOf('Bertil Ek'));
    expect(text.indexOf('Bertil Ek')).toBeLessThan(text.indexOf('Cecilia Ås'));

    const rows = await testApp.sql<{ status: string; sent_at: string | null }>(
      'SELECT status, sent_at FROM communications WHERE org_id = ? ORDER BY id',
      orgId,
    );
    expect(rows).toEqual(ids.map(() => ({ status: 'sent', sent_at: '2026-11-22T09:00:00.000Z' })));
    expect(await testApp.sql('SELECT DISTINCT status FROM comm_deliveries WHERE org_id = ?', orgId)).toEqual([{ status: 'sent' }]);
    expect((await getPrintQueue(ctx)).letters).toEqual([]);
    expect((await getPrintQueue(ctx)).batches.map((listed) => listed.id)).toEqual([batch.id]);
  });

  it('an empty queue is a conflict and writes nothing', async () => {
    await expect(createPrintBatch(ctx)).rejects.toSatisfy((error) => isDomainError(error) && error.code === 'CONFLICT');
    expect((await getPrintQueue(ctx)).batches).toEqual([]);
  });

  it('two people printing at once: each letter is in exactly one batch', async () => {
    const ids = [await queueLetter('A'), await queueLetter('B'), await queueLetter('C'), await queueLetter('D')];
    const results = await Promise.allSettled([createPrintBatch(ctx), createPrintBatch(ctx)]);
    const batches = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const printed = batches.flatMap((batch) => batch.letters.map((letter) => letter.id));
    expect(printed.sort()).toEqual([...ids].sort());
    for (const result of results) if (result.status === 'rejected') expect(isDomainError(result.reason) && result.reason.code).toBe('CONFLICT');
  });

  it('only the organisation’s own letters: another organisation’s queue is not touched', async () => {
    await signUp(app, { email: 'olle@example.se', password: 'hemligt', full_name: 'Olle Berg' });
    const other = await operatorContext(app, 'Olle Bergs organisation');
    const otherLetter = await queueLetter('Annan Org', other.membership.org_id, await insertCase(other.membership.org_id));
    await queueLetter('Egen');
    const batch = await createPrintBatch(ctx);
    expect(batch.letters.map((letter) => letter.recipient)).toHaveLength(1);
    expect((await getPrintQueue(other)).letters.map((letter) => letter.id)).toEqual([otherLetter]);
    await expect(readPrintBatchPdf(other, batch.id)).rejects.toSatisfy((error) => isDomainError(error) && error.code === 'NOT_FOUND');
  });
});
