// 'Kontoplan' (spec part 2 §2, §7: gl_accounts active, by code) with each account's balance.
import { ListBulletIcon } from '@radix-ui/react-icons';
import { Box, Table, Text } from '@radix-ui/themes';
import { useLedgerAccounts } from '../../api/ledger';
import { TableSkeletonRows } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { useErrorToast } from '../../components/toast';
import { LedgerAmount } from './ledger-amount';
import { LEDGER_ACCOUNT_TYPE_LABELS } from '@fordran/core/labels';

export function AccountsTab() {
  const { data, error, isLoading, mutate } = useLedgerAccounts();
  useErrorToast(error, 'Fel vid laddning');

  if (error && !data) return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  if (data && data.accounts.length === 0) {
    return (
      <Box className="list-empty">
        <EmptyState
          icon={<ListBulletIcon width="22" height="22" />}
          title="Inga aktiva konton"
          description="Organisationens kontoplan har inga aktiva konton."
        />
      </Box>
    );
  }

  return (
    <>
      <Table.Root variant="surface" className="data-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell width="96px">Konto</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Kontonamn</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Kontotyp</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Debet</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Kredit</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Saldo</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {isLoading || !data ? (
            <TableSkeletonRows columns={6} />
          ) : (
            data.accounts.map((account) => (
              <Table.Row key={account.id} align="center">
                <Table.RowHeaderCell className="mono">{account.code}</Table.RowHeaderCell>
                <Table.Cell>{account.name}</Table.Cell>
                <Table.Cell>
                  <Text color="gray">{LEDGER_ACCOUNT_TYPE_LABELS[account.type] ?? account.type}</Text>
                </Table.Cell>
                <Table.Cell justify="end" className="nowrap amount-cell">
                  <LedgerAmount value={account.debit} />
                </Table.Cell>
                <Table.Cell justify="end" className="nowrap amount-cell">
                  <LedgerAmount value={account.credit} />
                </Table.Cell>
                <Table.Cell justify="end" className="nowrap amount-cell">
                  <Text weight="medium">
                    <LedgerAmount value={account.normal_balance} />
                  </Text>
                </Table.Cell>
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
      <Text as="p" size="1" color="gray" mt="2">
        Saldot visas på kontots normalsida: debet minus kredit för tillgångar och kostnader, kredit minus debet för skulder och intäkter.
      </Text>
    </>
  );
}
