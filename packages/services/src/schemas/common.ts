import { z } from './zod-setup';
import { isoDateSchema } from './values';

/** An e-mail address: trimmed, lower-cased (addresses are unique case-insensitively). */
export const emailSchema = z
  .string({ error: 'E-post krävs' })
  .trim()
  .toLowerCase()
  .min(1, 'E-post krävs')
  .max(254, 'E-postadressen är för lång')
  .pipe(z.email({ error: 'Ogiltig e-postadress' }));

/** A required person's name (sign-up, profile dialog: 'Namn krävs'). */
export const fullNameSchema = z.string({ error: 'Namn krävs' }).trim().min(1, 'Namn krävs').max(200, 'Namnet får vara högst 200 tecken');

/** An id in a path or body (uuids in practice; kept loose so a bad id is a 404, not a 400). */
export const idSchema = z.string({ error: 'Ogiltigt id' }).min(1, 'Ogiltigt id').max(100, 'Ogiltigt id');

/** An opaque token (refresh, invitation). */
export const tokenSchema = z.string({ error: 'Token saknas' }).min(1, 'Token saknas').max(200, 'Ogiltig token');

/** `?limit=` for lists: 1–200, default 50. */
export const limitQuerySchema = z.object({
  limit: z.coerce.number({ error: 'Ogiltig gräns' }).int('Ogiltig gräns').min(1, 'Ogiltig gräns').max(200, 'Högst 200 rader per anrop').default(50),
});

/** `?cursor=`: where the previous page of a keyset-paged list ended (that page's `next_cursor`). */
export const cursorQuerySchema = z.string().min(1, 'Ogiltig sidmarkör').max(500, 'Ogiltig sidmarkör').optional();

/** `?from=&to=` of a list: Swedish calendar days (YYYY-MM-DD), both inclusive; either may be left out. */
export const dayRangeQueryShape = {
  from: isoDateSchema.optional().meta({ description: 'Från och med dag (ÅÅÅÅ-MM-DD)' }),
  to: isoDateSchema.optional().meta({ description: 'Till och med dag (ÅÅÅÅ-MM-DD)' }),
};

/** The refinement of a `dayRangeQueryShape` query (`.refine(...dayRangeInOrder)`): the range is not backwards. */
export const dayRangeInOrder: [(range: { from?: string | undefined; to?: string | undefined }) => boolean, { error: string; path: PropertyKey[] }] = [
  (range) => !range.from || !range.to || range.from <= range.to,
  { error: 'Från-datum får inte vara efter till-datum', path: ['to'] },
];

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

/**
 * A configuration code (rule, fee, interest profile): trimmed and upper-cased, then A–Z, 0–9 and
 * underscores, starting with a letter (LATE_FEE_450, DROJSMALSRANTA). Codes are what cases,
 * flags and letters refer to, so they are kept plain.
 */
export const configCodeSchema = z
  .string({ error: 'Kod krävs' })
  .trim()
  .min(1, 'Kod krävs')
  .max(50, 'Koden får vara högst 50 tecken')
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'Koden får bara innehålla bokstäverna A–Z, siffror och understreck och börja med en bokstav'));

/** Optional free text: trimmed; empty, missing or null become null. */
export function nullableTextSchema(max: number, message: string) {
  return z
    .string({ error: 'Ogiltig text' })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** The shortest reason a risky action accepts: 'ok' or 'x' says nothing to whoever reads the log. */
export const ACTION_REASON_MIN_LENGTH = 3;

/**
 * Why a risky action was taken (closing a case, resolving a blocking flag, switching off a rule,
 * deactivating a creditor or debtor), as typed in the confirmation: kept in the audit row and,
 * for a case, in its timeline. `missing` is the action's own 'Ange varför …'.
 */
export function actionReasonSchema(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .min(ACTION_REASON_MIN_LENGTH, `Anledningen måste vara minst ${ACTION_REASON_MIN_LENGTH} tecken`)
    .max(500, 'Anledningen får vara högst 500 tecken');
}
