import { Command, Option } from 'commander';
import { PARTY_TYPES, type PartyType } from '@fordran/core';
import { createParty, getParty, listParties, partyListQuerySchema, updateParty, type PartyResponse, type PartyUpdateInput } from '@fordran/services';
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

interface PartyFieldOptions extends OrgOptions {
  type?: PartyType;
  name?: string;
  nationalId?: string;
  orgNo?: string;
  email?: string;
  phone?: string;
  street?: string;
  city?: string;
  zip?: string;
}

interface CreateOptions extends PartyFieldOptions {
  type: PartyType;
  name: string;
}

interface UpdateOptions extends PartyFieldOptions {
  status?: 'active' | 'inactive';
  reason?: string;
}

interface PartyListOptions extends ListOptions {
  type?: PartyType;
}

const SORTS = partyListQuerySchema.shape.sort.unwrap().options;

function typeOption(required: boolean): Option {
  const option = new Option('--type <type>', 'person eller company').choices(PARTY_TYPES);
  return required ? option.makeOptionMandatory() : option;
}

function addFieldOptions(command: Command, create: boolean): Command {
  const name = '--name <name>';
  const described = 'namn';
  return (create ? command.requiredOption(name, described) : command.option(name, described))
    .addOption(typeOption(create))
    .option('--national-id <pnr>', 'personnummer eller samordningsnummer (bara person; kontrolleras, sparas med 12 siffror)')
    .option('--org-no <orgnr>', 'organisationsnummer (bara company; kontrolleras, sparas NNNNNN-NNNN)')
    .option('--email <email>', 'e-post')
    .option('--phone <phone>', 'telefon')
    .option('--street <street>', 'gatuadress')
    .option('--city <city>', 'ort')
    .option('--zip <zip>', 'postnummer');
}

/** The address flags given, or undefined when none was. */
function addressOf(options: PartyFieldOptions) {
  const address = defined({ street: options.street, city: options.city, zip: options.zip });
  return Object.keys(address).length > 0 ? address : undefined;
}

/** 12 stored digits as `YYYYMMDD-NNNN`. */
function displayNationalId(value: string | null): string | null {
  return value && /^\d{12}$/.test(value) ? `${value.slice(0, 8)}-${value.slice(8)}` : value;
}

function identifierOf(party: PartyResponse): string | null {
  return party.type === 'person' ? displayNationalId(party.national_id) : party.org_no;
}

function show(party: PartyResponse, options: OrgOptions): void {
  const address = party.address_json ?? {};
  printOne(
    party,
    {
      id: party.id,
      typ: party.type,
      namn: party.name,
      [party.type === 'person' ? 'personnummer' : 'org.nr']: identifierOf(party),
      'e-post': party.email,
      telefon: party.phone,
      adress: [address.street, [address.zip, address.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null,
      status: party.status,
      skapad: dateOf(party.created_at),
      ändrad: dateOf(party.updated_at),
    },
    options,
  );
}

export function createPartiesCommand(): Command {
  const parties = new Command('parties').description('Parter (gäldenärer)');

  parties.addCommand(
    addListOptions(orgCommand('list', 'Listar parter: sök i namn, personnummer, org.nr och e-post, filtrera på typ och status, sortera och bläddra'), SORTS)
      .addOption(typeOption(false))
      .addHelpText(
        'after',
        '\nExempel:\n  $ fordran parties list --org "Nordisk Inkasso AB" --type person\n  $ fordran parties list --org "Nordisk Inkasso AB" --query 19811218-2285 --json',
      )
      .action(async (options: PartyListOptions) => {
        const page = await inOrganisation(options, (ctx) => listParties(ctx, { ...listQuery(options), ...defined({ type: options.type }) }));
        printPage(page, options, {
          ID: (p) => p.id,
          Typ: (p) => p.type,
          Namn: (p) => p.name,
          'Personnr/org.nr': identifierOf,
          'E-post': (p) => p.email,
          Status: (p) => p.status,
          Skapad: (p) => dateOf(p.created_at),
        });
      }),
  );

  parties.addCommand(
    orgCommand('show', 'Visar en part')
      .argument('<id>', 'partens id')
      .addHelpText('after', '\nExempel:\n  $ fordran parties show 3f2a… --org "Nordisk Inkasso AB"')
      .action(async (id: string, options: OrgOptions) => {
        show(await inOrganisation(options, (ctx) => getParty(ctx, id)), options);
      }),
  );

  parties.addCommand(
    addFieldOptions(orgCommand('create', 'Skapar en part (aktiv): en person med personnummer eller ett företag med org.nr'), true)
      .addHelpText(
        'after',
        '\nExempel:\n  $ fordran parties create --org "Nordisk Inkasso AB" --type person --name "Anna Lindqvist" --national-id 19811218-2285 --email anna@example.se --street "Ringvägen 5" --zip "702 10" --city Örebro\n  $ fordran parties create --org "Nordisk Inkasso AB" --type company --name "Solvik Fastigheter AB" --org-no 562242-4967',
      )
      .action(async (options: CreateOptions) => {
        const address = addressOf(options);
        const party = await inOrganisation(options, (ctx) =>
          createParty(ctx, {
            type: options.type,
            name: options.name,
            ...defined({ national_id: options.nationalId, org_no: options.orgNo, email: options.email, phone: options.phone }),
            ...(address ? { address_json: address } : {}),
          }),
        );
        show(party, options);
      }),
  );

  parties.addCommand(
    addFieldOptions(orgCommand('update', 'Ändrar en part: fält, typ och status (active/inactive); adressfält som inte anges behålls'), false)
      .argument('<id>', 'partens id')
      .addOption(statusOption())
      .option('--reason <text>', 'varför (krävs med --status inactive; sparas i systemloggen)')
      .addHelpText(
        'after',
        '\nExempel:\n  $ fordran parties update 3f2a… --org "Nordisk Inkasso AB" --status inactive --reason "Avslutat samarbete"\n  $ fordran parties update 3f2a… --org "Nordisk Inkasso AB" --city Göteborg --zip "411 05"',
      )
      .action(async (id: string, options: UpdateOptions) => {
        const party = await inOrganisation(options, (ctx) => {
          const address = addressOf(options);
          // The API replaces the address as a whole; a flag changes only its own part.
          const patch: PartyUpdateInput = {
            ...defined({
              type: options.type,
              name: options.name,
              national_id: options.nationalId,
              org_no: options.orgNo,
              email: options.email,
              phone: options.phone,
              status: options.status,
              reason: options.reason,
            }),
            ...(address ? { address_json: { ...getParty(ctx, id).address_json, ...address } } : {}),
          };
          return updateParty(ctx, id, patch);
        });
        show(party, options);
      }),
  );
  return parties;
}
