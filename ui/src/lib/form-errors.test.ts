import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { hasErrors, serverFieldErrors, withoutErrors } from './form-errors';

const FIELDS = ['name', 'org_no', 'contact_email'] as const;

describe('server field errors', () => {
  it('puts a refusal that names its field (details.field) under that field', () => {
    const error = new ApiError(400, 'INVALID_ORGANISATIONSNUMMER', 'Felaktig kontrollsiffra', { input: '556036-0794', field: 'org_no' });
    expect(serverFieldErrors(error, FIELDS)).toEqual({ org_no: 'Felaktig kontrollsiffra' });
  });

  it("puts zod's issues under their fields, a path the form names otherwise through its alias", () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Företagsnamn krävs', {
      issues: [
        { path: 'name', message: 'Företagsnamn krävs', code: 'too_small' },
        { path: 'contact_json.email', message: 'Ogiltig e-postadress', code: 'invalid_format' },
        { path: 'name', message: 'Högst 200 tecken', code: 'too_big' },
      ],
    });
    expect(serverFieldErrors(error, FIELDS, { 'contact_json.email': 'contact_email' })).toEqual({
      name: 'Företagsnamn krävs',
      contact_email: 'Ogiltig e-postadress',
    });
  });

  it('leaves to the toast what the form has no field for, and what is not an API refusal', () => {
    expect(serverFieldErrors(new ApiError(409, 'CONFLICT', 'Finns redan', { field: 'national_id' }), FIELDS)).toEqual({});
    expect(serverFieldErrors(new ApiError(0, 'NETWORK_ERROR', 'Kunde inte nå servern'), FIELDS)).toEqual({});
    expect(serverFieldErrors(new ApiError(400, 'VALIDATION_FAILED', 'Fel', { issues: 'inte en lista' }), FIELDS)).toEqual({});
    expect(serverFieldErrors(new Error('org_no'), FIELDS)).toEqual({});
  });

  it('tells whether any field has a message, and drops the messages of the fields changed', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ name: undefined })).toBe(false);
    expect(hasErrors({ name: 'Namn krävs' })).toBe(true);
    const errors = { name: 'Namn krävs', org_no: 'Fel' };
    expect(withoutErrors(errors, ['org_no', 'city'])).toEqual({ name: 'Namn krävs' });
    expect(withoutErrors(errors, ['city'])).toBe(errors);
  });
});
