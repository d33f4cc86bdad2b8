import {
  COMM_TEMPLATE_VARIABLE_NAMES,
  COMM_TEMPLATE_VARIABLES,
  commTemplateValuesForCase,
  DomainError,
  exampleCaseContext,
  generateCommTemplateCode,
  missingDemandContent,
  renderTemplate,
  templatePreview,
  validateCommTemplate,
  type CommTemplateCategory,
  type CommTemplateDraft,
  type CommTemplateFields,
  type Finding,
} from '@fordran/core';
import {
  findCommTemplateRow,
  findCommTemplateRowByCode,
  findOrganisationRow,
  insertCommTemplateRow,
  insertCommTemplateVersionRow,
  isCommTemplateUsed,
  listCommTemplateRows,
  listCommTemplateVersionRows,
  updateCommTemplateRow,
  type CommTemplateRow,
  type Db,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../../access/operator';
import { appendAudit } from '../../audit/audit-log';
import { changedFields } from '../../audit/changed-fields';
import { readCase } from '../../cases/case-scope';
import { idSchema } from '../../schemas/common';
import { parseInput } from '../../schemas/zod-setup';
import {
  templateActiveSchema,
  templateCreateSchema,
  templateDraftPreviewSchema,
  templateListQuerySchema,
  templatePreviewSchema,
  templateUpdateSchema,
  type TemplateActiveInput,
  type TemplateCreateInput,
  type TemplateDetail,
  type TemplateDraftPreviewInput,
  type TemplateListResponse,
  type TemplatePreviewInput,
  type TemplatePreviewResponse,
  type TemplateResponse,
  type TemplateUpdateInput,
} from '../../schemas/templates';
import { renderCaseMessage } from './render-case-message';

const NOT_FOUND_MESSAGE = 'Mallen hittades inte';

function toResponse(row: CommTemplateRow): TemplateResponse {
  return {
    id: row.id,
    org_id: row.org_id,
    code: row.code,
    name: row.name,
    category: row.category,
    channel: row.channel,
    language: row.language,
    subject: row.subject ?? null,
    body_md: row.body_md,
    variables: row.variables_json,
    is_active: row.is_active,
    version: row.version,
    preview: templatePreview(row.body_md),
    missing_demand_content: row.category === 'demand' ? missingDemandContent(row.body_md).map(({ code, label }) => ({ code, label })) : [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Core's findings as one refusal: the first finding's code and message, every finding per field in details.issues. */
function refuse(findings: readonly Finding[]): never {
  const first = findings[0]!;
  throw new DomainError(first.code, first.message, {
    issues: findings.map((finding) => ({ path: finding.path ?? '', message: finding.message, code: finding.code })),
  });
}

function fieldError(path: string, message: string): DomainError {
  return new DomainError('VALIDATION_FAILED', message, { issues: [{ path, message, code: 'VALIDATION_FAILED' }] });
}

async function readTemplate(db: Db, orgId: string, idOrCode: string): Promise<CommTemplateRow> {
  const key = parseInput(idSchema, idOrCode).trim();
  const row = (await findCommTemplateRow(db, orgId, key)) ?? (await findCommTemplateRowByCode(db, orgId, key.toUpperCase()));
  if (!row) throw new DomainError('NOT_FOUND', NOT_FOUND_MESSAGE);
  return row;
}

/** Mallbibliotek Sverige v1: the organisation's templates by category then name, with the variables the editor offers. */
export async function listTemplates(ctx: OrgScope, query: unknown = {}): Promise<TemplateListResponse> {
  requireScopePermission(ctx, 'templates.read');
  const { category } = parseInput(templateListQuerySchema, query);
  const rows = await listCommTemplateRows(ctx.app.database.db, ctx.membership.org_id, category ? { category } : {});
  return {
    items: rows.map(toResponse),
    variables: COMM_TEMPLATE_VARIABLE_NAMES.map((name) => ({ name, label: COMM_TEMPLATE_VARIABLES[name].label, kind: COMM_TEMPLATE_VARIABLES[name].kind })),
  };
}

/** One template by id or code, with the texts of its earlier versions (newest first). */
export async function getTemplate(ctx: OrgScope, idOrCode: string): Promise<TemplateDetail> {
  requireScopePermission(ctx, 'templates.read');
  const db = ctx.app.database.db;
  const orgId = ctx.membership.org_id;
  const row = await readTemplate(db, orgId, idOrCode);
  const versions = await listCommTemplateVersionRows(db, orgId, [row.id]);
  return {
    ...toResponse(row),
    versions: versions.reverse().map(({ version, name, subject, body_md, replaced_at }) => ({ version, name, subject: subject ?? null, body_md, replaced_at })),
    used: await isCommTemplateUsed(db, orgId, row.id),
  };
}

/** CATEGORY_<ms>, a millisecond later while that code is taken (two templates made in the same instant). */
async function freeGeneratedCode(db: Db, orgId: string, category: CommTemplateCategory, timestamp: number): Promise<string> {
  let code = generateCommTemplateCode(category, timestamp);
  for (let later = 1; (await findCommTemplateRowByCode(db, orgId, code)) && later <= 1000; later += 1)
    code = generateCommTemplateCode(category, timestamp + later);
  return code;
}

/**
 * 'Ny mall' (part 2 §9): name and body required, a category among reminder, demand, plan and
 * custom, a channel, the subject only for e-mail and letter, the code generated as the upper-cased
 * category and the time in milliseconds (or a script's own, upper-cased). Every `{{variable}}`
 * must be known ('Okänd variabel i mallen: …'); the template starts active at version 1.
 * 'Mall skapad'.
 */
export async function createTemplate(ctx: OrgScope, input: TemplateCreateInput): Promise<TemplateResponse> {
  requireScopePermission(ctx, 'templates.write');
  const parsed = parseInput(templateCreateSchema, input);
  const now = ctx.app.clock.now();
  const { findings, template } = validateCommTemplate({ ...parsed, is_active: true, version: 1 }, { codeTimestamp: Date.parse(now) });
  if (!template) refuse(findings);
  const orgId = ctx.membership.org_id;
  return ctx.app.database.transaction(async (tx) => {
    const code = parsed.code ? template.code : await freeGeneratedCode(tx, orgId, template.category, Date.parse(now));
    if (await findCommTemplateRowByCode(tx, orgId, code)) {
      throw new DomainError('CONFLICT', `Det finns redan en mall med koden ${code}`, { field: 'code' });
    }
    const row = await insertCommTemplateRow(tx, { org_id: orgId, ...template, code, created_at: now, updated_at: now });
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'template.created',
      entity: 'comm_templates',
      entity_id: row.id,
      payload: { code: row.code, name: row.name, category: row.category, channel: row.channel },
      created_at: now,
    });
    return toResponse(row);
  });
}

/** The editor's fields over the stored template: what is not sent stays as it is. */
function draftOf(before: CommTemplateRow, parsed: ReturnType<typeof templateUpdateSchema.parse>): CommTemplateDraft {
  const pick = <K extends keyof CommTemplateDraft & keyof typeof parsed>(key: K, stored: CommTemplateDraft[K]) =>
    parsed[key] !== undefined ? parsed[key] : stored;
  return {
    name: pick('name', before.name),
    code: pick('code', before.code),
    category: pick('category', before.category),
    channel: pick('channel', before.channel),
    language: pick('language', before.language),
    subject: pick('subject', before.subject),
    body_md: pick('body_md', before.body_md),
    version: pick('version', before.version),
    is_active: pick('is_active', before.is_active),
  };
}

/** The editor's own rules beyond core's: the code is locked once saved, and a version never goes back. */
function checkEdit(before: CommTemplateRow, template: CommTemplateFields): void {
  if (template.code !== before.code) throw fieldError('code', `Koden kan inte ändras när mallen är sparad (${before.code})`);
  if (template.version < before.version) throw fieldError('version', `Versionen kan inte sänkas (mallen har version ${before.version})`);
}

/**
 * The editor (Grundläggande, Innehåll, Inställningar): name and code required ('Namn och kod
 * måste fyllas i.'), code locked, language at most 2 characters, version a whole number from 1
 * (never lowered), only known variables. When a message has been made from the template and its
 * text (body or subject) changes, the old text is kept as a version of its own and the version
 * goes up: sent messages keep the text they were rendered from, and the collection-fee check
 * still reads it. 'Sparat'.
 */
export async function updateTemplate(ctx: OrgScope, id: string, input: TemplateUpdateInput): Promise<TemplateResponse> {
  requireScopePermission(ctx, 'templates.write');
  const parsed = parseInput(templateUpdateSchema, input);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    const before = await readTemplate(tx, orgId, id);
    const { findings, template } = validateCommTemplate(draftOf(before, parsed));
    if (!template) refuse(findings);
    checkEdit(before, template);
    const textChanged = template.body_md !== before.body_md || template.subject !== (before.subject ?? null);
    const newVersion = textChanged && (await isCommTemplateUsed(tx, orgId, before.id));
    const changes = { ...template, version: newVersion ? Math.max(template.version, before.version + 1) : template.version };
    const changed = changedFields(before, changes);
    if (Object.keys(changed).length === 0) return toResponse(before);
    if (newVersion) {
      const { name, subject, body_md, version } = before;
      await insertCommTemplateVersionRow(tx, {
        org_id: orgId,
        template_id: before.id,
        version,
        name,
        subject,
        body_md,
        replaced_at: now,
        replaced_by: auditActor(ctx),
      });
    }
    const row = (await updateCommTemplateRow(tx, orgId, before.id, { ...changed, updated_at: now }))!;
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'template.updated',
      entity: 'comm_templates',
      entity_id: row.id,
      payload: { code: row.code, changed: Object.keys(changed), version: row.version, ...(newVersion ? { replaced_version: before.version } : {}) },
      created_at: now,
    });
    return toResponse(row);
  });
}

