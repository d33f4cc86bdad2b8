import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatOre, LIBRARY_DEMAND_CODES, missingDemandContent, ore } from '@fordran/core';
import { creditors, findCommTemplateRowByCode, parties } from '@fordran/store';
import {
  addCaseFee,
  calculateCaseInterest,
  changeCaseStatus,
  createBankAccount,
  createCase,
  createManualClock,
  operatorContext,
  signUp,
  type AppContext,
  type OrgScope,
} from '../..';
import { openTestApp, type TestApp } from '../../testing/test-app';
import { findTemplateForSending, renderCaseMessage } from './render-case-message';
import { ensureTemplateLibraries } from './template-library';

let testApp: TestApp;
let app: AppContext;
let ctx: OrgScope;
let orgId: string;
let caseId: string;

beforeEach(async () => {
  testApp = await openTestApp({ clock: createManualClock('2026-11-22T09:00:00.000Z') });
  app = testApp.app;
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  ctx = await operatorContext(app, 'Karin Lindqvists organisation');
  orgId = ctx.membership.org_id;
  const ids = await app.database.transaction(async (tx) => ({
    creditor: (await tx.insert(creditors).values({ org_id: orgId, name: 'Elbolaget Norr AB', is_business: true }).returning())[0]!.id,
    party: (await tx.insert(parties).values({ org_id: orgId, type: 'person', name: 'Anna Andersson', national_id: '19811218-9876' }).returning())[0]!.id,
  }));
  await createBankAccount(ctx, { account_name: 'Klientmedel', type: 'client_funds', bg_number: '5402-9681' });
  caseId = (
    await createCase(ctx, {
      creditor_id: ids.creditor,
      party_id: ids.party,
      reference_no: 'F-2025-117',
      principal_amount: '7950',
      due_date: '2025-12-15',
      contract_type: 'Faktura',
    })
  ).id;
  await changeCaseStatus(ctx, caseId, { status: 'active' });
});
afterEach(() => testApp.close());

const demandTemplate = async () => (await findCommTemplateRowByCode(app.database.db, orgId, LIBRARY_DEMAND_CODES.letter))!;

