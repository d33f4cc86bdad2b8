// The status of a message as the spec names it (part 1 §4): Köad, Levererad, Öppnad, Misslyckad,
// Begränsad, Avbruten — the server's label, coloured by what it asks of the reader.
import { Badge } from '@radix-ui/themes';
import type { Communication } from '../../api/communications';

type Color = 'blue' | 'green' | 'teal' | 'red' | 'amber' | 'gray';

const STATUS_COLORS: Record<Communication['status'], Color> = {
  pending: 'blue',
  queued: 'blue',
  sent: 'green',
  delivered: 'green',
  opened: 'teal',
  failed: 'red',
  bounced: 'red',
  throttled: 'amber',
  cancelled: 'gray',
};

export function CommunicationStatusBadge({ message }: { message: Pick<Communication, 'status' | 'status_label'> }) {
  return (
    <Badge color={STATUS_COLORS[message.status]} variant="soft" radius="full">
      {message.status_label}
    </Badge>
  );
}

/** The history's status filter: the spec's labels, each standing for the statuses it shows. */
export const STATUS_FILTERS = [
  { value: 'pending,queued', label: 'Köad' },
  { value: 'sent,delivered', label: 'Levererad' },
  { value: 'opened', label: 'Öppnad' },
  { value: 'failed,bounced', label: 'Misslyckad' },
  { value: 'throttled', label: 'Begränsad' },
  { value: 'cancelled', label: 'Avbruten' },
] as const;

export const CHANNEL_FILTERS = [
  { value: 'email', label: 'E-post' },
  { value: 'sms', label: 'SMS' },
  { value: 'letter', label: 'Brev' },
  { value: 'kivra', label: 'Kivra' },
] as const;
