import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { kronor, ore, type Ore } from '../money';
import { DomainError } from '../errors';
import { allocatePayment, caseOutstandingOre, type CaseTotalsOre } from '.';
import { oreArb } from '../../test/arbitraries';
import { allocationOrderArb, coveredPaymentArb } from '../../test/arbitraries-allocation';

function totals(principal: Ore, interest: Ore, fees: Ore, paid: Ore): CaseTotalsOre {
  return { total_principalOre: principal, total_interestOre: interest, total_feesOre: fees, amount_paid_totalOre: paid };
}

describe('caseOutstandingOre', () => {
  it.each<[string, CaseTotalsOre, Ore]>([
    ['nothing paid', totals(kronor(7950), kronor(120), kronor(240), kronor(0)), kronor(8310)],
    ['demo partial payment of 2 000 kr', totals(kronor(7950), kronor(120), kronor(240), kronor(2000)), kronor(6310)],
    ['fully paid', totals(kronor(7950), kronor(120), kronor(240), kronor(8310)), kronor(0)],
    ['over-paid shows the credit', totals(kronor(100), kronor(0), kronor(0), kronor(150)), kronor(-50)],
    ['öre amounts', totals(ore(795050), ore(1), ore(6000), ore(2)), ore(801049)],
  ])('%s', (_name, input, expected) => {
    expect(caseOutstandingOre(input)).toBe(expected);
  });

  it('refuses negative totals', () => {
    expect(() => caseOutstandingOre(totals(kronor(1), ore(-1), kronor(0), kronor(0)))).toThrow(DomainError);
  });

  it('outstanding is principal plus interest plus fees minus paid', () => {
    fc.assert(fc.property(oreArb, oreArb, oreArb, oreArb, (p, i, f, paid) => caseOutstandingOre(totals(p, i, f, paid)) === p + i + f - paid));
  });

  it('the balances left after an allocation sum to the case outstanding amount', () => {
    fc.assert(
      fc.property(coveredPaymentArb, allocationOrderArb, ({ balances, paymentOre }, order) => {
        const s = allocatePayment(paymentOre, balances, { order });
        const leftOre = balances.principalOre - s.principalOre + balances.interestOre - s.interestOre + balances.feesOre - s.feesOre;
        const after = totals(balances.principalOre, balances.interestOre, balances.feesOre, paymentOre);
        return caseOutstandingOre(after) === leftOre;
      }),
    );
  });
});
