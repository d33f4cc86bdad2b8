import fc from 'fast-check';
import { ore, type Ore } from '../src/money';
import type {
  BankExtraReference,
  BankPaymentRecord,
  BankReferenceCode,
  BgMaxChannelCode,
  BgMaxDeductionCode,
  BgMaxWriterFile,
  BgMaxWriterPayment,
  BgMaxWriterSection,
} from '../src/bank-files';
import { positiveOreArb, recentIsoDateArb } from './arbitraries';

const TEXT_CHARS = 'abcdefghijklmnopqrstuvwxyzåäöABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖéü0123456789 .,-/&"\';:'.split('');

/** Latin-1 text as a payer would write it: no blanks at either end (BgMax pads with blanks), at least one character. */
export function bankTextArb(maxLength: number): fc.Arbitrary<string> {
  return fc
    .array(fc.constantFrom(...TEXT_CHARS), { minLength: 1, maxLength })
    .map((chars) => chars.join('').trim())
    .filter((text) => text.length > 0);
}

/** A digit string of the given length range whose first digit is not 0 (bankgiro, clearing + account). */
export function leadingDigitsArb(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: minLength - 1, maxLength: maxLength - 1 }))
    .map(([first, rest]) => `${first}${rest.join('')}`);
}

const digitsArb = (minLength: number, maxLength: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength, maxLength }).map((digits) => digits.join(''));

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** A reference with a code the parser gives back unchanged. */
const referenceArb: fc.Arbitrary<{ reference?: string; reference_code: BankReferenceCode }> = fc.oneof(
  fc.constant({ reference_code: 'none' as const }),
  digitsArb(2, 25).map((reference) => ({ reference, reference_code: 'ocr' as const })),
  fc
    .tuple(bankTextArb(25), fc.constantFrom<BankReferenceCode>('free_text', 'multiple', 'invalid_ocr'))
    .map(([reference, reference_code]) => ({ reference, reference_code })),
);

const extraReferenceTextArb: fc.Arbitrary<{ reference: string; reference_code: BankReferenceCode }> = fc.oneof(
  digitsArb(2, 25).map((reference) => ({ reference, reference_code: 'ocr' as const })),
  bankTextArb(25).map((reference) => ({ reference, reference_code: 'free_text' as const })),
);

/**
 * Extra references of a payment: either all with amount 0 (split unknown), or amounts that add up
 * to the payment, possibly with a TK23 (negative) part — as in reference §1.4.
 */
function extraReferencesArb(amountOre: number): fc.Arbitrary<BankExtraReference[]> {
  const zeros = fc.array(extraReferenceTextArb, { maxLength: 3 }).map((refs) => refs.map((ref) => ({ ...ref, amountOre: ore(0) })));
  const split = fc
    .tuple(
      fc.array(extraReferenceTextArb, { minLength: 1, maxLength: 4 }),
      fc.array(fc.integer({ min: 0, max: amountOre }), { maxLength: 3 }),
      fc.integer({ min: 0, max: 50_000 }),
    )
    .map(([refs, cuts, negativeOre]) => {
      const points = [0, ...cuts.slice(0, refs.length - 1).sort((a, b) => a - b), amountOre];
      const parts: BankExtraReference[] = refs.slice(0, points.length - 1).map((ref, index) => ({
        ...ref,
        amountOre: ore(points[index + 1]! - points[index]!),
      }));
      if (negativeOre > 0 && parts.length > 0) {
        parts[0] = { ...parts[0]!, amountOre: ore(parts[0]!.amountOre + negativeOre) };
        parts.push({ reference: refs[0]!.reference, reference_code: refs[0]!.reference_code, amountOre: ore(-negativeOre) });
      }
      return parts;
    });
  return fc.oneof(zeros, split);
}

