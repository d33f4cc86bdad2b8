// Authentication calls (API contract "Auth"). Sessions are stored by lib/auth.tsx, not here.
import { api } from '../lib/api-client';
import type { Session, SessionUser } from '../lib/session-store';
import type { Profile } from './me';

export interface SignUpInput {
  email: string;
  password: string;
  full_name: string;
  invitation_token?: string;
}

export interface SignUpResult {
  user: SessionUser;
  profile: Profile;
}

export interface MfaFactor {
  id: string;
  type: 'totp';
  status: string;
  created_at: string;
}

export interface MfaChallenge {
  challenge_id: string;
  expires_at: string;
}

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
