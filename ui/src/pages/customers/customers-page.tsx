// /customers 'Kunder (Borgenärer)' (spec part 1 §2) and /customers/{id}: the creditors'
// directory, defined over the shared directory pages (pages/directory).
import { IdCardIcon } from '@radix-ui/react-icons';
import { Flex, Text } from '@radix-ui/themes';
import { useCreditor, useCreditorMutations, useCreditors, type Creditor, type CreditorListParams, type CreditorSort } from '../../api/creditors';
import { orDash } from '../../components/data-table';
import { addressLine } from '../directory/address-fields';
import type { DirectoryDefinition } from '../directory/directory-definition';
import { DirectoryPage } from '../directory/directory-page';
import { DirectoryRecordPage } from '../directory/directory-record-page';
import { statusAndCreatedColumns } from '../directory/directory-table';
import { CustomerDialog } from './customer-dialog';

function ContactCell({ creditor }: { creditor: Creditor }) {
  const contact = creditor.contact_json ?? {};
  const line = [contact.email, contact.phone].filter(Boolean).join(' · ');
  if (!contact.name && !line) return '–';
  return (
    <Flex direction="column">
      {contact.name ? <Text size="2">{contact.name}</Text> : null}
      {line ? (
        <Text size="1" color="gray">
          {line}
        </Text>
      ) : null}
    </Flex>
  );
}

const CUSTOMERS: DirectoryDefinition<Creditor, CreditorSort, CreditorListParams> = {
  title: 'Kunder (Borgenärer)',
  description: 'Borgenärer som organisationen driver ärenden för.',
  noun: { one: 'kund', the: 'kunden', many: 'kunder' },
  path: '/customers',
  write: 'creditors.write',
  icon: <IdCardIcon width="22" height="22" />,
  search: { placeholder: 'Sök på namn, org.nr eller kundnummer', label: 'Sök kunder' },
  columns: [
    { header: 'Namn', sort: 'name', cell: (creditor) => creditor.name },
    { header: 'Org.nr', nowrap: true, cell: (creditor) => orDash(creditor.org_no) },
    { header: 'Kundnummer', sort: 'customer_no', cell: (creditor) => orDash(creditor.customer_no) },
    { header: 'Kontakt', cell: (creditor) => <ContactCell creditor={creditor} /> },
    ...statusAndCreatedColumns<Creditor>(),
  ],
  empty: {
    description: 'Lägg till den första borgenären du driver ärenden för. Sök på organisationsnumret så fylls företagsuppgifterna i.',
  },
  noMatch: { description: 'Prova ett annat sökord eller en annan status.' },
  deactivate: { placeholder: 'T.ex. Avslutat samarbete' },
  useList: useCreditors,
  useRecord: useCreditor,
  useMutations: useCreditorMutations,
  Dialog: CustomerDialog,
  record: {
    details: (creditor) => [
      ['Org.nr', creditor.org_no],
      ['Kundnummer', creditor.customer_no],
      ['Kontaktperson', creditor.contact_json?.name],
      ['E-post', creditor.contact_json?.email],
      ['Telefon', creditor.contact_json?.phone],
      ['Adress', addressLine(creditor.address_json)],
    ],
    cases: (creditor) => ({ creditorId: creditor.id, creditorName: creditor.name }),
  },
};

export function CustomersPage() {
  return <DirectoryPage def={CUSTOMERS} />;
}

/** /customers/{id}: one creditor (borgenär). */
export function CustomerDetailPage({ creditorId }: { creditorId: string }) {
  return <DirectoryRecordPage def={CUSTOMERS} id={creditorId} />;
}
