import { PARTY_TYPES, RECORD_STATUSES } from '@fordran/core';
import { z } from './zod-setup';
import { actionReasonSchema } from './common';

/*
 * Creditors (Kunder / borgenärer) and parties (Parter / gäldenärer), spec part 1 §2, §3, §5 and
 * the HTTP contract of issue 4. Identifiers arrive as typed by a person; the use cases check them
 * with core's organisationsnummer / personnummer parsers and store the normal forms.
 */

/** Optional free text: trimmed, empty means absent (null). */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: 'Ogiltig text' })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** Optional e-mail: empty means absent; otherwise a valid address, lower-cased. */
const optionalEmail = z
  .string({ error: 'Ogiltig e-postadress' })
  .trim()
  .toLowerCase()
  .max(254, 'E-postadressen är för lång')
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.email({ error: 'Ogiltig e-postadress' }).nullable());

const statusSchema = z.enum(RECORD_STATUSES, { error: 'Status måste vara active eller inactive' });
const partyTypeSchema = z.enum(PARTY_TYPES, { error: 'Välj typ: person eller company' });

const requiredName = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, 'Namnet får vara högst 200 tecken');

/** 'Företagsnamn krävs' (part 1 §5: the creditor form requires the company name). */
export const CREDITOR_NAME_REQUIRED = 'Företagsnamn krävs';
/** The party form requires a name (part 1 §5: type and name required). */
export const PARTY_NAME_REQUIRED = 'Namn krävs';

/** A person has no organisationsnummer and a company no personnummer (part 1 §3). */
export const PERSON_WITH_ORG_NO = 'En person har personnummer, inte organisationsnummer';
export const COMPANY_WITH_NATIONAL_ID = 'Ett företag har organisationsnummer, inte personnummer';

/** Paging shared by both lists: limit 1–200 (default 50), offset ≥ 0. */
const pagingShape = {
  query: z.string().trim().max(100, 'Söktexten får vara högst 100 tecken').optional(),
  status: statusSchema.optional(),
  order: z.enum(['asc', 'desc'], { error: 'Ordning måste vara asc eller desc' }).default('asc'),
  limit: z.coerce.number({ error: 'Ogiltig gräns' }).int('Ogiltig gräns').min(1, 'Ogiltig gräns').max(200, 'Högst 200 rader per anrop').default(50),
  offset: z.coerce.number({ error: 'Ogiltig förskjutning' }).int('Ogiltig förskjutning').min(0, 'Ogiltig förskjutning').default(0),
};

// ── addresses ───────────────────────────────────────────────────────────────────────────────

/** A postal address of a creditor or a party: empty parts are absent (null, then left out). */
export const partyAddressInputSchema = z.object({
  street: optionalText(200, 'Gatuadressen får vara högst 200 tecken'),
  city: optionalText(100, 'Orten får vara högst 100 tecken'),
  zip: optionalText(20, 'Postnumret får vara högst 20 tecken'),
});

const addressInput = partyAddressInputSchema.nullish().transform((value) => value ?? null);
const addressResponseSchema = z.object({ street: z.string().nullish(), city: z.string().nullish(), zip: z.string().nullish() }).nullable();

// ── creditors ───────────────────────────────────────────────────────────────────────────────

export const creditorContactSchema = z.object({
  name: optionalText(200, 'Kontaktpersonens namn får vara högst 200 tecken'),
  email: optionalEmail,
  phone: optionalText(50, 'Telefonnumret får vara högst 50 tecken'),
});

const creditorFields = {
  name: requiredName(CREDITOR_NAME_REQUIRED),
  org_no: optionalText(20, 'Ogiltigt organisationsnummer'),
  customer_no: optionalText(50, 'Kundnumret får vara högst 50 tecken'),
  contact_json: creditorContactSchema.nullish().transform((value) => value ?? null),
  /** The applicant's postal address on a KFM application. */
  address_json: addressInput,
  is_business: z.boolean({ error: 'Ange ja eller nej' }),
};

export const creditorCreateSchema = z.object({ ...creditorFields, is_business: creditorFields.is_business.default(true) });
export type CreditorCreateInput = z.input<typeof creditorCreateSchema>;

/** Deactivating needs a reason (kept in the system log): an inactive creditor takes no new cases. */
export const CREDITOR_DEACTIVATE_REASON_REQUIRED = 'Ange varför kunden inaktiveras';

export const creditorUpdateSchema = z
  .object({ ...creditorFields, status: statusSchema, reason: actionReasonSchema(CREDITOR_DEACTIVATE_REASON_REQUIRED) })
  .partial()
  .refine((input) => input.status !== 'inactive' || input.reason !== undefined, { error: CREDITOR_DEACTIVATE_REASON_REQUIRED, path: ['reason'] });
