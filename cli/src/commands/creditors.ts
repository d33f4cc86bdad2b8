import { Command } from 'commander';
import {
  createCreditor,
  creditorListQuerySchema,
  getCreditor,
  listCreditors,
  updateCreditor,
  type CreditorResponse,
  type CreditorUpdateInput,
} from '@fordran/services';
import {
  addListOptions,
  dateOf,
  defined,
  inOrganisation,
  listQuery,
  orgCommand,
  printOne,
  printPage,
  statusOption,
  type ListOptions,
  type OrgOptions,
} from '../org-scope';

interface CreditorFieldOptions extends OrgOptions {
  name?: string;
  orgNo?: string;
  customerNo?: string;
  contactName?: string;
  email?: string;
  phone?: string;
}

interface CreateOptions extends CreditorFieldOptions {
  name: string;
}

interface UpdateOptions extends CreditorFieldOptions {
  status?: 'active' | 'inactive';
  reason?: string;
}

const SORTS = creditorListQuerySchema.shape.sort.unwrap().options;

function addFieldOptions(command: Command, nameRequired: boolean): Command {
  const name = '--name <name>';
  const described = 'företagsnamn';
  return (nameRequired ? command.requiredOption(name, described) : command.option(name, described))
    .option('--org-no <orgnr>', 'organisationsnummer (kontrolleras, sparas NNNNNN-NNNN; "" tar bort)')
    .option('--customer-no <nr>', 'kundnummer')
    .option('--contact-name <name>', 'kontaktperson')
    .option('--email <email>', 'kontaktpersonens e-post')
    .option('--phone <phone>', 'kontaktpersonens telefon');
}

/** The contact flags given, or undefined when none was. */
function contactOf(options: CreditorFieldOptions) {
  const contact = defined({ name: options.contactName, email: options.email, phone: options.phone });
  return Object.keys(contact).length > 0 ? contact : undefined;
}

function show(creditor: CreditorResponse, options: OrgOptions): void {
  const contact = creditor.contact_json ?? {};
  printOne(
    creditor,
    {
      id: creditor.id,
      namn: creditor.name,
      'org.nr': creditor.org_no,
      kundnummer: creditor.customer_no,
      status: creditor.status,
      kontaktperson: contact.name ?? null,
      'e-post': contact.email ?? null,
      telefon: contact.phone ?? null,
      skapad: dateOf(creditor.created_at),
      ändrad: dateOf(creditor.updated_at),
    },
    options,
  );
}

export function createCreditorsCommand(): Command {
  const creditors = new Command('creditors').description('Kunder (borgenärer)');

  creditors.addCommand(
    addListOptions(orgCommand('list', 'Listar kunder: sök i namn, org.nr och kundnummer, filtrera på status, sortera och bläddra'), SORTS)
      .addHelpText(
        'after',
        '\nExempel:\n  $ fordran creditors list --org "Nordisk Inkasso AB"\n  $ fordran creditors list --org "Nordisk Inkasso AB" --query 556036 --status active --limit 20 --json',
      )
      .action(async (options: ListOptions) => {
        const page = await inOrganisation(options, (ctx) => listCreditors(ctx, listQuery(options)));
        printPage(page, options, {
          ID: (c) => c.id,
          Namn: (c) => c.name,
          'Org.nr': (c) => c.org_no,
          Kundnr: (c) => c.customer_no,
          Status: (c) => c.status,
          Skapad: (c) => dateOf(c.created_at),
        });
      }),
  );

  creditors.addCommand(
    orgCommand('show', 'Visar en kund')
      .argument('<id>', 'kundens id')
      .addHelpText('after', '\nExempel:\n  $ fordran creditors show 0b7c… --org "Nordisk Inkasso AB"')
      .action(async (id: string, options: OrgOptions) => {
        show(await inOrganisation(options, (ctx) => getCreditor(ctx, id)), options);
      }),
  );

  creditors.addCommand(
    addFieldOptions(orgCommand('create', 'Skapar en kund (aktiv); org.nr kontrolleras och får bara finnas en gång'), true)
      .addHelpText(
        'after',
        '\nExempel:\n  $ fordran creditors create --org "Nordisk Inkasso AB" --name "Norrbygg Entreprenad AB" --org-no 562063-7123 --customer-no K-100 --email info@norrbygg.se',
      )
      .action(async (options: CreateOptions) => {
        const contact = contactOf(options);
        const creditor = await inOrganisation(options, (ctx) =>
          createCreditor(ctx, {
            name: options.name,
            ...defined({ org_no: options.orgNo, customer_no: options.customerNo }),
            ...(contact ? { contact_json: contact } : {}),
          }),
        );
        show(creditor, options);
      }),
  );

  creditors.addCommand(
    addFieldOptions(orgCommand('update', 'Ändrar en kund: fält och status (active/inactive); kontaktfält som inte anges behålls'), false)
      .argument('<id>', 'kundens id')
      .addOption(statusOption())
      .option('--reason <text>', 'varför (krävs med --status inactive; sparas i systemloggen)')
      .addHelpText(
        'after',
        '\nExempel:\n  $ fordran creditors update 0b7c… --org "Nordisk Inkasso AB" --status inactive --reason "Avslutat samarbete"\n  $ fordran creditors update 0b7c… --org "Nordisk Inkasso AB" --phone 08-123 45 67 --customer-no K-200',
      )
      .action(async (id: string, options: UpdateOptions) => {
        const creditor = await inOrganisation(options, (ctx) => {
          const contact = contactOf(options);
          // The API replaces the contact as a whole; a flag changes only its own field.
          const patch: CreditorUpdateInput = {
            ...defined({ name: options.name, org_no: options.orgNo, customer_no: options.customerNo, status: options.status, reason: options.reason }),
            ...(contact ? { contact_json: { ...getCreditor(ctx, id).contact_json, ...contact } } : {}),
          };
          return updateCreditor(ctx, id, patch);
        });
        show(creditor, options);
      }),
  );
  return creditors;
}