const payerArb = fc.record({
  payer_bankgiro: optional(leadingDigitsArb(7, 8)),
  messages: optional(fc.array(bankTextArb(50), { maxLength: 3 })),
  payer_name: optional(bankTextArb(35)),
  payer_extra_name: optional(bankTextArb(35)),
  payer_street: optional(bankTextArb(35)),
  payer_postcode: optional(bankTextArb(9)),
  payer_city: optional(bankTextArb(35)),
  payer_country: optional(bankTextArb(35)),
  payer_country_code: optional(fc.constantFrom('SE', 'NO', 'DK', 'FI')),
  payer_org_no: optional(
    fc.oneof(
      digitsArb(10, 10),
      fc.constantFrom('19', '20').chain((century) => digitsArb(10, 10).map((rest) => century + rest)),
    ),
  ),
  channel_code: optional(fc.constantFrom<BgMaxChannelCode>('internet_bank', 'supplier_payments', 'paper_form', 'autogiro')),
  has_image: optional(fc.boolean()),
});

const paymentArb: fc.Arbitrary<Omit<BgMaxWriterPayment, 'bgc_serial'>> = fc
  .tuple(fc.integer({ min: 1_000_000, max: 10_000_000_000 }), referenceArb, payerArb)
  .chain(([amount, reference, payer]) =>
    (reference.reference_code === 'none' ? extraReferencesArb(amount) : fc.constant([] as BankExtraReference[])).map((extra_references) => ({
      amountOre: ore(amount),
      ...reference,
      ...payer,
      extra_references,
    })),
  );

const deductionArb: fc.Arbitrary<Omit<BgMaxWriterPayment, 'bgc_serial'>> = fc
  .tuple(fc.integer({ min: 1, max: 1_000_000 }), referenceArb, fc.constantFrom<BgMaxDeductionCode>('full', 'partial', 'final_partial'), payerArb)
  .map(([amount, reference, deduction_code, payer]) => ({ amountOre: ore(-amount), ...reference, deduction_code, ...payer }));

/** Payments, each optionally followed by a deduction no larger than it, so the deposit is never negative. */
const sectionPaymentsArb = fc
  .array(fc.tuple(paymentArb, fc.option(deductionArb, { nil: undefined })), { minLength: 0, maxLength: 5 })
  .map((pairs) => pairs.flatMap(([payment, deduction]) => (deduction ? [payment, deduction] : [payment])));

const sectionArb: fc.Arbitrary<Omit<BgMaxWriterSection, 'payments'> & { payments: Omit<BgMaxWriterPayment, 'bgc_serial'>[] }> = fc.record({
  recipient_bankgiro: leadingDigitsArb(7, 8),
  account: leadingDigitsArb(8, 20),
  paid_at: recentIsoDateArb,
  deposit_serial: fc.integer({ min: 0, max: 99_999 }),
  deposit_type: fc.constantFrom<'' | 'K' | 'D' | 'S'>('', 'K', 'D', 'S'),
  payments: sectionPaymentsArb,
});

/** A complete, valid BgMax file description; BGC-löpnummer numbered through the file so ids are unique. */
export const bgMaxWriterFileArb: fc.Arbitrary<BgMaxWriterFile> = fc
  .record({
    date: recentIsoDateArb,
    time: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 999_999 })),
    is_test: fc.boolean(),
    sections: fc.array(sectionArb, { minLength: 1, maxLength: 3 }),
  })
  .map(({ date, time, is_test, sections }) => {
    let serial = 0;
    return {
      timestamp: `${date.replace(/-/g, '')}${time
        .slice(0, 3)
        .map((part) => String(part).padStart(2, '0'))
        .join('')}${String(time[3]).padStart(6, '0')}`,
      is_test,
      sections: sections.map((section) => ({
        ...section,
        payments: section.payments.map((payment) => ({ ...payment, bgc_serial: String((serial += 1)) })),
      })),
    };
  });

/** What the parser must give back for a written payment (the fields the writer controls). */
export function expectedBgMaxRecord(payment: BgMaxWriterPayment, section: BgMaxWriterSection): Partial<BankPaymentRecord> {
  const join = (parts: (string | null | undefined)[], separator: string) => {
    const present = parts.filter((part): part is string => !!part);
    return present.length > 0 ? present.join(separator) : null;
  };
  const code = payment.reference_code ?? 'none';
  return {
    amountOre: payment.amountOre as Ore,
    paid_at: section.paid_at,
    currency: 'SEK',
    reference: payment.reference ?? null,
    reference_code: code,
    ocr: code === 'ocr' ? (payment.reference ?? null) : null,
    message: join(payment.messages ?? [], '\n'),
    payer_name: join([payment.payer_name, payment.payer_extra_name], ' '),
    payer_bankgiro: payment.payer_bankgiro ?? null,
    payer_org_no: payment.payer_org_no ?? null,
    extra_references: payment.extra_references ?? [],
    recipient_bankgiro: section.recipient_bankgiro,
    is_deduction: payment.amountOre < 0,
    channel_code: payment.channel_code ?? 'internet_bank',
    has_image: payment.has_image ?? false,
  };
}

