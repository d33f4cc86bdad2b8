import { TextArea } from '@radix-ui/themes';
import type { ComponentProps, ReactNode, Ref } from 'react';
import { FieldFrame } from './field-frame';

export interface TextAreaFieldProps extends Omit<ComponentProps<typeof TextArea>, 'id' | 'value' | 'onChange'> {
  label: string;
  value: string;
  onValueChange(text: string): void;
  hint?: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled text area of the form kit (a message, a reason, notes). */
export function TextAreaField({ label, value, onValueChange, hint, error, ...area }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => <TextArea {...area} {...control} value={value} onChange={(event) => onValueChange(event.target.value)} />}
    </FieldFrame>
  );
}
