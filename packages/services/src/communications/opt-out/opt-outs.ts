import { COMM_CHANNEL_LABELS, DomainError } from '@fordran/core';
import {
  findOrganisationRow,
  findUnsubscribeTokenByToken,
  listOptOutRows,
  markUnsubscribeTokenOptedOut,
  revokeOptOutRow,
  type UnsubscribeTokenRow,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../../access/operator';
import { appendAudit } from '../../audit/audit-log';
import type { AppContext } from '../../context';
import { decodeCursor, keysetPage } from '../../paging/keyset';
import { idSchema, tokenSchema } from '../../schemas/common';
import { parseInput } from '../../schemas/zod-setup';
import { optOutListQuerySchema, type OptOutListResponse, type OptOutResponse, type UnsubscribeResponse } from '../../schemas/communications';

/*
 * Opt-out (spec part 2 §3, §7). A recipient is opted out of a channel while their token row has
 * opted_out_at set and revoked_at null. Following the link sets opted_out_at (and clears an
 * earlier revocation); staff revoking sets revoked_at, which drops the row from the list and lets
 * messages reach the recipient again (docs/communications.md, "Sending, delivery and opt-out").
 */

function toOptOutResponse(row: UnsubscribeTokenRow): OptOutResponse {
  return {
    id: row.id,
    channel: row.channel,
    channel_label: COMM_CHANNEL_LABELS[row.channel],
    recipient: row.recipient,
    opted_out_at: row.opted_out_at ?? row.created_at,
    created_at: row.created_at,
  };
}

/** '/settings/opt-out': the opt-outs in force, newest first, optionally one channel; 50 a page by cursor. */
export async function listOptOuts(ctx: OrgScope, query: unknown = {}): Promise<OptOutListResponse> {
  requireScopePermission(ctx, 'optouts.manage');
  const q = parseInput(optOutListQuerySchema, query);
  const rows = await listOptOutRows(
    ctx.app.database.db,
    ctx.membership.org_id,
    { ...(q.channel ? { channel: q.channel } : {}), ...(q.cursor ? { window: { after: decodeCursor(q.cursor) } } : {}) },
    q.limit + 1,
  );
  const page = keysetPage(rows.map(toOptOutResponse), q.limit, (item) => ({ at: item.opted_out_at, id: item.id }));
  return { items: page.rows, next_cursor: page.next_cursor };
}

/**
 * Revokes an opt-out ('Revoked'): the recipient gets messages on the channel again. NOT_FOUND
 * for an id that is no opt-out in force of the organisation.
 */
export async function revokeOptOut(ctx: OrgScope, id: string): Promise<OptOutResponse> {
  requireScopePermission(ctx, 'optouts.manage');
  const optOutId = parseInput(idSchema, id);
  const now = ctx.app.clock.now();
  const orgId = ctx.membership.org_id;
  return ctx.app.database.transaction(async (tx) => {
    const row = await revokeOptOutRow(tx, orgId, optOutId, now);
    if (!row) throw new DomainError('NOT_FOUND', 'Avregistreringen hittades inte');
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'opt_out.revoked',
      entity: 'unsubscribe_tokens',
      entity_id: row.id,
      payload: { channel: row.channel, recipient: row.recipient },
      created_at: now,
    });
    return toOptOutResponse(row);
  });
}

/** 's***@example.se', '+467******67': enough for the recipient to recognise, little for anyone else. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  if (recipient.length <= 6) return '*'.repeat(recipient.length);
  return `${recipient.slice(0, 4)}${'*'.repeat(recipient.length - 6)}${recipient.slice(-2)}`;
}

async function readToken(app: AppContext, token: unknown): Promise<UnsubscribeTokenRow> {
  const row = await findUnsubscribeTokenByToken(app.database.db, parseInput(tokenSchema, token));
  if (!row) throw new DomainError('INVALID_UNSUBSCRIBE_LINK');
  return row;
}

async function toUnsubscribeResponse(app: AppContext, row: UnsubscribeTokenRow): Promise<UnsubscribeResponse> {
  const organisation = await findOrganisationRow(app.database.db, row.org_id);
  return {
    organisation_name: organisation?.name ?? '',
    channel: row.channel,
    channel_label: COMM_CHANNEL_LABELS[row.channel],
    recipient: maskRecipient(row.recipient),
    opted_out: row.opted_out_at !== null && row.revoked_at === null,
  };
}

/** The public unsubscribe page (no sign-in): whose link this is and whether it is in force. */
export async function describeUnsubscribeLink(app: AppContext, token: unknown): Promise<UnsubscribeResponse> {
  return toUnsubscribeResponse(app, await readToken(app, token));
}

/**
 * The recipient confirms on the public page: opted out of the channel from now (again, if staff
 * had revoked an earlier opt-out); confirming twice changes nothing. Audited as the system's.
 */
export async function confirmUnsubscribe(app: AppContext, token: unknown): Promise<UnsubscribeResponse> {
  const found = await readToken(app, token);
  if (found.opted_out_at !== null && found.revoked_at === null) return toUnsubscribeResponse(app, found);
  const now = app.clock.now();
  const row = await app.database.transaction(async (tx) => {
    const updated = await markUnsubscribeTokenOptedOut(tx, found.id, now);
    if (!updated) throw new DomainError('INVALID_UNSUBSCRIBE_LINK');
    await appendAudit(tx, {
      org_id: updated.org_id,
      actor_id: null,
      event: 'opt_out.recorded',
      entity: 'unsubscribe_tokens',
      entity_id: updated.id,
      payload: { channel: updated.channel, recipient: updated.recipient },
      created_at: now,
    });
    return updated;
  });
  return toUnsubscribeResponse(app, row);
}
