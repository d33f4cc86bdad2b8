// 'Granska' (spec part 2 §4: mismatch gets a review button): a statement's differences from its
// last reconciliation with the actions that resolve them and the decisions taken (issue 10), the
// file's transactions side by side with the booked payments (each amount in its own currency: a
// foreign amount is never shown as kronor) and the balances it states. No ids are shown.
import { Badge, Box, Button, Callout, Dialog, Flex, Grid, Heading, Link as ThemeLink, ScrollArea, Table, Text } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useBankMutations, useBankStatement, type BankStatementDetail, type BookedPayment, type StatementBalance } from '../../api/bank';
import { orDash, TableCaption, TableSkeletonRows } from '../../components/data-table';
import { ErrorState } from '../../components/error-state';
import { useErrorToast, useToast } from '../../components/toast';
import { formatAmount, formatAmountIn, formatCount, formatDate } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { BANK_FILE_FORMAT_LABELS, CAMT_BALANCE_TYPE_LABELS } from '@fordran/core/labels';
import { StatementDifferences } from './statement-differences';
import { LineStatusBadge, ReconciliationBadge } from './statement-labels';

export interface StatementReviewDialogProps {
  /** The statement to review; null keeps the dialog closed. */
  statementId: string | null;
  onClose(): void;
}

