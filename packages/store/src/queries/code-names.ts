import { eq } from 'drizzle-orm';
import { commTemplates, feeCatalogue, interestProfiles, rules } from '../schema';
import type { Db } from '../database';

/** Code and name of every fee catalogue entry of the organisation. */
export function listFeeCodeNames(db: Db, orgId: string): Promise<{ code: string; name: string }[]> {
  return db.select({ code: feeCatalogue.code, name: feeCatalogue.name }).from(feeCatalogue).where(eq(feeCatalogue.org_id, orgId));
}

/** Code and condition of every rule of the organisation (the condition names the rule type). */
export function listRuleCodeConditions(db: Db, orgId: string) {
  return db.select({ code: rules.code, condition: rules.condition_json }).from(rules).where(eq(rules.org_id, orgId));
}

/** Id, code and name of every message template of the organisation. */
export function listTemplateCodeNames(db: Db, orgId: string): Promise<{ id: string; code: string; name: string }[]> {
  return db.select({ id: commTemplates.id, code: commTemplates.code, name: commTemplates.name }).from(commTemplates).where(eq(commTemplates.org_id, orgId));
}

/** Code and name of every interest profile of the organisation. */
export function listInterestProfileCodeNames(db: Db, orgId: string) {
  return db.select({ code: interestProfiles.code, name: interestProfiles.name }).from(interestProfiles).where(eq(interestProfiles.org_id, orgId));
}
