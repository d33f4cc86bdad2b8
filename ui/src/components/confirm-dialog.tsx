import { AlertDialog, Button, Flex, Text, TextArea } from '@radix-ui/themes';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { REASON_MAX_LENGTH, REASON_MESSAGE, REASON_MIN_LENGTH } from '../lib/decision-reason';
import { useFocusReturn } from '../lib/focus-return';

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

/**
 * Asks before a risky action, optionally with a required reason; stays open (and busy) until
 * `onConfirm` settles, and closes only when it succeeded (the caller toasts a failure). Focus
 * returns to what opened it, also when that was a menu item.
 */
export function ConfirmDialog({ open, title, description, confirmLabel, reason, onConfirm, onOpenChange }: ConfirmDialogProps) {
  const [isBusy, setIsBusy] = useState(false);
  const returnFocus = useFocusReturn(open);
  // Each opening starts with an empty reason (a new form), while a closing dialog keeps its
  // form on screen until it has faded out.
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening((count) => count + 1);
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !isBusy && onOpenChange(next)}>
      <AlertDialog.Content maxWidth="460px" onCloseAutoFocus={returnFocus}>
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <ConfirmForm
          key={opening}
          confirmLabel={confirmLabel}
          reason={reason}
          isBusy={isBusy}
          onConfirm={async (text) => {
            setIsBusy(true);
            try {
              await onConfirm(text);
              onOpenChange(false);
            } catch {
              // The caller has said what went wrong; the dialog stays for another try.
            } finally {
              setIsBusy(false);
            }
          }}
        />
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

interface ConfirmFormProps {
  confirmLabel: string;
  reason: ConfirmReason | undefined;
  isBusy: boolean;
  onConfirm(reason: string): Promise<void>;
}

function ConfirmForm({ confirmLabel, reason, isBusy, onConfirm }: ConfirmFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = text.trim();
    if (reason) {
      const problem = value === '' ? reason.missing : value.length < REASON_MIN_LENGTH ? REASON_MESSAGE : null;
      setError(problem);
      if (problem) return;
    }
    void onConfirm(reason ? value : '');
  };

  return (
    <form onSubmit={submit} noValidate>
      {reason ? (
        <Flex direction="column" gap="1" mt="4">
          <Text as="label" htmlFor={id} size="2" weight="medium">
            {reason.label ?? 'Anledning'} *
          </Text>
          <TextArea
            id={id}
            rows={3}
            maxLength={REASON_MAX_LENGTH}
            value={text}
            placeholder={reason.placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
          {error ? (
            <Text as="p" id={`${id}-error`} size="1" color="red">
              {error}
            </Text>
          ) : (
            <Text as="p" id={`${id}-hint`} size="1" color="gray">
              Sparas i systemloggen.
            </Text>
          )}
        </Flex>
      ) : null}
      <Flex gap="3" justify="end" mt="4">
        <AlertDialog.Cancel>
          <Button type="button" variant="soft" color="gray" disabled={isBusy}>
            Avbryt
          </Button>
        </AlertDialog.Cancel>
        <Button type="submit" color="red" loading={isBusy}>
          {confirmLabel}
        </Button>
      </Flex>
    </form>
  );
}
