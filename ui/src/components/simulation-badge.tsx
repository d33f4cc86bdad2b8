import { Badge } from '@radix-ui/themes';

/**
 * 'Simulering': the channel sends through a local stand-in (the outbox, the provider simulator,
 * a sandbox), so nothing reaches the debtor. Shown on /settings/communication, in the send dialog
 * and on a case's Kommunikation tab.
 */
export function SimulationBadge() {
  return (
    <Badge color="amber" size="1">
      Simulering
    </Badge>
  );
}
