import { describe, expect, it } from 'vitest';
import { fileTransactionId, heldTransactionId, transactionIdIdentity, transactionIdScheme, transactionIdsComparable } from './transaction-identity';

describe('transaction ids', () => {
  it.each([
    ['bgmax:50501055:2026-11-24:000000000123', 'bgmax', 'bank_reference'],
    ['camt:SE4550000000058398257466:REF-1', 'camt', 'bank_reference'],
    ['camt:SE4550000000058398257466:e2e:E2E-9:2026-11-24:50000:655969', 'camt', 'end_to_end'],
    ['camt:SE4550000000058398257466:sha256-0123456789abcdef0123456789abcdef', 'camt', 'content'],
    ['csv:T-1', 'csv', 'bank_reference'],
    ['csv:sha256-0123456789abcdef', 'csv', 'content'],
  ] as const)('%s is %s, %s', (id, scheme, identity) => {
    expect([transactionIdScheme(id), transactionIdIdentity(id)]).toEqual([scheme, identity]);
  });

  it('compares ids only within one family of files and never by content', () => {
    expect(transactionIdsComparable('camt:A:REF-1', 'camt:A:REF-2')).toBe(true);
    expect(transactionIdsComparable('camt:A:REF-1', 'bgmax:5050:2026-11-24:1')).toBe(false);
    expect(transactionIdsComparable('camt:A:REF-1', 'camt:A:sha256-ab')).toBe(false);
  });

  it('gives a held payment an id of its own', () => {
    expect(heldTransactionId('camt:A:sha256-ab', 'stmt-2')).toBe('camt:A:sha256-ab@stmt-2');
    expect(fileTransactionId('camt:A:sha256-ab@stmt-2', 'stmt-2')).toBe('camt:A:sha256-ab');
    expect(fileTransactionId('camt:A:sha256-ab@stmt-2', 'stmt-3')).toBe('camt:A:sha256-ab@stmt-2');
  });
});
