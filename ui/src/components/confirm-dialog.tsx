import { AlertDialog, Box, Button, Flex } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import { REASON_MAX_LENGTH, reasonError } from '../lib/decision-reason';
import { useFocusReturn } from '../lib/focus-return';
import { useForm } from '../lib/use-form';
import { TextAreaField } from './form/text-area-field';

export interface ConfirmReason {
  /** What an empty field says, as the API: 'Ange varför ärendet stängs'. */
  missing: string;
  /** The field's label (default 'Anledning'); it is required and stored in the system log. */
  label?: string;
  placeholder?: string;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The label of the confirming button, e.g. 'Ta bort'. */
  confirmLabel: string;
  /** Ask why: a required text handed to `onConfirm`, for the system log. */
  reason?: ConfirmReason;
  /** The reason typed (trimmed; '' when none was asked). */
  onConfirm(reason: string): Promise<void>;
  onOpenChange(open: boolean): void;
}

/** Why the reason typed cannot be saved yet, or undefined when it can. */
function reasonProblem(text: string, reason: ConfirmReason): string | undefined {
  if (text.trim() === '') return reason.missing;
  return reasonError(text) ?? undefined;
}

/**
 * Asks before a risky action, optionally with a required reason; stays open (and busy) until
 * `onConfirm` settles, and closes only when it succeeded (the caller toasts a failure). Focus
 * returns to what opened it, also when that was a menu item.
 */
export function ConfirmDialog({ open, title, description, confirmLabel, reason, onConfirm, onOpenChange }: ConfirmDialogProps) {
  const returnFocus = useFocusReturn(open);
  const form = useForm(
    { reason: '' },
    {
      validate: (values) => (reason ? { reason: reasonProblem(values.reason, reason) } : {}),
      // No failure toast here: the caller has said what went wrong; the dialog stays for another try.
      async submit(values) {
        await onConfirm(reason ? values.reason.trim() : '');
        onOpenChange(false);
      },
    },
  );
  // Each opening starts with an empty reason, while a closing dialog keeps its text on screen
  // until it has faded out.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) form.reset({ reason: '' });
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !form.isSubmitting && onOpenChange(next)}>
      <AlertDialog.Content maxWidth="460px" onCloseAutoFocus={returnFocus}>
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <form onSubmit={form.onSubmit} noValidate>
          {reason ? (
            <Box mt="4">
              <TextAreaField
                label={`${reason.label ?? 'Anledning'} *`}
                rows={3}
                maxLength={REASON_MAX_LENGTH}
                placeholder={reason.placeholder}
                hint="Sparas i systemloggen."
                {...form.input('reason')}
              />
            </Box>
          ) : null}
          <Flex gap="3" justify="end" mt="4">
            <AlertDialog.Cancel>
              <Button type="button" variant="soft" color="gray" disabled={form.isSubmitting}>
                Avbryt
              </Button>
            </AlertDialog.Cancel>
            <Button type="submit" color="red" loading={form.isSubmitting}>
              {confirmLabel}
            </Button>
          </Flex>
        </form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
