import { createHash } from 'node:crypto';
import { DomainError } from '@fordran/core';
import { findProfileFields, findUserAccount, hasVerifiedMfaFactor, listUserMembershipRows, updateProfileRow, type Db } from '@fordran/store';
import type { UserContext } from '../context';
import { assertAalSufficient, requireUser } from '../access/membership';
import { isRole, permissionsOf } from '../access/roles';
import { appendUserAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import type { ProfileResponse } from '../schemas/auth';
import { AVATAR_MAX_BYTES, profileUpdateSchema, type MeResponse, type ProfileUpdateInput } from '../schemas/me';
import { sniffImageType } from './image-type';

/** Avatars live in file storage under this prefix and are served at /api/files/<key>. */
export const AVATAR_KEY_PREFIX = 'avatars';
/** The public path files are served under (the API mounts it). */
export const FILES_URL_PREFIX = '/api/files/';

async function readProfile(db: Db, userId: string): Promise<ProfileResponse> {
  const row = await findProfileFields(db, userId);
  if (!row) throw new DomainError('UNAUTHORIZED');
  return row;
}

/** The signed-in user, their profile, the session's assurance level and their memberships. */
export async function getMe(ctx: UserContext): Promise<MeResponse> {
  const user = requireUser(ctx);
  const db = ctx.app.database.db;
  const userId = user.actor.user_id;
  const account = await findUserAccount(db, userId);
  if (!account) throw new DomainError('UNAUTHORIZED');
  const memberships = await listUserMembershipRows(db, userId);
  return {
    user: account,
    profile: await readProfile(db, userId),
    aal: user.actor.aal,
    mfa_enrolled: await hasVerifiedMfaFactor(db, userId),
    memberships: memberships.flatMap((m) =>
      isRole(m.role) ? [{ ...m, role: m.role, creditor_id: m.creditor_id ?? null, permissions: permissionsOf(m.role) }] : [],
    ),
  };
}

/** Changes the display name (the e-mail cannot be changed, spec part 1 §2). */
export async function updateProfile(ctx: UserContext, input: ProfileUpdateInput): Promise<ProfileResponse> {
  const user = requireUser(ctx);
  await assertAalSufficient(user);
  const { full_name } = parseInput(profileUpdateSchema, input);
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    await updateProfileRow(tx, user.actor.user_id, { full_name, updated_at: now });
    await appendUserAudit(tx, user.actor.user_id, {
      event: 'profile.updated',
      entity: 'profiles',
      entity_id: user.actor.user_id,
      payload: { full_name },
      created_at: now,
    });
    return readProfile(tx, user.actor.user_id);
  });
}

/**
 * Stores a new avatar: at most 2 MB (FILE_TOO_LARGE), and a PNG, JPEG, GIF or WebP judged by its
 * bytes (INVALID_FILE_TYPE). The key carries a content hash, so the URL changes with the picture
 * and can be cached for good.
 */
export async function uploadAvatar(ctx: UserContext, file: { bytes: Uint8Array }): Promise<ProfileResponse> {
  const user = requireUser(ctx);
  await assertAalSufficient(user);
  if (file.bytes.byteLength > AVATAR_MAX_BYTES) throw new DomainError('FILE_TOO_LARGE');
  const image = sniffImageType(file.bytes);
  if (!image) throw new DomainError('INVALID_FILE_TYPE');

  const userId = user.actor.user_id;
  const hash = createHash('sha256').update(file.bytes).digest('hex').slice(0, 32);
  const key = `${AVATAR_KEY_PREFIX}/${userId}/${hash}.${image.extension}`;
  const previous = (await readProfile(ctx.app.database.db, userId)).avatar_url;
  await ctx.app.files.put(key, file.bytes, image.contentType);

  const now = ctx.app.clock.now();
  const profile = await ctx.app.database.transaction(async (tx) => {
    await updateProfileRow(tx, userId, { avatar_url: FILES_URL_PREFIX + key, updated_at: now });
    await appendUserAudit(tx, userId, { event: 'profile.avatar_updated', entity: 'profiles', entity_id: userId, payload: { key }, created_at: now });
    return readProfile(tx, userId);
  });
  const previousKey = previous?.startsWith(FILES_URL_PREFIX) ? previous.slice(FILES_URL_PREFIX.length) : null;
  if (previousKey && previousKey !== key && previousKey.startsWith(`${AVATAR_KEY_PREFIX}/${userId}/`)) {
    await ctx.app.files.delete(previousKey).catch(() => undefined);
  }
  return profile;
}

/**
 * An avatar for display (public: an <img> cannot send a bearer token; the content-hash name is
 * not guessable). Only keys under avatars/ are served; anything else is NOT_FOUND.
 */
export async function readAvatar(app: UserContext['app'], userId: string, name: string): Promise<{ bytes: Uint8Array; contentType: string }> {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(userId) || !/^[a-f0-9]{32}\.(png|jpg|gif|webp)$/.test(name)) throw new DomainError('NOT_FOUND');
  const stored = await app.files.get(`${AVATAR_KEY_PREFIX}/${userId}/${name}`);
  if (!stored) throw new DomainError('NOT_FOUND');
  return stored;
}
