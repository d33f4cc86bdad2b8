import { DISPUTED_CASE_FLAG_CODE, isRuleType, RULE_TYPES } from '@fordran/core';
import { listFeeCodeNames, listInterestProfileCodeNames, listRuleCodeConditions, listTemplateCodeNames, type Db } from '@fordran/store';

/*
 * The Swedish names of an organisation's own codes — fees, rules (and so the flags they raise),
 * message templates and interest profiles — read from the tables where the codes are defined,
 * so the timeline, the flag banners and the system log never show a code such as KFM_NOTICE.
 */

/** What a code is called when the organisation no longer has it (deleted, or never had it). */
const UNKNOWN = { fee: 'Avgift', rule: 'Regel', template: 'Meddelande', profile: 'Ränteprofil' } as const;

export interface CodeNames {
  /** A fee catalogue code's name: COLLECTION_180 → 'Inkassoavgift'. */
  fee(code: string): string;
  /** What a rule (and the flags it raises) is about: PRESCRIPTION → 'Preskriptionskontroll'. */
  rule(code: string): string;
  /** A message template's name by the first of its id or code that is known: KFM_NOTICE → 'Underrättelse om …'. */
  template(...idsOrCodes: (string | null)[]): string;
  /** An interest profile's name: DROJSMALSRANTA → 'Dröjsmålsränta'. */
  profile(code: string): string;
}

/**
 * The names of `orgId`'s codes. The four tables are read in sequence, since `db` may be a
 * transaction (one connection).
 */
export async function loadCodeNames(db: Db, orgId: string): Promise<CodeNames> {
  const fees = new Map((await listFeeCodeNames(db, orgId)).map((row) => [row.code, row.name]));
  const ruleTypes = new Map((await listRuleCodeConditions(db, orgId)).map((row) => [row.code, (row.condition as { rule_type?: unknown } | null)?.rule_type]));
  const templates = new Map<string, string>();
  for (const row of await listTemplateCodeNames(db, orgId)) {
    templates.set(row.id, row.name);
    templates.set(row.code, row.name);
  }
  const profiles = new Map((await listInterestProfileCodeNames(db, orgId)).map((row) => [row.code, row.name]));
  return {
    fee: (code) => fees.get(code) ?? UNKNOWN.fee,
    rule(code) {
      const ruleType = ruleTypes.get(code);
      if (isRuleType(ruleType)) return RULE_TYPES[ruleType].label;
      // A dispute flag is raised by the dispute itself, with or without a rule of that code.
      return code === DISPUTED_CASE_FLAG_CODE ? RULE_TYPES.dispute_check.label : UNKNOWN.rule;
    },
    template: (...idsOrCodes) =>
      idsOrCodes.map((key) => (key === null ? undefined : templates.get(key))).find((name) => name !== undefined) ?? UNKNOWN.template,
    profile: (code) => profiles.get(code) || UNKNOWN.profile,
  };
}
