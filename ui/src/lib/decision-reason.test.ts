import { describe, expect, it } from 'vitest';
import { reasonError } from './decision-reason';

describe('reasonError', () => {
  it.each(['', '  ', 'ok', ' a  '])('refuses %j: at least three characters besides spaces', (reason) => {
    expect(reasonError(reason)).toBe('Anledningen måste vara minst 3 tecken');
  });

  it.each(['Samma', 'abc', '  Två olika inbetalningar  '])('takes %j', (reason) => {
    expect(reasonError(reason)).toBeNull();
  });
});
