// The Riksbank reference rate per half-year (räntelagen 9 §), read-only: the table is global —
// shared by every organisation — so only the operator changes it (`fordran reference-rates set`).
import { ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Badge, Box, Callout, Code, Flex, Table, Text } from '@radix-ui/themes';
import { useReferenceRates, type ReferenceRate } from '../../api/finance';
import { TableSkeletonRows } from '../../components/data-table';
import { ErrorState } from '../../components/error-state';
import { useErrorToast } from '../../components/toast';
import { formatDate, formatDateLong, formatRate } from '../../lib/format';
import { SectionHeader } from './section-header';

/** "2026 H2" for the half-year starting 2026-07-01. */
function halfYearOf(rate: ReferenceRate): string {
  return `${rate.valid_from.slice(0, 4)} ${rate.valid_from.endsWith('-01-01') ? 'H1' : 'H2'}`;
}

export function ReferenceRatesSection() {
  const { data, error, mutate } = useReferenceRates();
  useErrorToast(error, 'Fel vid laddning');

  return (
    <Box>
      <SectionHeader
        title="Referensräntor"
        description="Riksbankens referensränta gäller ett kalenderhalvår i taget. Dröjsmålsräntan är referensräntan plus 8 procentenheter (räntelagen 6 §)."
      />
      <Flex direction="column" gap="3">
        {data?.current_missing ? (
          <Callout.Root color="amber" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>
              Referensränta saknas för halvåret som börjar {formatDateLong(data.current_half_year)}. Ränta för perioden kan inte beräknas förrän den är
              registrerad.
            </Callout.Text>
          </Callout.Root>
        ) : null}
        <Callout.Root color="gray" variant="surface" size="1">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Flex direction="column" gap="1">
            <Text size="2">Tabellen är gemensam för alla organisationer och kan bara ändras av driftansvarig, i serverns kommandorad:</Text>
            <Code size="2" className="nowrap">
              fordran reference-rates set --from 2027-01-01 --rate 2.25 --verified
            </Code>
          </Flex>
        </Callout.Root>
        {error && !data ? (
          <ErrorState message={error.message} onRetry={() => void mutate()} />
        ) : (
          <Table.Root variant="surface" className="data-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Halvår</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Period</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Referensränta</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Dröjsmålsränta</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Källa</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {!data ? (
                <TableSkeletonRows columns={5} rows={4} />
              ) : data.items.length === 0 ? (
                <Table.Row>
                  <Table.Cell colSpan={5}>
                    <Text size="2" color="gray">
                      Inga referensräntor registrerade.
                    </Text>
                  </Table.Cell>
                </Table.Row>
              ) : (
                data.items.map((rate) => (
                  <Table.Row key={rate.valid_from} data-current={rate.valid_from === data.current_half_year}>
                    <Table.RowHeaderCell>
                      <Flex gap="2" align="center">
                        <Text weight="medium">{halfYearOf(rate)}</Text>
                        {rate.valid_from === data.current_half_year ? (
                          <Badge color="indigo" variant="soft" radius="full">
                            Nu
                          </Badge>
                        ) : null}
                      </Flex>
                    </Table.RowHeaderCell>
                    <Table.Cell className="nowrap">
                      {formatDate(rate.valid_from)} – {formatDate(rate.valid_to)}
                    </Table.Cell>
                    <Table.Cell justify="end" className="amount-cell">
                      {formatRate(rate.rate)}
                    </Table.Cell>
                    <Table.Cell justify="end" className="amount-cell">
                      <Text weight="medium">{formatRate(rate.legal_interest_rate)}</Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge color={rate.verified ? 'green' : 'amber'} variant="soft">
                        {rate.verified ? 'Verifierad' : 'Ej verifierad'}
                      </Badge>
                    </Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table.Root>
        )}
      </Flex>
    </Box>
  );
}
