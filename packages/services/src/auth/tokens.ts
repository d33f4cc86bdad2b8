import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Access tokens are short-lived, stateless and signed (HMAC-SHA256 over a JSON payload): the API
 * checks them without a database read. Refresh tokens are random, stored only as a SHA-256 hash,
 * and rotated on every use (see auth/sessions).
 */
export interface AccessTokenClaims {
  /** user id */
  sub: string;
  /** session (refresh-token family) id */
  sid: string;
  aal: 'aal1' | 'aal2';
  /** expiry, seconds since the epoch */
  exp: number;
}

export function signAccessToken(claims: AccessTokenClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}.${signature}`;
}

/** Returns the claims of a well-signed, unexpired token, or null. */
export function verifyAccessToken(token: string, secret: string, nowSeconds: number): AccessTokenClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  // Compared as canonical base64url text, not decoded bytes: Node's decoder ignores an appended
  // '=' and the unused low bits of the last character, so several spellings decode alike.
  const expected = Buffer.from(createHmac('sha256', secret).update(payload).digest('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessTokenClaims;
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') return null;
    return claims.exp > nowSeconds ? claims : null;
  } catch {
    return null;
  }
}

/** A fresh opaque secret token (refresh tokens, invitation tokens, portal sessions). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store instead of an opaque token: its SHA-256, so a database leak yields no sessions. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