/** The list's active toggle: an inactive template is never sent. */
export async function setTemplateActive(ctx: OrgScope, id: string, input: TemplateActiveInput): Promise<TemplateResponse> {
  requireScopePermission(ctx, 'templates.write');
  const { is_active } = parseInput(templateActiveSchema, input);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    const before = await readTemplate(tx, orgId, id);
    if (before.is_active === is_active) return toResponse(before);
    const row = (await updateCommTemplateRow(tx, orgId, before.id, { is_active, updated_at: now }))!;
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: is_active ? 'template.activated' : 'template.deactivated',
      entity: 'comm_templates',
      entity_id: row.id,
      payload: { code: row.code },
      created_at: now,
    });
    return toResponse(row);
  });
}

/** A stored template rendered with a case's real values (the case must be one the member may see). */
export async function previewTemplate(ctx: OrgScope, id: string, input: TemplatePreviewInput): Promise<TemplatePreviewResponse> {
  requireScopePermission(ctx, 'templates.read');
  const { case_id } = parseInput(templatePreviewSchema, input);
  const db = ctx.app.database.db;
  const template = await readTemplate(db, ctx.membership.org_id, id);
  return previewFor(ctx, template, case_id);
}

/** The editor's live preview of the text as typed: for a case, or for a made-up example case. */
export async function previewTemplateDraft(ctx: OrgScope, input: TemplateDraftPreviewInput): Promise<TemplatePreviewResponse> {
  requireScopePermission(ctx, 'templates.read');
  const parsed = parseInput(templateDraftPreviewSchema, input);
  const template = { body_md: parsed.body_md, subject: parsed.subject ?? null };
  if (parsed.case_id) return previewFor(ctx, template, parsed.case_id);
  return { ...(await renderForExampleCase(ctx, template)), case_id: null };
}

