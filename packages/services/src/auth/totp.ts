import { Secret, TOTP } from 'otpauth';

// RFC 6238 TOTP via the `otpauth` library (well kept, no dependencies): 30 s steps, 6 digits,
// SHA-1 — what every authenticator app understands.
const ISSUER = 'Fordran';
const PERIOD_SECONDS = 30;

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from a QR code. */
export function totpUri(secretBase32: string, accountEmail: string): string {
  return totpFor(secretBase32, accountEmail).toString();
}

/**
 * The time step (Unix time / 30 s) whose code `code` is, checked against the current step and its
 * neighbours (clock drift); null when it is none of them. The caller refuses a step at or before
 * the last one it accepted, so a code works once.
 */
export function totpStep(secretBase32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32, 'verify').validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/** The code for a moment in time (tests and the CLI use it; users' apps compute their own). */
export function totpCodeAt(secretBase32: string, nowMs: number): string {
  return totpFor(secretBase32, 'generate').generate({ timestamp: nowMs });
}
