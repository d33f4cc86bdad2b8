import { DomainError } from '../errors';
import { minOre, ore, subOre, sumOre, type Ore } from '../money';
import { ALLOCATION_ORDER_BUCKETS, DEFAULT_ALLOCATION_ORDER, type AllocationBucket, type AllocationOrder } from './allocation-order';

/** A case's open (still unpaid) balances, in öre, each >= 0. */
export interface AllocationBalances {
  principalOre: Ore;
  interestOre: Ore;
  feesOre: Ore;
}

/**
 * How one payment was split, in öre. `remainderOre` is the part no balance could take: only
 * ever > 0 in import mode, when the payment exceeds the outstanding amount.
 */
export interface AllocationSplit {
  principalOre: Ore;
  interestOre: Ore;
  feesOre: Ore;
  remainderOre: Ore;
}

/**
 * `strict`: a person allocates by hand, so an over-payment is a mistake and is refused
 * (spec part 2 §5). `import`: the money has already arrived (bank file), so refusing changes
 * nothing; the excess is returned as an unallocated remainder to be booked separately
 * (ledger account 2990) and refunded or moved to another case.
 */
export type AllocationMode = 'strict' | 'import';

export interface AllocatePaymentOptions {
  /** The organisation's setting; default `costs_first`. */
  order?: AllocationOrder;
  /** Default `strict`. */
  mode?: AllocationMode;
}

const BUCKET_FIELD: Readonly<Record<AllocationBucket, keyof AllocationBalances>> = {
  principal: 'principalOre',
  interest: 'interestOre',
  fees: 'feesOre',
};

function checkedBalance(value: Ore, field: keyof AllocationBalances): Ore {
  const balanceOre = ore(value);
  if (balanceOre < 0) throw new DomainError('NEGATIVE_AMOUNT', undefined, { field, value });
  return balanceOre;
}

/**
 * Splits a payment (öre, > 0) over a case's open balances in the organisation's order: each
 * bucket is filled completely before the next one gets anything.
 * Throws AMOUNT_NOT_POSITIVE for a payment <= 0, NEGATIVE_AMOUNT for a negative balance and,
 * in strict mode, PAYMENT_EXCEEDS_OUTSTANDING ('Betalning överstiger utestående belopp') when
 * the payment is larger than the sum of the balances.
 * @example allocatePayment(ore(50000), { principalOre: ore(100000), interestOre: ore(2000), feesOre: ore(18000) })
 * // costs_first → { feesOre: 18000, interestOre: 2000, principalOre: 30000, remainderOre: 0 }
 */
export function allocatePayment(paymentOre: Ore, balances: AllocationBalances, options: AllocatePaymentOptions = {}): AllocationSplit {
  const order = options.order ?? DEFAULT_ALLOCATION_ORDER;
  const mode = options.mode ?? 'strict';
  const amountOre = ore(paymentOre);
  if (amountOre <= 0) throw new DomainError('AMOUNT_NOT_POSITIVE', undefined, { paymentOre });
  const open: AllocationBalances = {
    principalOre: checkedBalance(balances.principalOre, 'principalOre'),
    interestOre: checkedBalance(balances.interestOre, 'interestOre'),
    feesOre: checkedBalance(balances.feesOre, 'feesOre'),
  };
  const outstandingOre = sumOre([open.principalOre, open.interestOre, open.feesOre]);
  if (mode === 'strict' && amountOre > outstandingOre) {
    throw new DomainError('PAYMENT_EXCEEDS_OUTSTANDING', undefined, { paymentOre: amountOre, outstandingOre });
  }

  const split: AllocationSplit = { principalOre: ore(0), interestOre: ore(0), feesOre: ore(0), remainderOre: ore(0) };
  let leftOre = amountOre;
  for (const bucket of ALLOCATION_ORDER_BUCKETS[order]) {
    const field = BUCKET_FIELD[bucket];
    const takenOre = minOre(leftOre, open[field]);
    split[field] = takenOre;
    leftOre = subOre(leftOre, takenOre);
  }
  split.remainderOre = leftOre;
  return split;
}

/**
 * The allocated part of a split (everything but the remainder), in öre.
 * @example splitAllocatedOre({ principalOre: ore(100), interestOre: ore(20), feesOre: ore(5), remainderOre: ore(7) }) // 125
 */
export function splitAllocatedOre(split: AllocationSplit): Ore {
  return sumOre([split.principalOre, split.interestOre, split.feesOre]);
}
