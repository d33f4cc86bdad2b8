import { Dialog } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useFocusReturn } from '../../lib/focus-return';
import { keepDialogOpenForToasts } from '../toast';

export interface FormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  maxWidth?: string;
  /** The form: mounted only while open, so every opening starts from the saved values. */
  children: ReactNode;
}

/**
 * The dialog around a form of the kit: title, description and the form. Closing a toast is not
 * a click outside it, and focus returns to what opened it.
 */
export function FormDialog({ open, onOpenChange, title, description, maxWidth = '560px', children }: FormDialogProps) {
  const returnFocus = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        maxWidth={maxWidth}
        onInteractOutside={keepDialogOpenForToasts}
        onCloseAutoFocus={returnFocus}
        // Radix asks for a description or an explicit none.
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <Dialog.Title>{title}</Dialog.Title>
        {description ? (
          <Dialog.Description size="2" color="gray" mb="4">
            {description}
          </Dialog.Description>
        ) : null}
        {open ? children : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}
