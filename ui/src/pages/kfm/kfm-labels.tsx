// The KFM statuses and application types as the UI shows them (labels from core, spec part 2 §4).
import { Badge } from '@radix-ui/themes';
import { KFM_APPLICATION_TYPE_LABELS, KFM_APPLICATION_TYPES, KFM_CASE_STATUS_LABELS, KFM_CASE_STATUSES } from '@fordran/core/labels';
import type { KfmStatus } from '../../api/kfm';

export const KFM_STATUS_OPTIONS = KFM_CASE_STATUSES.map((value) => ({ value, label: KFM_CASE_STATUS_LABELS[value] }));
export const KFM_TYPE_OPTIONS = KFM_APPLICATION_TYPES.map((value) => ({ value, label: KFM_APPLICATION_TYPE_LABELS[value] }));

const STATUS_COLORS: Record<KfmStatus, 'gray' | 'blue' | 'green' | 'amber' | 'red'> = {
  draft: 'gray',
  submitted: 'blue',
  acknowledged: 'blue',
  served: 'blue',
  contested: 'amber',
  decided: 'green',
  rejected: 'red',
  withdrawn: 'gray',
  failed: 'red',
  closed: 'gray',
};

export function KfmStatusBadge({ status, label }: { status: KfmStatus; label: string }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="soft">
      {label}
    </Badge>
  );
}
