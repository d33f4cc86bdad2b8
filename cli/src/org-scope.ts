import { DomainError } from '@fordran/core';
import { organisations } from '@fordran/store';
import { operatorContext, type AppContext, type OrgScope } from '@fordran/services';

/**
 * The operator's context for `--org <id|name>`, or — when the option is left out — for the only
 * organisation of the database (an agency's own server usually has exactly one). With none or
 * several, the command says to name one.
 * @example operatorScope(app, options.org)
 */
export function operatorScope(app: AppContext, org: string | undefined): OrgScope {
  if (org !== undefined) return operatorContext(app, org);
  const found = app.store.db.select({ id: organisations.id }).from(organisations).limit(2).all();
  if (found.length === 0) throw new DomainError('NOT_FOUND', 'Databasen har ingen organisation ännu');
  if (found.length > 1) throw new DomainError('VALIDATION_FAILED', 'Databasen har flera organisationer: ange --org <id|namn>');
  return operatorContext(app, found[0]!.id);
}
