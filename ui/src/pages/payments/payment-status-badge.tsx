import { Badge } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import type { PaymentStatus } from '../../api/payments';
import { PAYMENT_STATUS_LABELS } from './payment-labels';

type BadgeColor = NonNullable<ComponentProps<typeof Badge>['color']>;

/** Received waits for a person (blue), allocated is done (green), a remainder or no match needs work. */
const STATUS_COLORS: Readonly<Record<PaymentStatus, BadgeColor>> = {
  received: 'blue',
  allocated: 'green',
  partially_allocated: 'amber',
  unmatched: 'red',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="soft" radius="full">
      {PAYMENT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
