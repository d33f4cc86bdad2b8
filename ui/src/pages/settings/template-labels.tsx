// Names, badges and choices of the template library: categories and channels as the filter chips,
// the list and the dialogs show them.
import { Badge } from '@radix-ui/themes';
import {
  COMM_CHANNEL_LABELS,
  COMM_CHANNELS,
  COMM_CHANNELS_WITH_SUBJECT,
  COMM_TEMPLATE_CATEGORIES,
  COMM_TEMPLATE_CATEGORY_LABELS,
  COMM_TEMPLATE_SIMPLE_CATEGORIES,
  type CommChannel,
  type CommTemplateCategory,
} from '@fordran/core/labels';

export const CATEGORY_OPTIONS = COMM_TEMPLATE_CATEGORIES.map((value) => ({ value, label: COMM_TEMPLATE_CATEGORY_LABELS[value] }));
export const SIMPLE_CATEGORY_OPTIONS = COMM_TEMPLATE_SIMPLE_CATEGORIES.map((value) => ({ value, label: COMM_TEMPLATE_CATEGORY_LABELS[value] }));
export const CHANNEL_OPTIONS = COMM_CHANNELS.map((value) => ({ value, label: COMM_CHANNEL_LABELS[value] }));

/** E-mail and letter carry a subject; SMS and Kivra do not (part 2 §5). */
export function hasSubject(channel: CommChannel): boolean {
  return COMM_CHANNELS_WITH_SUBJECT.includes(channel);
}

export function categoryLabel(category: CommTemplateCategory): string {
  return COMM_TEMPLATE_CATEGORY_LABELS[category];
}

export function ChannelBadge({ channel }: { channel: CommChannel }) {
  return (
    <Badge color="gray" variant="surface">
      {COMM_CHANNEL_LABELS[channel]}
    </Badge>
  );
}
