// /parties 'Parter (Gäldenärer)' (spec part 1 §2) and /parties/{id}: the debtors' directory,
// defined over the shared directory pages (pages/directory), with a filter by type.
import { PersonIcon } from '@radix-ui/react-icons';
import { useParties, useParty, usePartyMutations, type Party, type PartyListParams, type PartySort } from '../../api/parties';
import { orDash } from '../../components/data-table';
import { addressLine } from '../directory/address-fields';
import type { DirectoryDefinition } from '../directory/directory-definition';
import { DirectoryPage } from '../directory/directory-page';
import { DirectoryRecordPage } from '../directory/directory-record-page';
import { statusAndCreatedColumns } from '../directory/directory-table';
import { PartyDialog } from './party-dialog';
import { partyIdentifier, PartyTypeBadge } from './party-labels';

const PARTIES: DirectoryDefinition<Party, PartySort, PartyListParams> = {
  title: 'Parter (Gäldenärer)',
  description: 'Personer och företag som ärendena gäller.',
  noun: { one: 'part', the: 'parten', many: 'parter' },
  path: '/parties',
  write: 'parties.write',
  icon: <PersonIcon width="22" height="22" />,
  search: { placeholder: 'Sök på namn, personnr eller org.nr', label: 'Sök parter' },
  filters: [
    {
      param: 'type',
      label: 'Filtrera på typ',
      options: [
        { value: 'all', label: 'Alla typer' },
        { value: 'person', label: 'Personer' },
        { value: 'company', label: 'Företag' },
      ],
    },
  ],
  columns: [
    { header: 'Namn', sort: 'name', cell: (party) => party.name },
    { header: 'Typ', cell: (party) => <PartyTypeBadge type={party.type} /> },
    { header: 'Personnr / org.nr', nowrap: true, cell: (party) => orDash(partyIdentifier(party)) },
    { header: 'E-post', cell: (party) => orDash(party.email) },
    { header: 'Telefon', nowrap: true, cell: (party) => orDash(party.phone) },
    { header: 'Ort', cell: (party) => orDash(party.address_json?.city) },
    ...statusAndCreatedColumns<Party>(),
  ],
  empty: { description: 'Lägg till den första gäldenären. Sök på organisations- eller personnummer så fylls uppgifterna i.' },
  noMatch: { description: 'Prova ett annat sökord, en annan typ eller en annan status.' },
  deactivate: { placeholder: 'T.ex. Avliden, ersatt av en annan post' },
  useList: useParties,
  useRecord: useParty,
  useMutations: usePartyMutations,
  Dialog: PartyDialog,
  record: {
    badges: (party) => <PartyTypeBadge type={party.type} />,
    details: (party) => [
      [party.type === 'person' ? 'Personnummer' : 'Org.nr', partyIdentifier(party)],
      ['E-post', party.email],
      ['Telefon', party.phone],
      ['Adress', addressLine(party.address_json)],
    ],
    cases: (party) => ({ partyId: party.id, partyName: party.name }),
  },
};

export function PartiesPage() {
  return <DirectoryPage def={PARTIES} />;
}

/** /parties/{id}: one debtor (gäldenär). */
export function PartyDetailPage({ partyId }: { partyId: string }) {
  return <DirectoryRecordPage def={PARTIES} id={partyId} />;
}
