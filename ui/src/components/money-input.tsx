// The one money field of the app. A number input read "2 000,50" as 200050 and wrote "2000.50"
// back; this is a text field with the decimal keyboard that takes what Swedes type ("2000",
// "2000,5", "2 000,50", "2000.50"), reads it with core's parser (lib/money), writes it back sv-SE
// ("2 000,50") when left, and says inline why it refuses text that could mean two amounts. The
// form keeps the text and reads the öre / the API's decimal with readMoneyField.
import type { FocusEvent, KeyboardEvent } from 'react';
import { useState } from 'react';
import { moneyFieldText, readMoneyField } from '../lib/money';
import { FormField, type FormFieldProps } from './form/form-field';

export interface MoneyInputProps extends Omit<FormFieldProps, 'value' | 'onChange' | 'type' | 'inputMode' | 'step' | 'min' | 'max'> {
  /** The text as typed; readMoneyField(value) is what it is worth. */
  value: string;
  onValueChange(text: string): void;
}

export function MoneyInput({ value, onValueChange, error, onBlur, onKeyDown, ...field }: MoneyInputProps) {
  // A refusal is shown once the field is left (or Enter is pressed), not while "2 000," is typed;
  // from then on it follows the text as it changes.
  const [isChecked, setIsChecked] = useState(false);
  const reading = readMoneyField(value);
  const refusal = isChecked && value.trim() !== '' && !reading.ok ? reading.message : null;

  const leave = (event: FocusEvent<HTMLInputElement>) => {
    setIsChecked(true);
    if (reading.ok) onValueChange(moneyFieldText(reading.ore));
    onBlur?.(event);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') setIsChecked(true);
    onKeyDown?.(event);
  };

  return (
    <FormField
      placeholder="0,00"
      {...field}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      className="amount-input"
      error={error || refusal}
      onChange={(event) => onValueChange(event.target.value)}
      onBlur={leave}
      onKeyDown={keyDown}
    />
  );
}