// The worked example lines of reference §1.5, verbatim (trailing blanks stripped as in the sample file).
export const WORKED_TK20 = '200003783511                   655969000000000000100000220000000000100';
export const WORKED_TK15 = '15000000000000000000058410000010098232004052500074000000000000190000SEK00000003';

/**
 * The reference-faithful sample (reference §1.4): payments 1 000.00 + 1 400.00 and a deduction of
 * 500.00 → deposit 1 900.00, 3 payments; the 1 400.00 payment has extra references
 * 1 000.00 + 500.00 + 400.00 and −500.00 (TK23). A second section holds the "657866 658765 657767"
 * payment whose TK22 amounts are all zero.
 */
export const SAMPLE_BGMAX_LINES = [
  '01BGMAX               0120040525173035010331P',
  '050009912346          SEK',
  WORKED_TK20,
  '200000000000                         000000000000140000010000000000110',
  '220000000000                   665869000000000000100000210000000000110',
  '220000000000                   665877000000000000050000210000000000110',
  '220000000000                   665885000000000000040000210000000000110',
  '230000000000                   665893000000000000050000210000000000110',
  '25Betalning för faktura 665869, 665877, 665885',
  '26Åsa Öberg                          c/o Lindström',
  '27Storgatan 1                        12345',
  '28Örebro                             Sverige                            SE',
  '29005500001234',
  '210000000000                   6559690000000000000500002300000000001200',
  WORKED_TK15,
  '050009912346          SEK',
  '200005555555657866 658765 657767     000000000000030000310000000000130',
  '220005555555657866                   000000000000000000410000000000130',
  '220005555555658765                   000000000000000000410000000000130',
  '220005555555657767                   000000000000000000410000000000130',
  '15000000000000000000058410000010098232004052500075000000000000030000SEK00000001K',
  '7000000003000000010000000700000002',
];

/** What one bank transaction is, for the camt writers. */
export type CamtTransactionKind = 'credit' | 'debit' | 'reversal' | 'returned';

/** One bank transaction with an identity the bank gives it (AcctSvcrRef, else EndToEndId, else none). */
export interface CamtBankTransaction {
  kind: CamtTransactionKind;
  amountOre: Ore;
  currency: 'SEK' | 'EUR';
  identity: 'bank_reference' | 'end_to_end' | 'content';
  ocr: string | null;
  /** Unique per transaction, so even a content id names it alone. */
  text: string;
}

/**
 * Bank transactions of one day on one account, grouped into entries (a batch has several
 * transactions of one kind and currency): credits and debits, reversals, returns, euro amounts,
 * with a bank reference, an end-to-end id or neither.
 */
export const camtEntriesArb: fc.Arbitrary<CamtBankTransaction[][]> = fc
  .array(
    fc.record({
      kind: fc.constantFrom<CamtTransactionKind>('credit', 'credit', 'credit', 'debit', 'reversal', 'returned'),
      currency: fc.constantFrom<'SEK' | 'EUR'>('SEK', 'SEK', 'SEK', 'EUR'),
      txs: fc.array(
        fc.record({
          amountOre: positiveOreArb.map((amount) => ore((amount % 10_000_000) + 1)),
          identity: fc.constantFrom<CamtBankTransaction['identity']>('bank_reference', 'bank_reference', 'end_to_end', 'content'),
          ocr: fc.option(digitsArb(4, 12), { nil: null }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((entries) => {
    let serial = 0;
    return entries.map((entry) =>
      entry.txs.map((tx) => {
        serial += 1;
        return { ...tx, kind: entry.kind, currency: entry.currency, text: `Betalning ${serial}` };
      }),
    );
  });
