import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { encodeBankFileLatin1, generateOcrReference, kronor, parseBankFile, writeBgMax } from '@fordran/core';
import { uuidV7 } from '@fordran/store';
import type { RawSql } from '@fordran/store/testing';
import { channelClientFor, type AppContext } from '@fordran/services';
import type { TestApi } from './helpers';

/** What the fixtures write through: a test API, or a store and file storage opened beside a running server (browser tests). */
export interface FixtureTarget {
  sql: RawSql;
  ctx: { files: TestApi['ctx']['files']; clock: Pick<TestApi['ctx']['clock'], 'now'> };
}

/*
 * Rows inserted straight into the database (the features that create them arrive in later
 * issues). Plain SQL, so the API's tests depend on the schema, not on the store package's code;
 * ids are UUIDv7 like the services' own, so rows written in one instant sort in the order written.
 */

async function insert(api: Pick<FixtureTarget, 'sql'>, table: string, row: Record<string, string | number | boolean | null>): Promise<void> {
  const columns = Object.keys(row);
  await api.sql(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, ...Object.values(row));
}

export async function insertCreditor(api: FixtureTarget, orgId: string, name = 'Borgenär AB'): Promise<string> {
  const id = uuidV7();
  const now = api.ctx.clock.now();
  await insert(api, 'creditors', { id, org_id: orgId, name, created_at: now, updated_at: now });
  return id;
}

export async function insertParty(api: FixtureTarget, orgId: string, name = 'Gäldenär Person', type: 'person' | 'company' = 'person'): Promise<string> {
  const id = uuidV7();
  const now = api.ctx.clock.now();
  await insert(api, 'parties', { id, org_id: orgId, type, name, created_at: now, updated_at: now });
  return id;
}

export interface CaseSeed {
  creditorId: string;
  partyId: string;
  status: 'draft' | 'active' | 'on_hold' | 'closed';
  outstandingOre: number;
  dueDate: string;
  createdAt: string;
}

export async function insertCase(api: TestApi, orgId: string, seed: CaseSeed): Promise<string> {
  const claimId = uuidV7();
  // Random like createCase's: a case's message reference is its id's first 8 characters.
  const caseId = crypto.randomUUID();
  await insert(api, 'claims', {
    id: claimId,
    org_id: orgId,
    creditor_id: seed.creditorId,
    reference_no: `F-${caseId.slice(0, 6)}`,
    principal_amount: seed.outstandingOre,
    due_date: seed.dueDate,
    created_at: seed.createdAt,
    updated_at: seed.createdAt,
  });
  await insert(api, 'cases', {
    id: caseId,
    org_id: orgId,
    creditor_id: seed.creditorId,
    party_id: seed.partyId,
    claim_id: claimId,
    status: seed.status,
    total_principal: seed.outstandingOre,
    total_outstanding: seed.outstandingOre,
    created_at: seed.createdAt,
    updated_at: seed.createdAt,
  });
  return caseId;
}

/** A payment plan of a case: `active` and signed (drawn up with the debtor), or only `proposed`. */
export async function insertPaymentPlan(api: FixtureTarget, orgId: string, caseId: string, partyId: string, status: 'proposed' | 'active'): Promise<void> {
  const now = api.ctx.clock.now();
  await insert(api, 'payment_plans', {
    id: uuidV7(),
    org_id: orgId,
    case_id: caseId,
    party_id: partyId,
    status,
    installments: 6,
    first_due_date: '2026-12-31',
    setup_fee: 17000,
    total_amount: 1017000,
    plan_json: JSON.stringify({ schedule: [] }),
    signed_at: status === 'active' ? now : null,
    created_at: now,
  });
}

