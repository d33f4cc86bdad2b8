/** Roles per organisation (spec part 2 §6); what each may do is the services' role table. */
export const ORG_ROLES = ['admin', 'handler', 'finance', 'legal', 'client'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** Swedish labels, verbatim from spec part 2 §6. */
export const ORG_ROLE_LABELS: Readonly<Record<OrgRole, string>> = {
  admin: 'Administratör',
  handler: 'Handläggare',
  finance: 'Ekonomi',
  legal: 'Juridik',
  client: 'Kund',
};
