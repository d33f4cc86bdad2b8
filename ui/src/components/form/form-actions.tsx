import { Button, Dialog, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export interface FormActionsProps {
  /** The submit button's label, e.g. 'Skapa kund'. */
  submitLabel: ReactNode;
  /** The form's submit is in flight: the button says 'Sparar...' (or `busyLabel`) and waits. */
  isSubmitting: boolean;
  busyLabel?: string;
  /** Not ready to send (e.g. no amount yet). */
  disabled?: boolean;
  /** 'red' for an action that undoes something. */
  color?: 'red';
}

/** A dialog form's last row: 'Avbryt' (closes the dialog) and the submit button. */
export function FormActions({ submitLabel, isSubmitting, busyLabel = 'Sparar...', disabled = false, color }: FormActionsProps) {
  return (
    <Flex gap="3" justify="end" mt="5">
      <Dialog.Close>
        <Button type="button" variant="soft" color="gray">
          Avbryt
        </Button>
      </Dialog.Close>
      <Button type="submit" color={color} disabled={disabled || isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </Button>
    </Flex>
  );
}
