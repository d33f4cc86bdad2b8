import { Select, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { FieldFrame } from './field-frame';

export interface SelectFieldProps<T extends string> {
  label: string;
  /** One of the options' values; '' shows the placeholder. */
  value: string;
  onValueChange(value: T): void;
  /** A hint is shown beside the label in the list; the field shows the label alone. */
  options: readonly { value: T; label: string; hint?: string }[];
  placeholder?: string;
  hint?: ReactNode;
  error?: string | null;
  disabled?: boolean;
}

/** A labelled select of the form kit, as wide as its column. */
export function SelectField<T extends string>({ label, value, onValueChange, options, placeholder, hint, error, disabled }: SelectFieldProps<T>) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <Select.Root value={value || undefined} onValueChange={(next) => onValueChange(next as T)} disabled={disabled}>
          <Select.Trigger {...control} placeholder={placeholder} className="full-width">
            {options.find((option) => option.value === value)?.label}
          </Select.Trigger>
          <Select.Content position="popper">
            {options.map((option) => (
              <Select.Item key={option.value} value={option.value}>
                {option.label}
                {option.hint ? <Text color="gray"> – {option.hint}</Text> : null}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      )}
    </FieldFrame>
  );
}
