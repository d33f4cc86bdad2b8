// What the current member may do. The server decides and /api/me sends each membership's
// permissions (its role table, docs/roles.md); the UI only hides buttons that would be refused.
import type { Permission } from '../api/me';
import { useAuth } from './auth';

export type { Permission };

/** True when the member's role in the current organisation has `permission`. */
export function useCan(permission: Permission): boolean {
  const { currentOrg } = useAuth();
  return currentOrg ? currentOrg.permissions.includes(permission) : false;
}
