// What every write of the current organisation shares: the organisation's id (a write without
// one is refused before the network) and SWR's mutate to revalidate what the write changed.
import { useMemo } from 'react';
import { useSWRConfig, type ScopedMutator } from 'swr';
import { useCurrentOrgId } from '../lib/auth';

export const NO_ORGANISATION = 'Ingen organisation vald';

export interface OrgWrites {
  /** The current organisation's id; throws 'Ingen organisation vald' when there is none. */
  orgId(): string;
  mutate: ScopedMutator;
}

/**
 * The writes `build` makes of the current organisation, made again only when the organisation
 * changes. `build` is a module-level function (its identity never changes).
 * @example export const useRuleMutations = () => useOrgWrites(ruleWrites);
 */
export function useOrgWrites<T>(build: (writes: OrgWrites) => T): T {
  const currentOrgId = useCurrentOrgId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const orgId = (): string => {
      if (!currentOrgId) throw new Error(NO_ORGANISATION);
      return currentOrgId;
    };
    return build({ orgId, mutate });
  }, [build, currentOrgId, mutate]);
}
