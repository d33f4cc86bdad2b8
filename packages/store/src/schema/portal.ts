import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, table, uniqueIndex } from './table';
import { createdAt, id, instant, json, text, updatedAt } from './columns';
import { BANKID_ORDER_STATUSES, BANKID_PURPOSES } from './enums';
import { tenantId } from './orgs';
import { parties } from './parties';

/*
 * Debtor portal. A debtor signs in with BankID (bankid_orders), which yields a portal session
 * carried as the x-portal-session header (part 2 §6–7). Only the SHA-256 of the session token is
 * stored. national_id is the 12-digit personnummer BankID confirmed.
 */

export const portalSessions = table(
  'portal_sessions',
  {
    id: id(),
    org_id: tenantId(),
    party_id: text('party_id')
      .notNull()
      .references((): AnySQLiteColumn => parties.id),
    national_id: text('national_id').notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: instant('expires_at').notNull(),
    revoked_at: instant('revoked_at'),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('portal_sessions_token_hash_uq').on(t.token_hash), index('portal_sessions_org_party_idx').on(t.org_id, t.party_id)],
);

/** The completionData of a BankID collect (user, device, signature, ocspResponse). */
export type BankIdCompletionJson = Record<string, unknown>;

/** BankID orders (RP API v6 /auth and /sign), polled by /collect every 2 s. */
export const bankidOrders = table(
  'bankid_orders',
  {
    id: id(),
    org_id: tenantId(),
    order_ref: text('order_ref').notNull(),
    purpose: text('purpose', { enum: BANKID_PURPOSES }).notNull().default('auth'),
    national_id: text('national_id'),
    status: text('status', { enum: BANKID_ORDER_STATUSES }).notNull().default('pending'),
    hint_code: text('hint_code'),
    completion_json: json<BankIdCompletionJson>('completion_json'),
    /** The portal session created on completion. */
    portal_session_id: text('portal_session_id').references((): AnySQLiteColumn => portalSessions.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** For the animated QR code, generated on the server (the secret never leaves it); null once the order ends. */
    qr_start_token: text('qr_start_token'),
    qr_start_secret: text('qr_start_secret'),
  },
  (t) => [uniqueIndex('bankid_orders_order_ref_uq').on(t.order_ref), index('bankid_orders_org_created_idx').on(t.org_id, t.created_at)],
);
