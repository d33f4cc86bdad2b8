// After 'Avräkna': what was booked on the case and the case's new balance, with a link to it.
import { CheckCircledIcon } from '@radix-ui/react-icons';
import { Badge, Box, Callout, DataList, Link as ThemeLink, Text } from '@radix-ui/themes';
import { Link } from 'wouter';
import type { PaymentAllocateResult } from '../../api/payments';
import { formatAmount } from '../../lib/format';
import { isAboveZero } from './allocation-amount';
import { followUpLabel } from './payment-labels';

export function caseHref(caseId: string): string {
  return `/cases/${encodeURIComponent(caseId)}`;
}

export function AllocationResult({ result }: { result: PaymentAllocateResult }) {
  const { allocation, case: allocatedCase, payment } = result;
  return (
    <Box>
      <Callout.Root color="green" variant="surface" mb="4">
        <Callout.Icon>
          <CheckCircledIcon />
        </Callout.Icon>
        <Callout.Text>
          {formatAmount(allocation.amount)} avräknades på ärende {allocation.reference_no}.
        </Callout.Text>
      </Callout.Root>
      <DataList.Root size="2" aria-label="Ärendets nya saldo">
        <DataList.Item>
          <DataList.Label minWidth="160px">Ärende</DataList.Label>
          <DataList.Value>
            <ThemeLink asChild>
              <Link href={caseHref(allocatedCase.id)}>{allocation.reference_no}</Link>
            </ThemeLink>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="160px">Avräknat</DataList.Label>
          <DataList.Value>
            <Box>
              <Text weight="medium">{formatAmount(allocation.amount)}</Text>
              <Text as="p" size="1" color="gray">
                Kapital {formatAmount(allocation.principal)} · Ränta {formatAmount(allocation.interest)} · Avgifter {formatAmount(allocation.fees)}
              </Text>
            </Box>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="160px">Inbetalt på ärendet</DataList.Label>
          <DataList.Value>{formatAmount(allocatedCase.amount_paid_total)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="160px">Nytt saldo</DataList.Label>
          <DataList.Value>
            <Text weight="bold" data-testid="case-new-balance">
              {formatAmount(allocatedCase.total_outstanding)}
            </Text>
            {allocatedCase.closed ? (
              <Badge color="green" variant="soft" radius="full" ml="2">
                Slutbetalt – ärendet avslutat
              </Badge>
            ) : null}
          </DataList.Value>
        </DataList.Item>
        {isAboveZero(payment.unallocated_amount) ? (
          <DataList.Item>
            <DataList.Label minWidth="160px">Kvar på inbetalningen</DataList.Label>
            <DataList.Value>
              <Text color="amber">{formatAmount(payment.unallocated_amount)}</Text>
            </DataList.Value>
          </DataList.Item>
        ) : null}
        {allocatedCase.follow_ups.length > 0 ? (
          <DataList.Item>
            <DataList.Label minWidth="160px">Att göra</DataList.Label>
            <DataList.Value>
              <ul className="follow-up-list">
                {allocatedCase.follow_ups.map((followUp) => (
                  <li key={followUp}>{followUpLabel(followUp)}</li>
                ))}
              </ul>
            </DataList.Value>
          </DataList.Item>
        ) : null}
      </DataList.Root>
    </Box>
  );
}
