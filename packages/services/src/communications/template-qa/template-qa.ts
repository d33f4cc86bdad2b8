import {
  appendUnsubscribeLink,
  checkTemplateForQa,
  DomainError,
  isDomainError,
  templateQaReport,
  templateQaReportHtml,
  type TemplateQaCase,
  type TemplateQaRendering,
  type TemplateQaReport,
} from '@fordran/core';
import {
  completeTemplateQaBatch,
  deleteTemplateQaBatches,
  findOrganisationRow,
  findTemplateQaBatchRow,
  insertTemplateQaBatchRow,
  listCommTemplateRows,
  listTemplateQaBatchIds,
  listTemplateQaBatchRows,
  type CommTemplateRow,
  type TemplateQaBatchRow,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../../access/operator';
import { appendAudit } from '../../audit/audit-log';
import { parseInput } from '../../schemas/zod-setup';
import {
  templateQaActionSchema,
  type TemplateQaActionInput,
  type TemplateQaBatchDetail,
  type TemplateQaBatchList,
  type TemplateQaBatchSummary,
  type TemplateQaCleanupResponse,
  type TemplateQaRunResponse,
} from '../../schemas/template-qa';
import { renderCaseMessage } from '../templates/render-case-message';
import { unsubscribeUrl } from '../opt-out/unsubscribe-links';
import { createQaCase, createQaFixtures, QA_CASE_SPECS, type QaFixtures } from './qa-cases';

/** Batches listed on the page (newest first). */
const BATCH_LIST_LIMIT = 50;

/** The length of a real unsubscribe token (32 random bytes in base64url), for the SMS count with the link. */
const SAMPLE_UNSUBSCRIBE_TOKEN = 'x'.repeat(43);

function batchNotFound(): DomainError {
  return new DomainError('NOT_FOUND', 'QA-körningen hittades inte');
}

function toSummary(
  row: Pick<TemplateQaBatchRow, 'id' | 'status' | 'templates_checked' | 'templates_failed' | 'created_at' | 'completed_at'>,
): TemplateQaBatchSummary {
  return {
    id: row.id,
    status: row.status,
    templates_checked: row.templates_checked,
    templates_passed: row.templates_checked - row.templates_failed,
    templates_failed: row.templates_failed,
    created_at: row.created_at,
    completed_at: row.completed_at,
  };
}

function toDetail(row: TemplateQaBatchRow): TemplateQaBatchDetail {
  return { ...toSummary(row), cases: row.report_json?.cases ?? [], results: row.report_json?.results ?? [] };
}

/** One template rendered for one test case as sending would: refusals become findings, not errors. */
async function renderForQa(ctx: OrgScope, template: CommTemplateRow, qaCase: TemplateQaCase): Promise<TemplateQaRendering> {
  try {
    const rendered = await renderCaseMessage(ctx.app.database.db, ctx.app, {
      orgId: ctx.membership.org_id,
      caseId: qaCase.case_id,
      template,
      today: ctx.app.clock.today(),
    });
    const bodyAsSent = appendUnsubscribeLink(template.channel, rendered.body, unsubscribeUrl(ctx.app, SAMPLE_UNSUBSCRIBE_TOKEN));
    return { case_label: qaCase.label, ok: true, subject: rendered.subject, body: rendered.body, body_as_sent: bodyAsSent };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { case_label: qaCase.label, ok: false, code: error.code, message: error.message };
  }
}

/** Makes the batch's creditor, debtors and six cases, and renders every active template for each. */
async function runBatch(ctx: OrgScope, batchId: string, createdAt: string): Promise<TemplateQaReport> {
  const orgId = ctx.membership.org_id;
  const db = ctx.app.database.db;
  const fixtures: QaFixtures = await createQaFixtures(ctx, batchId);
  const cases: TemplateQaCase[] = [];
  for (const [index, spec] of QA_CASE_SPECS.entries()) {
    cases.push({ case_id: await createQaCase(ctx, fixtures, spec, index, batchId), label: spec.label });
  }
  const templates = (await listCommTemplateRows(db, orgId)).filter((template) => template.is_active);
  const results = [];
  for (const template of templates) {
    const renderings = await Promise.all(cases.map((qaCase) => renderForQa(ctx, template, qaCase)));
    results.push(checkTemplateForQa(template, renderings));
  }
  const organisation = await findOrganisationRow(db, orgId);
  return templateQaReport({ batch_id: batchId, created_at: createdAt, organisation_name: organisation?.name ?? '', cases, results });
}

async function removeBatches(ctx: OrgScope, batchIds: string[]): Promise<TemplateQaCleanupResponse> {
  const orgId = ctx.membership.org_id;
  return ctx.app.database.transaction(async (tx) => {
    const deleted = await deleteTemplateQaBatches(tx, orgId, batchIds);
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'template_qa.cleaned',
      entity: 'template_qa_batches',
      entity_id: batchIds.length === 1 ? batchIds[0]! : null,
      payload: { batch_ids: batchIds, deleted },
      created_at: ctx.app.clock.now(),
    });
    return { batch_ids: batchIds, deleted };
  });
}

