// 'Råbalans': per account debit, credit and balance up to a date, a totals row that shows the
// books balance (Σ saldo = 0), and the exports 'Exportera CSV' and 'Exportera SIE'.
import { CheckCircledIcon, CrossCircledIcon, DownloadIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Flex, Select, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { downloadSie, downloadTrialBalanceCsv, useTrialBalance } from '../../api/ledger';
import { TableSkeletonRows } from '../../components/data-table';
import { DateInput } from '../../components/date-input';
import { ErrorState } from '../../components/error-state';
import { useErrorToast, useToast } from '../../components/toast';
import { useCurrentOrgId } from '../../lib/auth';
import { readDateField } from '../../lib/date-field';
import { saveFile } from '../../lib/save-file';
import { LedgerAmount } from './ledger-amount';
import { LEDGER_ACCOUNT_TYPE_LABELS } from '@fordran/core/labels';

/** This year and the four before it: the years an accountant asks for. */
function recentYears(): number[] {
  const year = new Date().getFullYear();
  return [0, 1, 2, 3, 4].map((back) => year - back);
}

export function TrialBalanceTab() {
  const orgId = useCurrentOrgId();
  const { toast } = useToast();
  const [toInput, setToInput] = useState('');
  // Until the field holds a whole date the balance stays up to today.
  const toDate = readDateField(toInput);
  const to = toDate.ok ? (toDate.date ?? '') : '';
  const [year, setYear] = useState(() => String(new Date().getFullYear()));
  const [busy, setBusy] = useState<'csv' | 'sie' | null>(null);
  const { data, error, isLoading, isValidating, mutate } = useTrialBalance(to);
  useErrorToast(error, 'Fel vid laddning');

  const exportFile = async (kind: 'csv' | 'sie') => {
    if (!orgId) return;
    setBusy(kind);
    try {
      const file = kind === 'csv' ? await downloadTrialBalanceCsv(orgId, to) : await downloadSie(orgId, Number(year));
      saveFile(file, kind === 'csv' ? 'rabalans.csv' : `fordran-${year}.se`);
    } catch (exportError) {
      toast({ title: 'Fel vid export', description: (exportError as Error).message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Flex gap="3" mb="4" wrap="wrap" align="end" justify="between">
        <Box width="200px">
          <DateInput label="Till och med" value={toInput} onValueChange={setToInput} />
        </Box>
        <Flex gap="2" wrap="wrap" align="center">
          <Button variant="soft" loading={busy === 'csv'} onClick={() => void exportFile('csv')}>
            <DownloadIcon /> Exportera CSV
          </Button>
          <Select.Root value={year} onValueChange={setYear}>
            <Select.Trigger aria-label="Räkenskapsår för SIE-export" />
            <Select.Content position="popper">
              {recentYears().map((option) => (
                <Select.Item key={option} value={String(option)}>
                  {option}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <Button variant="soft" loading={busy === 'sie'} onClick={() => void exportFile('sie')}>
            <DownloadIcon /> Exportera SIE
          </Button>
        </Flex>
      </Flex>

      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : (
        <Table.Root variant="surface" className="data-table" data-stale={isValidating && !isLoading}>
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
            {!data ? (
              <TableSkeletonRows columns={6} rows={9} />
            ) : (
              <>
                {data.rows.map((row) => (
                  <Table.Row key={row.account_code} align="center">
                    <Table.RowHeaderCell className="mono">{row.account_code}</Table.RowHeaderCell>
                    <Table.Cell>{row.account_name}</Table.Cell>
                    <Table.Cell>
                      <Text color="gray">{LEDGER_ACCOUNT_TYPE_LABELS[row.type] ?? row.type}</Text>
                    </Table.Cell>
                    <Table.Cell justify="end" className="nowrap amount-cell">
                      <LedgerAmount value={row.debit} />
                    </Table.Cell>
                    <Table.Cell justify="end" className="nowrap amount-cell">
                      <LedgerAmount value={row.credit} />
                    </Table.Cell>
                    <Table.Cell justify="end" className="nowrap amount-cell">
                      <LedgerAmount value={row.balance} />
                    </Table.Cell>
                  </Table.Row>
                ))}
                <Table.Row align="center" className="totals-row">
                  <Table.RowHeaderCell colSpan={3}>
                    <Flex align="center" gap="2">
                      <Text weight="bold">Summa</Text>
                      {data.is_balanced ? (
                        <Badge color="green" variant="soft" radius="full">
                          <CheckCircledIcon /> Balanserar
                        </Badge>
                      ) : (
                        <Badge color="red" variant="soft" radius="full">
                          <CrossCircledIcon /> Balanserar inte
                        </Badge>
                      )}
                    </Flex>
                  </Table.RowHeaderCell>
                  <Table.Cell justify="end" className="nowrap amount-cell">
                    <Text weight="bold">
                      <LedgerAmount value={data.total_debit} />
                    </Text>
                  </Table.Cell>
                  <Table.Cell justify="end" className="nowrap amount-cell">
                    <Text weight="bold">
                      <LedgerAmount value={data.total_credit} />
                    </Text>
                  </Table.Cell>
                  <Table.Cell justify="end" className="nowrap amount-cell">
                    <Text weight="bold">
                      <LedgerAmount value={data.total_balance} />
                    </Text>
                  </Table.Cell>
                </Table.Row>
              </>
            )}
          </Table.Body>
        </Table.Root>
      )}
      <Text as="p" size="1" color="gray" mt="2">
        Saldo är debet minus kredit; summan är alltid noll eftersom varje verifikation balanserar.
        {data?.to ? ` Bokfört till och med ${data.to}.` : ' Allt som bokförts.'} SIE-filen (SIE 4) omfattar ett kalenderår.
      </Text>
    </>
  );
}
