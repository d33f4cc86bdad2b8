import { DomainError, ERROR_MESSAGES, type DomainErrorCode, type Finding } from '../errors';
import {
  COMM_CHANNELS,
  COMM_CHANNELS_WITH_SUBJECT,
  COMM_TEMPLATE_CATEGORIES,
  COMM_TEMPLATE_DEFAULTS,
  COMM_TEMPLATE_LANGUAGE_MAX_LENGTH,
  type CommChannel,
  type CommTemplateCategory,
} from './comm-constants';
import { extractTemplateVariables, unknownTemplateVariableMessage, unknownTemplateVariables } from './template-variables';

/** A template as typed in the create dialog or the editor (part 2 §5); everything may be absent. */
export interface CommTemplateDraft {
  name?: string | null;
  code?: string | null;
  category?: string | null;
  channel?: string | null;
  language?: string | null;
  subject?: string | null;
  body_md?: string | null;
  version?: number | null;
  is_active?: boolean | null;
}

/** A template ready to store (comm_templates fields, part 2 §3). */
export interface CommTemplateFields {
  name: string;
  code: string;
  category: CommTemplateCategory;
  channel: CommChannel;
  language: string;
  subject: string | null;
  body_md: string;
  variables_json: string[];
  is_active: boolean;
  version: number;
}

/** Options of `validateCommTemplate`. */
export interface ValidateCommTemplateOptions {
  /**
   * Milliseconds since 1970 (core has no clock): when given and the draft has no code, the code
   * is generated as `CATEGORY_<timestamp>` (the simple create dialog, part 2 §9).
   */
  codeTimestamp?: number;
}

/** The outcome: findings, and the normalised template when there are none. */
export interface CommTemplateValidation {
  findings: Finding[];
  template: CommTemplateFields | null;
}

const NAME_MAX_LENGTH = 200;
const CODE_MAX_LENGTH = 100;
const SUBJECT_MAX_LENGTH = 300;

/**
 * A template code from its category and a timestamp: the upper-cased category, "_", the
 * timestamp (part 2 §9). Throws VALIDATION_FAILED for a timestamp that is not a whole number >= 0.
 * @example generateCommTemplateCode('reminder', 1763806500000) // "REMINDER_1763806500000"
 */
export function generateCommTemplateCode(category: CommTemplateCategory, timestamp: number): string {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new DomainError('VALIDATION_FAILED', undefined, { timestamp });
  return `${category.toUpperCase()}_${timestamp}`;
}

function blankToNull(value: string | null | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Checks a template (part 2 §5) and returns every finding: name required and code required
 * unless it can be generated ('Namn och kod måste fyllas i.'), body required, category and
 * channel from the lists of part 2 §9, language at most 2 characters, version an integer >= 1,
 * and no unknown `{{variables}}` in body or subject. Normalises: code upper-cased, defaults
 * (custom, email, sv, version 1, active), subject kept only for e-mail and letter, variables_json
 * = the body's distinct variables.
 * @example validateCommTemplate({ name: 'Påminnelse 1', body_md: 'Hej {{debtor_name}}', category: 'reminder' }, { codeTimestamp: 1763806500000 }).template?.code // "REMINDER_1763806500000"
 */
export function validateCommTemplate(draft: CommTemplateDraft, options: ValidateCommTemplateOptions = {}): CommTemplateValidation {
  const findings: Finding[] = [];
  const add = (code: DomainErrorCode, path: string, message: string = ERROR_MESSAGES[code]) => findings.push({ code, path, message });

  const name = blankToNull(draft.name);
  if (name === null) add('TEMPLATE_FIELDS_MISSING', 'name');
  else if (name.length > NAME_MAX_LENGTH) add('VALIDATION_FAILED', 'name', `Namnet får ha högst ${NAME_MAX_LENGTH} tecken`);

  const categoryText = draft.category ?? COMM_TEMPLATE_DEFAULTS.category;
  const category = (COMM_TEMPLATE_CATEGORIES as readonly string[]).includes(categoryText) ? (categoryText as CommTemplateCategory) : null;
  if (category === null) add('VALIDATION_FAILED', 'category', 'Okänd mallkategori');

  const channelText = draft.channel ?? COMM_TEMPLATE_DEFAULTS.channel;
  const channel = (COMM_CHANNELS as readonly string[]).includes(channelText) ? (channelText as CommChannel) : null;
  if (channel === null) add('VALIDATION_FAILED', 'channel', 'Okänd kanal');

  let code = blankToNull(draft.code)?.toUpperCase() ?? null;
  if (code === null && options.codeTimestamp !== undefined && category !== null) {
    code = generateCommTemplateCode(category, options.codeTimestamp);
  }
  if (code === null) {
    if (category !== null || options.codeTimestamp === undefined) add('TEMPLATE_FIELDS_MISSING', 'code');
  } else if (code.length > CODE_MAX_LENGTH) {
    add('VALIDATION_FAILED', 'code', `Koden får ha högst ${CODE_MAX_LENGTH} tecken`);
  }

  const language = blankToNull(draft.language) ?? COMM_TEMPLATE_DEFAULTS.language;
  if (language.length > COMM_TEMPLATE_LANGUAGE_MAX_LENGTH) add('VALIDATION_FAILED', 'language', 'Språkkoden får ha högst 2 tecken');

  const version = draft.version ?? COMM_TEMPLATE_DEFAULTS.version;
  if (!Number.isSafeInteger(version) || version < 1) add('VALIDATION_FAILED', 'version', 'Versionen måste vara ett heltal, minst 1');

  const body = typeof draft.body_md === 'string' && draft.body_md.trim() !== '' ? draft.body_md : null;
  if (body === null) add('REQUIRED_FIELDS_MISSING', 'body_md');
  else {
    const unknown = unknownTemplateVariables(body);
    if (unknown.length > 0) add('UNKNOWN_TEMPLATE_VARIABLE', 'body_md', unknownTemplateVariableMessage(unknown));
  }

  // The subject belongs to e-mail and letter only; for sms and kivra it is dropped, not refused.
  const subject = channel !== null && COMM_CHANNELS_WITH_SUBJECT.includes(channel) ? blankToNull(draft.subject) : null;
  if (subject !== null) {
    if (subject.length > SUBJECT_MAX_LENGTH) add('VALIDATION_FAILED', 'subject', `Ämnesraden får ha högst ${SUBJECT_MAX_LENGTH} tecken`);
    const unknown = unknownTemplateVariables(subject);
    if (unknown.length > 0) add('UNKNOWN_TEMPLATE_VARIABLE', 'subject', unknownTemplateVariableMessage(unknown));
  }

  if (findings.length > 0 || name === null || code === null || category === null || channel === null || body === null) {
    return { findings, template: null };
  }
  return {
    findings,
    template: {
      name,
      code,
      category,
      channel,
      language,
      subject,
      body_md: body,
      variables_json: extractTemplateVariables(body),
      is_active: draft.is_active ?? true,
      version,
    },
  };
}
