import { ApiError } from '../../lib/api-client';
import type { ToastInput } from '../../components/toast';

// Spec part 1 §8: hosted-backend messages in English are shown in Swedish; others as they arrive.
const KNOWN_MESSAGES: Record<string, string> = {
  INVALID_CREDENTIALS: 'Felaktiga inloggningsuppgifter',
  'Invalid login credentials': 'Felaktiga inloggningsuppgifter',
  USER_EXISTS: 'En användare med denna e-post finns redan',
  'User already registered': 'En användare med denna e-post finns redan',
};

/** The Swedish text for a failed sign-in or sign-up. */
function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return KNOWN_MESSAGES[error.code] ?? KNOWN_MESSAGES[error.message] ?? error.message;
  if (error instanceof Error) return KNOWN_MESSAGES[error.message] ?? error.message;
  return 'Okänt fel';
}

/** The toast of a failed sign-in step (a form kit `failure`), e.g. 'Inloggning misslyckades'. */
export function authFailure(title: string): (error: unknown) => ToastInput {
  return (error) => ({ title, description: authErrorMessage(error), variant: 'destructive' });
}
