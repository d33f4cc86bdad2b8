// The fee catalogue is versioned: one row per code and valid_from (an amount change is a new row).
// The page shows one line per code; these helpers pick its rows.
import type { Fee } from '../../api/finance';

export interface FeeCode {
  code: string;
  /** The row shown and edited: the one in force today, else the next scheduled, else the newest. */
  current: Fee;
  /** A later amount already decided, if any (the earliest one). */
  next: Fee | null;
  /** Every version, newest valid_from first. */
  versions: Fee[];
}

/** Groups the API's rows (by code, newest first) into one entry per code. */
export function groupFeesByCode(items: readonly Fee[]): FeeCode[] {
  const byCode = new Map<string, Fee[]>();
  for (const fee of items) byCode.set(fee.code, [...(byCode.get(fee.code) ?? []), fee]);
  return [...byCode.entries()].map(([code, versions]) => {
    const scheduled = versions.filter((fee) => fee.state === 'scheduled');
    const earliestScheduled = scheduled.at(-1) ?? null;
    const inForce = versions.find((fee) => fee.state === 'in_force') ?? null;
    return {
      code,
      current: inForce ?? earliestScheduled ?? versions[0]!,
      next: inForce ? earliestScheduled : null,
      versions,
    };
  });
}

export const FEE_STATE_LABELS: Record<Fee['state'], { label: string; color: 'green' | 'blue' | 'gray' }> = {
  in_force: { label: 'Gäller nu', color: 'green' },
  scheduled: { label: 'Kommande', color: 'blue' },
  superseded: { label: 'Ersatt', color: 'gray' },
  inactive: { label: 'Inaktiv', color: 'gray' },
};
