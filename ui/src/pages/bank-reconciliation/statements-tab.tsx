// 'Bankutdrag' (spec part 2 §2, §4, §7): statements date desc (latest 50) with account name,
// status badges and totals; 'Granska' opens the review of a statement with differences.
import { FileTextIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useState } from 'react';
import { useBankMutations, useBankStatements, type BankStatementSummary } from '../../api/bank';
import { orDash, TableSkeletonRows } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { useErrorToast, useToast } from '../../components/toast';
import { formatAmount, formatCount, formatDate } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { BANK_FILE_FORMAT_LABELS } from '@fordran/core/labels';
import { ReconciliationBadge } from './statement-labels';
import { StatementReviewDialog } from './statement-review-dialog';

const COLUMN_COUNT = 8;

export function StatementsTab() {
  const { data, error, isLoading, mutate } = useBankStatements();
  useErrorToast(error, 'Fel vid laddning');
  const [reviewId, setReviewId] = useState<string | null>(null);

  if (error && !data) return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  if (data && data.statements.length === 0) {
    return (
      <Box className="list-empty">
        <EmptyState
          icon={<FileTextIcon width="22" height="22" />}
          title="Inga bankutdrag ännu"
          description="Ett bankutdrag skapas när en BgMax-, camt.053-, camt.054- eller CSV-fil importeras under Inbetalningar. Det stäms sedan av mot de bokförda betalningarna."
        />
      </Box>
    );
  }

  return (
    <>
      {data ? (
        <Flex gap="4" mb="3" wrap="wrap">
          <Text size="2" color="gray">
            Avstämda: <Text weight="bold">{formatCount(data.counts.reconciled)}</Text>
          </Text>
          <Text size="2" color="gray">
            Avvikelser: <Text weight="bold">{formatCount(data.counts.mismatch)}</Text>
          </Text>
          <Text size="2" color="gray">
            Väntar: <Text weight="bold">{formatCount(data.counts.pending)}</Text>
          </Text>
        </Flex>
      ) : null}
      <Table.Root variant="surface" className="data-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Datum</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Konto</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Fil</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Insättningar</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Uttag</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Betalningar</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              <VisuallyHidden>Åtgärd</VisuallyHidden>
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {isLoading || !data ? (
            <TableSkeletonRows columns={COLUMN_COUNT} />
          ) : (
            data.statements.map((statement) => <StatementRow key={statement.id} statement={statement} onReview={() => setReviewId(statement.id)} />)
          )}
        </Table.Body>
      </Table.Root>
      <StatementReviewDialog statementId={reviewId} onClose={() => setReviewId(null)} />
    </>
  );
}

function StatementRow({ statement, onReview }: { statement: BankStatementSummary; onReview(): void }) {
  const canReconcile = useCan('bank.write');
  const { reconcileStatement } = useBankMutations();
  const { toast } = useToast();
  const [isBusy, setIsBusy] = useState(false);

  const reconcile = async () => {
    setIsBusy(true);
    try {
      const detail = await reconcileStatement(statement.id);
      const mismatches = detail.differences.length;
      toast({
        title: 'Sparat',
        description: mismatches === 0 ? 'Bankutdraget är avstämt' : `Avstämningen hittade ${mismatches} avvikelser`,
        variant: mismatches === 0 ? 'success' : 'default',
      });
    } catch (reconcileError) {
      toast({ title: 'Fel vid sparande', description: (reconcileError as Error).message, variant: 'destructive' });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Table.Row align="center">
      <Table.Cell className="nowrap">{formatDate(statement.statement_date)}</Table.Cell>
      <Table.Cell>{orDash(statement.account_name)}</Table.Cell>
      <Table.Cell>
        <Flex direction="column">
          <Text size="2">{statement.file_name}</Text>
          <Text size="1" color="gray">
            {BANK_FILE_FORMAT_LABELS[statement.file_format] ?? statement.file_format}
          </Text>
        </Flex>
      </Table.Cell>
      <Table.Cell justify="end" className="nowrap amount-cell">
        {formatAmount(statement.total_credits)}
      </Table.Cell>
      <Table.Cell justify="end" className="nowrap amount-cell">
        {formatAmount(statement.total_debits)}
      </Table.Cell>
      <Table.Cell justify="end">{formatCount(statement.payment_count)}</Table.Cell>
      <Table.Cell>
        <ReconciliationBadge status={statement.reconciliation_status} />
      </Table.Cell>
      <Table.Cell justify="end">
        <Flex gap="2" justify="end">
          {statement.reconciliation_status === 'pending' && canReconcile ? (
            <Button size="1" variant="soft" loading={isBusy} onClick={() => void reconcile()}>
              Stäm av
            </Button>
          ) : null}
          {statement.reconciliation_status === 'mismatch' ? (
            <Button size="1" color="red" variant="soft" onClick={onReview} aria-label={`Granska ${statement.file_name}`}>
              Granska
            </Button>
          ) : (
            <Button size="1" variant="soft" color="gray" onClick={onReview} aria-label={`Visa ${statement.file_name}`}>
              Visa
            </Button>
          )}
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}
