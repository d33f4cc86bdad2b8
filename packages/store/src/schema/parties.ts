import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, table } from './table';
import { createdAt, flag, id, json, text, updatedAt } from './columns';
import { PARTY_TYPES, RECORD_STATUSES } from './enums';
import { tenantId, type AddressJson } from './orgs';
import { templateQaBatches } from './template-qa';

/** The fixture of a template QA batch (Mall-QA): kept out of the lists, search and pickers; null = a real record. */
const qaBatchId = () => text('qa_batch_id').references((): AnySQLiteColumn => templateQaBatches.id);

/** Contact person of a creditor (spec part 1 §3). */
export interface ContactJson {
  name?: string;
  email?: string;
  phone?: string;
}

/** Creditors (borgenärer), the agency's customers. */
export const creditors = table(
  'creditors',
  {
    id: id(),
    org_id: tenantId(),
    name: text('name').notNull(),
    org_no: text('org_no'),
    customer_no: text('customer_no'),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('active'),
    contact_json: json<ContactJson>('contact_json'),
    /** Needed for the KFM application and for the B2B-only 450 kr förseningsersättning. */
    address_json: json<AddressJson>('address_json'),
    /** A business creditor: consumer-claim rules (3-year preskription) apply against persons. */
    is_business: flag('is_business').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
    qa_batch_id: qaBatchId(),
  },
  (t) => [
    index('creditors_org_name_idx').on(t.org_id, t.name),
    index('creditors_org_org_no_idx').on(t.org_id, t.org_no),
    // A QA batch's cleanup finds its creditor.
    index('creditors_qa_batch_idx').on(t.qa_batch_id),
  ],
);

/**
 * Debtors (parties, gäldenärer). national_id only for persons (12 digits, YYYYMMDDXXXX),
 * org_no only for companies (part 1 §3).
 */
export const parties = table(
  'parties',
  {
    id: id(),
    org_id: tenantId(),
    type: text('type', { enum: PARTY_TYPES }).notNull(),
    name: text('name').notNull(),
    national_id: text('national_id'),
    org_no: text('org_no'),
    email: text('email'),
    phone: text('phone'),
    address_json: json<AddressJson>('address_json'),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('active'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    qa_batch_id: qaBatchId(),
  },
  (t) => [
    // A QA batch's cleanup finds its debtors.
    index('parties_qa_batch_idx').on(t.qa_batch_id),
    // Covering for name searches (the case list's debtor search reads ids from the index).
    index('parties_org_name_idx').on(t.org_id, t.name, t.id),
    /** Portal BankID login finds the party by personnummer. */
    index('parties_org_national_id_idx').on(t.org_id, t.national_id),
    index('parties_org_org_no_idx').on(t.org_id, t.org_no),
  ],
);
