import { eq } from 'drizzle-orm';
import { DISPUTED_CASE_FLAG_CODE, isRuleType, RULE_TYPES } from '@fordran/core';
import { commTemplates, feeCatalogue, interestProfiles, rules, type DbOrTx } from '@fordran/store';

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

/** Reads the value once, on first use. */
function lazy<T>(read: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= read());
}

/** The names of `orgId`'s codes; each table is read once, when a name from it is first asked for. */
export function loadCodeNames(db: DbOrTx, orgId: string): CodeNames {
  const fees = lazy(
    () =>
      new Map(
        db
          .select({ code: feeCatalogue.code, name: feeCatalogue.name })
          .from(feeCatalogue)
          .where(eq(feeCatalogue.org_id, orgId))
          .all()
          .map((row) => [row.code, row.name]),
      ),
  );
  const ruleTypes = lazy(
    () =>
      new Map(
        db
          .select({ code: rules.code, condition: rules.condition_json })
          .from(rules)
          .where(eq(rules.org_id, orgId))
          .all()
          .map((row) => [row.code, (row.condition as { rule_type?: unknown } | null)?.rule_type]),
      ),
  );
  const templates = lazy(() => {
    const names = new Map<string, string>();
    for (const row of db
      .select({ id: commTemplates.id, code: commTemplates.code, name: commTemplates.name })
      .from(commTemplates)
      .where(eq(commTemplates.org_id, orgId))
      .all()) {
      names.set(row.id, row.name);
      names.set(row.code, row.name);
    }
    return names;
  });
  const profiles = lazy(
    () =>
      new Map(
        db
          .select({ code: interestProfiles.code, name: interestProfiles.name })
          .from(interestProfiles)
          .where(eq(interestProfiles.org_id, orgId))
          .all()
          .map((row) => [row.code, row.name]),
      ),
  );
  return {
    fee: (code) => fees().get(code) ?? UNKNOWN.fee,
    rule(code) {
      const ruleType = ruleTypes().get(code);
      if (isRuleType(ruleType)) return RULE_TYPES[ruleType].label;
      // A dispute flag is raised by the dispute itself, with or without a rule of that code.
      return code === DISPUTED_CASE_FLAG_CODE ? RULE_TYPES.dispute_check.label : UNKNOWN.rule;
    },
    template: (...idsOrCodes) =>
      idsOrCodes.map((key) => (key === null ? undefined : templates().get(key))).find((name) => name !== undefined) ?? UNKNOWN.template,
    profile: (code) => profiles().get(code) || UNKNOWN.profile,
  };
}
