// Authentication calls (API contract "Auth"). Sessions are stored by lib/auth.tsx, not here.
import useSWR from 'swr';
import { api, type ApiError } from '../lib/api-client';
import type { Session } from '../lib/session-store';
import type { MfaChallengeResponse, MfaEnrollResponse, MfaFactorResponse, SignUpInput, SignUpResponse } from '@fordran/services';

export type { SignUpInput };
/** The same for a new address and one that already has an account (nothing tells them apart). */
export type SignUpResult = SignUpResponse;
export type MfaFactor = MfaFactorResponse;
/** A started TOTP enrolment: the secret and the otpauth:// URI an authenticator app reads. */
export type MfaEnrollment = MfaEnrollResponse;
export type MfaChallenge = MfaChallengeResponse;

export function signIn(email: string, password: string): Promise<Session> {
  return api.post<Session>('/auth/signin', { email, password }, { auth: false });
}

export function signUp(input: SignUpInput): Promise<SignUpResult> {
  return api.post<SignUpResult>('/auth/signup', input, { auth: false });
}

/** Revokes the refresh token on the server; the caller clears the local session either way. */
export function signOut(refreshToken: string): Promise<void> {
  return api.post<void>('/auth/signout', { refresh_token: refreshToken }, { retryOnUnauthorized: false });
}

export const mfaFactorsKey = '/auth/mfa/factors';

export async function listMfaFactors(): Promise<MfaFactor[]> {
  const result = await api.get<{ factors: MfaFactor[] }>(mfaFactorsKey);
  return result.factors;
}

export function challengeMfaFactor(factorId: string): Promise<MfaChallenge> {
  return api.post<MfaChallenge>(`/auth/mfa/factors/${encodeURIComponent(factorId)}/challenge`);
}

/** Verifies a TOTP code; the answer is a new aal2 session. */
export function verifyMfaFactor(factorId: string, challengeId: string, code: string): Promise<Session> {
  return api.post<Session>(`/auth/mfa/factors/${encodeURIComponent(factorId)}/verify`, {
    challenge_id: challengeId,
    code,
  });
}

/** The user's factors (for the security dialog). */
export function useMfaFactors() {
  return useSWR<MfaFactor[], ApiError>(mfaFactorsKey, listMfaFactors);
}

/** Starts a TOTP enrolment; the factor counts once a code from it has been verified. */
export function enrollMfaFactor(friendlyName?: string): Promise<MfaEnrollment> {
  return api.post<MfaEnrollment>(mfaFactorsKey, friendlyName ? { friendly_name: friendlyName } : {});
}

export function unenrollMfaFactor(factorId: string): Promise<void> {
  return api.delete<void>(`${mfaFactorsKey}/${encodeURIComponent(factorId)}`);
}
