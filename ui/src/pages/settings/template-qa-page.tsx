// /settings/template-qa 'Mall-QA Sverige' (spec part 2 §7, issue 11): 'Kör QA' makes six test
// cases and checks every active template against them; each batch's HTML report is shown in a
// sandboxed frame (no scripts, no same-origin); 'Rensa' removes a batch and its cases.
import { CheckCircledIcon, PlayIcon, TrashIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Callout, Card, Flex, Heading, Progress, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useTemplateQaBatches, useTemplateQaMutations, useTemplateQaReport, type TemplateQaBatch } from '../../api/template-qa';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { useErrorToast, useToast } from '../../components/toast';
import { formatCount, formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';

export function TemplateQaPage() {
  const canRun = useCan('templates.qa');
  return (
    <>
      <PageHeader
        title="Mall-QA Sverige"
        description="Kontrollerar alla aktiva mallar mot sex testärenden (privatperson och företag, med och utan ränta och avgifter): olösta variabler, för långa sms, inkassokrav som saknar obligatoriskt innehåll och tomma ämnesrader."
      />
      {canRun ? <TemplateQa /> : <NoAccess description="Bara administratörer kan köra Mall-QA. Be en administratör om hjälp." />}
    </>
  );
}

function TemplateQa() {
  const { toast } = useToast();
  const { runQa, cleanupBatch } = useTemplateQaMutations();
  const { data, error, mutate } = useTemplateQaBatches(true);
  const [running, setRunning] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TemplateQaBatch | null>(null);
  useErrorToast(error, 'Fel vid laddning');

  const shown = selected ?? data?.items[0]?.id ?? null;

  const run = async () => {
    setRunning(true);
    try {
      const result = await runQa();
      setSelected(result.batch_id);
      const { templates_checked: checked, templates_failed: failed } = result.batch;
      toast({
        title: 'QA-test slutfört',
        description: `${formatCount(checked)} mallar kontrollerade: ${formatCount(checked - failed)} godkända, ${formatCount(failed)} underkända.`,
        variant: failed > 0 ? 'default' : 'success',
      });
    } catch (caught) {
      toast({ title: 'Fel', description: caught instanceof Error ? caught.message : String(caught), variant: 'destructive' });
    } finally {
      setRunning(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    try {
      await cleanupBatch(removing.id);
      if (shown === removing.id) setSelected(null);
      toast({ title: 'Testdata borttagen', description: 'Körningen och dess testärenden är borttagna.', variant: 'success' });
    } catch (caught) {
      toast({ title: 'Fel', description: caught instanceof Error ? caught.message : String(caught), variant: 'destructive' });
      throw caught;
    }
  };

  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text size="2" color="gray">
          Testärendena hålls utanför ärendelistan, översikten och matchningen av inbetalningar tills de rensas.
        </Text>
        <Button onClick={() => void run()} loading={running} disabled={running}>
          <PlayIcon /> Kör QA
        </Button>
      </Flex>
      {running ? (
        <Callout.Root color="blue" role="status">
          <Callout.Text>Skapar testärenden och renderar mallarna…</Callout.Text>
          <Progress duration="10s" />
        </Callout.Root>
      ) : null}

      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingState />
      ) : data.items.length === 0 ? (
        <Card size="2">
          <EmptyState
            icon={<CheckCircledIcon width="22" height="22" />}
            title="Inga QA-körningar ännu"
            description="'Kör QA' skapar sex testärenden och kontrollerar varje aktiv mall mot dem."
          />
        </Card>
      ) : (
        <>
          <BatchTable batches={data.items} shown={shown} onShow={setSelected} onRemove={setRemoving} />
          {shown ? <Report batchId={shown} /> : null}
        </>
      )}

      <ConfirmDialog
        open={removing !== null}
        title="Rensa QA-körningen?"
        description="Körningen, dess sex testärenden och allt som hör till dem (händelser, avgifter, ränta och bokföring) tas bort."
        confirmLabel="Rensa"
        onConfirm={remove}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
      />
    </Flex>
  );
}

function BatchTable({
  batches,
  shown,
  onShow,
  onRemove,
}: {
  batches: TemplateQaBatch[];
  shown: string | null;
  onShow(id: string): void;
  onRemove(batch: TemplateQaBatch): void;
}) {
  return (
    <Table.Root variant="surface" aria-label="QA-körningar">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Körd</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Mallar</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Godkända</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Underkända</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Åtgärder</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {batches.map((batch) => (
          <Table.Row key={batch.id} className="template-qa-row" aria-current={batch.id === shown ? 'true' : undefined}>
            <Table.Cell>{formatDateTime(batch.created_at)}</Table.Cell>
            <Table.Cell justify="end">{formatCount(batch.templates_checked)}</Table.Cell>
            <Table.Cell justify="end">{formatCount(batch.templates_passed)}</Table.Cell>
            <Table.Cell justify="end">{formatCount(batch.templates_failed)}</Table.Cell>
            <Table.Cell>
              {batch.status === 'running' ? (
                <Badge color="blue">Pågår</Badge>
              ) : batch.templates_failed > 0 ? (
                <Badge color="red">Underkänd</Badge>
              ) : (
                <Badge color="green">Godkänd</Badge>
              )}
            </Table.Cell>
            <Table.Cell justify="end">
              <Flex gap="2" justify="end">
                <Button size="1" variant={batch.id === shown ? 'solid' : 'soft'} onClick={() => onShow(batch.id)} disabled={batch.status !== 'completed'}>
                  Visa rapport
                </Button>
                <Button size="1" variant="soft" color="red" onClick={() => onRemove(batch)}>
                  <TrashIcon /> Rensa
                </Button>
              </Flex>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** The stored report in a frame that runs no script and is not of this origin. */
function Report({ batchId }: { batchId: string }) {
  const { data, error } = useTemplateQaReport(batchId);
  return (
    <Box>
      <Heading as="h2" size="4" mb="2">
        Rapport
      </Heading>
      {error ? (
        <ErrorState message={error.message} />
      ) : data === undefined ? (
        <LoadingState />
      ) : (
        <Card size="1">
          <iframe title="QA-rapport" sandbox="" srcDoc={data} className="template-qa-report" />
        </Card>
      )}
    </Box>
  );
}
