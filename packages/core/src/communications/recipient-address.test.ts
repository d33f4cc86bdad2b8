import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { messageRecipient, smsNumber } from './recipient-address';

describe('message recipients', () => {
  it.each([
    ['070-123 45 67', '+46701234567'],
    ['+46 70 123 45 67', '+46701234567'],
    ['0046701234567', '+46701234567'],
    ['(070) 123.45.67', '+46701234567'],
    ['+4915112345678', '+4915112345678'],
  ])('%s is %s', (phone, e164) => {
    expect(smsNumber(phone)).toBe(e164);
  });

  it.each(['070', 'abc', '+46 70 123 45 67 89 01 23', ''])('refuses %j for SMS', (phone) => {
    expect(() => smsNumber(phone)).toThrow(DomainError);
  });

  it('keys e-mail in lower case and leaves letters and Kivra as given', () => {
    expect(messageRecipient('email', ' Sven@Example.SE ')).toBe('sven@example.se');
    expect(messageRecipient('sms', '070-123 45 67')).toBe('+46701234567');
    expect(messageRecipient('letter', 'Storgatan 1, 111 22 Stockholm')).toBe('Storgatan 1, 111 22 Stockholm');
    expect(messageRecipient('kivra', '19800101-1234')).toBe('19800101-1234');
  });
});
