import { TextField } from '@radix-ui/themes';
import type { ComponentProps, ReactNode } from 'react';
import { FieldFrame } from './field-frame';

export interface FormFieldProps extends Omit<ComponentProps<typeof TextField.Root>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
}

/** A labelled text field with an optional hint and error, wired for screen readers. */
export function FormField({ label, hint, error, ...input }: FormFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => <TextField.Root {...input} {...control} />}
    </FieldFrame>
  );
}
