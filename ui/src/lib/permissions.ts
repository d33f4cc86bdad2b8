// What the current member may do, from the permission table in docs/roles.md. The server decides;
// the UI only hides buttons that would be refused.
import type { Role } from '../api/me';
import { useAuth } from './auth';

export type Permission = 'creditors.write' | 'parties.write' | 'ledger.read' | 'bank.write';

const PERMISSIONS: Record<Permission, readonly Role[]> = {
  'creditors.write': ['admin', 'handler'],
  'parties.write': ['admin', 'handler'],
  'ledger.read': ['admin', 'finance'],
  'bank.write': ['admin', 'finance'],
};

/** True when the member's role in the current organisation has `permission`. */
export function useCan(permission: Permission): boolean {
  const { currentOrg } = useAuth();
  return currentOrg ? PERMISSIONS[permission].includes(currentOrg.role) : false;
}
