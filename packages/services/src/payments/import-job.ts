import { createHash } from 'node:crypto';
import { DomainError } from '@fordran/core';
import type { JobRow } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { enqueueJob, publishJob } from '../jobs/job-queue';
import type { JobHandler } from '../jobs/handlers';
import { parseInput, z } from '../schemas/zod-setup';
import { bankImportFormatSchema } from '../schemas/payments';
import { importBankFile, type BankFileUpload } from './import-bank-file';

export const BANK_IMPORT_JOB_TYPE = 'bank_import';

const payloadSchema = z.object({
  file_key: z.string(),
  file_name: z.string(),
  format: bankImportFormatSchema.optional(),
  dry_run: z.boolean(),
  /** Who uploaded the file: the import's audit rows and bookings name them. */
  actor_id: z.string().nullable(),
});

/**
 * Queues a bank file for import by the server's job worker (large files: the request returns at
 * once and the page follows the job's progress over SSE). The file is kept in file storage under
 * its checksum; the permission is checked here, when the user asks.
 */
export async function enqueueBankImport(ctx: OrgScope, upload: BankFileUpload): Promise<{ job_id: string; status: 'pending' }> {
  requireScopePermission(ctx, 'payments.write');
  const orgId = ctx.membership.org_id;
  const checksum = createHash('sha256').update(upload.bytes).digest('hex');
  const fileKey = `orgs/${orgId}/uploads/${checksum}`;
  await ctx.app.files.put(fileKey, upload.bytes, 'application/octet-stream');
  const payload: z.infer<typeof payloadSchema> = {
    file_key: fileKey,
    file_name: upload.file_name,
    ...(upload.format ? { format: upload.format } : {}),
    dry_run: upload.dry_run === true,
    actor_id: auditActor(ctx),
  };
  const job = await ctx.app.database.transaction((tx) => enqueueJob(tx, ctx.app, { org_id: orgId, job_type: BANK_IMPORT_JOB_TYPE, payload }));
  publishJob(ctx.app, job);
  return { job_id: job.id, status: 'pending' };
}

/** The request's view inside the worker: the organisation, the uploader as actor (checked at enqueue). */
function jobScope(app: OrgScope['app'], job: JobRow, actorId: string | null): OrgScope {
  return {
    app,
    actor: actorId ? { user_id: actorId, session_id: `job:${job.id}`, aal: 'aal1' } : null,
    membership: { org_id: job.org_id, org_name: '', role: 'admin', creditor_id: null, require_mfa: false },
  };
}

/**
 * The `bank_import` job: the same import as a direct upload, reporting progress per batch and
 * stopping between batches when the worker asks. A retry after a crash books only what is
 * missing (each bank transaction is booked once). A file that cannot be read fails the job at
 * once with its problems by line.
 */
export const runBankImportJob: JobHandler = async (job, { app, report, signal }) => {
  const payload = parseInput(payloadSchema, job.payload_json);
  const stored = await app.files.get(payload.file_key);
  if (!stored) throw new DomainError('BANK_FILE_UNREADABLE', 'Den uppladdade filen finns inte längre');
  const summary = await importBankFile(
    jobScope(app, job, payload.actor_id),
    { file_name: payload.file_name, bytes: stored.bytes, ...(payload.format ? { format: payload.format } : {}), dry_run: payload.dry_run },
    (done, total) => {
      signal.throwIfAborted();
      report(total === 0 ? 100 : Math.floor((done / total) * 100), `${done} av ${total} inbetalningar`);
    },
  );
  // The import keeps its own copy of the file (for reconciliation); the upload is done with.
  await app.files.delete(payload.file_key);
  return summary;
};
