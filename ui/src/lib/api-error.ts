// The error of every failed API call (api-client.ts), apart from the client so that pure code
// (form-errors.ts) can read it without the session store.

/**
 * A failed call: HTTP status (0 when the server could not be reached), the API's code, message
 * and details (e.g. `{ issues: [{ path, message }] }` or `{ field }`: where a form shows it).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}
