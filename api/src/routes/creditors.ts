import { creditorDirectory } from '@fordran/services';
import { directoryRoutes } from './directory-routes';

/** Creditors ('Kunder (Borgenärer)', spec part 1 §2, §5): list, create, read, edit and status. */
export function creditorRoutes() {
  return directoryRoutes({
    collection: 'creditors',
    tag: 'Kunder (borgenärer)',
    noun: { one: 'kund', the: 'kunden', many: 'kunder' },
    listSummary: 'sök (namn, org.nr, kundnummer), status',
    created: 'Kund skapad!',
    directory: creditorDirectory,
  });
}
