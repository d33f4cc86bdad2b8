import { Command } from 'commander';
import { createCreditorsCommand } from './commands/creditors';
import { createDbCommand } from './commands/db';
import { createPartiesCommand } from './commands/parties';
import { createSeedCommand } from './commands/seed';
import { createServeCommand } from './commands/serve';
import { createUsersCommand } from './commands/users';
import { createCasesCommand } from './commands/cases';
import { createInterestCommand } from './commands/interest';
import { createRulesCommand } from './commands/rules';
import { createImportCommand } from './commands/import';
import { createPaymentsCommand } from './commands/payments';
import { createReferenceRatesCommand } from './commands/reference-rates';
import { createLedgerCommand } from './commands/ledger';
import { createCommunicationsCommand } from './commands/communications';
import { createDunningCommand } from './commands/dunning';
import { createValidateCommand } from './commands/validate';
import { createTemplatesCommand } from './commands/templates';
import { createKfmCommand } from './commands/kfm';
import { createBankIdCommand } from './commands/bankid';
import { createLawsuitsCommand } from './commands/lawsuits';

export const CLI_VERSION = '0.1.0';

/** The `fordran` program: one factory per noun, registered here. */
export function createProgram(): Command {
  const program = new Command('fordran')
    .description('Fordran – inkassosystem. Kommandoradsverktyg för drift, import och QA.')
    .version(CLI_VERSION)
    .showHelpAfterError('(kör med --help för hjälp)');
  program.addCommand(createServeCommand());
  program.addCommand(createDbCommand());
  program.addCommand(createUsersCommand());
  program.addCommand(createCreditorsCommand());
  program.addCommand(createPartiesCommand());
  program.addCommand(createSeedCommand());
  program.addCommand(createCasesCommand());
  program.addCommand(createInterestCommand());
  program.addCommand(createRulesCommand());
  program.addCommand(createImportCommand());
  program.addCommand(createPaymentsCommand());
  program.addCommand(createReferenceRatesCommand());
  program.addCommand(createLedgerCommand());
  program.addCommand(createCommunicationsCommand());
  program.addCommand(createDunningCommand());
  program.addCommand(createTemplatesCommand());
  program.addCommand(createValidateCommand());
  program.addCommand(createKfmCommand());
  program.addCommand(createBankIdCommand());
  program.addCommand(createLawsuitsCommand());
  return program;
}
