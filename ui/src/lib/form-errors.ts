// Where a form shows what is wrong: its own checks and the server's refusals, each under the
// field it concerns. The API names a refused field in `details.issues[].path` (zod, e.g.
// 'contact_json.email') or `details.field` (a check of the service, e.g. 'org_no').
import { ApiError } from './api-error';

/** A message per field; a field without a problem has none. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

interface ErrorDetails {
  field?: unknown;
  issues?: unknown;
}

/** The API's field paths of an error with the message of each (the first one per path). */
function refusedPaths(error: ApiError): [string, string][] {
  const details = (typeof error.details === 'object' && error.details !== null ? error.details : {}) as ErrorDetails;
  const paths: [string, string][] = [];
  if (typeof details.field === 'string') paths.push([details.field, error.message]);
  if (Array.isArray(details.issues)) {
    for (const issue of details.issues as { path?: unknown; message?: unknown }[]) {
      if (typeof issue.path === 'string' && typeof issue.message === 'string') paths.push([issue.path, issue.message]);
    }
  }
  return paths;
}

/**
 * The refusals of `error` under the form's fields: a path the form names differently is looked
 * up in `aliases` ('contact_json.email' → 'contact_email'), else used as it is when the form has
 * that field. Paths the form has no field for are left to the toast.
 * @example serverFieldErrors(new ApiError(400, 'INVALID_ORGANISATIONSNUMMER', 'Fel kontrollsiffra', { field: 'org_no' }), ['name', 'org_no'])
 * // { org_no: 'Fel kontrollsiffra' }
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[], aliases: Partial<Record<string, F>> = {}): FieldErrors<F> {
  if (!(error instanceof ApiError)) return {};
  const errors: FieldErrors<F> = {};
  for (const [path, message] of refusedPaths(error)) {
    const field = aliases[path] ?? (fields as readonly string[]).find((name) => name === path);
    if (field !== undefined && errors[field as F] === undefined) errors[field as F] = message;
  }
  return errors;
}

/** True when any field has a message. */
export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/** `errors` without the messages of `fields` (they were just changed). */
export function withoutErrors<F extends string>(errors: FieldErrors<F>, fields: readonly string[]): FieldErrors<F> {
  if (!fields.some((field) => errors[field as F] !== undefined)) return errors;
  const next = { ...errors };
  for (const field of fields) delete next[field as F];
  return next;
}
