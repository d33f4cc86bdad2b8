import { z } from 'zod';
import { isIsoDate, type IsoDate } from '../dates';
import { ERROR_MESSAGES } from '../errors';
import { isOre, readAmount, type Ore } from '../money';

/*
 * Shared zod pieces for the entity schemas. Conventions (architecture.md):
 * - field names are the spec's, snake_case;
 * - money columns hold integer öre (`Ore`) whatever the spec calls them, including the spec's
 *   `*_sek` names (application_fee_sek, court_fee_sek): 1 kr = 100 öre;
 * - calendar dates are `YYYY-MM-DD`, instants ISO-8601 text;
 * - a row schema describes a stored row (nullable where the value may be absent); an input
 *   schema validates what a person or client sends, with the spec's Swedish messages.
 */

/** The spec's message for a missing required field (part 1 §5). */
export const REQUIRED_FIELD_MESSAGE = ERROR_MESSAGES.REQUIRED_FIELDS_MISSING;

/** Error option for a required scalar: missing → the spec's message, wrong type → `invalidMessage`. */
function requiredError(invalidMessage: string) {
  return { error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? REQUIRED_FIELD_MESSAGE : invalidMessage) };
}

/**
 * Row ids: uuid text. Any 8-4-4-4-12 hex form is accepted (not only RFC 9562 versions) so
 * hand-written fixture ids such as 11111111-1111-1111-1111-111111111111 work too.
 * @example uuidSchema.parse('0b8f4c2e-5d1a-4c3e-9f7a-2b6d8e1c4a90')
 */
export const uuidSchema = z.guid({ ...requiredError(ERROR_MESSAGES.INVALID_ID) });

/**
 * A calendar date `YYYY-MM-DD` that exists (2023-02-29 is refused).
 * @example isoDateSchema.parse('2026-11-22')
 */
export const isoDateSchema = z
  .string(requiredError(ERROR_MESSAGES.INVALID_DATE))
  .refine((value): value is IsoDate => isIsoDate(value), { error: ERROR_MESSAGES.INVALID_DATE });

/**
 * An instant as ISO-8601 text with a zone (`Z` or an offset), e.g. created_at.
 * @example isoInstantSchema.parse('2026-11-22T09:30:00.000Z')
 */
export const isoInstantSchema = z.iso.datetime({ offset: true, error: ERROR_MESSAGES.INVALID_DATE });

/**
 * A stored money amount: integer öre within the accepted range, any sign (totals may go below
 * zero when a debtor paid too much).
 * @example oreSchema.parse(795000) // 7 950,00 kr
 */
export const oreSchema = z.custom<Ore>((value) => isOre(value), { error: ERROR_MESSAGES.INVALID_AMOUNT });

/**
 * A stored money amount that cannot be negative (principal, fees, payments), in öre.
 * @example nonNegativeOreSchema.parse(18000)
 */
export const nonNegativeOreSchema = oreSchema.refine((value) => value >= 0, { error: ERROR_MESSAGES.NEGATIVE_AMOUNT });

function readAmountInput(value: string | number, context: z.RefinementCtx): Ore {
  const reading = readAmount(value, { allowNegative: true });
  if (reading.ok) return reading.ore;
  context.addIssue({ code: 'custom', message: reading.message, input: value });
  return z.NEVER;
}

const amountText = z.union([z.number(), z.string().trim().min(1, REQUIRED_FIELD_MESSAGE)], requiredError(ERROR_MESSAGES.INVALID_AMOUNT));

/**
 * An amount entered by a person or sent in JSON: a number or a string with at most two
 * decimals ("7950", "7 950,50", "7950.5", "7950.00"), read by string arithmetic (`readAmount`,
 * docs/input-formats.md) to öre, >= 0. Messages: missing 'Alla obligatoriska fält måste fyllas i',
 * three decimals 'Beloppet får ha högst två decimaler', "1.234" and other text that could mean two
 * amounts 'Otydligt belopp: …', negative 'Beloppet får inte vara negativt', anything else
 * 'Ogiltigt belopp'.
 * @example oreAmountInput.parse('7 950,50') // 795050
 */
export const oreAmountInput = amountText.transform(readAmountInput).refine((value) => value >= 0, { error: ERROR_MESSAGES.NEGATIVE_AMOUNT });

/**
 * Like `oreAmountInput` but the amount must be above zero: 0 and negatives give the spec's
 * 'Belopp måste vara större än 0' (part 1 §5).
 * @example positiveOreAmountInput.parse(0.01) // 1
 */
export const positiveOreAmountInput = amountText.transform(readAmountInput).refine((value) => value > 0, { error: ERROR_MESSAGES.AMOUNT_NOT_POSITIVE });

/**
 * One of a fixed list of values (statuses, types, …): missing → the spec's required message,
 * anything else outside the list → 'Ogiltigt val'.
 * @example enumSchema(['person', 'company']).parse('person')
 */
export function enumSchema<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? REQUIRED_FIELD_MESSAGE : ERROR_MESSAGES.INVALID_OPTION),
  });
}

/**
 * Required text: trimmed, not empty ('Alla obligatoriska fält måste fyllas i' by default).
 * @example requiredTextSchema().parse('  Acme AB ') // 'Acme AB'
 */
export function requiredTextSchema(message: string = REQUIRED_FIELD_MESSAGE, maxLength = 500) {
  return z.string({ error: message }).trim().min(1, message).max(maxLength, ERROR_MESSAGES.TEXT_TOO_LONG);
}

/**
 * Optional text input: trimmed; empty, missing or null all become null.
 * @example optionalTextSchema().parse('  ') // null
 */
export function optionalTextSchema(maxLength = 2000) {
  return z
    .string()
    .trim()
    .max(maxLength, ERROR_MESSAGES.TEXT_TOO_LONG)
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * An e-mail address (input); empty, missing or null become null.
 * @example optionalEmailSchema.parse('info@acme.se')
 */
export const optionalEmailSchema = z
  .union([z.literal(''), z.email({ error: ERROR_MESSAGES.INVALID_EMAIL })])
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * A JSON object column (payload_json, meta_json, …): any keys, values unknown.
 * @example jsonObjectSchema.parse({ code: 'LATE_FEE_450' })
 */
export const jsonObjectSchema = z.record(z.string(), z.unknown());

/**
 * Basis points (1 % = 100 bp), an integer: how rates are stored so no float enters the maths.
 * @example basisPointsSchema.parse(800) // 8 %
 */
export const basisPointsSchema = z
  .int({ error: ERROR_MESSAGES.INVALID_RATE })
  .min(-10_000, ERROR_MESSAGES.INVALID_RATE)
  .max(100_000, ERROR_MESSAGES.INVALID_RATE);

const PERCENT_TEXT = /^-?\d{1,3}(?:[.,]\d{1,4})?$/;

/**
 * A percentage per year as exact decimal text with a dot (e.g. "8.5"), for big.js. Accepts a
 * number or a string with at most 4 decimals and a dot or comma; never stored as a float.
 * @example ratePercentSchema.parse(8.5) // "8.5"
 */
export const ratePercentSchema = z
  .union([z.number(), z.string().trim()], { error: ERROR_MESSAGES.INVALID_RATE })
  .transform((value) => String(value).replace(',', '.'))
  .refine((value) => PERCENT_TEXT.test(value), { error: ERROR_MESSAGES.INVALID_RATE });

/**
 * A non-negative whole number (counts, attempts, versions).
 * @example countSchema.parse(3)
 */
export const countSchema = z.int().min(0);
