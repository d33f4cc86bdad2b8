import { partyDirectory } from '@fordran/services';
import { directoryRoutes } from './directory-routes';

/** Parties ('Parter (Gäldenärer)', spec part 1 §2, §5): list, create, read, edit and status. */
export function partyRoutes() {
  return directoryRoutes({
    collection: 'parties',
    tag: 'Parter (gäldenärer)',
    noun: { one: 'part', the: 'parten', many: 'parter' },
    listSummary: 'sök (namn, personnr, org.nr, e-post), typ, status',
    created: 'Part skapad!',
    directory: partyDirectory,
  });
}
