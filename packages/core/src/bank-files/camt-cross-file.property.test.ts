import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ore } from '../money';
import { parseBankFile } from './bank-file';
import { writeCamt053, writeCamt054, type CamtWriterEntry, type CamtWriterFile, type CamtWriterVersion } from './camt-writer';
import type { Camt053FileSummary, ParsedBankFile } from './types';
import { camtEntriesArb, type CamtBankTransaction } from '../../test/arbitraries-bank-files';

// One day's transactions on one account reach the agency twice: as camt.054 notifications and in
// the evening's camt.053 (Handelsbanken's extended statement). Whatever the transactions and the
// versions, both messages must name each SEK credit alike, so it is booked exactly once, and never
// offer a foreign amount, a reversal or a returned payment as money in.

const DAY = '2026-11-24';

function writerEntries(entries: CamtBankTransaction[][]): CamtWriterEntry[] {
  let serial = 0;
  return entries.map((txs) => {
    const { kind, currency } = txs[0]!;
    return {
      direction: kind === 'credit' || kind === 'returned' ? 'CRDT' : 'DBIT',
      currency,
      reversal: kind === 'reversal',
      sub_family: kind === 'returned' ? 'RRTN' : null,
      booking_date: DAY,
      transactions: txs.map((tx) => {
        serial += 1;
        return {
          amountOre: tx.amountOre,
          account_servicer_ref: tx.identity === 'bank_reference' ? `REF-${serial}` : null,
          end_to_end_id: tx.identity === 'end_to_end' ? `E2E-${serial}` : null,
          ocr: tx.ocr,
          unstructured: [tx.text],
        };
      }),
    };
  });
}

function file(version: CamtWriterVersion, entries: CamtWriterEntry[]): CamtWriterFile {
  return {
    version,
    message_id: `MSG-${version}`,
    created_at: `${DAY}T18:00:00`,
    reports: [{ id: 'R-1', created_at: `${DAY}T18:00:00`, account: { iban: 'SE4550000000058398257466' }, entries, opening_balanceOre: ore(1_000_000) }],
  };
}

const versionArb = fc.constantFrom<CamtWriterVersion>('001.02', '001.08');
const byText = (records: { message: string | null }[]) => records.map((record) => record.message).sort();
const textsOf = (txs: CamtBankTransaction[]) => txs.map((tx) => tx.text).sort();

describe('camt.054 and camt.053 of the same transactions', () => {
  it('name every SEK credit alike, once each, and never offer a foreign amount, reversal or return as a payment', async () => {
    await fc.assert(
      fc.asyncProperty(camtEntriesArb, versionArb, versionArb, async (entries, v054, v053) => {
        const written = writerEntries(entries);
        const notification = await parseBankFile(writeCamt054(file(v054, written)));
        const statement = (await parseBankFile(writeCamt053(file(v053, written)))) as ParsedBankFile<Camt053FileSummary>;
        const all = entries.flat();
        const sekCredits = all.filter((tx) => tx.kind === 'credit' && tx.currency === 'SEK');

        for (const parsed of [notification, statement]) {
          expect(byText(parsed.payments)).toEqual(textsOf(sekCredits));
          expect(parsed.payments.every((payment) => payment.currency === 'SEK' && payment.amountOre > 0)).toBe(true);
          expect(byText(parsed.foreign)).toEqual(textsOf(all.filter((tx) => tx.kind === 'credit' && tx.currency === 'EUR')));
          expect(byText(parsed.reversals)).toEqual(textsOf(all.filter((tx) => tx.kind === 'reversal')));
          expect(byText(parsed.returned)).toEqual(textsOf(all.filter((tx) => tx.kind === 'returned')));
          expect(parsed.summary.total_amountOre).toBe(sekCredits.reduce((sum, tx) => sum + tx.amountOre, 0));
          expect(parsed.summary.finding_counts.error).toBe(0);
        }
        // The same transaction has the same id in both messages: booking by id books each once.
        const ids054 = notification.payments.map((payment) => payment.transaction_id);
        const ids053 = statement.payments.map((payment) => payment.transaction_id);
        expect(ids053).toEqual(ids054);
        expect(new Set([...ids054, ...ids053]).size).toBe(sekCredits.length);
        // The statement's balances are kronor only, and they add up.
        expect(statement.summary.statements[0]!.reconciliation_status).toBe('reconciled');
      }),
      { numRuns: 60 },
    );
  });
});
