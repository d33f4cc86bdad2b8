// The one date field of the app: YYYY-MM-DD typed and shown whatever the browser's language (a
// native date input shows mm/dd/yyyy in an en-US browser). A text field read by lib/date-field;
// "20260131" is written back as 2026-01-31 when left, an impossible date is refused inline. The
// calendar button opens the browser's own picker on a hidden native date input, whose value is
// YYYY-MM-DD in every locale.
import { CalendarIcon } from '@radix-ui/react-icons';
import { IconButton, TextField } from '@radix-ui/themes';
import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { readDateField } from '../lib/date-field';
import { FormField, type FormFieldProps } from './form/form-field';

export interface DateInputProps extends Omit<FormFieldProps, 'value' | 'onChange' | 'type' | 'inputMode' | 'min' | 'max'> {
  /** The text as typed; readDateField(value, { min, max }) is the date it names. */
  value: string;
  onValueChange(text: string): void;
  /** Earliest and latest date allowed, YYYY-MM-DD. */
  min?: string;
  max?: string;
}

export function DateInput({ value, onValueChange, min, max, error, onBlur, onKeyDown, disabled, ...field }: DateInputProps) {
  const [isChecked, setIsChecked] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const reading = readDateField(value, { min, max });
  const refusal = isChecked && !reading.ok ? reading.message : null;

  const leave = (event: FocusEvent<HTMLInputElement>) => {
    setIsChecked(true);
    if (reading.ok && reading.date !== null) onValueChange(reading.date);
    onBlur?.(event);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') setIsChecked(true);
    onKeyDown?.(event);
  };
  const openPicker = () => {
    try {
      picker.current?.showPicker();
    } catch {
      // No picker in this browser (or not now): typing the date is the way.
    }
  };

  return (
    <FormField
      placeholder="ÅÅÅÅ-MM-DD"
      {...field}
      value={value}
      disabled={disabled}
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      maxLength={10}
      className="date-input"
      error={error || refusal}
      onChange={(event) => onValueChange(event.target.value)}
      onBlur={leave}
      onKeyDown={keyDown}
    >
      <TextField.Slot side="right" className="date-input-slot">
        <input
          ref={picker}
          type="date"
          className="date-input-picker"
          tabIndex={-1}
          aria-hidden
          value={reading.ok && reading.date ? reading.date : ''}
          min={min}
          max={max}
          onChange={(event) => {
            onValueChange(event.target.value);
            setIsChecked(true);
          }}
        />
        <IconButton type="button" size="1" variant="ghost" color="gray" aria-label="Välj datum i kalendern" disabled={disabled} onClick={openPicker}>
          <CalendarIcon />
        </IconButton>
      </TextField.Slot>
    </FormField>
  );
}
