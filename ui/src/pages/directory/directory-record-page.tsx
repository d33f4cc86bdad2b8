// A directory record's page (/customers/{id}, /parties/{id}): the details, 'Redigera' (the
// directory's dialog) and the record's cases with links, status, stage and what each still owes;
// 'Visa alla ärenden' opens the case list filtered by it.
import { Pencil1Icon } from '@radix-ui/react-icons';
import { Box, Button, Card, DataList, Flex, Heading, Skeleton } from '@radix-ui/themes';
import { useState } from 'react';
import type { DirectoryRecord } from '../../api/directory';
import { RecordStatusBadge } from '../../components/data-table';
import { DetailItem } from '../../components/detail-item';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { RelatedCasesCard } from '../cases/related-cases-card';
import { capitalised, type DirectoryDefinition } from './directory-definition';

type RecordDefinition<T extends DirectoryRecord> = Pick<DirectoryDefinition<T, string>, 'noun' | 'path' | 'icon' | 'write' | 'useRecord' | 'Dialog' | 'record'>;

const backOf = (def: Pick<RecordDefinition<DirectoryRecord>, 'path' | 'noun'>) => ({ href: def.path, label: `Tillbaka till ${def.noun.many}` });

export function DirectoryRecordPage<T extends DirectoryRecord>({ def, id }: { def: RecordDefinition<T>; id: string }) {
  const { data, error, mutate } = def.useRecord(id);
  const isNotFound = error?.status === 404;
  useErrorToast(isNotFound ? undefined : error, 'Fel vid laddning');

  if (data) return <RecordView def={def} record={data} />;
  const the = capitalised(def.noun.the);
  return (
    <>
      <PageHeader title={capitalised(def.noun.one)} back={backOf(def)} />
      {isNotFound ? (
        <Box className="list-empty">
          <EmptyState icon={def.icon} title={`${the} hittades inte`} description={`${the} finns inte, eller så hör den till en annan organisation.`} />
        </Box>
      ) : error ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : (
        <Skeleton height="240px" aria-busy aria-label={`Laddar ${def.noun.the}`} />
      )}
    </>
  );
}

function RecordView<T extends DirectoryRecord>({ def, record }: { def: RecordDefinition<T>; record: T }) {
  const canWrite = useCan(def.write);
  const [editing, setEditing] = useState(false);
  return (
    <>
      <PageHeader
        title={record.name}
        back={backOf(def)}
        description={
          <Flex gap="2" align="center" asChild>
            <span>
              {def.record.badges?.(record)}
              <RecordStatusBadge status={record.status} />
            </span>
          </Flex>
        }
        actions={
          canWrite ? (
            <Button variant="soft" onClick={() => setEditing(true)}>
              <Pencil1Icon /> Redigera
            </Button>
          ) : null
        }
      />
      <Box className="case-layout">
        <RelatedCasesCard of={def.record.cases(record)} />
        <Card size="3">
          <Heading as="h2" size="4" mb="4">
            Uppgifter
          </Heading>
          <DataList.Root orientation={{ initial: 'vertical', xs: 'horizontal' }} size="2">
            {def.record.details(record).map(([label, value]) => (
              <DetailItem key={label} label={label}>
                {value || null}
              </DetailItem>
            ))}
            <DetailItem label="Skapad">{formatDateTime(record.created_at)}</DetailItem>
          </DataList.Root>
        </Card>
      </Box>
      <def.Dialog open={editing} record={record} onOpenChange={setEditing} />
    </>
  );
}
