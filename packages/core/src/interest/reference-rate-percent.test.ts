import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { referenceRatePercentToBasisPoints } from '.';

describe('referenceRatePercentToBasisPoints', () => {
  it.each([
    ['2.25', 225],
    ['2,25', 225],
    [' 4 ', 400],
    ['0', 0],
    ['-0.50', -50],
    ['-0,5', -50],
    ['\u22120.5', -50],
    ['-0', 0],
    ['3.5', 350],
    ['99.99', 9999],
  ])('reads %j as %i basis points', (text, basisPoints) => {
    expect(referenceRatePercentToBasisPoints(text)).toBe(basisPoints);
  });

  it.each(['2.255', '', 'två', '2.2.5', '100', '1e2', '2 %', '+2', '.5'])('refuses %j with INVALID_RATE', (text) => {
    expect(() => referenceRatePercentToBasisPoints(text)).toThrow(DomainError);
    try {
      referenceRatePercentToBasisPoints(text);
    } catch (error) {
      expect((error as DomainError).code).toBe('INVALID_RATE');
      expect((error as DomainError).message).toBe('Ange referensräntan i procent med högst två decimaler, t.ex. 2.25 eller -0.50');
    }
  });
});
