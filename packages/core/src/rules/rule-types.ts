import Big from 'big.js';
import { z } from 'zod';
import { daysBetween } from '../dates';
import { DomainError, type Finding } from '../errors';
import { findFeeExclusivityClash, findFeeSetExclusivityClash, LATE_FEE_CODE } from '../fees';
import { formatOre } from '../money';
import { assessPrescription, PRESCRIPTION_INTERRUPTION_KIND_LABELS } from '../prescription';
import type { RuleFacts, RuleSeverity } from './rule-model';

/** What a rule type reports when its condition holds; level defaults to the rule's severity. */
export interface RuleConditionOutcome {
  message: string;
  /** A milder level than the rule's severity (e.g. prescription approaching: warning). */
  level?: RuleSeverity;
}

/** A condition_json checked against its type's parameter schema, ready to evaluate. */
export type CompiledRuleCondition = { ok: true; check: (action: string, facts: RuleFacts) => RuleConditionOutcome | null } | { ok: false; findings: Finding[] };

/** One entry of the rule type table: parameters, Swedish label and the evaluation. */
export interface RuleTypeDefinition {
  label: string;
  description: string;
  /** Swedish label of each parameter besides rule_type, for the rule editor (a test checks they match the schema). */
  parameters: Readonly<Record<string, string>>;
  /** The parameter schema (condition_json including rule_type), for the editor. */
  paramsSchema: z.ZodType;
  /** Validates condition_json; on success gives the check for it. */
  compile: (condition: unknown) => CompiledRuleCondition;
}

/** The flag a dispute raises; dispute_check looks for it unresolved (spec part 1 §5). */
export const DISPUTED_CASE_FLAG_CODE = 'DISPUTED_CASE';

const YEARS_MESSAGE = 'Antal år måste vara ett heltal mellan 1 och 100';
const yearsSchema = z.int({ error: YEARS_MESSAGE }).min(1, { error: YEARS_MESSAGE }).max(100, { error: YEARS_MESSAGE });

const PERCENT_TEXT = /^\d{1,4}(?:\.\d{1,4})?$/;
const PERCENT_MESSAGE = 'Ange en procentsats >= 0 med högst fyra decimaler, t.ex. 20 eller "20.00"';
/** A non-negative percent as a number or decimal text ("20", 20.5, "20,5"), kept as text for big.js. */
const percentSchema = z
  .union([z.number(), z.string().trim()], { error: PERCENT_MESSAGE })
  .transform((value) => String(value).replace(',', '.'))
  .refine((value) => PERCENT_TEXT.test(value), { error: PERCENT_MESSAGE });

function zodFindings(error: z.ZodError, prefix: string): Finding[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].join('.');
    const message = issue.code === 'unrecognized_keys' ? `Okänd parameter: ${issue.keys.join(', ')}` : issue.message;
    return { code: 'INVALID_RULE', message, path };
  });
}

function defineRuleType<S extends z.ZodType>(definition: {
  label: string;
  description: string;
  parameters: Readonly<Record<string, string>>;
  params: S;
  check: (params: z.output<S>, action: string, facts: RuleFacts) => RuleConditionOutcome | null;
}): RuleTypeDefinition {
  return {
    label: definition.label,
    description: definition.description,
    parameters: Object.freeze({ ...definition.parameters }),
    paramsSchema: definition.params,
    compile(condition) {
      const parsed = definition.params.safeParse(condition);
      if (!parsed.success) return { ok: false, findings: zodFindings(parsed.error, 'condition_json') };
      const params = parsed.data;
      return { ok: true, check: (action, facts) => definition.check(params, action, facts) };
    },
  };
}

/** Swedish percent for messages: decimal comma, at most two decimals, no trailing zeros. */
function percentText(value: Big): string {
  return value.round(2, Big.roundHalfUp).toString().replace('.', ',');
}

const RATE_FACT = /^-?\d+(?:\.\d+)?$/;

