// A message's actions in the history (spec part 1 §4, §8): preview; cancel while it waits
// (pending, queued or throttled, asking first); 'Skicka igen' and 'Byt kanal' when it failed. Failures are
// 'Cancel failed' and 'Resend failed' (the spec's English titles).
import { DotsHorizontalIcon } from '@radix-ui/react-icons';
import { DropdownMenu, IconButton } from '@radix-ui/themes';
import { useState } from 'react';
import { useCommunicationMutations, type Channel, type Communication } from '../../api/communications';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { useCan } from '../../lib/permissions';

const CHANNEL_NAMES: Record<Channel, string> = { email: 'E-post', sms: 'SMS', letter: 'Brev', kivra: 'Kivra' };

export interface CommunicationRowActionsProps {
  message: Communication;
  onPreview(): void;
}

export function CommunicationRowActions({ message, onPreview }: CommunicationRowActionsProps) {
  const canSend = useCan('communications.send');
  const { cancel, resend, changeChannel } = useCommunicationMutations();
  const { toast } = useToast();
  const [isConfirmingCancel, setConfirmingCancel] = useState(false);
  const { actions } = message;

  const run = async (work: () => Promise<Communication>, success: string, failure: string) => {
    try {
      const result = await work();
      toast({ title: success, description: `${result.channel_label} till ${result.recipient}`, variant: 'success' });
    } catch (error) {
      toast({ title: failure, description: (error as Error).message, variant: 'destructive' });
      throw error;
    }
  };

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <IconButton variant="ghost" color="gray" aria-label={`Åtgärder för meddelandet till ${message.recipient}`}>
            <DotsHorizontalIcon />
          </IconButton>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end">
          <DropdownMenu.Item onSelect={onPreview}>Förhandsgranska</DropdownMenu.Item>
          {canSend && actions.can_resend ? (
            <DropdownMenu.Item onSelect={() => void run(() => resend(message), 'Meddelandet skickas igen', 'Resend failed').catch(() => undefined)}>
              Skicka igen
            </DropdownMenu.Item>
          ) : null}
          {canSend && actions.can_change_channel && message.change_channel_to.length > 0 ? (
            <DropdownMenu.Sub>
              <DropdownMenu.SubTrigger>Byt kanal</DropdownMenu.SubTrigger>
              <DropdownMenu.SubContent>
                {message.change_channel_to.map((channel) => (
                  <DropdownMenu.Item
                    key={channel}
                    onSelect={() => void run(() => changeChannel(message, channel), 'Kanal bytt', 'Fel vid byte av kanal').catch(() => undefined)}
                  >
                    {CHANNEL_NAMES[channel]}
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.SubContent>
            </DropdownMenu.Sub>
          ) : null}
          {canSend && actions.can_cancel ? (
            <>
              <DropdownMenu.Separator />
              <DropdownMenu.Item color="red" onSelect={() => setConfirmingCancel(true)}>
                Avbryt utskick
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={isConfirmingCancel}
        title="Avbryta meddelandet?"
        description={`${message.channel_label} till ${message.recipient} skickas inte. Det går inte att ångra.`}
        confirmLabel="Avbryt utskicket"
        onConfirm={() => run(() => cancel(message), 'Meddelandet avbrutet', 'Cancel failed')}
        onOpenChange={setConfirmingCancel}
      />
    </>
  );
}
