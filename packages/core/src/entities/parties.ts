import { z } from 'zod';
import { enumSchema, isoInstantSchema, optionalEmailSchema, optionalTextSchema, REQUIRED_FIELD_MESSAGE, requiredTextSchema, uuidSchema } from './shared';
import { classifyPartySearch } from '../identifiers';

/** Status of creditors and parties: only active ones can be chosen for a new case (part 1 §2). */
export const PARTY_STATUSES = ['active', 'inactive'] as const;
export type PartyStatus = (typeof PARTY_STATUSES)[number];

export const PARTY_STATUS_LABELS: Readonly<Record<PartyStatus, string>> = { active: 'Aktiv', inactive: 'Inaktiv' };

export const partyStatusSchema = enumSchema(PARTY_STATUSES);

// ── creditors (borgenärer) ──────────────────────────────────────────────────────────────────

export const creditorContactSchema = z.object({
  name: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
});

export const creditorSchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  name: z.string(),
  org_no: z.string().nullable(),
  customer_no: z.string().nullable(),
  status: partyStatusSchema,
  contact_json: creditorContactSchema.nullable(),
  /** Needed for the KFM application. */
  address_json: z.object({ street: z.string().nullish(), city: z.string().nullish(), zip: z.string().nullish(), country: z.string().nullish() }).nullish(),
  /** A business creditor: consumer rules (3-year preskription) apply against persons. */
  is_business: z.boolean().nullish(),
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/**
 * The creditor form (part 1 §5): company name required; org number, customer number and the
 * contact fields optional. New creditors are active.
 * @example creditorCreateInputSchema.parse({ name: 'Acme AB' })
 */
export const creditorCreateInputSchema = z.object({
  name: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 200),
  org_no: optionalTextSchema(20),
  customer_no: optionalTextSchema(50),
  status: partyStatusSchema.default('active'),
  contact_json: z
    .object({ name: optionalTextSchema(200), email: optionalEmailSchema, phone: optionalTextSchema(50) })
    .nullish()
    .transform((value) => value ?? null),
  address_json: z
    .object({ street: optionalTextSchema(200), city: optionalTextSchema(100), zip: optionalTextSchema(20), country: optionalTextSchema(100) })
    .nullish()
    .transform((value) => value ?? null),
  is_business: z.boolean().default(true),
});

/** 'Ange org.nr': the creditor dialog's register search needs a value (part 1 §5). */
export const CREDITOR_SEARCH_REQUIRED_MESSAGE = 'Ange org.nr';

/**
 * The creditor dialog's company-register search.
 * @example creditorSearchInputSchema.parse({ query: '5560360793' })
 */
export const creditorSearchInputSchema = z.object({ query: requiredTextSchema(CREDITOR_SEARCH_REQUIRED_MESSAGE, 20) });

export type CreditorContact = z.infer<typeof creditorContactSchema>;
export type CreditorEntity = z.infer<typeof creditorSchema>;
export type CreditorCreateInput = z.infer<typeof creditorCreateInputSchema>;

// ── parties (gäldenärer) ────────────────────────────────────────────────────────────────────

export const PARTY_TYPES = ['person', 'company'] as const;
export type PartyType = (typeof PARTY_TYPES)[number];

export const PARTY_TYPE_LABELS: Readonly<Record<PartyType, string>> = { person: 'Privatperson', company: 'Företag' };

export const partyTypeSchema = enumSchema(PARTY_TYPES);

export const partyAddressSchema = z.object({
  street: z.string().nullish(),
  city: z.string().nullish(),
  zip: z.string().nullish(),
});

export const partySchema = z.object({
  id: uuidSchema,
  org_id: uuidSchema,
  type: partyTypeSchema,
  name: z.string(),
  /** Personnummer, persons only. */
  national_id: z.string().nullable(),
  /** Organisationsnummer, companies only. */
  org_no: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address_json: partyAddressSchema.nullable(),
  status: partyStatusSchema,
  created_at: isoInstantSchema.nullish(),
  updated_at: isoInstantSchema.nullish(),
});

/**
 * The party form (part 1 §5): type and name required; a person carries national_id (placeholder
 * YYYYMMDD-XXXX), a company org_no — the other is stored as null whatever was sent, as the
 * insert in part 1 §7 does. Checksums are the identifiers module's job.
 * @example partyCreateInputSchema.parse({ type: 'company', name: 'Bygg AB', org_no: '556036-0793' })
 */
export const partyCreateInputSchema = z
  .object({
    type: partyTypeSchema,
    name: requiredTextSchema(REQUIRED_FIELD_MESSAGE, 200),
    national_id: optionalTextSchema(20),
    org_no: optionalTextSchema(20),
    email: optionalEmailSchema,
    phone: optionalTextSchema(50),
    address_json: z
      .object({ street: optionalTextSchema(200), city: optionalTextSchema(100), zip: optionalTextSchema(20) })
      .nullish()
      .transform((value) => value ?? null),
    status: partyStatusSchema.default('active'),
  })
  .transform((party) => ({
    ...party,
    national_id: party.type === 'person' ? party.national_id : null,
    org_no: party.type === 'company' ? party.org_no : null,
  }));

/** 'Ange org.nr eller personnr': the party dialog's search needs a value (part 1 §5). */
export const PARTY_SEARCH_REQUIRED_MESSAGE = 'Ange org.nr eller personnr';

/**
 * The party dialog's register search. A value of exactly 10 digits is a company, anything else
 * a person (part 1 §5): `searchType` is derived here so client and server agree.
 * @example partySearchInputSchema.parse({ query: '5560360793' }) // { query: '5560360793', searchType: 'company' }
 */
export const partySearchInputSchema = z
  .object({ query: requiredTextSchema(PARTY_SEARCH_REQUIRED_MESSAGE, 20) })
  .transform(({ query }) => ({ query, searchType: classifyPartySearch(query) }));

export type PartyAddress = z.infer<typeof partyAddressSchema>;
export type PartyEntity = z.infer<typeof partySchema>;
export type PartyCreateInput = z.infer<typeof partyCreateInputSchema>;
export type PartySearchInput = z.infer<typeof partySearchInputSchema>;
