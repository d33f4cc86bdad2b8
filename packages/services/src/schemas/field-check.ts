import { DomainError } from '@fordran/core';

/**
 * Runs the check of one input field (core's personnummer, organisationsnummer, IBAN or giro
 * parser); a refusal keeps its code and reason and names the field (`details.field`), so a form
 * shows it under that field.
 */
export function checkField<T>(field: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const details = typeof error.details === 'object' && error.details !== null ? error.details : {};
    throw new DomainError(error.code, error.message, { ...details, field });
  }
}
