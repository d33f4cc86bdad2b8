import { Command } from 'commander';
import { ROLES, createUser } from '@fordran/services';
import { withAppContext } from '../app-context';
import { printRecord, wantsJson, type OutputOptions } from '../output/output';
import { DB_OPTION } from '../database-location';

interface CreateOptions extends OutputOptions {
  email: string;
  name: string;
  org: string;
  role: string;
  password?: string;
  creditor?: string;
  db?: string;
}

export function createUsersCommand(): Command {
  const users = new Command('users').description('Användare och medlemskap');
  users
    .command('create')
    .description('Skapar en användare (eller återanvänder en befintlig e-post) med en roll i en organisation')
    .requiredOption('--email <email>', 'e-postadress')
    .requiredOption('--name <name>', 'fullständigt namn')
    .requiredOption('--org <id|name>', 'organisationens id eller exakta namn')
    .requiredOption('--role <role>', `roll: ${ROLES.join(', ')}`)
    .option('--password <password>', 'lösenord (minst 6 tecken); utelämnat skapas ett och skrivs ut en gång')
    .option('--creditor <id>', 'borgenär för rollen client')
    .option(...DB_OPTION)
    .option('--json', 'skriv ut resultatet som JSON')
    .addHelpText('after', '\nExempel:\n  $ fordran users create --email eva@byra.se --name "Eva Ek" --org "Nordisk Inkasso AB" --role handler')
    .action(async (options: CreateOptions) => {
      const result = await withAppContext(options, (app) =>
        createUser(app, {
          email: options.email,
          full_name: options.name,
          org: options.org,
          role: options.role as (typeof ROLES)[number],
          ...(options.password ? { password: options.password } : {}),
          ...(options.creditor ? { creditor_id: options.creditor } : {}),
        }),
      );
      printRecord({ ...result }, options);
      if (!wantsJson(options) && result.generated_password) {
        console.log('\nSpara lösenordet nu: det visas inte igen.');
      }
    });
  return users;
}
