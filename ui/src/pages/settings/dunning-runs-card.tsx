// 'Kravkörningar': the latest runs with their counts, 'Provkör' (a dry run: what would go out and be
// charged today, nothing written) and 'Kör nu' (a real run, confirmed first; the server also runs
// it every morning by itself).
import { Badge, Button, Callout, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { DUNNING_SKIP_REASON_LABELS } from '@fordran/core/labels';
import { useDunningMutations, useDunningRuns, type DunningRun, type DunningRunOutcome } from '../../api/dunning';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { TableCaption } from '../../components/data-table';
import { useToast } from '../../components/toast';
import { formatAmount, formatCount, formatDate, formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';

function RunStatus({ run }: { run: DunningRun }) {
  if (run.failure) return <Badge color="red">Fel</Badge>;
  if (!run.finished_at) return <Badge color="amber">Pågår eller avbruten</Badge>;
  return <Badge color="green">Klar</Badge>;
}

function RunTable({ runs }: { runs: DunningRun[] }) {
  if (runs.length === 0)
    return <EmptyState icon={<span>✉</span>} title="Inga kravkörningar ännu" description="Servern kör kravplanen varje morgon; du kan också köra den här." />;
  return (
    <Table.Root variant="surface" size="1">
      <TableCaption>Kravkörningar</TableCaption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Dag</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Startad</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Av</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Ärenden</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Meddelanden</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Avgifter</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Överhoppade</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {runs.map((run) => (
          <Table.Row key={run.id}>
            <Table.Cell>{formatDate(run.as_of)}</Table.Cell>
            <Table.Cell>{formatDateTime(run.started_at)}</Table.Cell>
            <Table.Cell>{run.scheduled ? 'Daglig körning' : (run.started_by ?? 'System')}</Table.Cell>
            <Table.Cell>{run.summary ? formatCount(run.summary.cases_seen) : '–'}</Table.Cell>
            <Table.Cell>{run.summary ? formatCount(run.summary.messages) : '–'}</Table.Cell>
            <Table.Cell>{run.summary ? `${formatCount(run.summary.fees)} (${formatAmount(run.summary.fees_amount)})` : '–'}</Table.Cell>
            <Table.Cell>{run.summary ? formatCount(run.summary.skipped) : '–'}</Table.Cell>
            <Table.Cell>
              <RunStatus run={run} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** What a run did (or a dry run would do), in words: messages, fees, and the skips by reason. */
function Outcome({ outcome }: { outcome: DunningRunOutcome }) {
  const charged = outcome.fees.filter((fee) => fee.status === 'charged').length;
  const waiting = outcome.fees.length - charged;
  const reasons = new Map<string, number>();
  for (const { reason } of outcome.skipped) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  return (
    <Callout.Root color={outcome.dry_run ? 'blue' : 'green'} variant="surface" role="status">
      <Callout.Text>
        {outcome.dry_run ? 'Provkörning' : 'Körning'} {formatDate(outcome.as_of)}: {formatCount(outcome.cases_seen)} ärenden,{' '}
        {formatCount(outcome.messages.length)} {outcome.dry_run ? 'meddelanden skulle skickas' : 'meddelanden skickade'}, {formatCount(charged)} avgifter
        {waiting > 0 ? `, ${formatCount(waiting)} väntar på att inkassokravet skickas` : ''}.
        {[...reasons].map(([reason, count]) => ` ${DUNNING_SKIP_REASON_LABELS[reason as keyof typeof DUNNING_SKIP_REASON_LABELS]}: ${formatCount(count)}.`)}
      </Callout.Text>
    </Callout.Root>
  );
}

export function DunningRunsCard() {
  const { data, error, mutate } = useDunningRuns();
  const canRun = useCan('dunning.run');
  const { run } = useDunningMutations();
  const { toast } = useToast();
  const [busy, setBusy] = useState<'dry' | 'real' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<DunningRunOutcome | null>(null);

  const start = async (dryRun: boolean) => {
    setBusy(dryRun ? 'dry' : 'real');
    try {
      const result = await run({ dry_run: dryRun });
      setOutcome(result);
      if (!dryRun) toast({ title: 'Kravkörning klar', description: `${formatCount(result.messages.length)} meddelanden skickade`, variant: 'success' });
    } catch (runError) {
      toast({ title: dryRun ? 'Provkörningen misslyckades' : 'Kravkörningen misslyckades', description: (runError as Error).message, variant: 'destructive' });
      throw runError;
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" wrap="wrap" gap="3">
          <Heading as="h2" size="4">
            Kravkörningar
          </Heading>
          <Flex gap="3">
            <Button variant="soft" loading={busy === 'dry'} disabled={busy !== null} onClick={() => void start(true).catch(() => undefined)}>
              Provkör
            </Button>
            {canRun ? (
              <Button loading={busy === 'real'} disabled={busy !== null} onClick={() => setConfirming(true)}>
                Kör nu
              </Button>
            ) : null}
          </Flex>
        </Flex>
        <Text size="2" color="gray">
          Servern kör kravplanen varje morgon. Varje steg skickas en gång per ärende, även om körningen görs igen.
        </Text>
        {outcome ? <Outcome outcome={outcome} /> : null}
        {error && !data ? <ErrorState message={error.message} onRetry={() => void mutate()} /> : !data ? <LoadingState /> : <RunTable runs={data.items} />}
      </Flex>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Kör kravplanen nu?"
        description="Varje ärende vars steg har förfallit får sitt meddelande och sin avgift nu. Ett steg som redan skickats skickas inte igen."
        confirmLabel="Kör nu"
        onConfirm={() => start(false).then(() => undefined)}
      />
    </Card>
  );
}
