// 'Bankkonton' (spec part 2 §2, §3, §7: bank_accounts active, by type): client funds and
// operating accounts with IBAN, bankgiro and plusgiro; bank.write may add and edit them.
import { IdCardIcon, Pencil1Icon, PlusIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Flex, IconButton, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useBankAccounts, type BankAccount } from '../../api/bank';
import { orDash, RecordStatusBadge, TableSkeletonRows } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { useErrorToast } from '../../components/toast';
import { formatIban } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { BANK_ACCOUNT_TYPE_LABELS } from '@fordran/core/labels';
import { BankAccountDialog } from './bank-account-dialog';

type DialogState = { mode: 'create' } | { mode: 'edit'; account: BankAccount } | null;

export function BankAccountsTab() {
  const canWrite = useCan('bank.write');
  // The editor also lists inactive accounts, so they can be activated again.
  const { data, error, isLoading, mutate } = useBankAccounts(canWrite);
  useErrorToast(error, 'Fel vid laddning');
  const [dialog, setDialog] = useState<DialogState>(null);
  const openCreate = () => setDialog({ mode: 'create' });

  return (
    <>
      {canWrite ? (
        <Flex justify="end" mb="3">
          <Button onClick={openCreate}>
            <PlusIcon /> Nytt bankkonto
          </Button>
        </Flex>
      ) : null}
      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data && data.accounts.length === 0 ? (
        <Box className="list-empty">
          <EmptyState
            icon={<IdCardIcon width="22" height="22" />}
            title="Inga bankkonton ännu"
            description="Lägg till klientmedelskontot som gäldenärerna betalar till och organisationens driftkonto."
            action={
              canWrite ? (
                <Button onClick={openCreate}>
                  <PlusIcon /> Nytt bankkonto
                </Button>
              ) : undefined
            }
          />
        </Box>
      ) : (
        <Table.Root variant="surface" className="data-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Kontonamn</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Typ</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>IBAN</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Bankgiro</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Plusgiro</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Bank</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              {canWrite ? <Table.ColumnHeaderCell width="48px" /> : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {isLoading || !data ? (
              <TableSkeletonRows columns={canWrite ? 8 : 7} />
            ) : (
              data.accounts.map((account) => (
                <Table.Row key={account.id} align="center">
                  <Table.RowHeaderCell>
                    <Text weight="medium">{account.account_name}</Text>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <Badge color={account.type === 'client_funds' ? 'indigo' : 'gray'} variant="soft" radius="full">
                      {BANK_ACCOUNT_TYPE_LABELS[account.type]}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell className="nowrap mono">{account.iban ? formatIban(account.iban) : '–'}</Table.Cell>
                  <Table.Cell className="nowrap mono">{orDash(account.bg_number)}</Table.Cell>
                  <Table.Cell className="nowrap mono">{orDash(account.pg_number)}</Table.Cell>
                  <Table.Cell>{orDash(account.provider)}</Table.Cell>
                  <Table.Cell>
                    <RecordStatusBadge status={account.is_active ? 'active' : 'inactive'} />
                  </Table.Cell>
                  {canWrite ? (
                    <Table.Cell justify="end">
                      <IconButton
                        variant="ghost"
                        color="gray"
                        aria-label={`Redigera ${account.account_name}`}
                        onClick={() => setDialog({ mode: 'edit', account })}
                      >
                        <Pencil1Icon />
                      </IconButton>
                    </Table.Cell>
                  ) : null}
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      )}
      <BankAccountDialog
        open={dialog !== null}
        account={dialog?.mode === 'edit' ? dialog.account : null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
      />
    </>
  );
}
