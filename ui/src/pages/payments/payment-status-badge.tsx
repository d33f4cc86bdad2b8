import { Badge } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import type { PaymentStatus } from '../../api/payments';
import { PAYMENT_STATUS_LABELS } from '@fordran/core/labels';

type BadgeProps = ComponentProps<typeof Badge>;
type BadgeStyle = { color: NonNullable<BadgeProps['color']>; variant: 'soft' | 'outline' };

/**
 * Received waits for a person (blue), allocated is done (green), a remainder or no match needs
 * work, a possible repeat waits for review (orange). Final without money on a case: a duplicate
 * was never booked (gray), a reversed payment's money went back to the bank (red, outlined).
 */
const STATUS_STYLES: Readonly<Record<PaymentStatus, BadgeStyle>> = {
  received: { color: 'blue', variant: 'soft' },
  allocated: { color: 'green', variant: 'soft' },
  partially_allocated: { color: 'amber', variant: 'soft' },
  unmatched: { color: 'red', variant: 'soft' },
  held: { color: 'orange', variant: 'soft' },
  duplicate: { color: 'gray', variant: 'soft' },
  reversed: { color: 'red', variant: 'outline' },
};

const UNKNOWN_STYLE: BadgeStyle = { color: 'gray', variant: 'soft' };

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const style = STATUS_STYLES[status] ?? UNKNOWN_STYLE;
  return (
    <Badge color={style.color} variant={style.variant} radius="full">
      {PAYMENT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
