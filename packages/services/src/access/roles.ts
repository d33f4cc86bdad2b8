import { DomainError, ORG_ROLE_LABELS, ORG_ROLES, type OrgRole } from '@fordran/core';

/**
 * Who may do what. The spec names the roles (part 2 §6) but not their rights; this matrix is the
 * decision of a collection agency, documented in docs/roles.md:
 * - admin: everything, including settings, users, rules and demo data;
 * - handler (handläggare): creditors, debtors, cases, fees, interest, communication;
 * - finance (ekonomi): payments, ledger, bank reconciliation, fee and interest settings;
 * - legal (juridik): KFM and lawsuits, reading cases;
 * - client (kund): a creditor's own user, read-only, only that creditor's cases.
 */
export const ROLES = ORG_ROLES;
export type Role = OrgRole;

const ALL: readonly Role[] = ROLES;
const STAFF: readonly Role[] = ['admin', 'handler', 'finance', 'legal'];

export const PERMISSIONS = {
  'org.read': ALL,
  'org.settings': ['admin'],
  'users.manage': ['admin'],
  'onboarding.write': ['admin'],
  'notifications.read': ALL,
  'dashboard.read': ALL,
  'audit.read': ['admin'],
  'creditors.read': STAFF,
  'creditors.write': ['admin', 'handler'],
  'parties.read': STAFF,
  'parties.write': ['admin', 'handler'],
  'cases.read': ALL,
  'cases.write': ['admin', 'handler'],
  'cases.interest': ['admin', 'handler', 'finance'],
  'communications.read': STAFF,
  'communications.send': ['admin', 'handler'],
  'optouts.manage': ['admin', 'handler'],
  'templates.read': STAFF,
  'templates.write': ['admin', 'handler'],
  'templates.qa': ['admin'],
  'channels.settings': ['admin'],
  'letters.print': ['admin', 'handler'],
  'dunning.read': STAFF,
  'dunning.run': ['admin', 'handler'],
  'dunning.plan': ['admin'],
  'rules.read': STAFF,
  'rules.write': ['admin'],
  'finance.read': STAFF,
  'finance.settings': ['admin', 'finance'],
  'payments.read': ['admin', 'finance', 'handler'],
  'payments.write': ['admin', 'finance'],
  'ledger.read': ['admin', 'finance'],
  'bank.write': ['admin', 'finance'],
  'jobs.read': ['admin', 'finance', 'handler'],
  'jobs.write': ['admin', 'finance'],
  'kfm.read': ['admin', 'legal', 'handler'],
  'kfm.write': ['admin', 'legal'],
  'lawsuits.read': ['admin', 'legal'],
  'lawsuits.write': ['admin', 'legal'],
  'validation.run': ['admin'],
  'demo.manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Every permission, in the table's order. */
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as [Permission, ...Permission[]];

export const ROLE_LABELS = ORG_ROLE_LABELS;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function roleCan(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** What `role` may do: /api/me sends it per membership, so the UI hides what the server would refuse. */
export function permissionsOf(role: Role): Permission[] {
  return PERMISSION_NAMES.filter((permission) => roleCan(role, permission));
}

/** Throws FORBIDDEN unless `role` holds `permission`. */
export function assertRoleCan(role: Role, permission: Permission): void {
  if (!roleCan(role, permission)) {
    throw new DomainError('FORBIDDEN', undefined, { role, permission });
  }
}
