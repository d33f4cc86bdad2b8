import { DomainError } from '@fordran/core';
import { findUserRowByEmail, markAuthAttemptSucceeded } from '@fordran/store';
import type { AppContext } from '../context';
import { appendUserAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import { signInSchema, type SessionResponse, type SignInInput } from '../schemas/auth';
import { hashPassword, verifyPassword } from './passwords';
import { pruneAttempts, reserveAttempt, signInLimits } from './rate-limit';
import { startSession } from './sessions';

// An unknown e-mail is checked against this hash, so it costs the same scrypt time as a known
// one and response times do not tell which addresses have accounts.
let dummyHash: Promise<string> | null = null;
function unknownUserHash(): Promise<string> {
  dummyHash ??= hashPassword('fordran-no-such-user');
  return dummyHash;
}

export interface RequestMeta {
  /** The client address as the server saw it; null when unknown. */
  ip: string | null;
}

/**
 * E-mail and password sign-in (aal1). Rate limited per e-mail and per client address (config):
 * the attempt is reserved before the password is hashed, so a concurrent burst is checked only up
 * to the limit. INVALID_CREDENTIALS for a wrong e-mail or password alike, RATE_LIMITED once the
 * limit is hit.
 */
export async function signIn(app: AppContext, input: SignInInput, meta: RequestMeta = { ip: null }): Promise<SessionResponse> {
  const { email, password } = parseInput(signInSchema, input);
  const attemptId = await app.database.transaction((tx) =>
    reserveAttempt(tx, app, { kind: 'signin', subject: email, ip: meta.ip }, signInLimits(app, email, meta.ip)),
  );

  const user = await findUserRowByEmail(app.database.db, email);
  const passwordOk = await verifyPassword(password, user?.password_hash ?? (await unknownUserHash()));
  // A failure is already on record: the reservation stays unsuccessful.
  if (!user || !passwordOk) throw new DomainError('INVALID_CREDENTIALS');
  return app.database.transaction(async (tx) => {
    const now = app.clock.now();
    await markAuthAttemptSucceeded(tx, attemptId);
    await pruneAttempts(tx, app);
    const session = await startSession(tx, app, user.id, 'aal1');
    await appendUserAudit(tx, user.id, { event: 'auth.signed_in', entity: 'users', entity_id: user.id, payload: { aal: 'aal1' }, created_at: now });
    return session;
  });
}
