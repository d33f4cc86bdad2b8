// One case in the /cases list: a card that opens /cases/{id}. The columns line up from card to
// card (reference and names, badges, due date, outstanding amount) so the list reads as a table.
import { ArrowRightIcon } from '@radix-ui/react-icons';
import { Box, Card, Flex, Skeleton, Text } from '@radix-ui/themes';
import { Link } from 'wouter';
import type { CaseSummary } from '../../api/case-types';
import { formatAmount, formatDate } from '../../lib/format';
import { CaseStageBadge, CaseStatusBadge, OpenFlagsIndicator } from './case-badges';

export function CaseCard({ item }: { item: CaseSummary }) {
  return (
    <Card asChild className="case-card" variant="surface">
      <Link href={`/cases/${item.id}`} aria-label={`Ärende ${item.reference_no}, ${item.creditor.name} till ${item.party.name}`}>
        <Box className="case-card-main">
          <Flex align="center" gap="2" minWidth="0">
            <Text size="3" weight="bold" truncate>
              {item.reference_no}
            </Text>
            <OpenFlagsIndicator flags={item.open_flags} />
          </Flex>
          <Flex align="center" gap="1" minWidth="0" className="case-card-parties">
            <Text size="2" color="gray" truncate>
              {item.creditor.name}
            </Text>
            <ArrowRightIcon aria-label="till" className="case-card-arrow" />
            <Text size="2" truncate>
              {item.party.name}
            </Text>
          </Flex>
        </Box>
        <Flex gap="2" align="center" wrap="wrap" className="case-card-badges">
          <CaseStatusBadge status={item.status} />
          <CaseStageBadge stage={item.stage} />
        </Flex>
        <Box className="case-card-due">
          <Text as="div" size="1" color="gray">
            Förfallodatum
          </Text>
          <Text as="div" size="2" className="tabular">
            {formatDate(item.due_date)}
          </Text>
        </Box>
        <Box className="case-card-amount">
          <Text as="div" size="1" color="gray">
            Utestående
          </Text>
          <Text as="div" size="3" weight="bold" className="tabular">
            {formatAmount(item.total_outstanding)}
          </Text>
        </Box>
      </Link>
    </Card>
  );
}

/** Placeholder cards while the first page loads. */
export function CaseCardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="case-card" aria-hidden>
          <Box className="case-card-main">
            <Skeleton height="18px" width="120px" />
            <Skeleton height="14px" width="240px" mt="2" />
          </Box>
          <Flex gap="2" className="case-card-badges">
            <Skeleton height="20px" width="52px" />
            <Skeleton height="20px" width="72px" />
          </Flex>
          <Box className="case-card-due">
            <Skeleton height="30px" width="90px" />
          </Box>
          <Box className="case-card-amount">
            <Skeleton height="30px" width="110px" ml="auto" />
          </Box>
        </Card>
      ))}
    </>
  );
}
