import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, table, uniqueIndex } from './table';
import { createdAt, id, isoDate, text } from './columns';
import { PRESCRIPTION_INTERRUPTION_KINDS } from '@fordran/core';
import { users } from './auth';
import { tenantId } from './orgs';
import { cases, claims } from './cases';
import { communications } from './communications';
import { paymentAllocations } from './finance';

/**
 * Preskriptionsavbrott (preskriptionslag 5 §), one row each, so the case can show which one set
 * the prescribed date (core computePrescription). Payments and delivered demands are recorded by
 * the services in the transaction that records them (their source id, unique: recorded once);
 * manual ones carry the reason staff gave.
 */
export const prescriptionInterruptions = table(
  'prescription_interruptions',
  {
    id: id(),
    org_id: tenantId(),
    claim_id: text('claim_id')
      .notNull()
      .references((): AnySQLiteColumn => claims.id),
    case_id: text('case_id')
      .notNull()
      .references((): AnySQLiteColumn => cases.id),
    /** The day the period was interrupted: a payment's payment date, a demand's delivery date. */
    interrupted_on: isoDate('interrupted_on').notNull(),
    kind: text('kind', { enum: PRESCRIPTION_INTERRUPTION_KINDS }).notNull(),
    /** Why (required for manual ones); what it was, for automatic ones. */
    reason: text('reason'),
    payment_allocation_id: text('payment_allocation_id').references((): AnySQLiteColumn => paymentAllocations.id),
    communication_id: text('communication_id').references((): AnySQLiteColumn => communications.id),
    /** Null = the system (an automatic one). */
    created_by: text('created_by').references((): AnySQLiteColumn => users.id),
    created_at: createdAt(),
  },
  (t) => [
    index('prescription_interruptions_org_claim_idx').on(t.org_id, t.claim_id),
    uniqueIndex('prescription_interruptions_allocation_uq').on(t.payment_allocation_id),
    uniqueIndex('prescription_interruptions_communication_uq').on(t.communication_id),
  ],
);
