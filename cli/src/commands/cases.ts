import { Command } from 'commander';
import {
  addCaseFee,
  calculateCaseInterest,
  changeCaseStage,
  changeCaseStatus,
  createCase,
  getCase,
  listCaseEvents,
  listCases,
  type CaseDetail,
} from '@fordran/services';
import { inOrganisation, withOrgOptions, type OrgOptions } from '../org-scope';
import { printJson, printRecord, printTable, wantsJson, type OutputOptions } from '../output/output';

function printCase(detail: CaseDetail, options: OutputOptions): void {
  if (wantsJson(options)) return printJson(detail);
  printRecord(
    {
      id: detail.id,
      referens: detail.claim.reference_no,
      status: detail.status,
      fas: detail.stage,
      borgenär: detail.creditor.name,
      gäldenär: detail.party.name,
      förfallodag: detail.claim.due_date,
      uppkom: `${detail.claim.arose_on}${detail.claim.arose_on_estimated ? ' (uppskattat)' : ''}`,
      preskriberas: detail.prescription.prescribed_on,
      kapital: detail.total_principal,
      ränta: detail.total_interest,
      avgifter: detail.total_fees,
      betalt: detail.amount_paid_total,
      utestående: detail.total_outstanding,
      ocr: detail.ocr_reference,
      flaggor: detail.flags.map((flag) => `${flag.level}: ${flag.message}`).join(' | ') || '-',
      'tillåtna statusar': detail.allowed_statuses.join(', ') || '-',
      'tillåtna faser': detail.allowed_stages.join(', ') || '-',
    },
    options,
  );
}

