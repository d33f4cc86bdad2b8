// 'Anledning *': the reason a person gives for a decision the audit log keeps, with its note or error.
import { Box, Text, TextArea } from '@radix-ui/themes';
import { forwardRef, useId } from 'react';
import { REASON_MAX_LENGTH } from '../lib/decision-reason';

export interface ReasonFieldProps {
  value: string;
  onChange(value: string): void;
  /** The error to show (e.g. too short), or null. */
  error: string | null;
  /** What happens with the reason, shown while there is no error. */
  note: string;
  placeholder?: string;
}

export const ReasonField = forwardRef<HTMLTextAreaElement, ReasonFieldProps>(function ReasonField({ value, onChange, error, note, placeholder }, ref) {
  const id = useId();
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        Anledning *
      </Text>
      <TextArea
        ref={ref}
        id={id}
        mt="1"
        rows={2}
        maxLength={REASON_MAX_LENGTH}
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(event) => onChange(event.target.value)}
      />
      <Text as="p" id={`${id}-note`} size="1" color={error ? 'red' : 'gray'} mt="1">
        {error ?? note}
      </Text>
    </Box>
  );
});
