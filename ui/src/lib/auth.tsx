// Auth context (spec part 1 §3/§4): user, session, memberships, currentOrg and a loading flag.
// The session lives in localStorage (session-store) and is refreshed shortly before `expires_at`.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import * as authApi from '../api/auth';
import { meKey, useMe, type Membership, type Profile } from '../api/me';
import { ApiError, refreshSession } from './api-client';
import { getSession, sessionNeedsMfa, setSession, subscribeSession, type Session, type SessionUser } from './session-store';

const CURRENT_ORG_KEY = 'fordran.currentOrgId';
/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 60_000;
/** The longest delay setTimeout accepts. */
const MAX_TIMER_MS = 2_147_483_647;

export interface AuthContextValue {
  session: Session | null;
  user: SessionUser | null;
  profile: Profile | null;
  memberships: Membership[];
  currentOrg: Membership | null;
  /** True while a stored session is restored or the signed-in user is loading. */
  loading: boolean;
  /** Signed in with password, but the TOTP step is still due. */
  needsMfa: boolean;
  /** A usable session whose user has loaded. */
  isAuthenticated: boolean;
  /** Loading the user failed for a reason other than an expired session. */
  loadError: ApiError | undefined;
  /** The session's assurance level as the server sees it, and whether a verified factor exists. */
  aal: 'aal1' | 'aal2' | null;
  mfaEnrolled: boolean;
  signIn(email: string, password: string): Promise<{ mfaRequired: boolean }>;
  /** Verifies a TOTP code (against `factorId`, else the verified factor); the session becomes aal2. */
  verifyMfa(code: string, factorId?: string): Promise<void>;
  signUp(input: authApi.SignUpInput): Promise<void>;
  signOut(): Promise<void>;
  setCurrentOrg(orgId: string): void;
  retry(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function readStoredOrgId(): string | null {
  try {
    return window.localStorage.getItem(CURRENT_ORG_KEY);
  } catch {
    return null;
  }
}

function writeStoredOrgId(orgId: string | null): void {
  try {
    if (orgId) window.localStorage.setItem(CURRENT_ORG_KEY, orgId);
    else window.localStorage.removeItem(CURRENT_ORG_KEY);
  } catch {
    // Without storage the choice lasts for this tab only.
  }
}

function isExpiringSoon(session: Session): boolean {
  return Date.parse(session.expires_at) - Date.now() < 10_000;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, getSession);
  const [restoring, setRestoring] = useState(() => {
    const stored = getSession();
    return stored !== null && isExpiringSoon(stored);
  });
  const [storedOrgId, setStoredOrgId] = useState<string | null>(readStoredOrgId);

  // A stored session whose access token has (nearly) expired is refreshed before anything loads.
  useEffect(() => {
    if (!restoring) return;
    refreshSession()
      .catch(() => undefined)
      .finally(() => setRestoring(false));
  }, [restoring]);

  // Refresh automatically shortly before expiry; a new session re-arms the timer.
  useEffect(() => {
    if (!session || restoring) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, Date.parse(session.expires_at) - Date.now() - REFRESH_MARGIN_MS));
    const timer = window.setTimeout(() => {
      refreshSession().catch(() => undefined);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [session, restoring]);

  const { mutate: globalMutate } = useSWRConfig();
  const needsMfa = sessionNeedsMfa(session);
  const canLoadUser = session !== null && !needsMfa && !restoring;
  const me = useMe(canLoadUser);
  const memberships = useMemo(() => me.data?.memberships ?? [], [me.data]);
  const currentOrg = useMemo(() => memberships.find((membership) => membership.org_id === storedOrgId) ?? memberships[0] ?? null, [memberships, storedOrgId]);

  // Clearing the session also starts a new data cache (see app/providers.tsx).
  const clearLocalState = useCallback(() => {
    writeStoredOrgId(null);
    setStoredOrgId(null);
    setSession(null);
  }, []);

  const signIn = useCallback(async (email: string, password: string) => {
    const next = await authApi.signIn(email, password);
    setSession(next);
    return { mfaRequired: sessionNeedsMfa(next) };
  }, []);

  const verifyMfa = useCallback(
    async (code: string, factorId?: string) => {
      let id = factorId;
      if (!id) {
        const factors = await authApi.listMfaFactors();
        id = (factors.find((candidate) => candidate.type === 'totp' && candidate.status === 'verified') ?? factors[0])?.id;
      }
      if (!id) throw new ApiError(400, 'MFA_FACTOR_MISSING', 'Ingen autentiseringsapp är kopplad till kontot');
      const challenge = await authApi.challengeMfaFactor(id);
      setSession(await authApi.verifyMfaFactor(id, challenge.challenge_id, code));
      // The factor list and /me (aal, mfa_enrolled) changed with the new session.
      await Promise.all([globalMutate(authApi.mfaFactorsKey), globalMutate(meKey)]);
    },
    [globalMutate],
  );

  const signUp = useCallback(async (input: authApi.SignUpInput) => {
    await authApi.signUp(input);
  }, []);

  const signOut = useCallback(async () => {
    const current = getSession();
    try {
      if (current) await authApi.signOut(current.refresh_token);
    } catch {
      // The local session is cleared regardless; the refresh token then simply expires.
    }
    clearLocalState();
  }, [clearLocalState]);

  const setCurrentOrg = useCallback((orgId: string) => {
    writeStoredOrgId(orgId);
    setStoredOrgId(orgId);
  }, []);

  const loadError = me.error && me.error.status !== 401 ? me.error : undefined;
  const loading = restoring || (canLoadUser && !me.data && !loadError);

  const value = useMemo<AuthContextValue>(
    () => ({
      session,
      user: me.data?.user ?? session?.user ?? null,
      profile: me.data?.profile ?? null,
      memberships,
      currentOrg,
      loading,
      needsMfa,
      isAuthenticated: canLoadUser && Boolean(me.data),
      aal: me.data?.aal ?? null,
      mfaEnrolled: me.data?.mfa_enrolled ?? false,
      loadError,
      signIn,
      verifyMfa,
      signUp,
      signOut,
      setCurrentOrg,
      retry: () => void me.mutate(),
    }),
    [session, me, memberships, currentOrg, loading, needsMfa, canLoadUser, loadError, signIn, verifyMfa, signUp, signOut, setCurrentOrg],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

/** The current organisation's id, or null when the user has none. */
export function useCurrentOrgId(): string | null {
  return useAuth().currentOrg?.org_id ?? null;
}
