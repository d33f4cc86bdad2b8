// What the current member may do, from the permission table in docs/roles.md. The server decides;
// the UI only hides buttons that would be refused.
import type { Role } from '../api/me';
import { useAuth } from './auth';

export type Permission =
  | 'creditors.read'
  | 'creditors.write'
  | 'parties.read'
  | 'parties.write'
  | 'cases.write'
  | 'cases.interest'
  | 'rules.write'
  | 'finance.settings'
  | 'payments.write'
  | 'org.settings'
  | 'users.manage'
  | 'onboarding.write'
  | 'audit.read'
  | 'ledger.read'
  | 'bank.write'
  | 'jobs.write';

const PERMISSIONS: Record<Permission, readonly Role[]> = {
  'creditors.read': ['admin', 'handler', 'finance', 'legal'],
  'creditors.write': ['admin', 'handler'],
  'parties.read': ['admin', 'handler', 'finance', 'legal'],
  'parties.write': ['admin', 'handler'],
  'cases.write': ['admin', 'handler'],
  'cases.interest': ['admin', 'handler', 'finance'],
  'rules.write': ['admin'],
  'finance.settings': ['admin', 'finance'],
  'payments.write': ['admin', 'finance'],
  'org.settings': ['admin'],
  'users.manage': ['admin'],
  'onboarding.write': ['admin'],
  'audit.read': ['admin'],
  'ledger.read': ['admin', 'finance'],
  'bank.write': ['admin', 'finance'],
  'jobs.write': ['admin', 'finance'],
};

/** True when the member's role in the current organisation has `permission`. */
export function useCan(permission: Permission): boolean {
  const { currentOrg } = useAuth();
  return currentOrg ? PERMISSIONS[permission].includes(currentOrg.role) : false;
}
