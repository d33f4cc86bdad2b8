import { Secret, TOTP } from 'otpauth';

// RFC 6238 TOTP via the `otpauth` library (well kept, no dependencies): 30 s steps, 6 digits,
// SHA-1 — what every authenticator app understands.
const ISSUER = 'Fordran';

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretBase32) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from a QR code. */
export function totpUri(secretBase32: string, accountEmail: string): string {
  return totpFor(secretBase32, accountEmail).toString();
}

/** Accepts the code of the current 30-second step or the neighbouring ones (clock drift). */
export function verifyTotp(secretBase32: string, code: string, nowMs: number): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totpFor(secretBase32, 'verify').validate({ token: code, timestamp: nowMs, window: 1 }) !== null;
}

/** The code for a moment in time (tests and the CLI use it; users' apps compute their own). */
export function totpCodeAt(secretBase32: string, nowMs: number): string {
  return totpFor(secretBase32, 'generate').generate({ timestamp: nowMs });
}
