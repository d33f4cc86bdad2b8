// The letter print queue (provider manual): the letters waiting, 'Skapa utskriftsbunt' — one PDF
// of them all to print and post, which marks them sent — and the earlier batches to download again.
import { DownloadIcon, FileTextIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { downloadLetter, downloadPrintBatch, useChannelMutations, usePrintQueue, type PrintBatch, type PrintQueue } from '../../api/channel-settings';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { useToast } from '../../components/toast';
import { useCurrentOrgId } from '../../lib/auth';
import { formatCount, formatDateTime } from '../../lib/format';
import { saveFile } from '../../lib/save-file';

export function PrintQueueCard() {
  const { data, error, mutate } = usePrintQueue();
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          Utskriftskö
        </Heading>
        {error && !data ? <ErrorState message={error.message} onRetry={() => void mutate()} /> : !data ? <LoadingState /> : <PrintQueueContent queue={data} />}
      </Flex>
    </Card>
  );
}

/** A download that toasts its failure; `busy` is the key of the one in flight. */
function useDownloads() {
  const { toast } = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, fetchFile: () => ReturnType<typeof downloadPrintBatch>, fallbackName: string) => {
    setBusy(key);
    try {
      saveFile(await fetchFile(), fallbackName);
    } catch (downloadError) {
      toast({ title: 'Fel vid nedladdning', description: (downloadError as Error).message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

function PrintQueueContent({ queue }: { queue: PrintQueue }) {
  const orgId = useCurrentOrgId();
  const { createPrintBatch } = useChannelMutations();
  const { toast } = useToast();
  const { busy, run } = useDownloads();
  const [printing, setPrinting] = useState(false);

  const print = async () => {
    if (!orgId) return;
    setPrinting(true);
    try {
      const batch = await createPrintBatch();
      toast({ title: 'Utskriftsbunt skapad', description: `${formatCount(batch.count)} brev – PDF:en laddas ner`, variant: 'success' });
      await run(batch.id, () => downloadPrintBatch(orgId, batch.id), 'utskriftsbunt.pdf');
    } catch (printError) {
      toast({ title: 'Fel', description: (printError as Error).message, variant: 'destructive' });
    } finally {
      setPrinting(false);
    }
  };

  return (
    <>
      <Flex justify="between" align="center" wrap="wrap" gap="3">
        <Text size="2" color="gray" aria-live="polite">
          {queue.letters.length === 0 ? 'Inga brev väntar på utskrift.' : `${formatCount(queue.letters.length)} brev väntar på utskrift.`}
        </Text>
        <Button onClick={() => void print()} loading={printing} disabled={queue.letters.length === 0}>
          <DownloadIcon /> Skapa utskriftsbunt
        </Button>
      </Flex>
      {queue.letters.length > 0 ? (
        <Table.Root variant="surface" size="1" aria-label="Brev som väntar">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Skapat</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Ärende</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Mottagare</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Ämne</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {queue.letters.map((letter) => (
              <Table.Row key={letter.id}>
                <Table.Cell>{formatDateTime(letter.created_at)}</Table.Cell>
                <Table.Cell>{letter.reference_no ?? '-'}</Table.Cell>
                <Table.Cell>{letter.recipient}</Table.Cell>
                <Table.Cell>{letter.subject ?? 'Meddelande'}</Table.Cell>
                <Table.Cell justify="end">
                  <Button
                    size="1"
                    variant="soft"
                    loading={busy === letter.id}
                    onClick={() => orgId && void run(letter.id, () => downloadLetter(orgId, letter.id), 'brev.pdf')}
                  >
                    <FileTextIcon /> Visa PDF
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
      <BatchList
        batches={queue.batches}
        busy={busy}
        onDownload={(batch) => orgId && void run(batch.id, () => downloadPrintBatch(orgId, batch.id), 'utskriftsbunt.pdf')}
      />
    </>
  );
}

function BatchList({ batches, busy, onDownload }: { batches: PrintBatch[]; busy: string | null; onDownload(batch: PrintBatch): void }) {
  if (batches.length === 0) {
    return (
      <EmptyState
        icon={<FileTextIcon width="22" height="22" />}
        title="Inga utskriftsbuntar ännu"
        description="Varje bunt blir en PDF med alla brev som väntade."
      />
    );
  }
  return (
    <Table.Root variant="surface" size="1" aria-label="Utskriftsbuntar">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Skapad</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Antal brev</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {batches.map((batch) => (
          <Table.Row key={batch.id}>
            <Table.Cell>{formatDateTime(batch.created_at)}</Table.Cell>
            <Table.Cell>{formatCount(batch.count)}</Table.Cell>
            <Table.Cell justify="end">
              <Button size="1" variant="soft" loading={busy === batch.id} onClick={() => onDownload(batch)}>
                <DownloadIcon /> Ladda ner PDF
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