describe('renderCaseMessage', () => {
  it('renders the library inkassokrav with the case’s real amounts, interest per period, bankgiro, OCR and an 8+ day deadline', async () => {
    await calculateCaseInterest(ctx, caseId, { as_of: '2026-11-20' });
    const template = await demandTemplate();
    expect(missingDemandContent(template.body_md)).toEqual([]);

    const rendered = await renderCaseMessage(app.database.db, app, { orgId, caseId, template, today: '2026-11-22' });
    const [row] = await testApp.sql<{ total_interest: number; total_outstanding: number; ocr_reference: string }>(
      'SELECT total_interest, total_outstanding, ocr_reference FROM cases WHERE id = ?',
      caseId,
    );
    expect(rendered.body).not.toMatch(/\{\{|\}\}/);
    expect(rendered.subject).toBe('Inkassokrav – ärende F-2025-117');
    expect(rendered.body).toContain('Faktura F-2025-117, förfallen 2025-12-15');
    expect(rendered.body).toContain(`Kapital: ${formatOre(ore(795000))}`);
    expect(rendered.body).toContain(`Att betala totalt: ${formatOre(ore(Number(row!.total_outstanding)))}`);
    // Dröjsmålsränta per half-year: one line each (the case's interest is their sum, checked in core).
    const periodLines = rendered.body.split('\n').filter((line) => line.includes('per år på'));
    expect(periodLines.map((line) => line.slice(0, 23))).toEqual(['2025-12-16 – 2025-12-31', '2026-01-01 – 2026-06-30', '2026-07-01 – 2026-11-20']);
    expect(periodLines[0]).toMatch(/^2025-12-16 – 2025-12-31 \(16 dagar\): \d+,\d\d\u00a0% per år på 7\u00a0950,00\u00a0kr = /);
    expect(rendered.values.interest).toBe(Number(row!.total_interest));
    expect(rendered.body).toContain('Inga avgifter har debiterats.');
    expect(rendered.body).toContain('bankgiro 5402-9681');
    expect(rendered.body).toContain(`OCR-nummer ${row!.ocr_reference}`);
    expect(rendered.values.payment_deadline).toBe('2026-12-02');
  });

  it('lists each fee and counts the deadline from the Swedish day of sending', async () => {
    const company = await app.database.transaction(
      async (tx) => (await tx.insert(parties).values({ org_id: orgId, type: 'company', name: 'Bygg AB', org_no: '556036-0793' }).returning())[0]!.id,
    );
    const creditor = (await testApp.sql<{ id: string }>('SELECT id FROM creditors WHERE org_id = ?', orgId))[0]!.id;
    const created = await createCase(ctx, { creditor_id: creditor, party_id: company, reference_no: 'F-9', principal_amount: '1000', due_date: '2026-11-01' });
    await addCaseFee(ctx, created.id, { code: 'LATE_FEE_450' });
    const template = { subject: null, body_md: '{{fee_specification}} / {{payment_deadline}} / {{interest_specification}}' };
    // 23:30 UTC on the 24th is already the 25th in Stockholm: ten days from the 25th.
    const rendered = await renderCaseMessage(app.database.db, app, {
      orgId,
      caseId: created.id,
      template,
      today: '2026-11-22',
      sentAt: '2026-11-24T23:30:00.000Z',
    });
    expect(rendered.body).toBe(`Förseningsersättning: ${formatOre(ore(45000))} / 2026-12-05 / Ingen ränta har debiterats.`);
  });

  it('names what is missing instead of sending a blank: no bankgiro registered', async () => {
    const other = await openTestApp({ clock: createManualClock('2026-11-22T09:00:00.000Z') });
    try {
      await signUp(other.app, { email: 'per@example.se', password: 'hemligt', full_name: 'Per Holm' });
      const otherCtx = await operatorContext(other.app, 'Per Holms organisation');
      const otherOrg = otherCtx.membership.org_id;
      const ids = await other.app.database.transaction(async (tx) => ({
        creditor: (await tx.insert(creditors).values({ org_id: otherOrg, name: 'Acme AB' }).returning())[0]!.id,
        party: (await tx.insert(parties).values({ org_id: otherOrg, type: 'person', name: 'Bo Ek' }).returning())[0]!.id,
      }));
      const created = await createCase(otherCtx, {
        creditor_id: ids.creditor,
        party_id: ids.party,
        reference_no: 'X-1',
        principal_amount: '100',
        due_date: '2026-01-01',
      });
      const template = (await findCommTemplateRowByCode(other.app.database.db, otherOrg, 'REMINDER_EMAIL'))!;
      await expect(
        renderCaseMessage(other.app.database.db, other.app, { orgId: otherOrg, caseId: created.id, template, today: '2026-11-22' }),
      ).rejects.toMatchObject({
        code: 'TEMPLATE_VALUE_MISSING',
        message: 'Värde saknas för variabel i mallen: bankgiro',
      });
    } finally {
      await other.close();
    }
  });

  it('refuses a case of another organisation as not found', async () => {
    await signUp(app, { email: 'per@example.se', password: 'hemligt', full_name: 'Per Holm' });
    const otherOrg = (await operatorContext(app, 'Per Holms organisation')).membership.org_id;
    const template = await demandTemplate();
    await expect(renderCaseMessage(app.database.db, app, { orgId: otherOrg, caseId, template, today: '2026-11-22' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses a payment time below 8 days however it got into the settings', async () => {
    await testApp.sql(`UPDATE organisations SET settings_json = ? WHERE id = ?`, JSON.stringify({ demand_payment_days: 5 }), orgId);
    const template = await demandTemplate();
    await calculateCaseInterest(ctx, caseId, { as_of: '2026-11-20' });
    await expect(renderCaseMessage(app.database.db, app, { orgId, caseId, template, today: '2026-11-22' })).rejects.toMatchObject({
      code: 'DEMAND_PAYMENT_DAYS_TOO_SHORT',
    });
  });
});

describe('findTemplateForSending', () => {
  it('finds an active template by id or by code in any case, and refuses an unknown or inactive one', async () => {
    const template = await demandTemplate();
    expect((await findTemplateForSending(app.database.db, orgId, template.id)).code).toBe('DEMAND_LETTER');
    expect((await findTemplateForSending(app.database.db, orgId, 'demand_letter')).id).toBe(template.id);
    await expect(findTemplateForSending(app.database.db, orgId, 'NOPE')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Mallen hittades inte' });
    await testApp.sql('UPDATE comm_templates SET is_active = ? WHERE id = ?', false, template.id);
    await expect(findTemplateForSending(app.database.db, orgId, 'DEMAND_LETTER')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('the template library', () => {
  it('a new organisation has it; an existing one missing templates gets only the missing codes at app start', async () => {
    const [{ n }] = (await testApp.sql<{ n: number }>('SELECT count(*) AS n FROM comm_templates WHERE org_id = ?', orgId)) as [{ n: number }];
    expect(Number(n)).toBeGreaterThanOrEqual(15);
    await testApp.sql("UPDATE comm_templates SET name = 'Egen påminnelse' WHERE org_id = ? AND code = 'REMINDER_EMAIL'", orgId);
    await testApp.sql("DELETE FROM comm_templates WHERE org_id = ? AND code = 'RECEIPT_SMS'", orgId);
    expect(await ensureTemplateLibraries(app)).toBe(1);
    expect(await ensureTemplateLibraries(app)).toBe(0);
    expect((await findCommTemplateRowByCode(app.database.db, orgId, 'REMINDER_EMAIL'))!.name).toBe('Egen påminnelse');
  });
});
