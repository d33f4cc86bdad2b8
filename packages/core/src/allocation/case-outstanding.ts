import { DomainError } from '../errors';
import { ore, sumOre, subOre, type Ore } from '../money';

/** A case's money totals as the spec stores them (part 2 §3), in öre. */
export interface CaseTotalsOre {
  total_principalOre: Ore;
  total_interestOre: Ore;
  total_feesOre: Ore;
  amount_paid_totalOre: Ore;
}

/**
 * What the debtor still owes on a case, in öre: principal + interest + fees − paid
 * (spec part 1 §9 and part 2 §5 "principal minus paid so far, plus interest, plus fees").
 * Refuses negative totals (NEGATIVE_AMOUNT). The result is the plain formula: it is below zero
 * only when more was paid than is owed (e.g. a fee was removed after payments), a credit to the
 * debtor that the caller must see rather than have hidden by a clamp at 0.
 * @example caseOutstandingOre({ total_principalOre: ore(795000), total_interestOre: ore(0), total_feesOre: ore(18000), amount_paid_totalOre: ore(200000) }) // 613000
 */
export function caseOutstandingOre(totals: CaseTotalsOre): Ore {
  const parts = [totals.total_principalOre, totals.total_interestOre, totals.total_feesOre, totals.amount_paid_totalOre];
  for (const value of parts) {
    if (ore(value) < 0) throw new DomainError('NEGATIVE_AMOUNT', undefined, { totals });
  }
  const owedOre = sumOre([totals.total_principalOre, totals.total_interestOre, totals.total_feesOre]);
  return subOre(owedOre, totals.amount_paid_totalOre);
}
