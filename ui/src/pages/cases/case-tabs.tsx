// The tabs of a case: Tidslinje (its events, newest first), Kommunikation and KFM (its
// applications to Kronofogden and the escalation dialog) with count badges.
import {
  BellIcon,
  ChatBubbleIcon,
  CheckCircledIcon,
  ClockIcon,
  DotFilledIcon,
  FilePlusIcon,
  IdCardIcon,
  LayersIcon,
  PersonIcon,
  TokensIcon,
} from '@radix-ui/react-icons';
import { Badge, Box, Card, Flex, Skeleton, Tabs, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useCaseEvents } from '../../api/cases';
import type { CaseDetail, CaseEvent, CaseEventKind } from '../../api/case-types';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { formatCount, formatDateTime } from '../../lib/format';
import { CaseCommunications } from '../communication/case-communications';
import { CaseKfmTab } from '../kfm/case-kfm-tab';

const KIND_STYLE: Record<CaseEventKind, { icon: ReactNode; color: string }> = {
  created: { icon: <FilePlusIcon />, color: 'blue' },
  fee: { icon: <TokensIcon />, color: 'amber' },
  interest: { icon: <ClockIcon />, color: 'cyan' },
  status: { icon: <CheckCircledIcon />, color: 'green' },
  stage: { icon: <LayersIcon />, color: 'blue' },
  handler: { icon: <PersonIcon />, color: 'blue' },
  flag: { icon: <BellIcon />, color: 'red' },
  payment: { icon: <TokensIcon />, color: 'green' },
  communication: { icon: <ChatBubbleIcon />, color: 'cyan' },
  kfm: { icon: <IdCardIcon />, color: 'red' },
  other: { icon: <DotFilledIcon />, color: 'gray' },
};

export function CaseTabs({ detail }: { detail: CaseDetail }) {
  return (
    <Card size="3">
      <Tabs.Root defaultValue="timeline">
        <Tabs.List>
          <Tabs.Trigger value="timeline">Tidslinje</Tabs.Trigger>
          <Tabs.Trigger value="communication">
            <Flex gap="2" align="center">
              Kommunikation <CountBadge count={detail.counts.communications} />
            </Flex>
          </Tabs.Trigger>
          <Tabs.Trigger value="kfm">
            <Flex gap="2" align="center">
              KFM <CountBadge count={detail.counts.kfm} />
            </Flex>
          </Tabs.Trigger>
        </Tabs.List>
        <Box pt="4">
          <Tabs.Content value="timeline">
            <CaseTimeline detail={detail} />
          </Tabs.Content>
          <Tabs.Content value="communication">
            <CaseCommunications caseId={detail.id} />
          </Tabs.Content>
          <Tabs.Content value="kfm">
            <CaseKfmTab caseId={detail.id} />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </Card>
  );
}

function CountBadge({ count }: { count: number }) {
  return (
    <Badge size="1" radius="full" color={count > 0 ? undefined : 'gray'} variant="soft" aria-label={`${count} st`}>
      {formatCount(count)}
    </Badge>
  );
}

function CaseTimeline({ detail }: { detail: CaseDetail }) {
  const { data, error, mutate } = useCaseEvents(detail.id);
  if (error && !data) return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  if (!data) {
    return (
      <Flex direction="column" gap="4" aria-busy>
        {Array.from({ length: 3 }, (_, index) => (
          <Flex key={index} gap="3">
            <Skeleton width="32px" height="32px" />
            <Box flexGrow="1">
              <Skeleton height="16px" width="40%" />
              <Skeleton height="12px" width="60%" mt="2" />
            </Box>
          </Flex>
        ))}
      </Flex>
    );
  }
  if (data.events.length === 0) {
    return <EmptyState icon={<ClockIcon width="22" height="22" />} title="Inga händelser ännu" />;
  }
  return (
    <ol className="timeline" aria-label="Tidslinje">
      {data.events.map((event) => (
        <TimelineEntry key={event.id} event={event} />
      ))}
    </ol>
  );
}

/** One event as the server describes it (Swedish title and detail; codes are never shown). */
function TimelineEntry({ event }: { event: CaseEvent }) {
  const style = KIND_STYLE[event.kind] ?? KIND_STYLE.other;
  return (
    <li className="timeline-entry">
      <Flex align="center" justify="center" className="icon-tile timeline-icon" data-color={style.color} aria-hidden>
        {style.icon}
      </Flex>
      <Box minWidth="0" flexGrow="1">
        <Flex justify="between" gap="3" wrap="wrap">
          <Text size="2" weight="medium">
            {event.title}
          </Text>
          <Text size="1" color="gray" className="nowrap">
            {formatDateTime(event.created_at)}
          </Text>
        </Flex>
        {event.detail ? (
          <Text as="p" size="2" color="gray">
            {event.detail}
          </Text>
        ) : null}
        <Text as="p" size="1" color="gray" mt="1">
          {event.actor_name}
        </Text>
      </Box>
    </li>
  );
}
