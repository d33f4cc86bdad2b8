import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Provider credentials (passwords, API keys) are stored encrypted: AES-256-GCM with a key derived
 * from the server secret by HKDF-SHA-256, so a copy of the database alone does not hold them. The
 * organisation and channel are the additional authenticated data: a sealed box moved to another
 * organisation's row does not open.
 */

const KEY_SALT = 'fordran/channel-credentials';
const KEY_INFO = 'aes-256-gcm v1';
const IV_BYTES = 12;

/** What credentials_json.secrets holds: version, IV, tag and ciphertext (base64url). */
export interface SealedCredentials {
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

/** Whose credentials: bound into the ciphertext. */
export interface CredentialsOwner {
  org_id: string;
  channel: string;
}

function keyOf(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, KEY_SALT, KEY_INFO, 32));
}

function additionalData(owner: CredentialsOwner): Buffer {
  return Buffer.from(`${owner.org_id}:${owner.channel}`, 'utf8');
}

/** Encrypts the secret fields of one channel setting. */
export function sealCredentials(serverSecret: string, owner: CredentialsOwner, secrets: Record<string, string>): SealedCredentials {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  cipher.setAAD(additionalData(owner));
  const data = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return { v: 1, iv: iv.toString('base64url'), tag: cipher.getAuthTag().toString('base64url'), data: data.toString('base64url') };
}

/**
 * The secret fields, or null when the box does not open: another server secret, another
 * organisation's row, or tampered bytes (GCM's tag refuses all three).
 */
export function openCredentials(serverSecret: string, owner: CredentialsOwner, sealed: SealedCredentials): Record<string, string> | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(sealed.iv, 'base64url'));
    decipher.setAAD(additionalData(owner));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64url')), decipher.final()]).toString('utf8');
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return null;
  }
}

/** Whether a stored value has the shape of a sealed box (anything else counts as no credentials). */
export function isSealedCredentials(value: unknown): value is SealedCredentials {
  if (typeof value !== 'object' || value === null) return false;
  const box = value as Record<string, unknown>;
  return box.v === 1 && typeof box.iv === 'string' && typeof box.tag === 'string' && typeof box.data === 'string';
}
