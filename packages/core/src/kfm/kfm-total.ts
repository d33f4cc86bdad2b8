import { sumOre, ZERO_ORE, type Ore } from '../money';
import type { KfmSnapshot } from './kfm-snapshot';

/** The parts of an application's total, each in öre. */
export interface KfmApplicationBreakdown {
  principalOre: Ore;
  /** Interest accrued up to as_of_date (the sum claimed now; interest runs on until paid). */
  interestOre: Ore;
  /** Collection costs: inkassokostnader and förseningsersättning. */
  feesOre: Ore;
  application_feeOre: Ore;
  /** 0 unless compensation for work is claimed. */
  work_compensationOre: Ore;
  totalOre: Ore;
}

/**
 * The amounts an application claims, part by part. The spec's "XML total = principal + interest
 * + fees + application fee" (part 1 §9), plus the compensation for work when claimed
 * (lag 1990:746 48 §). Ongoing interest after as_of_date is claimed as a rate, not a sum.
 * @example kfmApplicationBreakdown(snapshot).totalOre
 */
export function kfmApplicationBreakdown(snapshot: KfmSnapshot): KfmApplicationBreakdown {
  const principalOre = snapshot.claim.principalOre;
  const interestOre = snapshot.interest === null ? ZERO_ORE : snapshot.interest.amountOre;
  const feesOre = sumOre(snapshot.fees.map((fee) => fee.amountOre));
  const application_feeOre = snapshot.application_feeOre;
  const work_compensationOre = snapshot.work_compensation_claimed ? snapshot.work_compensationOre : ZERO_ORE;
  return {
    principalOre,
    interestOre,
    feesOre,
    application_feeOre,
    work_compensationOre,
    totalOre: sumOre([principalOre, interestOre, feesOre, application_feeOre, work_compensationOre]),
  };
}

/**
 * The total an application claims, in öre: principal + interest + fees + application fee
 * (+ compensation for work when claimed).
 * @example kfmApplicationTotal(snapshot) // 943684 for 7 950 + 566,84 + 240 + 300 + 380 kr
 */
export function kfmApplicationTotal(snapshot: KfmSnapshot): Ore {
  return kfmApplicationBreakdown(snapshot).totalOre;
}
