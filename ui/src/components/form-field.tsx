import { Box, Text, TextField } from '@radix-ui/themes';
import { useId, type ComponentProps } from 'react';

export interface FormFieldProps extends Omit<ComponentProps<typeof TextField.Root>, 'id'> {
  label: string;
  hint?: string;
  error?: string | null;
}

/** A labelled text field with an optional hint and error, wired for screen readers. */
export function FormField({ label, hint, error, ...input }: FormFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root {...input} id={id} mt="1" aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} />
      {hint && !error ? (
        <Text as="p" id={`${id}-hint`} size="1" color="gray" mt="1">
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text as="p" id={`${id}-error`} size="1" color="red" mt="1">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
