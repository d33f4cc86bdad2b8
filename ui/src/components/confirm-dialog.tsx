import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The label of the destructive button, e.g. 'Ta bort'. */
  confirmLabel: string;
  onConfirm(): Promise<void>;
  onOpenChange(open: boolean): void;
}

/** Asks before a destructive action; stays open (and busy) until `onConfirm` settles. */
export function ConfirmDialog({ open, title, description, confirmLabel, onConfirm, onOpenChange }: ConfirmDialogProps) {
  const [isBusy, setIsBusy] = useState(false);
  const confirm = async () => {
    setIsBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !isBusy && onOpenChange(next)}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <Flex gap="3" justify="end" mt="4">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={isBusy}>
              Avbryt
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" loading={isBusy} onClick={() => void confirm().catch(() => undefined)}>
            {confirmLabel}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