export function StatementReviewDialog({ statementId, onClose }: StatementReviewDialogProps) {
  return (
    <Dialog.Root open={statementId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="1100px">
        <Dialog.Title>Granska bankutdrag</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Filens transaktioner jämförda med de bokförda betalningarna.
        </Dialog.Description>
        {statementId ? <ReviewBody statementId={statementId} onClose={onClose} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ReviewBody({ statementId, onClose }: { statementId: string; onClose(): void }) {
  const { data, error, isLoading, mutate } = useBankStatement(statementId);
  useErrorToast(error, 'Fel vid laddning');
  const canReconcile = useCan('bank.write');
  const { reconcileStatement } = useBankMutations();
  const { toast } = useToast();
  const [isBusy, setIsBusy] = useState(false);

  const reconcile = async () => {
    setIsBusy(true);
    try {
      const detail = await reconcileStatement(statementId);
      toast({
        title: 'Sparat',
        description: detail.differences.length === 0 ? 'Bankutdraget är avstämt' : `Avstämningen hittade ${detail.differences.length} avvikelser`,
        variant: detail.differences.length === 0 ? 'success' : 'default',
      });
    } catch (reconcileError) {
      toast({ title: 'Fel vid sparande', description: (reconcileError as Error).message, variant: 'destructive' });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Flex direction="column" gap="5">
      {error && !data ? <ErrorState message={error.message} onRetry={() => void mutate()} /> : null}
      {isLoading || !data ? (
        error ? null : (
          <Table.Root size="1">
            <Table.Body>
              <TableSkeletonRows columns={5} rows={4} />
            </Table.Body>
          </Table.Root>
        )
      ) : (
        <>
          <StatementFacts detail={data} />
          {data.balances.length > 0 ? <Balances balances={data.balances} /> : null}
          <StatementDifferences statementId={statementId} differences={data.differences} resolutions={data.resolutions} canResolve={canReconcile} />
          <Transactions detail={data} />
        </>
      )}
      <Flex gap="3" justify="end">
        {canReconcile && data ? (
          <Button variant="soft" loading={isBusy} onClick={() => void reconcile()}>
            Stäm av igen
          </Button>
        ) : null}
        <Button variant="soft" color="gray" onClick={onClose}>
          Stäng
        </Button>
      </Flex>
    </Flex>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="1" minWidth="0">
      <Text size="1" color="gray">
        {label}
      </Text>
      <Text size="2" as="div">
        {children}
      </Text>
    </Flex>
  );
}

function StatementFacts({ detail }: { detail: BankStatementDetail }) {
  const { statement } = detail;
  return (
    <Grid columns={{ initial: '2', md: '4' }} gap="4" className="statement-facts">
      <Fact label="Fil">
        {statement.file_name} ({BANK_FILE_FORMAT_LABELS[statement.file_format] ?? statement.file_format})
      </Fact>
      <Fact label="Datum">{formatDate(statement.statement_date)}</Fact>
      <Fact label="Konto">{orDash(statement.account_name)}</Fact>
      <Fact label="Status">
        <ReconciliationBadge status={statement.reconciliation_status} />
      </Fact>
      <Fact label="Insättningar enligt filen">{formatAmount(statement.total_credits)}</Fact>
      <Fact label="Bokförda betalningar">{formatAmount(detail.total_booked)}</Fact>
      {detail.total_adjustments !== '0.00' ? <Fact label="Bankavgifter och justeringar">{formatAmount(detail.total_adjustments)}</Fact> : null}
      {detail.total_excluded !== '0.00' ? <Fact label="På annat konto (räknas inte)">{formatAmount(detail.total_excluded)}</Fact> : null}
      <Fact label="Uttag enligt filen">{formatAmount(statement.total_debits)}</Fact>
      {/* The balances of a file that can no longer be read (the file's own are listed under Saldon). */}
      {detail.balances.length === 0 && statement.opening_balance !== null && statement.closing_balance !== null ? (
        <Fact label="Saldo (ingående → utgående)">
          {formatAmount(statement.opening_balance)} → {formatAmount(statement.closing_balance)}
        </Fact>
      ) : null}
    </Grid>
  );
}

function Balances({ balances }: { balances: StatementBalance[] }) {
  return (
    <Box>
      <Heading as="h3" size="3" mb="2">
        Saldon
      </Heading>
      <Table.Root size="1" variant="surface">
        <TableCaption>Saldon enligt filen</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Saldo</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Datum</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Belopp</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Valuta</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Avstämning</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {balances.map((balance, index) => (
            <Table.Row key={`${balance.type}-${balance.date ?? ''}-${index}`} align="center">
              <Table.Cell>
                {CAMT_BALANCE_TYPE_LABELS[balance.type] ?? balance.type}{' '}
                <Text size="1" color="gray" className="mono">
                  {balance.type}
                </Text>
              </Table.Cell>
              <Table.Cell className="nowrap">{balance.date ? formatDate(balance.date) : '–'}</Table.Cell>
              <Table.Cell justify="end" className="nowrap amount-cell">
                {formatAmountIn(balance.amount, balance.currency)}
              </Table.Cell>
              <Table.Cell>{balance.currency ?? 'SEK'}</Table.Cell>
              <Table.Cell>
                {balance.checked ? (
                  <Badge color="green" variant="soft" radius="full">
                    Jämförs
                  </Badge>
                ) : (
                  <Badge color="amber" variant="soft" radius="full">
                    Annan valuta – jämförs inte
                  </Badge>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function Transactions({ detail }: { detail: BankStatementDetail }) {
  // Lines whose difference a decision in effect answers (shown beside how they compare).
  const resolvedLines = new Set(
    detail.resolutions.filter((resolution) => resolution.undone_at === null && resolution.in_effect).map((resolution) => resolution.difference.line),
  );
  if (!detail.file_available) {
    return (
      <Callout.Root color="amber" variant="surface">
        <Callout.Text>Originalfilen finns inte i fillagringen, så transaktionerna kan inte visas.</Callout.Text>
      </Callout.Root>
    );
  }
  return (
    <Box>
      <Heading as="h3" size="3" mb="2">
        Transaktioner ({formatCount(detail.line_count)})
      </Heading>
      <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 360 }}>
        <Table.Root size="1" variant="surface">
          <TableCaption>Transaktioner och bokförda betalningar</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell width="56px">Rad</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Filen: datum</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Belopp</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Betalare / referens</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell className="booked-side">Bokfört: datum</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Belopp</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Jämförelse</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {detail.lines.map((line) => (
              <Table.Row key={line.transaction_id} align="center" data-status={line.status}>
                <Table.Cell>{line.line}</Table.Cell>
                <Table.Cell className="nowrap">{formatDate(line.paid_at)}</Table.Cell>
                <Table.Cell justify="end" className="nowrap amount-cell">
                  {formatAmountIn(line.amount, line.currency)}
                </Table.Cell>
                <Table.Cell>
                  <Text size="1">{[line.payer_name, line.reference].filter(Boolean).join(' · ') || '–'}</Text>
                </Table.Cell>
                <Table.Cell className="nowrap booked-side">{line.payment ? formatDate(line.payment.paid_at) : '–'}</Table.Cell>
                <Table.Cell justify="end" className="nowrap amount-cell">
                  {line.payment ? formatAmount(line.payment.amount) : '–'}
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="1" align="center" wrap="wrap">
                    <LineStatusBadge line={line} />
                    {resolvedLines.has(line.line) ? (
                      <Badge color="green" variant="outline" radius="full">
                        Löst
                      </Badge>
                    ) : null}
                    {line.payment && !line.payment.on_statement ? (
                      <Badge color="gray" variant="outline" radius="full">
                        Bokförd från annan fil
                      </Badge>
                    ) : null}
                  </Flex>
                  {line.reverses_payment ? <ReversedPayment payment={line.reverses_payment} /> : null}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {detail.line_count > detail.lines.length ? (
        <Text as="p" size="1" color="gray" mt="2">
          Visar de första {formatCount(detail.lines.length)} av {formatCount(detail.line_count)} transaktionerna; alla avvikelser finns i listan ovan.
        </Text>
      ) : null}
      {detail.unexpected_payments.length > 0 ? (
        <Text as="p" size="2" color="red" mt="2">
          {formatCount(detail.unexpected_payments.length)} bokförda betalningar på utdraget finns inte i filen.
        </Text>
      ) : null}
    </Box>
  );
}

/** A reversal's payment, linked to its page under Inbetalningar. */
function ReversedPayment({ payment }: { payment: BookedPayment }) {
  return (
    <Box mt="1">
      <ThemeLink asChild size="1">
        <Link href={`/payments/${encodeURIComponent(payment.id)}`}>
          Återför inbetalning {formatDate(payment.paid_at)} · {formatAmount(payment.amount)}
        </Link>
      </ThemeLink>
    </Box>
  );
}
