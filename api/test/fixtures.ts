import type { TestApi } from './helpers';

/*
 * Rows inserted straight into the database (the features that create them arrive in later
 * issues). Plain SQL, so the API's tests depend on the schema, not on the store package's code.
 */

function insert(api: TestApi, table: string, row: Record<string, string | number | null>): void {
  const columns = Object.keys(row);
  api.store.sqlite
    .prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
    .run(...Object.values(row));
}

export function insertCreditor(api: TestApi, orgId: string, name = 'Borgenär AB'): string {
  const id = crypto.randomUUID();
  const now = api.ctx.clock.now();
  insert(api, 'creditors', { id, org_id: orgId, name, created_at: now, updated_at: now });
  return id;
}

export function insertParty(api: TestApi, orgId: string, name = 'Gäldenär Person', type: 'person' | 'company' = 'person'): string {
  const id = crypto.randomUUID();
  const now = api.ctx.clock.now();
  insert(api, 'parties', { id, org_id: orgId, type, name, created_at: now, updated_at: now });
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

export function insertCase(api: TestApi, orgId: string, seed: CaseSeed): string {
  const claimId = crypto.randomUUID();
  const caseId = crypto.randomUUID();
  insert(api, 'claims', {
    id: claimId,
    org_id: orgId,
    creditor_id: seed.creditorId,
    reference_no: `F-${caseId.slice(0, 6)}`,
    principal_amount: seed.outstandingOre,
    due_date: seed.dueDate,
    created_at: seed.createdAt,
    updated_at: seed.createdAt,
  });
  insert(api, 'cases', {
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

export function insertCommunication(api: TestApi, orgId: string, caseId: string, createdAt: string): void {
  insert(api, 'communications', {
    id: crypto.randomUUID(),
    org_id: orgId,
    case_id: caseId,
    channel: 'email',
    recipient: 'g@example.se',
    body_rendered: 'Hej',
    dedupe_hash: crypto.randomUUID(),
    attachments_json: '[]',
    created_at: createdAt,
  });
}

export interface JobSeed {
  status?: 'pending' | 'processing' | 'completed' | 'failed' | 'retry';
  job_type?: string;
  attempts?: number;
  last_error?: string | null;
  created_at?: string;
}

export function insertJob(api: TestApi, orgId: string, seed: JobSeed = {}): string {
  const id = crypto.randomUUID();
  const at = seed.created_at ?? api.ctx.clock.now();
  insert(api, 'job_queue', {
    id,
    org_id: orgId,
    job_type: seed.job_type ?? 'bank_import',
    status: seed.status ?? 'pending',
    payload_json: '{}',
    attempts: seed.attempts ?? 0,
    last_error: seed.last_error ?? null,
    run_at: at,
    created_at: at,
    updated_at: at,
  });
  return id;
}

export function insertFailedJob(api: TestApi, orgId: string): string {
  return insertJob(api, orgId, { status: 'failed', attempts: 3, last_error: 'Filen kunde inte läsas' });
}

export function insertReferenceRate(api: TestApi, validFrom: string, rateBp = 200): void {
  const now = api.ctx.clock.now();
  insert(api, 'reference_rates', { id: crypto.randomUUID(), valid_from: validFrom, rate_bp: rateBp, verified: 0, created_at: now, updated_at: now });
}

export function insertNotification(
  api: TestApi,
  orgId: string,
  values: { user_id?: string | null; message?: string; created_at?: string; type?: 'success' | 'info' | 'warning' | 'error' | 'message' },
): string {
  const id = crypto.randomUUID();
  insert(api, 'notifications', {
    id,
    org_id: orgId,
    user_id: values.user_id ?? null,
    type: values.type ?? 'info',
    message: values.message ?? 'Hej',
    created_at: values.created_at ?? api.ctx.clock.now(),
  });
  return id;
}