/**
 * 'Kör QA' (Mall-QA Sverige, part 2 §7): a batch of six test cases (person and company, with and
 * without interest and fees) made through the real use cases and marked as the batch's, every
 * active template rendered for each, and the report (core `checkTemplateForQa`) stored as data
 * and as HTML. If making the cases fails, what was made is removed and the error stands.
 * 'QA-test slutfört'.
 */
export async function runTemplateQa(ctx: OrgScope): Promise<TemplateQaRunResponse> {
  requireScopePermission(ctx, 'templates.qa');
  const orgId = ctx.membership.org_id;
  const createdAt = ctx.app.clock.now();
  const batch = await ctx.app.database.transaction((tx) => insertTemplateQaBatchRow(tx, { org_id: orgId, created_by: auditActor(ctx), created_at: createdAt }));
  let report: TemplateQaReport;
  try {
    report = await runBatch(ctx, batch.id, createdAt);
  } catch (error) {
    await removeBatches(ctx, [batch.id]);
    throw error;
  }
  const html = templateQaReportHtml(report);
  await ctx.app.database.transaction(async (tx) => {
    await completeTemplateQaBatch(tx, orgId, batch.id, report, html, ctx.app.clock.now());
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'template_qa.run',
      entity: 'template_qa_batches',
      entity_id: batch.id,
      payload: { templates_checked: report.templates_checked, templates_failed: report.templates_failed },
      created_at: ctx.app.clock.now(),
    });
  });
  const stored = (await findTemplateQaBatchRow(ctx.app.database.db, orgId, batch.id))!;
  return { batch_id: batch.id, report: { batch_id: batch.id, html }, batch: toDetail(stored) };
}

/** 'Rensa': one batch, or every batch of the organisation, with its cases and all that hangs on them, in one transaction. */
export async function cleanupTemplateQa(ctx: OrgScope, batchId?: string): Promise<TemplateQaCleanupResponse> {
  requireScopePermission(ctx, 'templates.qa');
  const orgId = ctx.membership.org_id;
  if (batchId !== undefined) {
    if (!(await findTemplateQaBatchRow(ctx.app.database.db, orgId, batchId))) throw batchNotFound();
    return removeBatches(ctx, [batchId]);
  }
  return removeBatches(ctx, await listTemplateQaBatchIds(ctx.app.database.db, orgId));
}

/** The spec's function template-qa: `{action: 'run'}` or `{action: 'cleanup', batch_id?}`. */
export async function templateQaAction(ctx: OrgScope, input: TemplateQaActionInput): Promise<TemplateQaRunResponse | TemplateQaCleanupResponse> {
  const { action, batch_id } = parseInput(templateQaActionSchema, input);
  return action === 'run' ? runTemplateQa(ctx) : cleanupTemplateQa(ctx, batch_id);
}

export async function listTemplateQaBatches(ctx: OrgScope): Promise<TemplateQaBatchList> {
  requireScopePermission(ctx, 'templates.qa');
  const rows = await listTemplateQaBatchRows(ctx.app.database.db, ctx.membership.org_id, BATCH_LIST_LIMIT);
  return { items: rows.map(toSummary) };
}

export async function getTemplateQaBatch(ctx: OrgScope, batchId: string): Promise<TemplateQaBatchDetail> {
  requireScopePermission(ctx, 'templates.qa');
  const row = await findTemplateQaBatchRow(ctx.app.database.db, ctx.membership.org_id, batchId);
  if (!row) throw batchNotFound();
  return toDetail(row);
}

/** The batch's stored HTML report (escaped when it was made; served with a sandboxing CSP). */
export async function getTemplateQaReportHtml(ctx: OrgScope, batchId: string): Promise<string> {
  requireScopePermission(ctx, 'templates.qa');
  const row = await findTemplateQaBatchRow(ctx.app.database.db, ctx.membership.org_id, batchId);
  if (!row) throw batchNotFound();
  if (row.report_html === null) throw new DomainError('CONFLICT', 'QA-körningen pågår fortfarande');
  return row.report_html;
}
