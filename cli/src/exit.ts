import { isDomainError } from '@fordran/core';

/**
 * Exit codes: 1 = bad input or a refused action (a DomainError), 2 = usage, 3 = a check found a
 * difference (`db copy`), 70 = internal error.
 */
export const EXIT_DOMAIN_ERROR = 1;
export const EXIT_CHECK_FAILED = 3;
export const EXIT_INTERNAL_ERROR = 70;

/**
 * The one place a failure becomes a message and an exit code. Domain errors print their code and
 * Swedish message (and, with --json, the same `{error:{code,message}}` shape as the API).
 */
export function reportError(error: unknown, json: boolean): number {
  if (isDomainError(error)) {
    const body = { error: { code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) } };
    if (json) process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
    process.stderr.write(`Fel (${error.code}): ${error.message}\n`);
    return EXIT_DOMAIN_ERROR;
  }
  process.stderr.write(`Internt fel: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return EXIT_INTERNAL_ERROR;
}
