import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates';
import { basisPointsToPercentText } from '../kfm';
import { parseAmount, sumOre, type Ore } from '../money';
import { recentIsoDateArb } from '../../test/arbitraries';
import { commTemplateValuesForCase, LIBRARY_DEMAND_CODES, renderTemplate, TEMPLATE_LIBRARY_V1, type CommTemplateCaseContext } from '.';

/*
 * Issue 11: no `{{` is ever left in a body rendered from the library for a case, and the amounts a
 * demand states are the case's own: capital, each interest period adding up to the interest,
 * each fee adding up to the fees, the total.
 */

const nameArb = fc
  .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzåäöÅÄÖ -'.split('')), minLength: 1, maxLength: 30 })
  .filter((name) => name.trim() !== '');
const amountArb = fc.integer({ min: 0, max: 50_000_000 }).map((value) => value as Ore);

const caseArb: fc.Arbitrary<CommTemplateCaseContext> = fc
  .record({
    debtor: nameArb,
    creditor: nameArb,
    agent: nameArb,
    reference: fc.option(fc.stringMatching(/^[A-Z]{1,3}-\d{1,8}$/), { nil: null }),
    principal: fc.integer({ min: 1, max: 100_000_000 }).map((value) => value as Ore),
    periods: fc.array(fc.record({ days: fc.integer({ min: 1, max: 184 }), rate_bp: fc.integer({ min: 0, max: 3000 }), amount: amountArb }), { maxLength: 5 }),
    fees: fc.array(fc.record({ name: nameArb, amount: amountArb }), { maxLength: 4 }),
    paidShare: fc.integer({ min: 0, max: 100 }),
    due: recentIsoDateArb,
    days: fc.integer({ min: 8, max: 60 }),
  })
  .map((draw) => {
    let from = addDays(draw.due, 1);
    const interest_periods = draw.periods.map((period) => {
      const to = addDays(from, period.days - 1);
      const result = {
        from,
        to,
        days: period.days,
        // Basis points as the store's decimal text, by integer arithmetic (never a float).
        rate_pa: basisPointsToPercentText(period.rate_bp),
        reference_rate_bp: null,
        principalOre: draw.principal,
        amountOre: period.amount,
      };
      from = addDays(to, 1);
      return result;
    });
    const interest = sumOre(interest_periods.map((period) => period.amountOre));
    const fees = draw.fees.map((fee) => ({ name: fee.name.trim(), amountOre: fee.amount }));
    const feesTotal = sumOre(fees.map((fee) => fee.amountOre));
    const owed = draw.principal + interest + feesTotal;
    const paid = Math.floor((owed * draw.paidShare) / 100) as Ore;
    return {
      case_id: crypto.randomUUID(),
      debtor: { name: draw.debtor, national_id: null, org_no: null },
      creditor_name: draw.creditor,
      agent_name: draw.agent,
      claim_reference: draw.reference,
      contract_type: 'Faktura',
      total_outstandingOre: (owed - paid) as Ore,
      total_principalOre: draw.principal,
      total_interestOre: interest,
      total_feesOre: feesTotal,
      amount_paidOre: paid,
      interest_periods,
      fees,
      due_date: draw.due,
      today: from,
      sent_on: from,
      payment_days: draw.days,
      ocr: '1234567897',
      bankgiro: '5402-9681',
    };
  });

const DEMAND = TEMPLATE_LIBRARY_V1.find((template) => template.code === LIBRARY_DEMAND_CODES.email)!.body_md;

/** The amount after `label` on its line. */
function amountAfter(body: string, label: string): Ore {
  const line = body.split('\n').find((text) => text.startsWith(label))!;
  return parseAmount(line.slice(label.length).trim());
}

/** The amounts ending the lines between two headings. */
function amountsBetween(body: string, start: string, end: string): Ore[] {
  const lines = body.split('\n');
  return lines.slice(lines.indexOf(start) + 1, lines.indexOf(end)).flatMap((line) => {
    const match = /(?:=|:) ([\d\u00a0]+,\d\d\u00a0kr)$/.exec(line);
    return match ? [parseAmount(match[1]!)] : [];
  });
}

describe('a library message rendered for any case', () => {
  it('leaves no placeholder in any template', () => {
    fc.assert(
      fc.property(caseArb, (context) => {
        const values = commTemplateValuesForCase(context);
        return TEMPLATE_LIBRARY_V1.every(
          (template) => !/\{\{|\}\}/.test(renderTemplate(template.body_md, values)) && !/\{\{/.test(renderTemplate(template.subject ?? '', values)),
        );
      }),
    );
  });

  it('states the case’s own amounts in the inkassokrav: capital, interest per period, each fee, total', () => {
    fc.assert(
      fc.property(caseArb, (context) => {
        const body = renderTemplate(DEMAND, commTemplateValuesForCase(context));
        expect(amountAfter(body, 'Kapital:')).toBe(context.total_principalOre);
        expect(amountAfter(body, 'Inbetalt:')).toBe(context.amount_paidOre);
        expect(amountAfter(body, 'Att betala totalt:')).toBe(context.total_outstandingOre);
        const periods = amountsBetween(body, 'Ränta:', 'Avgifter:');
        expect(periods).toEqual(context.interest_periods.map((period) => period.amountOre));
        expect(sumOre(periods)).toBe(context.total_interestOre);
        const fees = amountsBetween(body, 'Avgifter:', `Inbetalt: ${body.split('Inbetalt: ')[1]!.split('\n')[0]}`);
        expect(fees).toEqual(context.fees.map((fee) => fee.amountOre));
        expect(body).toContain(`senast ${addDays(context.sent_on, context.payment_days)}`);
      }),
    );
  });
});
