// /kfm/:id (issue 12, docs/kfm.md): one application to Kronofogden — status, type, KFM's case
// number, the linked case; the amounts of the frozen snapshot; the files with their checksums
// ('Fil nedladdad') and the readable PDF; the event history; and the statuses the machine allows
// next, recorded as Kronofogden answers (acknowledged asks for the målnummer).
import { DownloadIcon, FileTextIcon } from '@radix-ui/react-icons';
import { Box, Button, Card, DataList, Flex, Grid, Heading, Link as ThemeLink, Skeleton, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useKfmCase, useKfmMutations, type KfmCase, type KfmStatus } from '../../api/kfm';
import { useLawsuitMutations } from '../../api/lawsuits';
import { TableCaption } from '../../components/data-table';
import { DetailItem } from '../../components/detail-item';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { FormField } from '../../components/form/form-field';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { useErrorToast, useToast } from '../../components/toast';
import { formatAmount, formatDate, formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { saveFile } from '../../lib/save-file';
import { useForm } from '../../lib/use-form';
import { KfmStatusBadge } from './kfm-labels';

export function KfmDetailPage({ kfmCaseId }: { kfmCaseId: string }) {
  const canRead = useCan('kfm.read');
  if (!canRead) {
    return (
      <>
        <PageHeader title="KFM-ärende" back={{ href: '/kfm', label: 'KFM-ärenden' }} />
        <NoAccess description="Din roll kan inte läsa KFM-ärenden. Be en administratör om hjälp." />
      </>
    );
  }
  return <KfmDetail kfmCaseId={kfmCaseId} />;
}

function KfmDetail({ kfmCaseId }: { kfmCaseId: string }) {
  const { data, error, mutate } = useKfmCase(kfmCaseId);
  useErrorToast(error, 'KFM-ärendet kunde inte laddas');
  if (error && !data) {
    return (
      <>
        <PageHeader title="KFM-ärende" back={{ href: '/kfm', label: 'KFM-ärenden' }} />
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      </>
    );
  }
  if (!data) {
    return (
      <>
        <PageHeader title="KFM-ärende" back={{ href: '/kfm', label: 'KFM-ärenden' }} />
        <Skeleton height="240px" />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={`KFM-ärende ${data.reference}`}
        description={`${data.application_type_label} · beräknad till ${formatDate(data.as_of_date)}`}
        back={{ href: '/kfm', label: 'KFM-ärenden' }}
        actions={
          <Flex gap="2" wrap="wrap">
            <TransferToCourt kfmCase={data} />
            <StatusActions kfmCase={data} />
          </Flex>
        }
      />
      <Grid columns={{ initial: '1', md: '2' }} gap="4" mb="4">
        <Overview kfmCase={data} />
        <Amounts kfmCase={data} />
      </Grid>
      <Files kfmCase={data} />
      <Events kfmCase={data} />
    </>
  );
}

function Overview({ kfmCase }: { kfmCase: KfmCase }) {
  return (
    <Card size="3" role="region" aria-label="Översikt">
      <Heading as="h2" size="3" mb="3">
        Översikt
      </Heading>
      <DataList.Root>
        <DetailItem label="Status">
          <KfmStatusBadge status={kfmCase.status} label={kfmCase.status_label} />
        </DetailItem>
        <DetailItem label="Målnummer">{kfmCase.kfm_case_no}</DetailItem>
        <DetailItem label="Ansökningstyp">{kfmCase.application_type_label}</DetailItem>
        <DetailItem label="Ärende">
          <ThemeLink asChild>
            <Link href={`/cases/${kfmCase.case.id}`}>{kfmCase.case.reference_no}</Link>
          </ThemeLink>
        </DetailItem>
        <DetailItem label="Utestående på ärendet">{formatAmount(kfmCase.case.total_outstanding)}</DetailItem>
        <DetailItem label="Skapad">{formatDateTime(kfmCase.created_at)}</DetailItem>
      </DataList.Root>
    </Card>
  );
}

function Amounts({ kfmCase }: { kfmCase: KfmCase }) {
  const { amounts } = kfmCase;
  return (
    <Card size="3" role="region" aria-label="Ansökans belopp">
      <Heading as="h2" size="3" mb="3">
        Ansökans belopp
      </Heading>
      <DataList.Root>
        <DetailItem label="Kapital">{formatAmount(amounts.principal)}</DetailItem>
        <DetailItem label="Ränta">{formatAmount(amounts.interest)}</DetailItem>
        <DetailItem label="Avgifter">{formatAmount(amounts.fees)}</DetailItem>
        <DetailItem label="Ansökningsavgift">{formatAmount(amounts.application_fee)}</DetailItem>
        <DetailItem label="Ersättning för ansökan">{formatAmount(amounts.work_compensation)}</DetailItem>
        <DetailItem label="Totalt">
          <Text weight="bold">{formatAmount(amounts.total)}</Text>
        </DetailItem>
      </DataList.Root>
    </Card>
  );
}

function Files({ kfmCase }: { kfmCase: KfmCase }) {
  const { downloadFile, downloadPdf } = useKfmMutations();
  const { toast } = useToast();
  const download = async (load: () => Promise<Parameters<typeof saveFile>[0]>, fallbackName: string) => {
    try {
      saveFile(await load(), fallbackName);
      toast({ title: 'Fil nedladdad', variant: 'success' });
    } catch (error) {
      toast({ title: 'Filen kunde inte laddas ned', description: (error as Error).message, variant: 'destructive' });
    }
  };
  return (
    <Card size="3" mb="4" role="region" aria-label="Filer">
      <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
        <Heading as="h2" size="3">
          Filer
        </Heading>
        {kfmCase.files.length > 0 ? (
          <Button variant="soft" onClick={() => void download(() => downloadPdf(kfmCase.id), 'ansokan.pdf')}>
            <DownloadIcon /> Ansökan som PDF
          </Button>
        ) : null}
      </Flex>
      {kfmCase.files.length === 0 ? (
        <EmptyState icon={<FileTextIcon width="22" height="22" />} title="Ingen fil genererad ännu" />
      ) : (
        <Table.Root variant="surface" className="data-table">
          <TableCaption>Filer till och från Kronofogden</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Fil</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Riktning</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>SHA-256</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Skapad</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell width="150px" />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {kfmCase.files.map((file) => (
              <Table.Row key={file.id} align="center">
                <Table.Cell>
                  <Text size="2" className="break-anywhere">
                    {file.filename}
                  </Text>
                </Table.Cell>
                <Table.Cell>{file.direction === 'out' ? 'Till Kronofogden' : 'Från Kronofogden'}</Table.Cell>
                <Table.Cell>
                  <Text size="1" color="gray" className="break-anywhere" title={file.checksum}>
                    {file.checksum.slice(0, 16)}…
                  </Text>
                </Table.Cell>
                <Table.Cell className="nowrap">{formatDateTime(file.created_at)}</Table.Cell>
                <Table.Cell>
                  <Button
                    size="1"
                    variant="soft"
                    aria-label={`Ladda ned ${file.filename}`}
                    onClick={() => void download(() => downloadFile(kfmCase.id, file.id), file.filename)}
                  >
                    <DownloadIcon /> Ladda ned
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Card>
  );
}

function Events({ kfmCase }: { kfmCase: KfmCase }) {
  return (
    <Card size="3" role="region" aria-label="Händelser">
      <Heading as="h2" size="3" mb="3">
        Händelser
      </Heading>
      <ol className="timeline" aria-label="Händelser i KFM-ärendet">
        {kfmCase.events.map((event) => (
          <li key={event.id} className="timeline-entry">
            <Box minWidth="0" flexGrow="1">
              <Flex justify="between" gap="3" wrap="wrap">
                <Text size="2" weight="medium">
                  {event.title}
                  {typeof event.payload['to_label'] === 'string' ? `: ${String(event.payload['from_label'])} → ${event.payload['to_label']}` : ''}
                </Text>
                <Text size="1" color="gray" className="nowrap">
                  {formatDateTime(event.created_at)}
                </Text>
              </Flex>
            </Box>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** A contested betalningsföreläggande goes to tingsrätt: one click makes the lawsuit draft, linked to this KFM case. */
function TransferToCourt({ kfmCase }: { kfmCase: KfmCase }) {
  const canWrite = useCan('lawsuits.write');
  const { create } = useLawsuitMutations();
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  if (!canWrite || kfmCase.status !== 'contested') return null;
  async function transfer() {
    setBusy(true);
    try {
      const lawsuit = await create({ case_id: kfmCase.case.id, kfm_case_id: kfmCase.id });
      toast({ title: 'Stämning skapad', description: `${lawsuit.case_reference} · ${lawsuit.track_label}`, variant: 'success' });
      navigate(`/lawsuits/${lawsuit.id}`);
    } catch (error) {
      toast({ title: 'Stämningen kunde inte skapas', description: (error as Error).message, variant: 'destructive' });
      setBusy(false);
    }
  }
  return (
    <Button loading={busy} onClick={() => void transfer()}>
      Överlämna till tingsrätt
    </Button>
  );
}

/** The statuses the machine allows next; each opens a small dialog (acknowledged asks for the målnummer). */
function StatusActions({ kfmCase }: { kfmCase: KfmCase }) {
  const canWrite = useCan('kfm.write');
  const [target, setTarget] = useState<{ status: KfmStatus; label: string } | null>(null);
  if (!canWrite || kfmCase.next_statuses.length === 0) return null;
  return (
    <>
      <Flex gap="2" wrap="wrap">
        {kfmCase.next_statuses.map((next) => (
          <Button key={next.status} variant="soft" onClick={() => setTarget(next)}>
            {next.label}
          </Button>
        ))}
      </Flex>
      <FormDialog
        open={target !== null}
        onOpenChange={(open) => (open ? undefined : setTarget(null))}
        title={target ? `Ändra status till ${target.label}` : 'Ändra status'}
        description="Registrera Kronofogdens besked. Ändringen syns i ärendets tidslinje."
        maxWidth="440px"
      >
        {target ? <StatusForm kfmCase={kfmCase} target={target} onDone={() => setTarget(null)} /> : null}
      </FormDialog>
    </>
  );
}

function StatusForm({ kfmCase, target, onDone }: { kfmCase: KfmCase; target: { status: KfmStatus; label: string }; onDone(): void }) {
  const { changeStatus } = useKfmMutations();
  const { toast } = useToast();
  const asksCaseNo = target.status === 'acknowledged';
  const form = useForm(() => ({ kfm_case_no: kfmCase.kfm_case_no ?? '' }), {
    failure: 'Statusen kunde inte ändras',
    validate: (values) => (asksCaseNo && values.kfm_case_no.trim() === '' ? { kfm_case_no: 'Ange Kronofogdens målnummer' } : {}),
    async submit(values) {
      await changeStatus(kfmCase.id, { to: target.status, ...(values.kfm_case_no.trim() ? { kfm_case_no: values.kfm_case_no.trim() } : {}) });
      toast({ title: 'Status ändrad', description: target.label, variant: 'success' });
      onDone();
    },
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      {asksCaseNo ? <FormField label="Målnummer" placeholder="14-141638-12" {...form.text('kfm_case_no')} /> : null}
      <FormActions submitLabel={`Ändra till ${target.label}`} isSubmitting={form.isSubmitting} />
    </form>
  );
}
