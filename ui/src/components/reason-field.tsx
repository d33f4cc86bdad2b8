// 'Anledning *': the reason a person gives for a decision the audit log keeps, with its note or error.
import type { Ref } from 'react';
import { REASON_MAX_LENGTH } from '../lib/decision-reason';
import { TextAreaField } from './form/text-area-field';

export interface ReasonFieldProps {
  value: string;
  onValueChange(value: string): void;
  /** The error to show (e.g. too short). */
  error?: string | null;
  /** What happens with the reason, shown while there is no error. */
  note: string;
  placeholder?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function ReasonField({ note, ...field }: ReasonFieldProps) {
  return <TextAreaField label="Anledning *" rows={2} maxLength={REASON_MAX_LENGTH} hint={note} {...field} />;
}
