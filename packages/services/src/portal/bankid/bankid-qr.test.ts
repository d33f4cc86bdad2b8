import { describe, expect, it } from 'vitest';
import { bankIdQrData } from './bankid-qr';

// The test vector of shared/domain/swedish-collection-reference.md §6.6.
const TOKEN = '67df3917-fa0d-44e5-b327-edcc928297f8';
const SECRET = 'd28db9a7-4cde-429e-a983-359be676944c';

describe('bankIdQrData', () => {
  it('matches the RP API v6 test vector at time 0 and 1', () => {
    expect(bankIdQrData(TOKEN, SECRET, 0)).toBe(`bankid.${TOKEN}.0.dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8`);
    expect(bankIdQrData(TOKEN, SECRET, 1)).toBe(`bankid.${TOKEN}.1.949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2`);
  });

  it('counts whole seconds', () => {
    expect(bankIdQrData(TOKEN, SECRET, 1.9)).toBe(bankIdQrData(TOKEN, SECRET, 1));
  });
});
