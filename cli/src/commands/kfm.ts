import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { isIsoDate, KFM_CASE_STATUSES, oreToDecimal } from '@fordran/core';
import { changeCaseKfmStatus, generateKfmFiles, precheckKfmEscalation } from '@fordran/services';
import { EXIT_DOMAIN_ERROR } from '../exit';
import { inOrganisation, withOrgOptions, type OrgOptions } from '../org-scope';
import { printJson, printRecord, printTable, wantsJson } from '../output/output';

function isoDate(value: string): string {
  if (!isIsoDate(value)) throw new InvalidArgumentError('ett datum ÅÅÅÅ-MM-DD');
  return value;
}

interface GenerateOptions extends OrgOptions {
  case?: string;
  allReady?: boolean;
  asOf?: string;
  out: string;
  dryRun?: boolean;
}

/** The manifest of a run: one line per file with its checksum, and the refused cases. */
function manifestName(generatedAt: string): string {
  return `kfm-manifest_${generatedAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.json`;
}

function generateCommand(): Command {
  return withOrgOptions(new Command('generate').description('Skapar ansökningsfiler (XML) till Kronofogden för ett ärende eller alla redo ärenden'))
    .option('--case <id>', 'ärendets id')
    .option('--all-ready', 'alla aktiva ärenden i fasen Inkassokrav utan pågående KFM-ärende')
    .option('--as-of <YYYY-MM-DD>', 'beräkningsdag för belopp och ränta (standard i dag; inte i framtiden)', isoDate)
    .option('--out <dir>', 'mappen filerna skrivs till', '.')
    .option('--dry-run', 'visa vad som skulle skrivas, utan att skriva något (varken filer eller databas)')
    .addHelpText(
      'after',
      [
        '',
        'Varje ärende förkontrolleras (regler för kfm_escalate, ingen öppen betalningsplan, ett inkassokrav som nått',
        'gäldenären minst 8 dagar före). Ett ärende som inte klarar kontrollen skrivs aldrig: det listas med skälen.',
        'Varje fil registreras (kfm_files, kfm_submissions med manuell överföring) och ärendet går till fasen Kronofogden.',
        'Med --all-ready skrivs också ett manifest (kfm-manifest_<tid>.json) med filernas SHA-256.',
        'JSON: {files: [{case_id, path, sha256, total}], refused: [{case_id, reasons}]}.',
        'Slutkod 1 när ett ärende som angetts med --case vägras.',
        '',
        'Exempel:',
        '  $ fordran kfm generate --case 0193… --out ansokningar',
        '  $ fordran kfm generate --all-ready --as-of 2026-11-22 --out ansokningar --json',
        '  $ fordran kfm generate --all-ready --dry-run',
      ].join('\n'),
    )
    .action(async (options: GenerateOptions, command: Command) => {
      if ((options.case === undefined) === (options.allReady !== true)) command.error('Ange antingen --case <id> eller --all-ready', { exitCode: 2 });
      const out = resolve(options.out);
      const { result, generatedAt } = await inOrganisation(options, async (ctx) => ({
        result: await generateKfmFiles(ctx, {
          case_ids: options.case === undefined ? null : [options.case],
          dry_run: options.dryRun === true,
          ...(options.asOf ? { as_of: options.asOf } : {}),
        }),
        generatedAt: ctx.app.clock.now(),
      }));
      const files = result.files.map(({ case_id, file }) => ({
        case_id,
        path: join(out, file.filename),
        sha256: file.sha256,
        total: oreToDecimal(file.totalOre),
      }));
      if (options.dryRun !== true && result.files.length > 0) {
        mkdirSync(out, { recursive: true });
        for (const { file } of result.files) writeFileSync(join(out, file.filename), file.xml, 'utf8');
      }
      if (options.dryRun !== true && options.allReady === true) {
        mkdirSync(out, { recursive: true });
        const manifest = {
          generated_at: generatedAt,
          files: files.map(({ path, ...rest }) => ({ ...rest, filename: path.slice(out.length + 1) })),
          refused: result.refused,
        };
        writeFileSync(join(out, manifestName(generatedAt)), `${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
      }
      if (options.case !== undefined && result.refused.length > 0) process.exitCode = EXIT_DOMAIN_ERROR;
      if (wantsJson(options)) return printJson({ files, refused: result.refused });
      printRecord({ filer: files.length, vägrade: result.refused.length, provkörning: options.dryRun === true ? 'ja' : 'nej' }, options);
      if (files.length > 0) printTable(files, { ärende: (f) => f.case_id, fil: (f) => f.path, belopp: (f) => f.total, sha256: (f) => f.sha256 });
      if (result.refused.length > 0) printTable(result.refused, { ärende: (r) => r.case_id, skäl: (r) => r.reasons.join('; ') });
    });
}

/** `fordran kfm precheck|generate|status` (issue 12, docs/kfm.md). */
export function createKfmCommand(): Command {
  const kfm = new Command('kfm').description('Kronofogden: förkontroll, ansökningsfiler och status för KFM-ärenden');
  withOrgOptions(kfm.command('precheck').description('Förkontroll av ett ärende före ansökan hos Kronofogden'))
    .requiredOption('--case <id>', 'ärendets id')
    .addHelpText(
      'after',
      '\nRegler för kfm_escalate, öppen betalningsplan och levererat inkassokrav. Godkänd (eller med varningar)\nskriver KFM_PRECHECK_PASSED på ärendet; blockerad skriver inget och ger slutkod 1.\nJSON: {case_id, status, can_proceed, message, blocking, warnings, claim_findings, demand_delivered_on}.\n\nExempel:\n  $ fordran kfm precheck --case 0193… --json',
    )
    .action(async (options: OrgOptions & { case: string }) => {
      const result = await inOrganisation(options, (ctx) => precheckKfmEscalation(ctx, options.case));
      if (!result.can_proceed) process.exitCode = EXIT_DOMAIN_ERROR;
      if (wantsJson(options)) return printJson(result);
      printRecord(
        { ärende: result.case_id, status: result.status, meddelande: result.message ?? 'Godkänd', inkassokrav_levererat: result.demand_delivered_on ?? '–' },
        options,
      );
      const findings = [
        ...result.blocking.map((violation) => ({ nivå: 'blockerar', skäl: violation.message })),
        ...result.claim_findings.map((finding) => ({ nivå: 'blockerar', skäl: finding.message })),
        ...result.warnings.map((violation) => ({ nivå: 'varning', skäl: violation.message })),
      ];
      if (findings.length > 0) printTable(findings, { nivå: (f) => f.nivå, skäl: (f) => f.skäl });
    });
  kfm.addCommand(generateCommand());
  withOrgOptions(kfm.command('status').description('Registrerar Kronofogdens besked för ärendets senaste KFM-ärende'))
    .requiredOption('--case <id>', 'ärendets id')
    .addOption(new Option('--to <status>', 'ny status').choices(KFM_CASE_STATUSES).makeOptionMandatory())
    .option('--kfm-case-no <n>', 'Kronofogdens målnummer (krävs för acknowledged)')
    .addHelpText(
      'after',
      '\nStatusmaskinen i docs/state-machines.md (kfm_case_status) avgör vilka övergångar som är tillåtna; en otillåten\nger slutkod 1 och ett meddelande på svenska. decided (utslag) bokför beslutade kostnader och flaggar verkställighet.\n\nExempel:\n  $ fordran kfm status --case 0193… --to acknowledged --kfm-case-no 14-141638-12\n  $ fordran kfm status --case 0193… --to decided --json',
    )
    .action(async (options: OrgOptions & { case: string; to: (typeof KFM_CASE_STATUSES)[number]; kfmCaseNo?: string }) => {
      const result = await inOrganisation(options, (ctx) =>
        changeCaseKfmStatus(ctx, options.case, { to: options.to, ...(options.kfmCaseNo ? { kfm_case_no: options.kfmCaseNo } : {}) }),
      );
      if (wantsJson(options)) return printJson(result);
      printRecord(
        {
          'KFM-ärende': result.kfm_case.id,
          status: result.kfm_case.status_label,
          målnummer: result.kfm_case.kfm_case_no ?? '–',
          uppföljning: result.follow_ups.length > 0 ? result.follow_ups.join(', ') : '–',
        },
        options,
      );
    });
  return kfm;
}
