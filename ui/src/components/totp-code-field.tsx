import { FormField, type FormFieldProps } from './form/form-field';

/** A six-digit TOTP code: digits only. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

export interface TotpCodeFieldProps extends Omit<FormFieldProps, 'label' | 'value' | 'onChange'> {
  value: string;
  onChange(code: string): void;
  label?: string;
}

/** The code field of the sign-in step and of enrolment: numeric keyboard, one-time-code autofill. */
export function TotpCodeField({ value, onChange, label = 'Verifieringskod', ...field }: TotpCodeFieldProps) {
  return (
    <FormField
      {...field}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="\d{6}"
      maxLength={6}
      placeholder="123456"
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}
