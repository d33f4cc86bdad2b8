import type { Command } from 'commander';
import { creditorDirectory, creditorListQuerySchema } from '@fordran/services';
import { dateOf } from '../org-scope';
import { addressLine } from '../address-line';
import { createDirectoryCommand } from './directory-command';

const EXAMPLE_ORG = '--org "Nordisk Inkasso AB"';

/** `fordran creditors`: Kunder (borgenärer). */
export function createCreditorsCommand(): Command {
  return createDirectoryCommand({
    name: 'creditors',
    description: 'Kunder (borgenärer)',
    directory: creditorDirectory,
    idDescription: 'kundens id',
    sorts: creditorListQuerySchema.shape.sort.unwrap().options,
    fields: [
      { flags: '--name <name>', description: 'företagsnamn', field: 'name', required: true },
      { flags: '--org-no <orgnr>', description: 'organisationsnummer (kontrolleras, sparas NNNNNN-NNNN; "" tar bort)', field: 'org_no' },
      { flags: '--customer-no <nr>', description: 'kundnummer', field: 'customer_no' },
      { flags: '--contact-name <name>', description: 'kontaktperson', field: 'name', within: 'contact_json' },
      { flags: '--email <email>', description: 'kontaktpersonens e-post', field: 'email', within: 'contact_json' },
      { flags: '--phone <phone>', description: 'kontaktpersonens telefon', field: 'phone', within: 'contact_json' },
      { flags: '--street <street>', description: 'gatuadress (sökandens adress i en KFM-ansökan)', field: 'street', within: 'address_json' },
      { flags: '--city <city>', description: 'ort', field: 'city', within: 'address_json' },
      { flags: '--zip <zip>', description: 'postnummer', field: 'zip', within: 'address_json' },
    ],
    descriptions: {
      list: 'Listar kunder: sök i namn, org.nr och kundnummer, filtrera på status, sortera och bläddra',
      show: 'Visar en kund',
      create: 'Skapar en kund (aktiv); org.nr kontrolleras och får bara finnas en gång',
      update: 'Ändrar en kund: fält och status (active/inactive); kontakt- och adressfält som inte anges behålls',
    },
    examples: {
      list: [`fordran creditors list ${EXAMPLE_ORG}`, `fordran creditors list ${EXAMPLE_ORG} --query 556036 --status active --limit 20 --json`],
      show: [`fordran creditors show 0b7c… ${EXAMPLE_ORG}`],
      create: [
        `fordran creditors create ${EXAMPLE_ORG} --name "Norrbygg Entreprenad AB" --org-no 562063-7123 --customer-no K-100 --email info@norrbygg.se --street "Industrivägen 12" --zip "971 00" --city Luleå`,
      ],
      update: [
        `fordran creditors update 0b7c… ${EXAMPLE_ORG} --status inactive --reason "Avslutat samarbete"`,
        `fordran creditors update 0b7c… ${EXAMPLE_ORG} --phone 08-123 45 67 --customer-no K-200`,
      ],
    },
    columns: {
      ID: (c) => c.id,
      Namn: (c) => c.name,
      'Org.nr': (c) => c.org_no,
      Kundnr: (c) => c.customer_no,
      Status: (c) => c.status,
      Skapad: (c) => dateOf(c.created_at),
    },
    human: (creditor) => {
      const contact = creditor.contact_json ?? {};
      return {
        id: creditor.id,
        namn: creditor.name,
        'org.nr': creditor.org_no,
        kundnummer: creditor.customer_no,
        status: creditor.status,
        kontaktperson: contact.name ?? null,
        'e-post': contact.email ?? null,
        telefon: contact.phone ?? null,
        adress: addressLine(creditor.address_json),
        skapad: dateOf(creditor.created_at),
        ändrad: dateOf(creditor.updated_at),
      };
    },
  });
}
