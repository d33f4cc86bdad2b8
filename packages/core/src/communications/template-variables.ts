import { isIsoDate, type IsoDate } from '../dates';
import { DomainError } from '../errors';
import { formatOre, isOre, type Ore } from '../money';

/**
 * What kind of value a template variable takes, which decides how it is written. A block is
 * ready text of several lines (one per interest period or fee), inserted on a line of its own.
 */
export type CommTemplateVariableKind = 'text' | 'amount' | 'date' | 'block';

/**
 * The variables a template may use as `{{name}}` (spec part 1 §9: debtor name, national id or
 * org number, creditor name, case reference, amount, principal, interest, fees, due date, today;
 * plus what an inkassokrav must state, inkassolagen 5 § and god inkassosed (domain reference
 * §4.6): the agent, what the claim concerns, interest per period with rate and capital, each
 * fee, what was paid, the payment deadline, and bankgiro, OCR and message reference to pay with).
 */
export const COMM_TEMPLATE_VARIABLES = {
  debtor_name: { kind: 'text', label: 'Gäldenärens namn' },
  debtor_national_id: { kind: 'text', label: 'Personnummer eller organisationsnummer' },
  creditor_name: { kind: 'text', label: 'Borgenärens namn' },
  agent_name: { kind: 'text', label: 'Inkassoombud (byråns namn)' },
  case_reference: { kind: 'text', label: 'Ärendereferens' },
  claim_description: { kind: 'text', label: 'Vad fordran avser' },
  amount: { kind: 'amount', label: 'Att betala (totalt utestående)' },
  principal: { kind: 'amount', label: 'Kapital' },
  interest: { kind: 'amount', label: 'Ränta' },
  interest_specification: { kind: 'block', label: 'Ränta per period (räntesats, period, kapital)' },
  fees: { kind: 'amount', label: 'Avgifter' },
  fee_specification: { kind: 'block', label: 'Avgifter, var för sig' },
  paid: { kind: 'amount', label: 'Inbetalt' },
  due_date: { kind: 'date', label: 'Förfallodatum' },
  payment_deadline: { kind: 'date', label: 'Sista dag att betala eller invända' },
  today: { kind: 'date', label: 'Dagens datum' },
  message_reference: { kind: 'text', label: 'Meddelandereferens' },
  ocr: { kind: 'text', label: 'OCR-nummer' },
  bankgiro: { kind: 'text', label: 'Bankgironummer' },
} as const satisfies Record<string, { kind: CommTemplateVariableKind; label: string }>;

export type CommTemplateVariableName = keyof typeof COMM_TEMPLATE_VARIABLES;

/** Every variable name, in the order of the list above (the editor's insert menu). */
export const COMM_TEMPLATE_VARIABLE_NAMES = Object.keys(COMM_TEMPLATE_VARIABLES) as CommTemplateVariableName[];

type ValueOfKind<K extends CommTemplateVariableKind> = K extends 'amount' ? Ore : K extends 'date' ? IsoDate : string;

/** Values for rendering: amounts in öre, dates as ISO dates, the rest as text; null = missing. */
export type CommTemplateValues = {
  [Name in CommTemplateVariableName]?: ValueOfKind<(typeof COMM_TEMPLATE_VARIABLES)[Name]['kind']> | null;
};

// `{{ name }}`: whitespace inside the braces is tolerated; a name has no braces and is not blank.
const PLACEHOLDER = /\{\{\s*([^{}\s][^{}]*?)\s*\}\}/g;

/**
 * Whether a name is one of the template variables.
 * @example isCommTemplateVariable('debtor_name') // true
 */
export function isCommTemplateVariable(name: string): name is CommTemplateVariableName {
  return Object.hasOwn(COMM_TEMPLATE_VARIABLES, name);
}

/**
 * The distinct variable names used as `{{name}}` in a text, in order of first appearance (the
 * template's variables_json, part 2 §5). Unknown names are included; see
 * `unknownTemplateVariables`.
 * @example extractTemplateVariables('Hej {{debtor_name}}, betala {{ amount }} senast {{due_date}}. /{{debtor_name}}') // ['debtor_name', 'amount', 'due_date']
 */
export function extractTemplateVariables(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * The names used in a text that are not template variables, distinct, in order of appearance.
 * @example unknownTemplateVariables('{{debtor_name}} {{namn}}') // ['namn']
 */
export function unknownTemplateVariables(text: string): string[] {
  return extractTemplateVariables(text).filter((name) => !isCommTemplateVariable(name));
}

/**
 * The Swedish message naming every unknown variable.
 * @example unknownTemplateVariableMessage(['namn', 'belopp']) // "Okänd variabel i mallen: namn, belopp"
 */
export function unknownTemplateVariableMessage(names: readonly string[]): string {
  return `Okänd variabel i mallen: ${names.join(', ')}`;
}

function formatValue(name: CommTemplateVariableName, value: unknown): string {
  const kind: CommTemplateVariableKind = COMM_TEMPLATE_VARIABLES[name].kind;
  if (kind === 'amount') {
    if (!isOre(value)) throw new DomainError('INVALID_AMOUNT', undefined, { variable: name, value });
    return formatOre(value);
  }
  if (kind === 'date') {
    // sv-SE writes dates as YYYY-MM-DD, so an ISO date is already the Swedish form.
    if (!isIsoDate(value)) throw new DomainError('INVALID_DATE', undefined, { variable: name, value });
    return value;
  }
  // Text and blocks are inserted as given.
  if (typeof value !== 'string') throw new DomainError('VALIDATION_FAILED', undefined, { variable: name, value });
  return value;
}

/** Options of `renderTemplate`. */
export interface RenderTemplateOptions {
  /**
   * A known variable without a value: 'error' (default) throws TEMPLATE_VALUE_MISSING naming
   * them all, because a demand must not go out with a blank amount; 'keep' leaves `{{name}}`
   * in place (a preview of a template before a case is chosen).
   */
  missing?: 'error' | 'keep';
}

/**
 * Fills `{{variable}}` placeholders: amounts (öre) in sv-SE form ("7 950,00 kr" with no-break
 * spaces), dates as YYYY-MM-DD (the sv-SE form), text as given. Values are inserted once and
 * never scanned again, so a value containing braces stays literal. Throws
 * UNKNOWN_TEMPLATE_VARIABLE listing every unknown name, TEMPLATE_VALUE_MISSING listing every
 * variable without a value, INVALID_AMOUNT / INVALID_DATE for a value of the wrong kind.
 * @example renderTemplate('Att betala: {{ amount }}', { amount: ore(795000) }) // "Att betala: 7 950,00 kr"
 */
export function renderTemplate(text: string, values: CommTemplateValues, options: RenderTemplateOptions = {}): string {
  const names = extractTemplateVariables(text);
  const unknown = names.filter((name) => !isCommTemplateVariable(name));
  if (unknown.length > 0) {
    throw new DomainError('UNKNOWN_TEMPLATE_VARIABLE', unknownTemplateVariableMessage(unknown), { unknown });
  }
  const known = names as CommTemplateVariableName[];
  const missing = known.filter((name) => values[name] === undefined || values[name] === null);
  if (missing.length > 0 && options.missing !== 'keep') {
    throw new DomainError('TEMPLATE_VALUE_MISSING', `Värde saknas för variabel i mallen: ${missing.join(', ')}`, { missing });
  }
  const rendered = new Map<string, string>();
  for (const name of known) {
    if (!missing.includes(name)) rendered.set(name, formatValue(name, values[name]));
  }
  return text.replace(PLACEHOLDER, (placeholder: string, name: string) => rendered.get(name) ?? placeholder);
}