/**
 * A template rendered for core's made-up example case with the organisation as agent (the
 * editor's preview without a case; system validation's check that every active template
 * renders). Throws core's UNKNOWN_TEMPLATE_VARIABLE / TEMPLATE_VALUE_MISSING naming the variables.
 */
export async function renderForExampleCase(
  ctx: OrgScope,
  template: Pick<CommTemplateRow, 'subject' | 'body_md'>,
): Promise<{ subject: string | null; body: string }> {
  const organisation = await findOrganisationRow(ctx.app.database.db, ctx.membership.org_id);
  const values = commTemplateValuesForCase(exampleCaseContext(ctx.app.clock.today(), organisation?.name ?? ''));
  return { subject: template.subject ? renderTemplate(template.subject, values) : null, body: renderTemplate(template.body_md, values) };
}

async function previewFor(ctx: OrgScope, template: Pick<CommTemplateRow, 'subject' | 'body_md'>, caseId: string): Promise<TemplatePreviewResponse> {
  const db = ctx.app.database.db;
  const row = await readCase(db, ctx, caseId);
  const rendered = await renderCaseMessage(db, ctx.app, { orgId: ctx.membership.org_id, caseId: row.id, template, today: ctx.app.clock.today() });
  return { subject: rendered.subject, body: rendered.body, case_id: row.id };
}
