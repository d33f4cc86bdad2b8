import { z } from './zod-setup';
import { emailSchema, fullNameSchema, idSchema, tokenSchema } from './common';

/** Password rules of sign-up (spec part 1 §5, §9: at least 6 characters). */
export const PASSWORD_MIN_CHARACTERS = 6;
export const PASSWORD_MAX_CHARACTERS = 256;

export const newPasswordSchema = z
  .string({ error: 'Lösenord krävs' })
  .min(1, 'Lösenord krävs')
  .min(PASSWORD_MIN_CHARACTERS, 'Lösenordet måste vara minst 6 tecken')
  .max(PASSWORD_MAX_CHARACTERS, 'Lösenordet får vara högst 256 tecken');

export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  full_name: fullNameSchema,
  invitation_token: tokenSchema.optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: z
    .string({ error: 'E-post krävs' })
    .trim()
    .toLowerCase()
    .min(1, 'E-post krävs')
    .max(254, 'E-postadressen är för lång'),
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

export const aalSchema = z.enum(['aal1', 'aal2']);

export const userSummarySchema = z.object({ id: z.string(), email: z.string() });

export const profileResponseSchema = z
  .object({
    id: z.string(),
    full_name: z.string().nullable(),
    email: z.string(),
    avatar_url: z.string().nullable(),
  });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const signUpResponseSchema = z.object({ user: userSummarySchema, profile: profileResponseSchema });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

export const sessionResponseSchema = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    /** When the access token expires (ISO instant). */
    expires_at: z.string(),
    aal: aalSchema,
    /** True while the user should verify a second factor (aal1 with a factor or an org requiring it). */
    mfa_required: z.boolean(),
    user: userSummarySchema,
  });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const mfaFactorSchema = z.object({
  id: z.string(),
  type: z.literal('totp'),
  friendly_name: z.string().nullable(),
  status: z.enum(['unverified', 'verified']),
  created_at: z.string(),
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