/** A pending e-mail of a case (no delivery row); returns its id. */
export async function insertCommunication(api: TestApi, orgId: string, caseId: string, createdAt: string): Promise<string> {
  const id = uuidV7();
  await insert(api, 'communications', {
    id,
    org_id: orgId,
    case_id: caseId,
    channel: 'email',
    recipient: 'g@example.se',
    body_rendered: 'Hej',
    dedupe_hash: crypto.randomUUID(),
    attachments_json: '[]',
    created_at: createdAt,
  });
  return id;
}

/**
 * A KFM case of `caseId` as step 3 leaves one (status submitted) and its outgoing file, written
 * behind the services: for tests that need one to exist, not to check how it is made
 * (kfm.api.test.ts does that). Returns both ids.
 */
export async function insertKfmCase(
  api: FixtureTarget,
  orgId: string,
  ids: { caseId: string; creditorId: string },
): Promise<{ kfmCaseId: string; fileId: string }> {
  const kfmCaseId = uuidV7();
  const fileId = uuidV7();
  const now = api.ctx.clock.now();
  const snapshot = JSON.stringify({});
  await insert(api, 'kfm_cases', {
    id: kfmCaseId,
    org_id: orgId,
    case_id: ids.caseId,
    creditor_id: ids.creditorId,
    debtor_snapshot_json: snapshot,
    claim_snapshot_json: snapshot,
    interest_snapshot_json: snapshot,
    fees_snapshot_json: snapshot,
    application_fee_sek: 30000,
    as_of_date: now.slice(0, 10),
    reference: `KFM-${kfmCaseId.slice(0, 8)}`,
    current_status: 'submitted',
    created_at: now,
    updated_at: now,
  });
  const payload = '<Ansokan/>';
  await insert(api, 'kfm_files', {
    id: fileId,
    org_id: orgId,
    kfm_case_id: kfmCaseId,
    direction: 'out',
    filename: `KFM-${kfmCaseId.slice(0, 8)}.xml`,
    payload_text: payload,
    checksum: createHash('sha256').update(payload).digest('hex'),
    created_at: now,
  });
  return { kfmCaseId, fileId };
}

/**
 * A letter waiting in the print queue, as the delivery worker leaves one: sent through the
 * organisation's letter client (the manual provider renders and stores its PDF), then recorded
 * queued with rendered_pdf_id. Returns the communication's id. A browser test passes an app opened
 * on the running server's database and data folder (same files).
 */
