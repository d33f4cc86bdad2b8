// /notifications (spec part 1 §2): the list, the unread count, 'Markera alla som lästa' and
// click-through. Live updates arrive through the shell's event stream (api/events.ts).
import { BellIcon, ChatBubbleIcon, CheckCircledIcon, CheckIcon, CrossCircledIcon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Card, Flex, Skeleton, Text } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useNotificationMutations, useNotifications, type Notification } from '../../api/notifications';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useErrorToast, useToast } from '../../components/toast';
import { formatCount, formatDateTime, formatRelativeTime } from '../../lib/format';

type NotificationColor = 'green' | 'amber' | 'red' | 'blue' | 'gray';

interface TypeStyle {
  icon: ReactNode;
  color: NotificationColor;
  label: string;
}

const INFO_STYLE: TypeStyle = { icon: <InfoCircledIcon />, color: 'gray', label: 'Information' };

const TYPE_STYLE: Record<string, TypeStyle> = {
  success: { icon: <CheckCircledIcon />, color: 'green', label: 'Lyckades' },
  warning: { icon: <ExclamationTriangleIcon />, color: 'amber', label: 'Varning' },
  error: { icon: <CrossCircledIcon />, color: 'red', label: 'Fel' },
  message: { icon: <ChatBubbleIcon />, color: 'blue', label: 'Meddelande' },
};

/** Any type other than the four known ones is shown as info (spec part 1 §3). */
function styleOf(type: string): TypeStyle {
  return TYPE_STYLE[type] ?? INFO_STYLE;
}

export function NotificationsPage() {
  const { data, error, isLoading, mutate } = useNotifications();
  const { markRead, markAllRead } = useNotificationMutations();
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const [isMarkingAll, setIsMarkingAll] = useState(false);
  useErrorToast(error, 'Kunde inte ladda notifikationer');

  const unreadCount = data?.unread_count ?? 0;

  const markAll = async () => {
    setIsMarkingAll(true);
    try {
      await markAllRead();
      toast({ title: 'Alla notifikationer markerade som lästa', variant: 'success' });
    } catch (markError) {
      toast({ title: 'Fel', description: (markError as Error).message, variant: 'destructive' });
    } finally {
      setIsMarkingAll(false);
    }
  };

  const open = async (notification: Notification) => {
    if (!notification.read_at) {
      try {
        await markRead(notification.id);
      } catch (readError) {
        toast({ title: 'Fel', description: (readError as Error).message, variant: 'destructive' });
      }
    }
    if (!notification.link) return;
    if (/^https?:\/\//.test(notification.link)) window.location.assign(notification.link);
    else navigate(notification.link);
  };

  return (
    <>
      <PageHeader
        title="Notifikationer"
        description={data ? (unreadCount > 0 ? `${formatCount(unreadCount)} olästa` : 'Inga olästa notifikationer') : 'Händelser i organisationen'}
        actions={
          <Button variant="soft" disabled={!data || unreadCount === 0} loading={isMarkingAll} onClick={() => void markAll()}>
            <CheckIcon /> Markera alla som lästa
          </Button>
        }
      />
      {error && !data ? (
        <ErrorState title="Kunde inte ladda notifikationer" message={error.message} onRetry={() => void mutate()} />
      ) : (
        <Card size="1" className="list-card">
          {isLoading || !data ? (
            <NotificationSkeleton />
          ) : data.notifications.length === 0 ? (
            <EmptyState icon={<BellIcon width="22" height="22" />} title="Inga notifikationer" description="När något händer i dina ärenden visas det här." />
          ) : (
            <ul className="notification-list">
              {data.notifications.map((notification) => (
                <NotificationRow key={notification.id} notification={notification} onOpen={open} />
              ))}
            </ul>
          )}
        </Card>
      )}
    </>
  );
}

function NotificationRow({ notification, onOpen }: { notification: Notification; onOpen(n: Notification): Promise<void> }) {
  const style = styleOf(notification.type);
  const isUnread = !notification.read_at;
  return (
    <li>
      <button type="button" className="notification-row" data-unread={isUnread} onClick={() => void onOpen(notification)}>
        <Flex align="center" justify="center" className="icon-tile" data-color={style.color} aria-label={style.label}>
          {style.icon}
        </Flex>
        <Box flexGrow="1" minWidth="0">
          <Text as="p" size="2" weight={isUnread ? 'medium' : 'regular'} highContrast={isUnread}>
            {notification.message}
          </Text>
          <Text as="p" size="1" color="gray" title={formatDateTime(notification.created_at)}>
            {formatRelativeTime(notification.created_at)}
          </Text>
        </Box>
        {isUnread ? (
          <Badge color="indigo" variant="soft" radius="full">
            Ny
          </Badge>
        ) : null}
      </button>
    </li>
  );
}

function NotificationSkeleton() {
  return (
    <Flex direction="column" gap="3" p="3">
      {[0, 1, 2, 3].map((row) => (
        <Flex key={row} gap="3" align="center">
          <Skeleton width="32px" height="32px" />
          <Box flexGrow="1">
            <Skeleton height="16px" mb="2" />
            <Skeleton height="12px" width="120px" />
          </Box>
        </Flex>
      ))}
    </Flex>
  );
}
