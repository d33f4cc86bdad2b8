import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hashPassword, verifyPassword } from './passwords';
import { hashOpaqueToken, newOpaqueToken, signAccessToken, verifyAccessToken } from './tokens';
import { newTotpSecret, totpCodeAt, totpStep, totpUri } from './totp';

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('hemligt1');
    expect(stored.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('hemligt1', stored)).toBe(true);
    expect(await verifyPassword('hemligt2', stored)).toBe(false);
    expect(await verifyPassword('hemligt1', 'md5$abc')).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('samma')).not.toBe(await hashPassword('samma'));
  });
});

describe('access tokens', () => {
  const claims = { sub: 'u1', sid: 's1', aal: 'aal1' as const, exp: 2000 };

  it('round-trips claims before expiry and refuses after', () => {
    const token = signAccessToken(claims, 'secret');
    expect(verifyAccessToken(token, 'secret', 1999)).toEqual(claims);
    expect(verifyAccessToken(token, 'secret', 2000)).toBeNull();
  });

  it('a token signed with another secret never verifies', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        fc.pre(a !== b);
        return verifyAccessToken(signAccessToken(claims, a), b, 0) === null;
      }),
    );
  });

  it('any tampering with the payload is detected', () => {
    const token = signAccessToken(claims, 'secret');
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
    expect(verifyAccessToken(`${forged}.${signature}`, 'secret', 0)).toBeNull();
    expect(verifyAccessToken(`${payload}.${signature}.x`, 'secret', 0)).toBeNull();
    expect(verifyAccessToken('garbage', 'secret', 0)).toBeNull();
  });

  it('accepts only the canonical base64url signature: no padding, no other spelling of the same bytes', () => {
    const token = signAccessToken(claims, 'secret');
    const [payload, signature] = token.split('.') as [string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // A 32-byte MAC is 43 characters: the last carries 4 bits and 2 unused ones, so 3 other
    // characters decode to the same bytes; every other last character, and '=', must fail.
    const sameBytes = [...alphabet].filter(
      (c) => c !== signature.at(-1) && Buffer.from(signature.slice(0, -1) + c, 'base64url').equals(Buffer.from(signature, 'base64url')),
    );
    expect(sameBytes).toHaveLength(3);
    for (const variant of [...sameBytes.map((c) => signature.slice(0, -1) + c), `${signature}=`, `${signature}==`, ` ${signature}`]) {
      expect(verifyAccessToken(`${payload}.${variant}`, 'secret', 0)).toBeNull();
    }
    expect(verifyAccessToken(`${payload}.${signature}`, 'secret', 0)).toEqual(claims);
  });

  it('opaque tokens are unique and stored only hashed', () => {
    const a = newOpaqueToken();
    expect(a).not.toBe(newOpaqueToken());
    expect(hashOpaqueToken(a)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('TOTP', () => {
  it("accepts the current code and its neighbours, refuses others, and tells the code's time step", () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const step = now / 30_000;
    expect(totpStep(secret, totpCodeAt(secret, now), now)).toBe(step);
    expect(totpStep(secret, totpCodeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(totpStep(secret, totpCodeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(totpStep(secret, totpCodeAt(secret, now - 120_000), now)).toBeNull();
    expect(totpStep(secret, 'abcdef', now)).toBeNull();
  });

  it('gives an otpauth URI for authenticator apps', () => {
    expect(totpUri(newTotpSecret(), 'anna@example.se')).toMatch(/^otpauth:\/\/totp\/Fordran:anna%40example\.se\?/);
  });
});