function rateFact(text: string): Big {
  if (!RATE_FACT.test(text)) throw new DomainError('INVALID_RATE', undefined, { interestRatePa: text });
  return new Big(text);
}

/**
 * The rule types, declared once: each with its parameter schema, Swedish label and evaluation
 * (spec part 1 §5 "Rule types evaluated"). A rule type not in this table is reported, never run.
 */
export const RULE_TYPES = Object.freeze({
  fee_450_exclusive: defineRuleType({
    label: 'Förseningsersättning 450 kr är exklusiv',
    description:
      'Förseningsersättningen (LATE_FEE_450) ersätter påminnelse-, inkasso- och amorteringsplansavgift: de läggs aldrig till ovanpå varandra (lag 1981:739 4 a §).',
    parameters: {},
    params: z.strictObject({ rule_type: z.literal('fee_450_exclusive') }),
    check(_params, action, facts) {
      // Adding a fee: the fees module's exclusivity, plus a second LATE_FEE_450 ("blocks if a
      // LATE_FEE_450 fee already exists"). Any action: fees already on the case that clash
      // (e.g. from an import) are reported too, so a KFM application never claims 450 + 180.
      const feeCode = action === 'add_fee' ? facts.feeCode : null;
      if (feeCode) {
        const clash = findFeeExclusivityClash(feeCode, facts.existingFeeCodes);
        if (clash) return { message: clash.message };
        if (feeCode === LATE_FEE_CODE && facts.existingFeeCodes.includes(LATE_FEE_CODE)) {
          return { message: 'Förseningsersättning (LATE_FEE_450) finns redan på ärendet' };
        }
      }
      const setClash = findFeeSetExclusivityClash(facts.existingFeeCodes);
      return setClash ? { message: setClash.message } : null;
    },
  }),

  prescription_check: defineRuleType({
    label: 'Preskriptionskontroll',
    description:
      'Fordran preskriberas years_b2c år (privatperson) eller years_b2b år (företag) efter dagen den uppkom, eller efter det senaste preskriptionsavbrottet medan tiden löpte; fordrans egna preskriptionstid går före (preskriptionslagen 2 och 5 §§). Tiden går ut vid slutet av sista dagen: den dagen en varning, dagen efter blockerande. Varning när högst warning_days (120) dagar återstår.',
    parameters: {
      years_b2c: 'År till preskription mot privatperson (heltal 1–100, normalt 3)',
      years_b2b: 'År till preskription mot företag (heltal 1–100, normalt 10)',
      warning_days: 'Dagar före preskription då en varning visas (heltal 0–3650, standard 120)',
    },
    params: z.strictObject({
      rule_type: z.literal('prescription_check'),
      years_b2c: yearsSchema,
      years_b2b: yearsSchema,
      warning_days: z
        .int({ error: 'Antal dagar måste vara ett heltal mellan 0 och 3650' })
        .min(0, { error: 'Antal dagar måste vara ett heltal mellan 0 och 3650' })
        .max(3650, { error: 'Antal dagar måste vara ett heltal mellan 0 och 3650' })
        .optional(),
    }),
    check(params, _action, facts) {
      if (!facts.aroseOn) return null;
      const assessed = assessPrescription({
        aroseOn: facts.aroseOn,
        debtorType: facts.debtorType,
        claimYears: facts.prescriptionYears ?? null,
        interruptions: facts.interruptions ?? [],
        today: facts.today,
        periods: params,
      });
      if (assessed.level === null) return null;
      const { setBy, years } = assessed;
      const since = setBy
        ? `preskriptionsavbrottet ${setBy.date} (${PRESCRIPTION_INTERRUPTION_KIND_LABELS[setBy.kind].toLowerCase()})`
        : `dagen fordran uppkom ${facts.aroseOn}`;
      if (assessed.level === 'block') {
        return { message: `Fordran är preskriberad sedan ${assessed.prescribedOn}: ${years} år från ${since} (preskriptionslagen 2 §)` };
      }
      const daysLeft = daysBetween(facts.today, assessed.prescribedOn);
      return { level: 'warning', message: `Fordran preskriberas ${assessed.prescribedOn} – ${daysLeft} dagar kvar (${years} år från ${since})` };
    },
  }),

  dispute_check: defineRuleType({
    label: 'Bestridd fordran',
    description:
      'Ärendet är pausat (on_hold) och har en olöst invändningsflagga (DISPUTED_CASE): inkassoåtgärder stoppas medan invändningen utreds (god inkassosed).',
    parameters: { flag_code: 'Flaggkod som markerar en invändning (standard DISPUTED_CASE)' },
    params: z.strictObject({
      rule_type: z.literal('dispute_check'),
      flag_code: z.string({ error: 'Flaggkoden måste vara text' }).trim().min(1, { error: 'Flaggkoden får inte vara tom' }).optional(),
    }),
    check(params, _action, facts) {
      const flagCode = params.flag_code ?? DISPUTED_CASE_FLAG_CODE;
      if (facts.caseStatus !== 'on_hold' || !facts.unresolvedFlags.some((flag) => flag.rule_code === flagCode)) return null;
      return { message: 'Ärendet är pausat på grund av en invändning som inte är utredd' };
    },
  }),

  interest_cap: defineRuleType({
    label: 'Räntetak',
    description:
      'Räntan får inte överstiga max_rate_pa procent. measure rate_pa (standard): räntesatsen per år; percent_of_principal: upplupen ränta i procent av kapitalet.',
    parameters: {
      max_rate_pa: 'Räntetak i procent, t.ex. 20 eller "20.00"',
      measure: 'Vad som jämförs: rate_pa (räntesats per år, standard) eller percent_of_principal (upplupen ränta i procent av kapitalet)',
    },
    params: z.strictObject({
      rule_type: z.literal('interest_cap'),
      max_rate_pa: percentSchema,
      measure: z.enum(['rate_pa', 'percent_of_principal'], { error: 'measure måste vara rate_pa eller percent_of_principal' }).optional(),
    }),
    check(params, _action, facts) {
      const max = new Big(params.max_rate_pa);
      if ((params.measure ?? 'rate_pa') === 'rate_pa') {
        if (facts.interestRatePa === null || facts.interestRatePa === undefined) return null;
        const rate = rateFact(facts.interestRatePa);
        if (!rate.gt(max)) return null;
        return { message: `Räntesatsen ${percentText(rate)} % per år överstiger räntetaket ${percentText(max)} % per år` };
      }
      const interestOre = facts.interestOre ?? null;
      if (interestOre === null || facts.principalOre <= 0) return null;
      // interest / principal × 100 > max, compared without dividing.
      if (!new Big(interestOre).times(100).gt(max.times(facts.principalOre))) return null;
      const share = new Big(interestOre).times(100).div(facts.principalOre);
      return {
        message: `Räntan ${formatOre(interestOre)} är ${percentText(share)} % av kapitalet och överstiger taket ${percentText(max)} %`,
      };
    },
  }),

  duplicate_fee: defineRuleType({
    label: 'Dubbla avgifter (ingen effekt)',
    description: 'Har ingen effekt: en avgift kan aldrig läggas till två gånger (avgiftskontrollen stoppar det alltid).',
    parameters: {},
    params: z.looseObject({ rule_type: z.literal('duplicate_fee') }),
    check: () => null,
  }),
} satisfies Record<string, RuleTypeDefinition>);

export type RuleType = keyof typeof RULE_TYPES;

/**
 * Whether `value` names a rule type in the table.
 * @example isRuleType('interest_cap') // true
 */
export function isRuleType(value: unknown): value is RuleType {
  return typeof value === 'string' && Object.hasOwn(RULE_TYPES, value);
}
