import type { Command } from 'commander';
import { PARTY_TYPES } from '@fordran/core';
import { partyDirectory, partyListQuerySchema, type PartyResponse } from '@fordran/services';
import { dateOf } from '../org-scope';
import { addressLine } from '../address-line';
import { createDirectoryCommand, type FieldFlag } from './directory-command';

const EXAMPLE_ORG = '--org "Nordisk Inkasso AB"';
const TYPE: FieldFlag = { flags: '--type <type>', description: 'person eller company', field: 'type', choices: PARTY_TYPES, required: true };

/** 12 stored digits as `YYYYMMDD-NNNN`. */
function displayNationalId(value: string | null): string | null {
  return value && /^\d{12}$/.test(value) ? `${value.slice(0, 8)}-${value.slice(8)}` : value;
}

function identifierOf(party: PartyResponse): string | null {
  return party.type === 'person' ? displayNationalId(party.national_id) : party.org_no;
}

/** `fordran parties`: Parter (gäldenärer). */
export function createPartiesCommand(): Command {
  return createDirectoryCommand({
    name: 'parties',
    description: 'Parter (gäldenärer)',
    directory: partyDirectory,
    idDescription: 'partens id',
    sorts: partyListQuerySchema.shape.sort.unwrap().options,
    fields: [
      { flags: '--name <name>', description: 'namn', field: 'name', required: true },
      TYPE,
      {
        flags: '--national-id <pnr>',
        description: 'personnummer eller samordningsnummer (bara person; kontrolleras, sparas med 12 siffror)',
        field: 'national_id',
      },
      { flags: '--org-no <orgnr>', description: 'organisationsnummer (bara company; kontrolleras, sparas NNNNNN-NNNN)', field: 'org_no' },
      { flags: '--email <email>', description: 'e-post', field: 'email' },
      { flags: '--phone <phone>', description: 'telefon', field: 'phone' },
      { flags: '--street <street>', description: 'gatuadress', field: 'street', within: 'address_json' },
      { flags: '--city <city>', description: 'ort', field: 'city', within: 'address_json' },
      { flags: '--zip <zip>', description: 'postnummer', field: 'zip', within: 'address_json' },
    ],
    listFilters: [{ ...TYPE, required: false }],
    descriptions: {
      list: 'Listar parter: sök i namn, personnummer, org.nr och e-post, filtrera på typ och status, sortera och bläddra',
      show: 'Visar en part',
      create: 'Skapar en part (aktiv): en person med personnummer eller ett företag med org.nr',
      update: 'Ändrar en part: fält, typ och status (active/inactive); adressfält som inte anges behålls',
    },
    examples: {
      list: [`fordran parties list ${EXAMPLE_ORG} --type person`, `fordran parties list ${EXAMPLE_ORG} --query 19811218-2285 --json`],
      show: [`fordran parties show 3f2a… ${EXAMPLE_ORG}`],
      create: [
        `fordran parties create ${EXAMPLE_ORG} --type person --name "Anna Lindqvist" --national-id 19811218-2285 --email anna@example.se --street "Ringvägen 5" --zip "702 10" --city Örebro`,
        `fordran parties create ${EXAMPLE_ORG} --type company --name "Solvik Fastigheter AB" --org-no 562242-4967`,
      ],
      update: [
        `fordran parties update 3f2a… ${EXAMPLE_ORG} --status inactive --reason "Avslutat samarbete"`,
        `fordran parties update 3f2a… ${EXAMPLE_ORG} --city Göteborg --zip "411 05"`,
      ],
    },
    columns: {
      ID: (p) => p.id,
      Typ: (p) => p.type,
      Namn: (p) => p.name,
      'Personnr/org.nr': identifierOf,
      'E-post': (p) => p.email,
      Status: (p) => p.status,
      Skapad: (p) => dateOf(p.created_at),
    },
    human: (party) => ({
      id: party.id,
      typ: party.type,
      namn: party.name,
      [party.type === 'person' ? 'personnummer' : 'org.nr']: identifierOf(party),
      'e-post': party.email,
      telefon: party.phone,
      adress: addressLine(party.address_json),
      status: party.status,
      skapad: dateOf(party.created_at),
      ändrad: dateOf(party.updated_at),
    }),
  });
}
