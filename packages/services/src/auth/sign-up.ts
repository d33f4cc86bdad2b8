import { DomainError } from '@fordran/core';
import { uuidV7 } from '@fordran/store';
import type { AppContext } from '../context';
import { parseInput } from '../schemas/zod-setup';
import { signUpSchema, type SignUpInput, type SignUpResponse } from '../schemas/auth';
import { createOrganisation, defaultOrganisationName } from '../orgs/create-organisation';
import { hashPassword } from './passwords';
import { publishNotification } from '../notifications/notifications';
import { acceptInvitationFor, findUsableInvitation } from './invitations';
import { pruneAttempts, reserveAttempt, signUpLimits } from './rate-limit';
import type { RequestMeta } from './sign-in';
import { findUserIdByEmail, insertUserWithProfile, isUniqueViolation } from './users';

/**
 * Creates a user and their profile. Without an invitation the user gets an organisation of their
 * own as admin (with the onboarding checklist); with one they join the inviting organisation in
 * the invited role. The e-mail is stored lower-cased and is unique.
 *
 * Sign-ups are rate limited per client address and per e-mail (config.rateLimit). An e-mail that
 * already has an account gets the same answer, after the same password hash, as a new one — and
 * nothing changes — so neither the response nor its timing tells whether an address has an
 * account. Only with an invitation (its token proves the caller was sent the address) is
 * USER_EXISTS said: such a user accepts the invitation after signing in.
 */
export async function signUp(app: AppContext, input: SignUpInput, meta: RequestMeta = { ip: null }): Promise<SignUpResponse> {
  const { email, password, full_name, invitation_token } = parseInput(signUpSchema, input);
  const db = app.database.db;
  await app.database.transaction(async (tx) => {
    await reserveAttempt(tx, app, { kind: 'signup', subject: email, ip: meta.ip }, signUpLimits(app, email, meta.ip));
    await pruneAttempts(tx, app);
  });
  if (invitation_token !== undefined) await findUsableInvitation(db, app, invitation_token, email);

  // scrypt is slow: hash before the transaction (which holds the write lock), for a taken address too.
  const passwordHash = await hashPassword(password);
  const accepted: SignUpResponse = { email };
  const taken = () => {
    if (invitation_token !== undefined) throw new DomainError('USER_EXISTS');
    return accepted;
  };
  if (await findUserIdByEmail(db, email)) return taken();
  const now = app.clock.now();
  const userId = uuidV7();
  try {
    const notice = await app.database.transaction(async (tx) => {
      await insertUserWithProfile(tx, { id: userId, email, password_hash: passwordHash, full_name, now });
      if (invitation_token !== undefined) return acceptInvitationFor(tx, app, await findUsableInvitation(tx, app, invitation_token, email), userId, now);
      await createOrganisation(tx, { name: defaultOrganisationName(full_name), adminUserId: userId, now });
      return null;
    });
    if (notice) publishNotification(app, notice);
  } catch (error) {
    // A concurrent sign-up took the address between the check and the insert.
    if (isUniqueViolation(error)) return taken();
    throw error;
  }
  return accepted;
}