export async function insertQueuedLetter(api: { sql: RawSql; ctx: AppContext }, orgId: string, caseId: string, name = 'Åsa Öberg'): Promise<string> {
  const id = uuidV7();
  const client = await channelClientFor(api.ctx, orgId, 'letter');
  const outcome = await client.send({
    id,
    org_id: orgId,
    channel: 'letter',
    recipient: 'Storgatan 1, 123 45 Småstad',
    subject: 'Inkassokrav',
    body: `Hej ${name}!`,
    unsubscribe_url: null,
    letter: { address_lines: [name, 'Storgatan 1', '123 45 Småstad'], sender_name: 'Inkassobyrån' },
  });
  if (outcome.kind !== 'accepted' || !outcome.rendered_pdf_key) throw new Error(`the letter was not queued: ${JSON.stringify(outcome)}`);
  const now = api.ctx.clock.now();
  await insert(api, 'communications', {
    id,
    org_id: orgId,
    case_id: caseId,
    channel: 'letter',
    recipient: 'Storgatan 1, 123 45 Småstad',
    subject: 'Inkassokrav',
    body_rendered: `Hej ${name}!`,
    status: 'queued',
    dedupe_hash: crypto.randomUUID(),
    attachments_json: '[]',
    rendered_pdf_id: outcome.rendered_pdf_key,
    created_at: now,
  });
  await insert(api, 'comm_deliveries', {
    id: uuidV7(),
    org_id: orgId,
    communication_id: id,
    provider: 'manual',
    status: 'queued',
    attempts: 1,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/**
 * Records that the library's inkassokrav (DEMAND_LETTER, which meets inkassolagen 5 §) went out
 * on the case: what the 180 kr collection fee requires (lag 1981:739 3 § 1). For tests of fees,
 * payments and the ledger that need the fee, not the sending itself.
 */
export async function insertSentDemand(api: { sql: RawSql; ctx: Pick<FixtureTarget['ctx'], 'clock'> }, orgId: string, caseId: string): Promise<void> {
  const [template] = await api.sql<{ id: string }>("SELECT id FROM comm_templates WHERE org_id = ? AND code = 'DEMAND_LETTER'", orgId);
  if (!template) throw new Error('the organisation has no DEMAND_LETTER template (the library)');
  const now = api.ctx.clock.now();
  await insert(api, 'communications', {
    id: uuidV7(),
    org_id: orgId,
    case_id: caseId,
    channel: 'letter',
    template_id: template.id,
    recipient: 'Gäldenären',
    subject: 'Inkassokrav',
    body_rendered: 'INKASSOKRAV (testfixtur)',
    status: 'sent',
    dedupe_hash: crypto.randomUUID(),
    attachments_json: '[]',
    sent_at: now,
    created_at: now,
  });
}

export interface JobSeed {
  status?: 'pending' | 'processing' | 'completed' | 'failed' | 'retry';
  job_type?: string;
  attempts?: number;
  last_error?: string | null;
  created_at?: string;
  /** When its worker's lease ends (processing jobs). */
  lease_expires_at?: string;
}

export async function insertJob(api: TestApi, orgId: string, seed: JobSeed = {}): Promise<string> {
  const id = uuidV7();
  const at = seed.created_at ?? api.ctx.clock.now();
  await insert(api, 'job_queue', {
    id,
    org_id: orgId,
    job_type: seed.job_type ?? 'bank_import',
    status: seed.status ?? 'pending',
    payload_json: '{}',
    attempts: seed.attempts ?? 0,
    last_error: seed.last_error ?? null,
    run_at: at,
    lease_expires_at: seed.lease_expires_at ?? null,
    created_at: at,
    updated_at: at,
  });
  return id;
}

export async function insertFailedJob(api: TestApi, orgId: string): Promise<string> {
  return insertJob(api, orgId, { status: 'failed', attempts: 3, last_error: 'Filen kunde inte läsas' });
}

export async function insertReferenceRate(api: TestApi, validFrom: string, rateBp = 200): Promise<void> {
  const now = api.ctx.clock.now();
  await insert(api, 'reference_rates', { id: uuidV7(), valid_from: validFrom, rate_bp: rateBp, verified: false, created_at: now, updated_at: now });
}

export async function insertNotification(
  api: TestApi,
  orgId: string,
  values: { user_id?: string | null; message?: string; created_at?: string; type?: 'success' | 'info' | 'warning' | 'error' | 'message' },
): Promise<string> {
  const id = uuidV7();
  await insert(api, 'notifications', {
    id,
    org_id: orgId,
    user_id: values.user_id ?? null,
    type: values.type ?? 'info',
    message: values.message ?? 'Hej',
    created_at: values.created_at ?? api.ctx.clock.now(),
  });
  return id;
}

export async function insertBankAccount(
  api: FixtureTarget,
  orgId: string,
  name = 'Klientmedelskonto',
  type: 'client_funds' | 'operating' = 'client_funds',
): Promise<string> {
  const id = uuidV7();
  const now = api.ctx.clock.now();
  await insert(api, 'bank_accounts', {
    id,
    org_id: orgId,
    account_name: name,
    type,
    bg_number: '5402-9681',
    iban: 'SE4550000000058398257466',
    created_at: now,
    updated_at: now,
  });
  return id;
}

export interface ImportedStatement {
  statementId: string;
  /** Payment id by bank transaction id. */
  paymentIds: Map<string, string>;
}

/**
 * A bank file recorded the way the payment import records it (the import itself is another
 * feature): the original bytes in file storage, one bank_statements row with the file's totals,
 * and one received payment per incoming transaction carrying bank_statement_id and transaction_id.
 * `store: false` leaves the file out of storage.
 */
export async function insertImportedStatement(
  api: FixtureTarget,
  orgId: string,
  bytes: Uint8Array,
  options: { fileName?: string; bankAccountId?: string | null; book?: boolean; store?: boolean } = {},
): Promise<ImportedStatement> {
  const parsed = await parseBankFile(bytes);
  const { summary } = parsed;
  const statementId = uuidV7();
  const fileKey = `orgs/${orgId}/bank/${statementId}.${summary.format}`;
  if (options.store !== false) await api.ctx.files.put(fileKey, bytes, 'application/octet-stream');
  const now = api.ctx.clock.now();
  const camt = summary.format === 'camt053' ? summary.statements[0] : undefined;
  const statementDate =
    camt?.statement_date ??
    parsed.payments
      .map((p) => p.paid_at)
      .sort()
      .at(-1) ??
    '2026-11-19';
  await insert(api, 'bank_statements', {
    id: statementId,
    org_id: orgId,
    bank_account_id: options.bankAccountId ?? null,
    statement_date: statementDate,
    file_format: summary.format,
    file_name: options.fileName ?? `utdrag.${summary.format}`,
    file_checksum: summary.content_sha256,
    file_identity: summary.file_identity,
    file_key: fileKey,
    reconciliation_status: 'pending',
    total_debits: summary.total_debitsOre,
    total_credits: summary.total_creditsOre,
    opening_balance: camt?.opening_balanceOre ?? null,
    closing_balance: camt?.closing_balanceOre ?? null,
    differences_json: '[]',
    created_at: now,
  });
  const paymentIds = new Map<string, string>();
  if (options.book !== false) {
    for (const record of parsed.payments.filter((p) => p.amountOre > 0)) {
      paymentIds.set(
        record.transaction_id,
        await insertPayment(api, orgId, { amountOre: record.amountOre, paidAt: record.paid_at, transactionId: record.transaction_id, statementId }),
      );
    }
  }
  return { statementId, paymentIds };
}

export async function insertPayment(
  api: FixtureTarget,
  orgId: string,
  values: { amountOre: number; paidAt: string; transactionId: string | null; statementId: string | null },
): Promise<string> {
  const id = uuidV7();
  const now = api.ctx.clock.now();
  await insert(api, 'payments', {
    id,
    org_id: orgId,
    method: 'bankgiro',
    amount: values.amountOre,
    unallocated_amount: values.amountOre,
    paid_at: values.paidAt,
    status: 'received',
    bank_statement_id: values.statementId,
    transaction_id: values.transactionId,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/** A sample file of fixtures/bank-files. */
export function sampleBankFile(path: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../../fixtures/bank-files/${path}`, import.meta.url)));
}

/**
 * A BgMax file (Latin-1 bytes) of `count` payments with OCR references no case has (every one
 * books as unmatched), 1 000 per deposit section: volume for import and concurrency tests.
 */
export function bgMaxFileOfUnknownPayments(count: number, paidAt = '2026-11-20'): Uint8Array {
  const payments = Array.from({ length: count }, (_, n) => ({
    amountOre: kronor(100 + (n % 900)),
    bgc_serial: String(n + 1).padStart(12, '0'),
    reference: generateOcrReference(`9${String(n + 1).padStart(8, '0')}`),
  }));
  const sections = [];
  for (let start = 0; start < count; start += 1000) {
    sections.push({
      recipient_bankgiro: '9912346',
      account: '50000058398257466',
      paid_at: paidAt,
      deposit_serial: sections.length + 1,
      payments: payments.slice(start, start + 1000),
    });
  }
  return encodeBankFileLatin1(writeBgMax({ timestamp: `${paidAt.replace(/-/g, '')}060000000000`, sections }));
}
