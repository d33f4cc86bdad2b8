// The fee catalogue (avgiftskatalog, spec part 2 §3, §7 "ordered by code"): one line per code with
// the amount in force today, an upcoming amount, the law's cap, versions, and activate/deactivate.
import { CounterClockwiseClockIcon, DotsHorizontalIcon, Pencil1Icon, PlusIcon, TokensIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Code, Dialog, DropdownMenu, Flex, IconButton, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useState } from 'react';
import { useFeeCatalogue, useFinanceMutations, type Fee } from '../../api/finance';
import { orDash, TableSkeletonRows } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { useErrorToast, useToast } from '../../components/toast';
import { formatAmount, formatDate } from '../../lib/format';
import { FeeDialog } from './fee-dialog';
import { FEE_STATE_LABELS, groupFeesByCode, type FeeCode } from './fee-versions';
import { SectionHeader } from './section-header';

type DialogState = { mode: 'create' } | { mode: 'edit'; fee: Fee } | { mode: 'versions'; entry: FeeCode } | null;

const COLUMN_COUNT = 7;

export function FeeCatalogueSection({ canWrite }: { canWrite: boolean }) {
  const { data, error, mutate } = useFeeCatalogue();
  const [dialog, setDialog] = useState<DialogState>(null);
  useErrorToast(error, 'Fel vid laddning');
  const codes = data ? groupFeesByCode(data.items) : [];
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <Box>
      <SectionHeader
        title="Avgiftskatalog"
        description="Avgifter som kan läggas på ärenden. Ett ändrat belopp blir en ny version från ett datum – ärenden behåller beloppet de debiterades."
        action={
          canWrite ? (
            <Button onClick={() => setDialog({ mode: 'create' })} disabled={!data}>
              <PlusIcon /> Ny avgift
            </Button>
          ) : null
        }
      />
      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data && codes.length === 0 ? (
        <Box className="list-empty">
          <EmptyState
            icon={<TokensIcon width="22" height="22" />}
            title="Inga avgifter ännu"
            description="Lägg till påminnelse-, inkasso- och förseningsavgifter."
          />
        </Box>
      ) : (
        <Table.Root variant="surface" className="data-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Kod</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Namn</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Belopp</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Skattekod</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Gäller från</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell width="48px">
                <VisuallyHidden>Åtgärder</VisuallyHidden>
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {!data ? (
              <TableSkeletonRows columns={COLUMN_COUNT} rows={4} />
            ) : (
              codes.map((entry) => (
                <FeeRow
                  key={entry.code}
                  entry={entry}
                  canWrite={canWrite}
                  onEdit={() => setDialog({ mode: 'edit', fee: entry.current })}
                  onVersions={() => setDialog({ mode: 'versions', entry })}
                />
              ))
            )}
          </Table.Body>
        </Table.Root>
      )}
      {data ? (
        <FeeDialog
          open={dialog?.mode === 'create' || dialog?.mode === 'edit'}
          fee={dialog?.mode === 'edit' ? dialog.fee : null}
          today={data.today}
          onOpenChange={close}
        />
      ) : null}
      <FeeVersionsDialog entry={dialog?.mode === 'versions' ? dialog.entry : null} onOpenChange={close} />
    </Box>
  );
}

function FeeRow({ entry, canWrite, onEdit, onVersions }: { entry: FeeCode; canWrite: boolean; onEdit(): void; onVersions(): void }) {
  const { updateFee } = useFinanceMutations();
  const { toast } = useToast();
  const { current, next } = entry;

  const toggle = async () => {
    try {
      await updateFee(current.id, { is_active: !current.is_active });
      toast({ title: 'Sparat', description: `${current.code} är ${current.is_active ? 'inaktiverad' : 'aktiverad'}`, variant: 'success' });
    } catch (toggleError) {
      toast({ title: 'Fel vid sparande', description: (toggleError as Error).message, variant: 'destructive' });
    }
  };

  return (
    <Table.Row align="center" data-inactive={!current.is_active}>
      <Table.RowHeaderCell>
        <Code variant="ghost" weight="bold" className="mono">
          {current.code}
        </Code>
      </Table.RowHeaderCell>
      <Table.Cell>
        <Text size="2">{current.name}</Text>
        {next ? (
          <Text as="div" size="1" color="blue">
            Nytt belopp {formatAmount(next.amount)} från {formatDate(next.valid_from)}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell justify="end" className="amount-cell">
        <Text size="2" weight="medium">
          {formatAmount(current.amount)}
        </Text>
        {current.statutory_max ? (
          <Text as="div" size="1" color="gray">
            max {formatAmount(current.statutory_max)}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <Text size="2" title={current.tax_code ?? undefined}>
          {orDash(current.tax_code_label)}
        </Text>
      </Table.Cell>
      <Table.Cell className="nowrap">{formatDate(current.valid_from)}</Table.Cell>
      <Table.Cell>
        <Flex gap="2" align="center" wrap="wrap">
          <Badge color={current.is_active ? 'green' : 'gray'} variant="soft" radius="full">
            {current.is_active ? 'Aktiv' : 'Inaktiv'}
          </Badge>
          {entry.versions.length > 1 ? (
            <Button variant="ghost" size="1" color="gray" onClick={onVersions}>
              <CounterClockwiseClockIcon /> {entry.versions.length} versioner
            </Button>
          ) : null}
        </Flex>
      </Table.Cell>
      <Table.Cell justify="end">
        <DropdownMenu.Root>
          <DropdownMenu.Trigger>
            <IconButton variant="ghost" color="gray" aria-label={`Åtgärder för ${current.code}`}>
              <DotsHorizontalIcon />
            </IconButton>
          </DropdownMenu.Trigger>
          <DropdownMenu.Content align="end">
            {canWrite ? (
              <DropdownMenu.Item onSelect={onEdit}>
                <Pencil1Icon /> Redigera
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item onSelect={onVersions}>
              <CounterClockwiseClockIcon /> Versioner
            </DropdownMenu.Item>
            {canWrite ? (
              <DropdownMenu.Item color={current.is_active ? 'red' : undefined} onSelect={() => void toggle()}>
                {current.is_active ? 'Inaktivera' : 'Aktivera'}
              </DropdownMenu.Item>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Root>
      </Table.Cell>
    </Table.Row>
  );
}

function FeeVersionsDialog({ entry, onOpenChange }: { entry: FeeCode | null; onOpenChange(open: boolean): void }) {
  return (
    <Dialog.Root open={entry !== null} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Versioner av {entry?.code}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Varje belopp gäller från sitt datum tills nästa version tar över. Ärenden behåller beloppet de debiterades.
        </Dialog.Description>
        <Table.Root variant="surface" size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Gäller från</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Namn</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Belopp</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Läge</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entry?.versions.map((version) => (
              <Table.Row key={version.id}>
                <Table.Cell className="nowrap">{formatDate(version.valid_from)}</Table.Cell>
                <Table.Cell>{version.name}</Table.Cell>
                <Table.Cell justify="end" className="amount-cell">
                  {formatAmount(version.amount)}
                </Table.Cell>
                <Table.Cell>
                  <Badge color={FEE_STATE_LABELS[version.state].color} variant="soft">
                    {FEE_STATE_LABELS[version.state].label}
                  </Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Stäng
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
