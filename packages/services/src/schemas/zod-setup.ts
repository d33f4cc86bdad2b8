import { z } from 'zod';
import { DomainError } from '@fordran/core';

// Every message a person may read is Swedish; zod's own texts (for checks without an explicit
// message) come from its Swedish locale. Set once, process-wide, when the schemas load.
z.config(z.locales.sv());

export interface ValidationIssue {
  path: string;
  message: string;
  code: string;
}

/** zod issues as `{path: 'a.b', message, code}` (the error body's `details`). */
export function validationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message, code: issue.code }));
}

/** Parses `input` or throws VALIDATION_FAILED with the first issue's message and all issues as details. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = validationIssues(result.error);
  throw new DomainError('VALIDATION_FAILED', issues[0]?.message, { issues });
}

export { z };
