import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openCredentials, sealCredentials } from './credentials-cipher';

const SECRET = 'server-secret-that-is-long-enough-0123456789';
const OWNER = { org_id: 'org-1', channel: 'sms' };

describe('sealed channel credentials (AES-256-GCM, key from the server secret by HKDF)', () => {
  it('open gives back what was sealed, and the sealed box holds none of it in clear', () => {
    const secrets = { password: 'hemligt-lösen-åäö', api_key: 'SG.abc.def' };
    const sealed = sealCredentials(SECRET, OWNER, secrets);
    expect(openCredentials(SECRET, OWNER, sealed)).toEqual(secrets);
    const stored = JSON.stringify(sealed);
    expect(stored).not.toContain('hemligt');
    expect(stored).not.toContain('SG.abc');
  });

  it('round-trips any secrets', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ maxLength: 200 })), (secrets) => {
        expect(openCredentials(SECRET, OWNER, sealCredentials(SECRET, OWNER, secrets))).toEqual(secrets);
      }),
    );
  });

  it('sealing twice gives different boxes (a fresh IV each time)', () => {
    expect(sealCredentials(SECRET, OWNER, { a: 'b' }).data).not.toBe(sealCredentials(SECRET, OWNER, { a: 'b' }).data);
  });

  it('does not open with another server secret, for another organisation or channel, or when tampered with', () => {
    const sealed = sealCredentials(SECRET, OWNER, { password: 'x' });
    expect(openCredentials(`${SECRET}-ny`, OWNER, sealed)).toBeNull();
    expect(openCredentials(SECRET, { ...OWNER, org_id: 'org-2' }, sealed)).toBeNull();
    expect(openCredentials(SECRET, { ...OWNER, channel: 'email' }, sealed)).toBeNull();
    const data = Buffer.from(sealed.data, 'base64url');
    data[0] = data[0]! ^ 1;
    expect(openCredentials(SECRET, OWNER, { ...sealed, data: data.toString('base64url') })).toBeNull();
  });
});
