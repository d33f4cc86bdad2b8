import { randomBytes } from 'node:crypto';

/*
 * Row ids are UUIDv7 (RFC 9562): the first 48 bits are the Unix time in ms and the next 12 a
 * counter within that millisecond (method 1), so ids made by one process sort in the order they
 * were made. That order is what breaks ties between rows written in the same instant (audit
 * entries, journals, resolutions) on both engines, where SQLite alone would have its rowid.
 */

let lastMs = -1;
let counter = 0;

/**
 * A new UUIDv7, greater than every id this process made before (the clock going back, or more
 * than 4096 ids in one millisecond, borrow the next millisecond).
 * @example uuidV7() // '019ab8a3-4c1e-7000-8f3a-5b2c9d0e1f2a'
 */
export function uuidV7(nowMs: number = Date.now()): string {
  if (nowMs > lastMs) {
    lastMs = nowMs;
    // A random start in the lower half leaves room to count up within the millisecond.
    counter = randomBytes(2).readUInt16BE() & 0x7ff;
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
