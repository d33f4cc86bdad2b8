// The KFM statuses and application types as the UI shows them (labels from core, spec part 2 §4).
import { Badge, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { Link } from 'wouter';
import { KFM_APPLICATION_TYPE_LABELS, KFM_APPLICATION_TYPES, KFM_CASE_STATUS_LABELS, KFM_CASE_STATUSES } from '@fordran/core/labels';
import type { KfmCaseRow, KfmStatus } from '../../api/kfm';
import { orDash } from '../../components/data-table';

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

/** The first cells of a KFM case's row wherever KFM cases are listed: reference (a link), type, status, KFM's målnummer. */
export function KfmCaseCells({ row }: { row: KfmCaseRow }) {
  return (
    <>
      <Table.Cell>
        <ThemeLink asChild size="2">
          <Link href={`/kfm/${row.id}`}>{row.reference}</Link>
        </ThemeLink>
      </Table.Cell>
      <Table.Cell>
        <Text size="2">{row.application_type_label}</Text>
      </Table.Cell>
      <Table.Cell>
        <KfmStatusBadge status={row.status} label={row.status_label} />
      </Table.Cell>
      <Table.Cell>
        <Text size="2">{orDash(row.kfm_case_no)}</Text>
      </Table.Cell>
    </>
  );
}
