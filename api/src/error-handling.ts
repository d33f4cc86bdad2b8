import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ERROR_MESSAGES, isDomainError, type DomainErrorCode } from '@fordran/core';
import { isBusyError, validationIssues } from '@fordran/services';
import type { ZodError } from 'zod';
import { errorBody, statusOfDomainError } from './http-errors';

/** HTTP-level failures raised by Hono itself (bad JSON, body limits, media types). */
const CODE_BY_HTTP_STATUS: Record<number, DomainErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'REQUEST_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

const MALFORMED_BODY_MESSAGE = 'Begäran kunde inte läsas (ogiltig JSON eller formulärdata)';

/** A write met another process's lock for longer than the store waits for it (10 s). */
export const DATABASE_BUSY = { code: 'DATABASE_BUSY', message: 'Databasen är upptagen just nu, försök igen om en stund' } as const;

/**
 * The one error handler (style §9.4): DomainError → its status and `{error:{code,message}}`;
 * Hono's own HTTP errors → the matching code; a database locked for longer than the store waits →
 * 503 DATABASE_BUSY; anything else → 500 with a generic Swedish message and a log line,
 * never a stack trace in the response.
 */
export function createErrorHandler(log: (line: string) => void) {
  return (error: Error, c: Context): Response => {
    if (isDomainError(error)) {
      const status = statusOfDomainError(error);
      if (error.code === 'RATE_LIMITED') {
        const retry = (error.details as { retry_after_seconds?: number } | undefined)?.retry_after_seconds;
        if (retry) c.header('Retry-After', String(retry));
      }
      if (error.code === 'UNAUTHORIZED') c.header('WWW-Authenticate', 'Bearer');
      return c.json(errorBody(error.code, error.message, error.details), status);
    }
    if (error instanceof HTTPException) {
      const code = CODE_BY_HTTP_STATUS[error.status];
      if (code) {
        const message = code === 'VALIDATION_FAILED' ? MALFORMED_BODY_MESSAGE : ERROR_MESSAGES[code];
        return c.json(errorBody(code, message), error.status as 400);
      }
    }
    if (isBusyError(error)) {
      c.header('Retry-After', '1');
      return c.json(errorBody(DATABASE_BUSY.code, DATABASE_BUSY.message), 503);
    }
    log(`[fordran] ${c.req.method} ${new URL(c.req.url).pathname} failed: ${error.stack ?? String(error)}`);
    return c.json(errorBody('INTERNAL_ERROR', ERROR_MESSAGES.INTERNAL_ERROR), 500);
  };
}

/** zod-openapi's validation hook: 400 VALIDATION_FAILED with the first issue's message. */
export function validationHook(result: { success: true } | { success: false; error: ZodError }, c: Context): Response | undefined {
  if (result.success) return undefined;
  const issues = validationIssues(result.error);
  return c.json(errorBody('VALIDATION_FAILED', issues[0]?.message ?? ERROR_MESSAGES.VALIDATION_FAILED, { issues }), 400);
}
