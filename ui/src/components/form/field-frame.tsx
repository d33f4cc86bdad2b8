import { Box, Text } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';

/** What a framed control needs to be read with its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** The control (a text field, select, text area, picker) wired with the frame's ids. */
  children(control: FieldControlProps): ReactNode;
}

/**
 * A label above a control, and under it the error or else the hint, wired for screen readers.
 * Every field of the form kit stands in one.
 */
export function FieldFrame({ label, hint, error, children }: FieldFrameProps) {
  const id = useId();
  const describedBy = [hint && !error ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <Box mt="1">{children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}</Box>
      {error ? (
        <Text as="p" id={`${id}-error`} size="1" color="red" mt="1">
          {error}
        </Text>
      ) : hint ? (
        <Text as="p" id={`${id}-hint`} size="1" color="gray" mt="1">
          {hint}
        </Text>
      ) : null}
    </Box>
  );
}
