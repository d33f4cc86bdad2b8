import { ActivityLogIcon, ChatBubbleIcon, ClockIcon, FileTextIcon, PlusCircledIcon, TokensIcon } from '@radix-ui/react-icons';
import { Badge, Card, Flex, Grid, Skeleton, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useDashboard, type DashboardSummary, type SystemHealth } from '../../api/dashboard';
import { ErrorState } from '../../components/error-state';
import { useErrorToast } from '../../components/toast';
import { formatAmount, formatCount } from '../../lib/format';

const HEALTH: Record<SystemHealth, { label: string; color: 'green' | 'amber' | 'red'; hint: string }> = {
  ok: { label: 'OK', color: 'green', hint: 'Alla system fungerar' },
  warning: { label: 'Varning', color: 'amber', hint: 'Något behöver ses över' },
  error: { label: 'Fel', color: 'red', hint: 'Ett fel kräver åtgärd' },
};

type TileColor = 'indigo' | 'amber' | 'green' | 'red' | 'cyan' | 'gray';

interface TileSpec {
  label: string;
  icon: ReactNode;
  color: TileColor;
  value(summary: DashboardSummary): ReactNode;
  hint(summary: DashboardSummary): string;
  /** The list the tile counts, filtered as it counts (null: nothing to go to). */
  href(summary: DashboardSummary): string | null;
}

const TILES: TileSpec[] = [
  {
    label: 'Ärenden i arbete',
    icon: <FileTextIcon />,
    color: 'indigo',
    value: (summary) => formatCount(summary.cases_in_work),
    hint: () => 'Aktiva och pausade ärenden',
    href: () => '/cases?segment=in_work',
  },
  {
    label: 'Obetalda',
    icon: <TokensIcon />,
    color: 'amber',
    value: (summary) => formatAmount(summary.unpaid_amount),
    hint: () => 'Utestående belopp',
    href: () => '/cases?segment=unpaid',
  },
  {
    label: 'Nya idag',
    icon: <PlusCircledIcon />,
    color: 'green',
    value: (summary) => formatCount(summary.new_today),
    hint: () => 'Registrerade idag',
    href: () => '/cases?segment=new_today',
  },
  {
    label: 'Försenade',
    icon: <ClockIcon />,
    color: 'red',
    value: (summary) => formatCount(summary.overdue),
    hint: () => 'Förfallna och obetalda',
    href: () => '/cases?segment=overdue',
  },
  {
    label: 'Meddelanden',
    icon: <ChatBubbleIcon />,
    color: 'cyan',
    // What the bell counts, live; the debtor correspondence of the month beneath it.
    value: (summary) => formatCount(summary.unread_notifications),
    hint: (summary) => `Olästa notifikationer · ${formatCount(summary.messages)} utskick senaste 30 dagarna`,
    href: () => '/notifications',
  },
  {
    label: 'Systemhälsa',
    icon: <ActivityLogIcon />,
    color: 'gray',
    value: (summary) => {
      const health = HEALTH[summary.system_health] ?? HEALTH.error;
      return (
        <Badge size="3" color={health.color} variant="soft" radius="full">
          {health.label}
        </Badge>
      );
    },
    hint: (summary) => summary.system_health_details || (HEALTH[summary.system_health] ?? HEALTH.error).hint,
    href: (summary) => summary.system_health_link ?? null,
  },
];

/** The six figures of GET /orgs/:orgId/dashboard; each opens the list it counts. */
export function SummaryTiles() {
  const { data, error, isLoading, mutate } = useDashboard();
  useErrorToast(error, 'Fel vid laddning');

  if (error && !data) {
    return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  }

  return (
    <Grid columns={{ initial: '1', xs: '2', md: '3' }} gap="4">
      {TILES.map((tile) => {
        const href = data ? tile.href(data) : null;
        const body = (
          <Flex justify="between" align="start" gap="3">
            <Flex direction="column" gap="1" minWidth="0">
              <Text size="2" color="gray" weight="medium">
                {tile.label}
              </Text>
              <Skeleton loading={isLoading || !data} width="96px" height="32px">
                <Text size="7" weight="bold" className="tile-value" highContrast>
                  {data ? tile.value(data) : '0'}
                </Text>
              </Skeleton>
              <Skeleton loading={isLoading || !data} width="128px">
                <Text size="1" color="gray">
                  {data ? tile.hint(data) : 'Laddar...'}
                </Text>
              </Skeleton>
            </Flex>
            <Flex align="center" justify="center" className="icon-tile" data-color={tile.color} aria-hidden>
              {tile.icon}
            </Flex>
          </Flex>
        );
        return href ? (
          <Card key={tile.label} size="2" className="summary-tile" asChild>
            <Link href={href}>{body}</Link>
          </Card>
        ) : (
          <Card key={tile.label} size="2" className="summary-tile">
            {body}
          </Card>
        );
      })}
    </Grid>
  );
}
