// The Ekonomi card of a case: capital, interest, fees (with each fee), paid and outstanding,
// amounts right-aligned in one column, and the interest profile the interest runs on. The figures
// are a description list, so a screen reader reads each amount with its label.
import { Box, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';
import type { CaseDetail } from '../../api/case-types';
import { formatAmount, formatDate } from '../../lib/format';

export function CaseEconomyCard({ detail }: { detail: CaseDetail }) {
  const profile = detail.interest_profile;
  const headingId = useId();
  return (
    <Card size="3" asChild>
      <section aria-labelledby={headingId}>
        <Heading as="h2" size="4" mb="4" id={headingId}>
          Ekonomi
        </Heading>
        <Flex direction="column" gap="2" className="money-table" asChild>
          <dl>
            <MoneyRow label="Kapital" amount={detail.total_principal} />
            <MoneyRow
              label="Ränta"
              amount={detail.total_interest}
              note={detail.interest_calculated_to ? `t.o.m. ${formatDate(detail.interest_calculated_to)}` : 'ej beräknad'}
            />
            <MoneyRow label="Avgifter" amount={detail.total_fees} />
            {detail.fees.map((fee) => (
              <MoneyRow key={fee.id} label={fee.name} amount={fee.amount} note={formatDate(fee.created_at)} isSub />
            ))}
            {/* Paid lowers what is owed, so it is shown with a minus sign. */}
            <MoneyRow label="Betalt" amount={`-${detail.amount_paid_total}`} />
            <Flex justify="between" align="baseline" gap="3" className="money-total">
              <Text size="3" weight="bold" asChild>
                <dt>Utestående</dt>
              </Text>
              <Text size="6" weight="bold" className="tabular" asChild>
                <dd>{formatAmount(detail.total_outstanding)}</dd>
              </Text>
            </Flex>
          </dl>
        </Flex>
        <Box className="economy-footer" mt="4" pt="3">
          <FooterLine label="Räntesats">
            {profile ? (
              <>
                {profile.display}
                {profile.is_default ? <Text color="gray"> · organisationens standard</Text> : null}
              </>
            ) : (
              'Ingen räntemodell'
            )}
          </FooterLine>
          <FooterLine label="Ränta beräknad till">
            {detail.interest_calculated_to ? formatDate(detail.interest_calculated_to) : 'Inte beräknad ännu'}
          </FooterLine>
        </Box>
      </section>
    </Card>
  );
}

function MoneyRow({ label, amount, note, isSub }: { label: string; amount: string; note?: string; isSub?: boolean }) {
  return (
    <Flex justify="between" align="baseline" gap="3" pl={isSub ? '4' : '0'}>
      <Text size={isSub ? '1' : '2'} color={isSub ? 'gray' : undefined} asChild>
        <dt>
          {label}
          {note ? (
            <Text size="1" color="gray">
              {' '}
              · {note}
            </Text>
          ) : null}
        </dt>
      </Text>
      <Text size={isSub ? '1' : '2'} color={isSub ? 'gray' : undefined} className="tabular" asChild>
        <dd>{formatAmount(amount)}</dd>
      </Text>
    </Flex>
  );
}

function FooterLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="between" gap="3">
      <Text size="1" color="gray">
        {label}
      </Text>
      <Text size="1" align="right">
        {children}
      </Text>
    </Flex>
  );
}