/** `fordran cases …`: the handler's daily work on cases from a script (issue 4). */
export function createCasesCommand(): Command {
  const cases = new Command('cases').description('Ärenden: lista, visa, skapa, status, fas, avgifter, ränta');

  withOrgOptions(cases.command('list').description('Listar ärenden, nyaste först'))
    .option('--query <text>', 'sök på fordringsreferens, namn, OCR eller meddelandereferens')
    .option('--status <status>', 'draft, active, on_hold eller closed')
    .option('--stage <stage>', 'intake, reminder, demand, payment_plan, kfm eller legal')
    .option('--creditor <id>', 'bara denna borgenärs ärenden')
    .option('--limit <n>', 'antal rader (1–200)', '50')
    .option('--offset <n>', 'hoppa över så många rader', '0')
    .addHelpText('after', '\nExempel:\n  $ fordran cases list --org "Nordisk Inkasso AB" --status active --limit 20')
    .action(async (options: OrgOptions & { query?: string; status?: string; stage?: string; creditor?: string; limit: string; offset: string }) => {
      const page = await inOrganisation(options, (ctx) =>
        listCases(ctx, {
          query: options.query,
          status: options.status,
          stage: options.stage,
          creditor_id: options.creditor,
          limit: options.limit,
          offset: options.offset,
        }),
      );
      if (wantsJson(options)) return printJson(page);
      printTable(page.items, {
        id: (row) => row.id,
        referens: (row) => row.reference_no,
        status: (row) => row.status,
        fas: (row) => row.stage,
        borgenär: (row) => row.creditor.name,
        gäldenär: (row) => row.party.name,
        utestående: (row) => row.total_outstanding,
      });
      process.stdout.write(`${page.items.length} av ${page.total} ärenden\n`);
    });

  withOrgOptions(cases.command('show').description('Visar ett ärende').argument('<id>', 'ärendets id')).action(async (id: string, options: OrgOptions) =>
    printCase(await inOrganisation(options, (ctx) => getCase(ctx, id)), options),
  );

  withOrgOptions(cases.command('create').description('Skapar ett ärende (utkast, fas intag) med en fordran'))
    .requiredOption('--creditor <id>', 'borgenärens id (aktiv)')
    .requiredOption('--party <id>', 'gäldenärens id (aktiv)')
    .requiredOption('--reference <text>', 'fordringens referens, t.ex. fakturanummer')
    .requiredOption('--amount <kronor>', 'kapitalbelopp, högst två decimaler ("7950" eller "7 950,50")')
    .requiredOption('--due-date <YYYY-MM-DD>', 'förfallodag (inte i framtiden)')
    .option('--arose-on <YYYY-MM-DD>', 'dagen fordran uppkom, t.ex. fakturadatum (preskriptionen räknas härifrån; standard: förfallodagen, uppskattad)')
    .option('--contract-type <text>', 'avtalstyp, t.ex. Faktura')
    .option('--notes <text>', 'anteckningar')
    .option('--mandate <type>', 'direct, agent eller assignee', 'direct')
    .option('--agent-creditor <id>', 'ombudet vid --mandate agent')
    .option('--legal-creditor <id>', 'borgenär i juridisk mening, om annan')
    .option('--interest-profile <id>', 'ränteprofil (standard: organisationens)')
    .option('--reminder-fee-agreed', 'påminnelseavgift avtalades när skulden uppstod')
    .addHelpText(
      'after',
      '\nExempel:\n  $ fordran cases create --org "Nordisk Inkasso AB" --creditor <id> --party <id> --reference F-1001 --amount 7950 --due-date 2026-10-01',
    )
    .action(
      async (
        options: OrgOptions & {
          creditor: string;
          party: string;
          reference: string;
          amount: string;
          dueDate: string;
          aroseOn?: string;
          contractType?: string;
          notes?: string;
          mandate: 'direct' | 'agent' | 'assignee';
          agentCreditor?: string;
          legalCreditor?: string;
          interestProfile?: string;
          reminderFeeAgreed?: boolean;
        },
      ) => {
        const detail = await inOrganisation(options, (ctx) =>
          createCase(ctx, {
            creditor_id: options.creditor,
            party_id: options.party,
            reference_no: options.reference,
            principal_amount: options.amount,
            due_date: options.dueDate,
            arose_on: options.aroseOn ?? null,
            contract_type: options.contractType ?? null,
            notes: options.notes ?? null,
            mandate_type: options.mandate,
            agent_creditor_id: options.agentCreditor ?? null,
            legal_creditor_id: options.legalCreditor ?? null,
            interest_profile_id: options.interestProfile ?? null,
            reminder_fee_agreed: options.reminderFeeAgreed === true,
          }),
        );
        printCase(detail, options);
      },
    );

  withOrgOptions(
    cases
      .command('status')
      .description('Ändrar status (draft → active → on_hold/closed …)')
      .argument('<id>', 'ärendets id')
      .argument('<status>', 'active, on_hold eller closed'),
  )
    .option('--reason <text>', 'anledning (krävs för closed)')
    .addHelpText(
      'after',
      '\nExempel:\n  $ fordran cases status <id> active --org "Nordisk Inkasso AB"\n  $ fordran cases status <id> closed --reason "Återkallat" --org "Nordisk Inkasso AB"',
    )
    .action(async (id: string, status: string, options: OrgOptions & { reason?: string }) =>
      printCase(await inOrganisation(options, (ctx) => changeCaseStatus(ctx, id, { status: status as CaseDetail['status'], reason: options.reason })), options),
    );

  withOrgOptions(
    cases
      .command('stage')
      .description('Flyttar ett aktivt ärende till en annan fas')
      .argument('<id>', 'ärendets id')
      .argument('<stage>', 'reminder, demand, payment_plan, kfm eller legal'),
  )
    .addHelpText('after', '\nExempel:\n  $ fordran cases stage <id> demand --org "Nordisk Inkasso AB"')
    .action(async (id: string, stage: string, options: OrgOptions) =>
      printCase(await inOrganisation(options, (ctx) => changeCaseStage(ctx, id, { stage: stage as CaseDetail['stage'] })), options),
    );

  withOrgOptions(
    cases
      .command('fee')
      .description('Lägger till en avgift ur avgiftskatalogen')
      .argument('<id>', 'ärendets id')
      .argument('<code>', 'avgiftskod, t.ex. COLLECTION_180'),
  )
    .option('--reason <text>', 'särskilda skäl för ett belopp över lagens högsta (lag 1981:739 4 §)')
    .addHelpText('after', '\nExempel:\n  $ fordran cases fee <id> COLLECTION_180 --org "Nordisk Inkasso AB"')
    .action(async (id: string, code: string, options: OrgOptions & { reason?: string }) => {
      const result = await inOrganisation(options, (ctx) => addCaseFee(ctx, id, { code, above_maximum_reason: options.reason }));
      if (wantsJson(options)) return printJson(result);
      process.stdout.write(`Avgift tillagd: ${result.fee.name} ${result.fee.amount} kr\n`);
      for (const violation of result.violations) process.stdout.write(`${violation.level}: ${violation.message}\n`);
      printCase(result.case, options);
    });

  withOrgOptions(cases.command('interest').description('Beräknar räntan till och med ett datum (standard i dag)').argument('<id>', 'ärendets id'))
    .option('--as-of <YYYY-MM-DD>', 'beräkna till och med detta datum')
    .addHelpText('after', '\nExempel:\n  $ fordran cases interest <id> --as-of 2026-11-22 --org "Nordisk Inkasso AB"')
    .action(async (id: string, options: OrgOptions & { asOf?: string }) => {
      const result = await inOrganisation(options, (ctx) => calculateCaseInterest(ctx, id, options.asOf ? { as_of: options.asOf } : {}));
      if (wantsJson(options)) return printJson(result);
      process.stdout.write(`Ränta beräknad: ${result.amount} kr för ${result.days} dagar (ändring ${result.change} kr)\n`);
      printTable(result.periods, {
        från: (p) => p.from,
        till: (p) => p.to,
        dagar: (p) => p.days,
        'ränta %': (p) => p.rate_pa,
        kapital: (p) => p.principal,
        belopp: (p) => p.amount,
      });
      for (const violation of result.violations) process.stdout.write(`${violation.level}: ${violation.message}\n`);
    });

  withOrgOptions(cases.command('events').description('Visar ärendets tidslinje, senaste först').argument('<id>', 'ärendets id')).action(
    async (id: string, options: OrgOptions) => {
      const { events } = await inOrganisation(options, (ctx) => listCaseEvents(ctx, id));
      if (wantsJson(options)) return printJson({ events });
      printTable(events, { tid: (e) => e.created_at, händelse: (e) => e.title, detaljer: (e) => e.detail ?? '', av: (e) => e.actor_name });
    },
  );

  return cases;
}
