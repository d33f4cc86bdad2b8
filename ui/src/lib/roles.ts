// The roles of an organisation (spec part 2 §6) and their Swedish names.

export type Role = 'admin' | 'handler' | 'finance' | 'legal' | 'client';

/** Swedish names of the roles (spec part 2 §6). */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administratör',
  handler: 'Handläggare',
  finance: 'Ekonomi',
  legal: 'Juridik',
  client: 'Kund',
};
