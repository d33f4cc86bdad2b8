import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@fordran/core';
import { commTemplates, communications, creditors, parties } from '@fordran/store';
import { changeCaseStage, changeCaseStatus, createCase, createSystemClock, openAppContext, operatorContext, signUp } from '@fordran/services';
import { and, eq } from 'drizzle-orm';
import { runCli } from './run-cli';

/*
 * `fordran kfm precheck|generate|status` (issue 12): the real binary on one database file. Two
 * cases are ready (an inkassokrav reached the debtor 10 days ago), one is not (no inkassokrav).
 */

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-kfm-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db, FORDRAN_DATA_DIR: dir };
const ORG = 'Karin Lindqvists organisation';
const today = createSystemClock().today();
let ready: string;
let second: string;
let refused: string;

function cli(args: string[]) {
  const result = runCli(['kfm', ...args, '--org', ORG, '--json'], env);
  return { ...result, body: result.stdout.trim() ? JSON.parse(result.stdout) : null };
}

beforeAll(async () => {
  const app = await openAppContext({ dbPath: db, dataDir: dir, secret: 'a-test-secret-of-reasonable-length' });
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  const ctx = await operatorContext(app, ORG);
  const orgId = ctx.membership.org_id;
  const { creditorId, partyId } = await app.database.transaction(async (tx) => ({
    creditorId: (
      await tx
        .insert(creditors)
        .values({ org_id: orgId, name: 'Elbolaget Norr AB', org_no: '556036-0793', address_json: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' } })
        .returning()
    )[0]!.id,
    partyId: (
      await tx
        .insert(parties)
        .values({
          org_id: orgId,
          type: 'person',
          name: 'Anna Andersson',
          national_id: '198112189876',
          address_json: { street: 'Lillgatan 2', zip: '123 45', city: 'Farsta' },
        })
        .returning()
    )[0]!.id,
  }));
  const [template] = await app.database.db
    .select({ id: commTemplates.id })
    .from(commTemplates)
    .where(and(eq(commTemplates.org_id, orgId), eq(commTemplates.code, 'DEMAND_LETTER')));
  const deliveredAt = `${addDays(today, -10)}T10:00:00.000Z`;
  const openCase = async (reference: string, delivered: boolean) => {
    const id = (
      await createCase(ctx, { creditor_id: creditorId, party_id: partyId, reference_no: reference, principal_amount: '7950', due_date: addDays(today, -60) })
    ).id;
    await changeCaseStatus(ctx, id, { status: 'active' });
    await changeCaseStage(ctx, id, { stage: 'demand' });
    if (delivered) {
      await app.database.transaction((tx) =>
        tx.insert(communications).values({
          org_id: orgId,
          case_id: id,
          channel: 'letter',
          template_id: template!.id,
          recipient: 'Anna Andersson',
          subject: 'Inkassokrav',
          body_rendered: 'INKASSOKRAV',
          status: 'delivered',
          dedupe_hash: crypto.randomUUID(),
          sent_at: deliveredAt,
          created_at: deliveredAt,
        }),
      );
    }
    return id;
  };
  ready = await openCase('F-1001', true);
  second = await openCase('F-1002', true);
  refused = await openCase('F-1003', false);
  await app.database.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fordran kfm', { timeout: 180_000 }, () => {
  it('precheck passes a ready case and refuses one without a delivered inkassokrav (exit 1)', () => {
    const passed = cli(['precheck', '--case', ready]);
    expect(passed.status, passed.stderr).toBe(0);
    expect(passed.body).toMatchObject({ case_id: ready, status: 'passed', can_proceed: true });
    const blocked = cli(['precheck', '--case', refused]);
    expect(blocked.status).toBe(1);
    expect(blocked.body.claim_findings).toEqual([
      { code: 'KFM_DEMAND_NOT_DELIVERED', message: 'Inget inkassokrav har nått gäldenären minst 8 dagar före ansökan' },
    ]);
  });

  it('generate --case of a refused case lists the reasons, writes nothing and exits 1', () => {
    const out = join(dir, 'refused');
    const result = cli(['generate', '--case', refused, '--out', out]);
    expect(result.status).toBe(1);
    expect(result.body).toEqual({ files: [], refused: [{ case_id: refused, reasons: ['Inget inkassokrav har nått gäldenären minst 8 dagar före ansökan'] }] });
    expect(existsSync(out)).toBe(false);
  });

  it('generate --all-ready --dry-run shows the files and the refused case, writing nothing', () => {
    const out = join(dir, 'dry');
    const result = cli(['generate', '--all-ready', '--dry-run', '--out', out]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.body.files.map((file: { case_id: string }) => file.case_id)).toEqual([ready, second]);
    expect(result.body.files[0]).toEqual({
      case_id: ready,
      path: expect.stringMatching(/dry\/F-1001_\d{8}T\d{6}Z\.xml$/),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      total: expect.any(String),
    });
    expect(result.body.refused).toEqual([
      { case_id: refused, reasons: expect.arrayContaining(['Inget inkassokrav har nått gäldenären minst 8 dagar före ansökan']) },
    ]);
    expect(existsSync(out)).toBe(false);
    const precheck = cli(['precheck', '--case', second]);
    expect(precheck.body.status).toBe('passed');
  });

  it('generate --case writes the file whose checksum and total the JSON gives', () => {
    const out = join(dir, 'one');
    const result = cli(['generate', '--case', ready, '--out', out, '--as-of', today]);
    expect(result.status, result.stderr).toBe(0);
    const [file] = result.body.files;
    expect(file.case_id).toBe(ready);
    const xml = readFileSync(file.path, 'utf8');
    expect(createHash('sha256').update(xml, 'utf8').digest('hex')).toBe(file.sha256);
    expect(xml).toContain(`<Totalt>${file.total}</Totalt>`);
    expect(readdirSync(out)).toEqual([file.path.slice(out.length + 1)]);
  });

  it('generate --all-ready writes one file per ready case and a manifest with checksums', () => {
    const out = join(dir, 'batch');
    const result = cli(['generate', '--all-ready', '--out', out]);
    expect(result.status, result.stderr).toBe(0);
    // The first case went to KFM above: only the second is ready now.
    expect(result.body.files.map((file: { case_id: string }) => file.case_id)).toEqual([second]);
    expect(result.body.refused.map((entry: { case_id: string }) => entry.case_id)).toEqual([refused]);
    const manifestName = readdirSync(out).find((name) => name.startsWith('kfm-manifest_'))!;
    const manifest = JSON.parse(readFileSync(join(out, manifestName), 'utf8'));
    expect(manifest.files).toEqual([
      { case_id: second, filename: expect.stringMatching(/^F-1002_/), sha256: result.body.files[0].sha256, total: result.body.files[0].total },
    ]);
    const xml = readFileSync(join(out, manifest.files[0].filename), 'utf8');
    expect(createHash('sha256').update(xml, 'utf8').digest('hex')).toBe(manifest.files[0].sha256);
    expect(manifest.refused).toEqual(result.body.refused);
  });

  it('status follows the machine: an illegal edge exits 1 in Swedish; acknowledged records KFM’s case number', () => {
    const illegal = cli(['status', '--case', ready, '--to', 'decided']);
    expect(illegal.status).toBe(1);
    expect(illegal.stderr).toContain('Övergången är inte tillåten: KFM-ärendets status kan inte ändras från Inskickad till Utslag');
    const missing = cli(['status', '--case', ready, '--to', 'acknowledged']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('Ange Kronofogdens målnummer');
    const acknowledged = cli(['status', '--case', ready, '--to', 'acknowledged', '--kfm-case-no', '14-141638-12']);
    expect(acknowledged.status, acknowledged.stderr).toBe(0);
    expect(acknowledged.body.kfm_case).toMatchObject({ status: 'acknowledged', kfm_case_no: '14-141638-12' });
  });

  it('usage: --case or --all-ready, a known status; --help describes the commands', () => {
    expect(runCli(['kfm', 'generate', '--org', ORG], env).status).toBe(2);
    const badStatus = runCli(['kfm', 'status', '--case', ready, '--to', 'paid', '--org', ORG], env);
    expect(badStatus.status).not.toBe(0);
    const help = runCli(['kfm', 'generate', '--help'], env);
    expect(help.stdout).toContain('--all-ready');
    expect(help.stdout).toContain('JSON: {files: [{case_id, path, sha256, total}], refused: [{case_id, reasons}]}');
    expect(runCli(['kfm', '--help'], env).stdout).toContain('precheck');
  });
});
