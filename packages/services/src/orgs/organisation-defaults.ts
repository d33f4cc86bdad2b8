import { DEFAULT_FEE_CATALOGUE, DEMO_RULES, FIXED_8_PROFILE, LEGAL_INTEREST_PROFILE, SEED_LEDGER_ACCOUNTS, type InterestProfile } from '@fordran/core';
import { insertOrganisationDefaults, updateOrganisationRow, uuidV7, type Db } from '@fordran/store';

/** Names of the two ready interest profiles (display only; the codes come from core). */
export const INTEREST_PROFILE_NAMES: Readonly<Record<string, string>> = {
  [LEGAL_INTEREST_PROFILE.code]: 'Dröjsmålsränta (referensränta + 8 procentenheter)',
  [FIXED_8_PROFILE.code]: 'Fast ränta 8 % per år',
};

function profileRow(orgId: string, profile: Readonly<InterestProfile>, now: string) {
  return {
    id: uuidV7(),
    org_id: orgId,
    code: profile.code,
    name: INTEREST_PROFILE_NAMES[profile.code] ?? profile.code,
    base: profile.base,
    margin_bp: profile.margin_bp ?? 0,
    fixed_rate_pa: profile.fixed_rate_pa,
    valid_from: profile.valid_from,
    valid_to: profile.valid_to,
    is_active: true,
    created_at: now,
    updated_at: now,
  };
}

/**
 * What a new organisation needs before its first case: the statutory fee catalogue, the two
 * ready interest profiles with dröjsmålsränta (räntelagen 6 §) as the default for new cases and
 * the spec's fixed 8 % beside it, a rule of every rule type, and the chart of accounts the
 * allocation postings use. Call it inside the transaction that creates the organisation.
 */
export async function provisionOrganisationDefaults(tx: Db, orgId: string, now: string): Promise<void> {
  const legal = profileRow(orgId, LEGAL_INTEREST_PROFILE, now);
  await insertOrganisationDefaults(tx, {
    interestProfiles: [legal, profileRow(orgId, FIXED_8_PROFILE, now)],
    fees: DEFAULT_FEE_CATALOGUE.map((entry) => ({
      org_id: orgId,
      code: entry.code,
      name: entry.name,
      amount: entry.amountOre,
      tax_code: entry.tax_code,
      valid_from: entry.valid_from,
      is_active: entry.is_active,
      created_at: now,
    })),
    rules: DEMO_RULES.map((rule) => ({
      org_id: orgId,
      code: rule.code,
      description: rule.description,
      severity: rule.severity,
      is_active: rule.is_active,
      condition_json: { ...rule.condition_json },
      action_json: { ...rule.action_json },
      created_at: now,
      updated_at: now,
    })),
    glAccounts: SEED_LEDGER_ACCOUNTS.map((account) => ({ org_id: orgId, ...account, created_at: now })),
  });
  await updateOrganisationRow(tx, orgId, { default_interest_profile_id: legal.id, updated_at: now });
}
