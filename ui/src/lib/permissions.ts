// What the current member may do, from the permission table in docs/roles.md. The server decides;
// the UI only hides buttons that would be refused.
import type { Role } from '../api/me';
import { useAuth } from './auth';

export type Permission = 'creditors.write' | 'parties.write' | 'rules.write' | 'finance.settings' | 'ledger.read' | 'bank.write' | 'jobs.read';

const PERMISSIONS: Record<Permission, readonly Role[]> = {
  'creditors.write': ['admin', 'handler'],
  'parties.write': ['admin', 'handler'],
  'rules.write': ['admin'],
  'finance.settings': ['admin', 'finance'],
  'ledger.read': ['admin', 'finance'],
  'bank.write': ['admin', 'finance'],
  'jobs.read': ['admin', 'finance', 'handler'],
};

/** True when the member's role in the current organisation has `permission`. */
export function useCan(permission: Permission): boolean {
  const { currentOrg } = useAuth();
  return currentOrg ? PERMISSIONS[permission].includes(currentOrg.role) : false;
}
