import { AAL_LEVELS, MFA_FACTOR_STATUSES, MFA_FACTOR_TYPES } from '@fordran/store';
import { z } from './zod-setup';
import { emailSchema, fullNameSchema, idSchema, tokenSchema } from './common';
import { isoInstantSchema } from './values';
import { isCommonPassword } from '../auth/common-passwords';

/**
 * Password rules of sign-up (spec part 1 §5, §9: at least 6 characters), and none of the 10 000
 * most common passwords (auth/common-passwords).
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_CHARACTERS = 256;
export const COMMON_PASSWORD_MESSAGE = 'Lösenordet är för vanligt och lätt att gissa, välj ett annat';

export const newPasswordSchema = z
  .string({ error: 'Lösenord krävs' })
  .min(1, 'Lösenord krävs')
  .min(PASSWORD_MIN_LENGTH, 'Lösenordet måste vara minst 6 tecken')
  .max(PASSWORD_MAX_CHARACTERS, 'Lösenordet får vara högst 256 tecken')
  .refine((password) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE);

export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  full_name: fullNameSchema,
  invitation_token: tokenSchema.optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: z.string({ error: 'E-post krävs' }).trim().toLowerCase().min(1, 'E-post krävs').max(254, 'E-postadressen är för lång'),
  password: z.string({ error: 'Lösenord krävs' }).min(1, 'Lösenord krävs').max(PASSWORD_MAX_CHARACTERS, 'Felaktiga inloggningsuppgifter'),
});
export type SignInInput = z.input<typeof signInSchema>;

export const refreshTokenSchema = z.object({ refresh_token: tokenSchema });
export type RefreshTokenInput = z.input<typeof refreshTokenSchema>;

export const mfaEnrollSchema = z.object({
  friendly_name: z.string().trim().max(100, 'Namnet får vara högst 100 tecken').optional(),
});
export type MfaEnrollInput = z.input<typeof mfaEnrollSchema>;

export const mfaVerifySchema = z.object({
  challenge_id: idSchema,
  code: z
    .string({ error: 'Ange koden' })
    .trim()
    .regex(/^\d{6}$/, 'Koden ska vara 6 siffror'),
});
export type MfaVerifyInput = z.input<typeof mfaVerifySchema>;

export const acceptInvitationSchema = z.object({ invitation_token: tokenSchema });
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

// ── responses ────────────────────────────────────────────────────────────────────────────────

/** Assurance level of a session: aal1 password, aal2 password and a second factor (part 1 §4). */
export const aalSchema = z.enum(AAL_LEVELS);

export const userSummarySchema = z.object({ id: z.string(), email: z.string() });

export const profileResponseSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  email: z.string(),
  avatar_url: z.string().nullable(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/**
 * The sign-up answer names only the address: it is the same whether the account was created or the
 * address already had one, so sign-up cannot be used to find out who has an account.
 */
export const signUpResponseSchema = z.object({ email: z.string() });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/**
 * The sign-in, refresh and MFA-verify answer (spec part 1 §3: access token, refresh token,
 * expires_at, user), with the assurance level and whether the second sign-in step is still due.
 */
export const sessionResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** When the access token expires (ISO instant). */
  expires_at: z.string(),
  aal: aalSchema,
  /** True while the user should verify a second factor (aal1 with a factor or an organisation requiring it). */
  mfa_required: z.boolean(),
  user: userSummarySchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** A second factor (TOTP) as the API shows it, without its secret; it counts once a code from it was verified. */
export const mfaFactorSchema = z.object({
  id: z.string(),
  type: z.enum(MFA_FACTOR_TYPES),
  friendly_name: z.string().nullable(),
  status: z.enum(MFA_FACTOR_STATUSES),
  created_at: isoInstantSchema,
});
export type MfaFactorResponse = z.infer<typeof mfaFactorSchema>;

export const mfaFactorListSchema = z.object({ factors: z.array(mfaFactorSchema) });

export const mfaEnrollResponseSchema = z.object({
  id: z.string(),
  type: z.literal('totp'),
  secret: z.string(),
  otpauth_uri: z.string(),
});
export type MfaEnrollResponse = z.infer<typeof mfaEnrollResponseSchema>;

export const mfaChallengeResponseSchema = z.object({ challenge_id: z.string(), expires_at: z.string() });
export type MfaChallengeResponse = z.infer<typeof mfaChallengeResponseSchema>;
