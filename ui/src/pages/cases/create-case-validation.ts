// The client-side check of the create-case wizard (spec part 1 §5) with the spec's texts; the
// server checks the same again. The first problem found gives the toast's message; every field
// with a problem gets its own text under it.
import type { CaseCreateInput, MandateType } from '../../api/case-types';
import { isPositiveAmount, parseAmountInput } from '../../lib/amount-input';

export const VALIDATION_TITLE = 'Validering misslyckades';
export const REQUIRED_MESSAGE = 'Alla obligatoriska fält måste fyllas i';
export const AMOUNT_POSITIVE_MESSAGE = 'Belopp måste vara större än 0';
export const DUE_DATE_PAST_MESSAGE = 'Förfallodatum måste vara i det förflutna';
export const AMOUNT_FORMAT_MESSAGE = 'Ange beloppet i kronor med högst två decimaler, t.ex. 7 950,00';

export interface ClaimFormValues {
  reference_no: string;
  /** As typed: "7 950,50". */
  principal_amount: string;
  /** YYYY-MM-DD from the date field, or empty. */
  due_date: string;
  contract_type: string;
  notes: string;
  mandate_type: MandateType;
  /** The ombud's creditor id when the mandate is 'Via ombud'. */
  agent_creditor_id: string | null;
  reminder_fee_agreed: boolean;
}

export const EMPTY_CLAIM_FORM: ClaimFormValues = {
  reference_no: '',
  principal_amount: '',
  due_date: '',
  contract_type: '',
  notes: '',
  mandate_type: 'direct',
  agent_creditor_id: null,
  reminder_fee_agreed: false,
};

export type ClaimField = 'creditor' | 'party' | 'reference_no' | 'principal_amount' | 'due_date' | 'agent_creditor_id';

export type CaseCreateCheck = { ok: true; body: CaseCreateInput } | { ok: false; message: string; fieldErrors: Partial<Record<ClaimField, string>> };

const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Checks the wizard's choices and claim on `today` (YYYY-MM-DD) and builds the request body. */
export function checkCaseCreate(choice: { creditorId: string | null; partyId: string | null }, values: ClaimFormValues, today: string): CaseCreateCheck {
  const fieldErrors: Partial<Record<ClaimField, string>> = {};
  const referenceNo = values.reference_no.trim();
  const amountText = values.principal_amount.trim();
  const needsAgent = values.mandate_type === 'agent';

  const missing: ClaimField[] = [];
  if (!choice.creditorId) missing.push('creditor');
  if (!choice.partyId) missing.push('party');
  if (!referenceNo) missing.push('reference_no');
  if (!amountText) missing.push('principal_amount');
  if (!values.due_date) missing.push('due_date');
  if (needsAgent && !values.agent_creditor_id) missing.push('agent_creditor_id');
  for (const field of missing) fieldErrors[field] = REQUIRED_MESSAGE;

  const amount = amountText ? parseAmountInput(amountText) : null;
  if (amountText && amount === null) fieldErrors.principal_amount = AMOUNT_FORMAT_MESSAGE;
  else if (amount !== null && !isPositiveAmount(amount)) fieldErrors.principal_amount = AMOUNT_POSITIVE_MESSAGE;

  if (values.due_date && !ISO_DATE_PATTERN.test(values.due_date)) fieldErrors.due_date = REQUIRED_MESSAGE;
  else if (values.due_date > today) fieldErrors.due_date = DUE_DATE_PAST_MESSAGE;

  const firstField = (['creditor', 'party', 'reference_no', 'principal_amount', 'due_date', 'agent_creditor_id'] as const).find((field) => fieldErrors[field]);
  if (missing.length > 0) return { ok: false, message: REQUIRED_MESSAGE, fieldErrors };
  if (firstField) return { ok: false, message: fieldErrors[firstField] ?? REQUIRED_MESSAGE, fieldErrors };

  return {
    ok: true,
    body: {
      creditor_id: choice.creditorId ?? '',
      party_id: choice.partyId ?? '',
      reference_no: referenceNo,
      principal_amount: amount ?? '',
      due_date: values.due_date,
      contract_type: values.contract_type.trim() || null,
      notes: values.notes.trim() || null,
      mandate_type: values.mandate_type,
      agent_creditor_id: needsAgent ? values.agent_creditor_id : null,
      reminder_fee_agreed: values.reminder_fee_agreed,
    },
  };
}
