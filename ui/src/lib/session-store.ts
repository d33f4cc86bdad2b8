// The signed-in session, kept in localStorage (spec part 1 §4) and shared by the API client and the
// auth context. Other tabs see changes through the `storage` event, so a token rotated in one tab
// is used by all of them.
import type { SessionResponse } from '@fordran/services';

/** The shape of `POST /api/auth/signin`, `/refresh` and MFA `/verify`. */
export type Session = SessionResponse;
export type SessionUser = Session['user'];

const STORAGE_KEY = 'fordran.session';

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Session>;
  return (
    typeof candidate.access_token === 'string' &&
    typeof candidate.refresh_token === 'string' &&
    typeof candidate.expires_at === 'string' &&
    typeof candidate.user === 'object' &&
    candidate.user !== null
  );
}

/** Reads the session straight from storage (bypassing the in-memory copy). */
export function readStoredSession(): Session | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

let current: Session | null = readStoredSession();
/** Counts sign-outs; the data cache is rebuilt per generation so no user sees another's data. */
let generation = 0;
const listeners = new Set<() => void>();

function replaceSession(next: Session | null): void {
  if (current && !next) generation += 1;
  current = next;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function getSessionGeneration(): number {
  return generation;
}

export function setSession(session: Session | null): void {
  replaceSession(session);
  try {
    if (session) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); the session then lives for this tab only.
  }
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when the user still has to pass the TOTP step before the session is usable. */
export function sessionNeedsMfa(session: Session | null): boolean {
  return Boolean(session?.mfa_required) && session?.aal !== 'aal2';
}

window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  replaceSession(readStoredSession());
  notify();
});
