// The jobs that need someone (issue 10): failed, or stuck — processing while its worker stopped
// answering or made no progress for 10 minutes. Admin and finance run one again ('Kör igen');
// the API checks the role and logs it as 'job.retried'.
import { Button, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useState } from 'react';
import { JOB_STATUS_LABELS, JOB_TYPE_LABELS } from '@fordran/core/labels';
import { useJobMutations, useRetryableJobs, type Job } from '../../api/jobs';
import { TableSkeletonRows } from '../../components/data-table';
import { useToast } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';

const COLUMN_COUNT = 6;

export function JobsNeedingAttention() {
  const { data, error, isLoading } = useRetryableJobs();
  const jobs = data?.items ?? [];

  return (
    <section aria-labelledby="jobs-attention-heading">
      <Text as="p" id="jobs-attention-heading" size="2" weight="bold" mb="2">
        Jobb att åtgärda
      </Text>
      {error && !data ? (
        <Text as="p" size="2" color="gray" mb="5">
          Jobben kunde inte hämtas
        </Text>
      ) : !isLoading && jobs.length === 0 ? (
        <Text as="p" size="2" color="gray" mb="5">
          Inga misslyckade eller fastnade jobb.
        </Text>
      ) : (
        <Table.Root variant="surface" className="data-table" mb="5">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Jobb</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Försök</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Senaste fel</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Senast ändrat</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                <VisuallyHidden>Åtgärd</VisuallyHidden>
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>{isLoading ? <TableSkeletonRows columns={COLUMN_COUNT} rows={2} /> : jobs.map((job) => <JobRow key={job.id} job={job} />)}</Table.Body>
        </Table.Root>
      )}
    </section>
  );
}

function JobRow({ job }: { job: Job }) {
  const canRetry = useCan('jobs.write');
  const { retryJob } = useJobMutations();
  const { toast } = useToast();
  const [isBusy, setIsBusy] = useState(false);
  const label = JOB_TYPE_LABELS[job.job_type] ?? job.job_type;

  const retry = async () => {
    setIsBusy(true);
    try {
      await retryJob(job.id);
      toast({ title: 'Jobbet körs igen', description: label, variant: 'success' });
    } catch (retryError) {
      toast({ title: 'Kunde inte köra om jobbet', description: (retryError as Error).message, variant: 'destructive' });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Table.Row align="center">
      <Table.Cell>{label}</Table.Cell>
      <Table.Cell>
        <Text color={job.status === 'failed' ? 'red' : 'amber'}>{job.status === 'failed' ? JOB_STATUS_LABELS.failed : 'Fastnat'}</Text>
      </Table.Cell>
      <Table.Cell justify="end" className="nowrap">
        {job.attempts ?? 0} av {job.max_attempts ?? 0}
      </Table.Cell>
      <Table.Cell>
        <Text size="2" color="gray">
          {job.last_error ?? '–'}
        </Text>
      </Table.Cell>
      <Table.Cell className="nowrap">{job.updated_at ? formatDateTime(job.updated_at) : '–'}</Table.Cell>
      <Table.Cell justify="end">
        {canRetry ? (
          <Flex justify="end">
            <Button size="1" variant="soft" loading={isBusy} onClick={() => void retry()} aria-label={`Kör igen: ${label}`}>
              Kör igen
            </Button>
          </Flex>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}
