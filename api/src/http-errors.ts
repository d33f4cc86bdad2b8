import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DomainError, DomainErrorCode } from '@fordran/core';

/**
 * The one table from domain error code to HTTP status. Codes not listed are bad input (400)
 * or a broken rule of the domain (422) — never a bare 500.
 */
const STATUS_BY_CODE: Partial<Record<DomainErrorCode, ContentfulStatusCode>> = {
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 400,
  INVALID_REFRESH_TOKEN: 401,
  MFA_REQUIRED: 403,
  INVALID_MFA_CODE: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  USER_EXISTS: 409,
  NO_DOUBLE_FEES: 409,
  REQUEST_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_FILE_TYPE: 415,
  RATE_LIMITED: 429,
  ACTION_BLOCKED: 422,
  KFM_BLOCKED: 422,
  PAYMENT_EXCEEDS_OUTSTANDING: 422,
  INVALID_TRANSITION: 422,
  NOT_YET_DUE: 422,
  REFERENCE_RATE_MISSING: 422,
  FEE_NOT_ALLOWED: 422,
  UNBALANCED_JOURNAL: 422,
  BANK_FILE_UNKNOWN_ACCOUNT: 422,
  RESOLUTION_NOT_ALLOWED: 422,
  TEMPLATE_VALUE_MISSING: 422,
  INTEREST_SPECIFICATION_MISMATCH: 422,
  NO_CONTACT_FOR_CHANNEL: 422,
  RECIPIENT_OPTED_OUT: 422,
  DUPLICATE_COMMUNICATION: 409,
  INVALID_COMMUNICATION_TRANSITION: 422,
  INVALID_UNSUBSCRIBE_LINK: 404,
  LOOKUP_FAILED: 502,
  INTERNAL_ERROR: 500,
  PORTAL_SESSION_MISSING: 401,
  PORTAL_SESSION_EXPIRED: 401,
  BANKID_START_FAILED: 502,
  BANKID_STATUS_FAILED: 502,
  BANKID_ALREADY_IN_PROGRESS: 409,
};

export function statusOfDomainError(error: DomainError): ContentfulStatusCode {
  return STATUS_BY_CODE[error.code] ?? 400;
}

/** Every status the table can produce (docs/api.md lists them; a test keeps both in step). */
export function statusTable(): Readonly<Partial<Record<DomainErrorCode, ContentfulStatusCode>>> {
  return STATUS_BY_CODE;
}

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}
