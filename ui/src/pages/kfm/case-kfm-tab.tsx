// The case's KFM tab (issue 12): its applications to Kronofogden (reference, type, status, KFM's
// case number, created; each links to /kfm/:id) and, for those who may escalate, 'Eskalera till
// Kronofogden' with the three-step dialog.
import { FileTextIcon } from '@radix-ui/react-icons';
import { Button, Flex, Table } from '@radix-ui/themes';
import { useState } from 'react';
import { useKfmCases } from '../../api/kfm';
import { TableCaption, TableSkeletonRows } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { KfmEscalationDialog } from './kfm-escalation-dialog';
import { KfmCaseCells } from './kfm-labels';

export function CaseKfmTab({ caseId }: { caseId: string }) {
  const canRead = useCan('kfm.read');
  const canEscalate = useCan('kfm.write');
  const [open, setOpen] = useState(false);
  return (
    <Flex direction="column" gap="3">
      {canEscalate ? (
        <Flex justify="end">
          <Button onClick={() => setOpen(true)}>Eskalera till Kronofogden</Button>
        </Flex>
      ) : null}
      {canRead ? <CaseKfmCases caseId={caseId} /> : <EmptyState icon={<FileTextIcon width="22" height="22" />} title="Din roll kan inte läsa KFM-ärenden" />}
      <KfmEscalationDialog caseId={caseId} open={open} onOpenChange={setOpen} />
    </Flex>
  );
}

function CaseKfmCases({ caseId }: { caseId: string }) {
  const { data, error, mutate } = useKfmCases({ case_id: caseId });
  if (error && !data) return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  if (data && data.kfm_cases.length === 0) {
    return <EmptyState icon={<FileTextIcon width="22" height="22" />} title="Inga KFM-ärenden ännu" />;
  }
  return (
    <Table.Root variant="surface" className="data-table">
      <TableCaption>Ärendets KFM-ärenden</TableCaption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Referens</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Typ</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Målnummer</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Skapad</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {!data ? (
          <TableSkeletonRows columns={5} rows={1} />
        ) : (
          data.kfm_cases.map((row) => (
            <Table.Row key={row.id} align="center">
              <KfmCaseCells row={row} />
              <Table.Cell className="nowrap">{formatDateTime(row.created_at)}</Table.Cell>
            </Table.Row>
          ))
        )}
      </Table.Body>
    </Table.Root>
  );
}
