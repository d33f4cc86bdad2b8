import { describe, expect, it } from 'vitest';
import { ore } from '../money';
import {
  COMM_CHANNELS_WITH_SUBJECT,
  commTemplateValuesForCase,
  renderTemplate,
  smsSegmentCount,
  TEMPLATE_LIBRARY_V1,
  validateCommTemplate,
  type CommTemplateCaseContext,
} from '.';

/** A long but real-looking case: the SMS texts must still fit. */
const CASE: CommTemplateCaseContext = {
  case_id: '3f2a1b2c-9d8e-4f70-a1b2-c3d4e5f60718',
  debtor: { name: 'Karl-Johan Östlund-Andersson', national_id: '19811218-9876' },
  creditor_name: 'Norrlands Elnät och Fjärrvärme AB',
  agent_name: 'Nordisk Inkassoservice Sverige AB',
  claim_reference: 'F-2025-100117',
  contract_type: 'Faktura',
  total_outstandingOre: ore(1_234_567),
  total_principalOre: ore(1_150_000),
  total_interestOre: ore(66_567),
  total_feesOre: ore(18_000),
  amount_paidOre: ore(0),
  interest_periods: [
    { from: '2025-01-16', to: '2025-06-30', days: 166, rate_pa: '10.50', reference_rate_bp: 250, principalOre: ore(1_150_000), amountOre: ore(66_567) },
  ],
  fees: [{ name: 'Inkassoavgift', amountOre: ore(18_000) }],
  due_date: '2025-01-15',
  today: '2025-07-01',
  sent_on: '2025-07-01',
  payment_days: 10,
  ocr: '1234567897',
  bankgiro: '5402-9681',
};

describe('Mallbibliotek Sverige v1', () => {
  it('has every message the issue asks for, on e-mail, SMS and letter', () => {
    const codes = TEMPLATE_LIBRARY_V1.map((template) => template.code);
    for (const message of [
      'REMINDER',
      'DEMAND',
      'PLAN_AGREEMENT',
      'PLAN_INSTALMENT',
      'KFM_NOTICE',
      'RECEIPT',
      'DISPUTE_RECEIVED',
      'PORTAL_INVITE',
      'GDPR_INFO',
    ]) {
      expect(
        codes.some((code) => code.startsWith(`${message}_`)),
        message,
      ).toBe(true);
    }
    expect(new Set(TEMPLATE_LIBRARY_V1.map((template) => template.channel))).toEqual(new Set(['email', 'sms', 'letter']));
    expect(new Set(codes).size).toBe(codes.length);
    expect(TEMPLATE_LIBRARY_V1.filter((template) => template.code.startsWith('DEMAND_')).map((template) => template.channel)).toEqual(['email', 'letter']);
  });

  it.each(TEMPLATE_LIBRARY_V1.map((template) => [template.code, template] as const))('%s passes the editor’s validation unchanged', (_code, template) => {
    const { findings, template: valid } = validateCommTemplate(template);
    expect(findings).toEqual([]);
    expect(valid).toMatchObject({ code: template.code, category: template.category, channel: template.channel, body_md: template.body_md });
    expect(valid!.subject).toBe(COMM_CHANNELS_WITH_SUBJECT.includes(template.channel) ? template.subject : null);
  });

  it.each(TEMPLATE_LIBRARY_V1.map((template) => [template.code, template] as const))('%s renders for a case with nothing left to fill', (_code, template) => {
    const values = commTemplateValuesForCase(CASE);
    const body = renderTemplate(template.body_md, values);
    expect(body).not.toMatch(/\{\{|\}\}/);
    if (template.subject) expect(renderTemplate(template.subject, values)).not.toMatch(/\{\{|\}\}/);
    // An SMS goes out in at most two parts.
    if (template.channel === 'sms') expect(smsSegmentCount(body)).toBeLessThanOrEqual(2);
  });
});
