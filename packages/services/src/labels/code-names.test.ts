import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEE_CATALOGUE, DISPUTED_CASE_FLAG_CODE, LEGAL_INTEREST_PROFILE, RULE_TYPES } from '@fordran/core';
import { commTemplates, uuidV7, type Database } from '@fordran/store';
import { insertUserWithProfile } from '../auth/users';
import { createOrganisation } from '../orgs/create-organisation';
import { INTEREST_PROFILE_NAMES } from '../orgs/organisation-defaults';
import { openTestApp, type TestApp } from '../testing/test-app';
import { loadCodeNames } from './code-names';

const NOW = '2026-11-22T09:00:00.000Z';
let testApp: TestApp;
let database: Database;
beforeAll(async () => {
  testApp = await openTestApp({ seedReferenceRates: false });
  database = testApp.app.database;
});
afterAll(() => testApp.close());

/** A new organisation (with the defaults every organisation gets) and, optionally, one template. */
async function organisation(name: string, template?: { code: string; name: string }): Promise<{ orgId: string; templateId: string }> {
  const userId = uuidV7();
  const templateId = uuidV7();
  const orgId = await database.transaction(async (tx) => {
    await insertUserWithProfile(tx, { id: userId, email: `${userId}@example.se`, password_hash: 'x', full_name: name, now: NOW });
    const id = await createOrganisation(tx, { name, adminUserId: userId, now: NOW });
    if (template) await tx.insert(commTemplates).values({ id: templateId, org_id: id, ...template, body_md: 'Hej' });
    return id;
  });
  return { orgId, templateId };
}

describe('loadCodeNames', () => {
  it("names the organisation's own fees, rules, templates and interest profiles", async () => {
    const { orgId, templateId } = await organisation('Alfa', { code: 'KFM_NOTICE', name: 'Underrättelse om ansökan hos Kronofogden' });
    const names = await loadCodeNames(database.db, orgId);
    const fee = DEFAULT_FEE_CATALOGUE[0]!;
    expect(names.fee(fee.code)).toBe(fee.name);
    expect(names.rule('PRESCRIPTION')).toBe(RULE_TYPES.prescription_check.label);
    expect(names.template(null, 'KFM_NOTICE')).toBe('Underrättelse om ansökan hos Kronofogden');
    expect(names.template(templateId)).toBe('Underrättelse om ansökan hos Kronofogden');
    expect(names.profile(LEGAL_INTEREST_PROFILE.code)).toBe(INTEREST_PROFILE_NAMES[LEGAL_INTEREST_PROFILE.code]);
  });

  it('reads another organisation as unknown: a Swedish word, never the code', async () => {
    await organisation('Beta', { code: 'ONLY_BETA', name: 'Betas mall' });
    const { orgId } = await organisation('Gamma');
    const names = await loadCodeNames(database.db, orgId);
    expect(names.template('ONLY_BETA')).toBe('Meddelande');
    expect(names.fee('NO_SUCH_FEE')).toBe('Avgift');
    expect(names.rule('NO_SUCH_RULE')).toBe('Regel');
    expect(names.rule(DISPUTED_CASE_FLAG_CODE)).toBe(RULE_TYPES.dispute_check.label);
    expect(names.profile('NO_SUCH_PROFILE')).toBe('Ränteprofil');
  });

  it('reads inside a transaction too', async () => {
    const { orgId } = await organisation('Delta');
    const fee = DEFAULT_FEE_CATALOGUE[0]!;
    expect(await database.transaction(async (tx) => (await loadCodeNames(tx, orgId)).fee(fee.code))).toBe(fee.name);
  });
});
