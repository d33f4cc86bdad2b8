import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('is a fresh UUID v4 each time', () => {
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('makes a UUID v4 without randomUUID (plain HTTP is not a secure context)', () => {
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(crypto.randomUUID).toBeUndefined();
      const keys = Array.from({ length: 50 }, newIdempotencyKey);
      for (const key of keys) expect(key).toMatch(UUID_V4);
      expect(new Set(keys).size).toBe(keys.length);
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
  });
});
