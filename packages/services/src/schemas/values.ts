import { ERROR_MESSAGES, isIsoDate, readAmount, startOfHalfYear, type IsoDate, type Ore } from '@fordran/core';
import { z } from './zod-setup';

/*
 * The domain's values as the edge reads them: ids, calendar days, instants and amounts typed by a
 * person, with the spec's Swedish messages. Amounts are read by core's `readAmount` (string
 * arithmetic, docs/input-formats.md) to integer öre.
 */

/** Error option for a required scalar: missing → the spec's message, wrong type → `invalidMessage`. */
function requiredError(invalidMessage: string) {
  return {
    error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? ERROR_MESSAGES.REQUIRED_FIELDS_MISSING : invalidMessage),
  };
}

/**
 * Row ids: uuid text. Any 8-4-4-4-12 hex form is accepted (not only RFC 9562 versions) so
 * hand-written fixture ids such as 11111111-1111-1111-1111-111111111111 work too.
 */
export const uuidSchema = z.guid({ ...requiredError(ERROR_MESSAGES.INVALID_ID) });

/** A calendar date `YYYY-MM-DD` that exists (2023-02-29 is refused). */
export const isoDateSchema = z
  .string(requiredError(ERROR_MESSAGES.INVALID_DATE))
  .refine((value): value is IsoDate => isIsoDate(value), { error: ERROR_MESSAGES.INVALID_DATE });

/** The first day of a half-year (YYYY-01-01 or YYYY-07-01): when a Riksbank reference rate applies (räntelagen 9 §). */
export const halfYearStartSchema = isoDateSchema.refine((date) => startOfHalfYear(date) === date, {
  error: 'Referensräntan gäller från 1 januari eller 1 juli',
});

/** An instant as ISO-8601 text with a zone (`Z` or an offset), e.g. a job's run_at. */
export const isoInstantSchema = z.iso.datetime({ offset: true, error: ERROR_MESSAGES.INVALID_DATE });

function readAmountInput(value: string | number, context: z.RefinementCtx): Ore {
  const reading = readAmount(value, { allowNegative: true });
  if (reading.ok) return reading.ore;
  context.addIssue({ code: 'custom', message: reading.message, input: value });
  return z.NEVER;
}

const amountText = z.union([z.number(), z.string().trim().min(1, ERROR_MESSAGES.REQUIRED_FIELDS_MISSING)], requiredError(ERROR_MESSAGES.INVALID_AMOUNT));

/**
 * An amount above zero entered by a person or sent in JSON: a number or a string with at most two
 * decimals ("7950", "7 950,50", "7950.5"), read to öre. Messages: missing 'Alla obligatoriska
 * fält måste fyllas i', three decimals 'Beloppet får ha högst två decimaler', "1.234" 'Otydligt
 * belopp: …', 0 and negatives 'Belopp måste vara större än 0' (part 1 §5), else 'Ogiltigt belopp'.
 * @example positiveOreAmountInput.parse('7 950,50') // 795050
 */
export const positiveOreAmountInput = amountText.transform(readAmountInput).refine((value) => value > 0, { error: ERROR_MESSAGES.AMOUNT_NOT_POSITIVE });

/**
 * One of a fixed list of values: missing → the spec's required message, anything else outside the
 * list → 'Ogiltigt val'.
 */
export function enumSchema<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === '' ? ERROR_MESSAGES.REQUIRED_FIELDS_MISSING : ERROR_MESSAGES.INVALID_OPTION,
  });
}

/** Required text: trimmed, not empty ('Alla obligatoriska fält måste fyllas i'). */
export function requiredTextSchema(maxLength: number) {
  return z
    .string({ error: ERROR_MESSAGES.REQUIRED_FIELDS_MISSING })
    .trim()
    .min(1, ERROR_MESSAGES.REQUIRED_FIELDS_MISSING)
    .max(maxLength, ERROR_MESSAGES.TEXT_TOO_LONG);
}
