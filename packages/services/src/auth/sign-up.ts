import { DomainError } from '@fordran/core';
import type { AppContext } from '../context';
import { parseInput } from '../schemas/zod-setup';
import { signUpSchema, type SignUpInput, type SignUpResponse } from '../schemas/auth';
import { createOrganisation, defaultOrganisationName } from '../orgs/create-organisation';
import { hashPassword } from './passwords';
import { publishNotification } from '../notifications/notifications';
import { acceptInvitationFor, findUsableInvitation } from './invitations';
import { findUserIdByEmail, insertUserWithProfile, isUniqueViolation } from './users';

/**
 * Creates a user and their profile. Without an invitation the user gets an organisation of their
 * own as admin (with the onboarding checklist); with one they join the inviting organisation in
 * the invited role. The e-mail is stored lower-cased and is unique (USER_EXISTS).
 */
export async function signUp(app: AppContext, input: SignUpInput): Promise<SignUpResponse> {
  const { email, password, full_name, invitation_token } = parseInput(signUpSchema, input);
  const db = app.store.db;
  if (findUserIdByEmail(db, email)) throw new DomainError('USER_EXISTS');
  if (invitation_token !== undefined) findUsableInvitation(db, app, invitation_token, email);

  // scrypt is slow and async: hash before the (synchronous) transaction.
  const passwordHash = await hashPassword(password);
  const now = app.clock.now();
  const userId = crypto.randomUUID();
  try {
    const notice = app.store.transaction((tx) => {
      insertUserWithProfile(tx, { id: userId, email, password_hash: passwordHash, full_name, now });
      if (invitation_token !== undefined) return acceptInvitationFor(tx, app, findUsableInvitation(tx, app, invitation_token, email), userId, now);
      createOrganisation(tx, { name: defaultOrganisationName(full_name), adminUserId: userId, now });
      return null;
    });
    if (notice) publishNotification(app, notice);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('USER_EXISTS');
    throw error;
  }
  return {
    user: { id: userId, email },
    profile: { id: userId, full_name, email, avatar_url: null },
  };
}
