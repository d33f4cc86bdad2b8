import { z } from './zod-setup';
import { emailSchema, idSchema } from './common';
import { roleSchema } from './me';
import { isoInstantSchema } from './values';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** An address part: empty means absent (the key is left out of address_json). */
const addressPart = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : undefined));

export const addressSchema = z.object({
  street: addressPart(200, 'Gatuadressen får vara högst 200 tecken'),
  city: addressPart(100, 'Orten får vara högst 100 tecken'),
  zip: addressPart(20, 'Postnumret får vara högst 20 tecken'),
  country: addressPart(100, 'Landet får vara högst 100 tecken'),
});

/** Organisation settings (part 2 §2: name, org number, address) plus the choices Fordran adds. */
export const organisationUpdateSchema = z
  .object({
    name: z.string({ error: 'Namn krävs' }).trim().min(1, 'Namn krävs').max(200, 'Namnet får vara högst 200 tecken'),
    org_no: optionalText(20, 'Ogiltigt organisationsnummer'),
    address_json: addressSchema.nullable(),
    allocation_order: z.enum(['costs_first', 'principal_first'], { error: 'Ogiltig avräkningsordning' }),
    require_mfa: z.boolean({ error: 'Ange ja eller nej' }),
    /**
     * When SMS and e-mail may be delivered (quiet hours outside): ISO weekdays 1–7 and a daily
     * window in Swedish time; null goes back to the default, weekdays 08–20.
     */
    send_hours: z
      .object({
        days: z.array(z.number({ error: 'Ogiltig veckodag' }).int('Ogiltig veckodag'), { error: 'Välj minst en veckodag' }),
        start: z.string({ error: 'Ange starttid' }),
        end: z.string({ error: 'Ange sluttid' }),
      })
      .nullable(),
    /** Days an inkassokrav gives to pay or object, counted from sending (kept in settings; at least 8, core checks). */
    demand_payment_days: z.number({ error: 'Ange antal dagar' }),
  })
  .partial();
export type OrganisationUpdateInput = z.input<typeof organisationUpdateSchema>;

export const organisationResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  org_no: z.string().nullable(),
  address_json: z
    .object({
      street: z.string().nullish(),
      city: z.string().nullish(),
      zip: z.string().nullish(),
      country: z.string().nullish(),
    })
    .nullable(),
  allocation_order: z.enum(['costs_first', 'principal_first']),
  require_mfa: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
});
export type OrganisationResponse = z.infer<typeof organisationResponseSchema>;

/**
 * A role with the creditor it is tied to: a `client` member names the creditor whose cases it may
 * read; staff roles name none.
 */
function refineRoleCreditor(value: { role: string; creditor_id?: string | null }, context: z.RefinementCtx): void {
  if (value.role === 'client' && !value.creditor_id) {
    context.addIssue({ code: 'custom', path: ['creditor_id'], message: 'Välj vilken borgenär kunden ska se' });
  }
  if (value.role !== 'client' && value.creditor_id) {
    context.addIssue({ code: 'custom', path: ['creditor_id'], message: 'Bara rollen Kund knyts till en borgenär' });
  }
}

/** An invitation (part 2 §2 Behörigheter): a `client` member names the creditor it may read. */
export const invitationCreateSchema = z
  .object({
    email: emailSchema,
    role: roleSchema,
    creditor_id: idSchema.nullish(),
  })
  .superRefine(refineRoleCreditor);
export type InvitationCreateInput = z.input<typeof invitationCreateSchema>;

/** An invitation into the organisation with a role (part 2 §2 Behörigheter); `client` names a creditor. */
export const invitationResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  creditor_id: z.string().nullable(),
  expires_at: isoInstantSchema,
  created_at: isoInstantSchema,
});

export const invitationCreateResponseSchema = z.object({
  invitation: invitationResponseSchema,
  /** The secret of the invitation link; shown once, stored only hashed. */
  token: z.string(),
});
export type InvitationCreateResponse = z.infer<typeof invitationCreateResponseSchema>;

export const memberResponseSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  role: roleSchema,
  creditor_id: z.string().nullable(),
  joined_at: z.string(),
});

export type MemberResponse = z.infer<typeof memberResponseSchema>;

/** A member's new role (admin); `client` names the creditor, as an invitation does. */
export const memberUpdateSchema = z
  .object({
    role: roleSchema,
    creditor_id: idSchema.nullish(),
  })
  .superRefine(refineRoleCreditor);
export type MemberUpdateInput = z.input<typeof memberUpdateSchema>;

export const membersResponseSchema = z.object({
  members: z.array(memberResponseSchema),
  invitations: z.array(invitationResponseSchema),
});
export type MembersResponse = z.infer<typeof membersResponseSchema>;

/**
 * What the invitation link shows before sign-up (public, the token is the key): the organisation,
 * the role and the invited address, and whether that address already has an account (then the
 * invitee signs in and accepts instead of signing up).
 */
export const invitationPreviewResponseSchema = z.object({
  org_name: z.string(),
  role: roleSchema,
  email: z.string(),
  has_account: z.boolean(),
});
export type InvitationPreviewResponse = z.infer<typeof invitationPreviewResponseSchema>;
