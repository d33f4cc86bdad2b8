import { createHmac } from 'node:crypto';

/**
 * The content of BankID's animated QR code at `seconds` whole seconds after the order started
 * (RP API v6): `bankid.<qrStartToken>.<seconds>.<HMAC-SHA256(key=qrStartSecret, seconds) hex>`.
 * Computed on the server every second, so the secret never reaches the browser.
 */
export function bankIdQrData(qrStartToken: string, qrStartSecret: string, seconds: number): string {
  const time = String(Math.max(0, Math.floor(seconds)));
  const authCode = createHmac('sha256', qrStartSecret).update(time).digest('hex');
  return `bankid.${qrStartToken}.${time}.${authCode}`;
}