export type CreditorUpdateInput = z.input<typeof creditorUpdateSchema>;

export const creditorListQuerySchema = z.object({
  ...pagingShape,
  sort: z.enum(['name', 'created_at', 'customer_no'], { error: 'Sortera på name, created_at eller customer_no' }).default('name'),
});
export type CreditorListQuery = z.input<typeof creditorListQuerySchema>;

export const creditorResponseSchema = z.object({
  id: z.string(),
  org_id: z.string(),
  name: z.string(),
  org_no: z.string().nullable(),
  customer_no: z.string().nullable(),
  status: statusSchema,
  contact_json: z.object({ name: z.string().nullish(), email: z.string().nullish(), phone: z.string().nullish() }).nullable(),
  address_json: addressResponseSchema,
  is_business: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CreditorResponse = z.infer<typeof creditorResponseSchema>;

export const creditorListResponseSchema = z.object({ items: z.array(creditorResponseSchema), total: z.number().int() });
export type CreditorListResponse = z.infer<typeof creditorListResponseSchema>;

// ── parties ─────────────────────────────────────────────────────────────────────────────────

const partyFields = {
  type: partyTypeSchema,
  name: requiredName(PARTY_NAME_REQUIRED),
  national_id: optionalText(20, 'Ogiltigt personnummer'),
  org_no: optionalText(20, 'Ogiltigt organisationsnummer'),
  email: optionalEmail,
  phone: optionalText(50, 'Telefonnumret får vara högst 50 tecken'),
  address_json: addressInput,
};

export const partyCreateSchema = z.object(partyFields);
export type PartyCreateInput = z.input<typeof partyCreateSchema>;

/** Deactivating needs a reason (kept in the system log): an inactive debtor gets no new cases. */
export const PARTY_DEACTIVATE_REASON_REQUIRED = 'Ange varför parten inaktiveras';

export const partyUpdateSchema = z
  .object({ ...partyFields, status: statusSchema, reason: actionReasonSchema(PARTY_DEACTIVATE_REASON_REQUIRED) })
  .partial()
  .refine((input) => input.status !== 'inactive' || input.reason !== undefined, { error: PARTY_DEACTIVATE_REASON_REQUIRED, path: ['reason'] });
export type PartyUpdateInput = z.input<typeof partyUpdateSchema>;

export const partyListQuerySchema = z.object({
  ...pagingShape,
  type: partyTypeSchema.optional(),
  sort: z.enum(['name', 'created_at'], { error: 'Sortera på name eller created_at' }).default('name'),
});
export type PartyListQuery = z.input<typeof partyListQuerySchema>;

export const partyResponseSchema = z.object({
  id: z.string(),
  org_id: z.string(),
  type: partyTypeSchema,
  name: z.string(),
  national_id: z.string().nullable(),
  org_no: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address_json: addressResponseSchema,
  status: statusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type PartyResponse = z.infer<typeof partyResponseSchema>;

export const partyListResponseSchema = z.object({ items: z.array(partyResponseSchema), total: z.number().int() });
export type PartyListResponse = z.infer<typeof partyListResponseSchema>;

// ── look-up (tic-search) ────────────────────────────────────────────────────────────────────

/** 'Ange org.nr' (creditor dialog) / 'Ange org.nr eller personnr' (party dialog), part 1 §5. */
export const LOOKUP_COMPANY_QUERY_REQUIRED = 'Ange org.nr';
export const LOOKUP_QUERY_REQUIRED = 'Ange org.nr eller personnr';

export const lookupQuerySchema = z.object({
  query: z.string().max(100, 'Söktexten får vara högst 100 tecken').optional(),
  /** Optional: force the register (the creditor dialog searches companies only). */
  type: z.enum(['company', 'person'], { error: 'Typ måste vara company eller person' }).optional(),
});
export type LookupQuery = z.input<typeof lookupQuerySchema>;

export const lookupResultSchema = z.object({
  name: z.string(),
  organizationNumber: z.string().optional(),
  personalNumber: z.string().optional(),
  email: z.string(),
  phone: z.string(),
  address: z.object({ street: z.string(), city: z.string(), postalCode: z.string() }),
});
export type LookupResult = z.infer<typeof lookupResultSchema>;

export const lookupResponseSchema = z.object({
  searchType: z.enum(['company', 'person']),
  results: z.array(lookupResultSchema),
});
export type LookupResponse = z.infer<typeof lookupResponseSchema>;
