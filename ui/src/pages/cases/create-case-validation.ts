// The client-side check of the create-case wizard (spec part 1 §5) with the spec's texts; the
// server checks the same again. The first problem found gives the toast's message; every field
// with a problem gets its own text under it.
import type { CaseCreateInput, MandateType } from '../../api/case-types';
import { readDateField } from '../../lib/date-field';
import { readMoneyField } from '../../lib/money';

export const VALIDATION_TITLE = 'Validering misslyckades';
export const REQUIRED_MESSAGE = 'Alla obligatoriska fält måste fyllas i';
export const DUE_DATE_PAST_MESSAGE = 'Förfallodatum måste vara i det förflutna';
// The server's texts (services schemas/cases.ts).
export const AROSE_ON_FUTURE_MESSAGE = 'Dagen fordran uppkom får inte vara i framtiden';
export const AROSE_ON_AFTER_DUE_MESSAGE = 'Fordran kan inte ha uppkommit efter förfallodagen';

export interface ClaimFormValues {
  reference_no: string;
  /** As typed: "7 950,50". */
  principal_amount: string;
  /** As typed: "2026-10-01" (or "20261001"), or empty. */
  due_date: string;
  /** When the claim arose (the invoice date), as typed; empty: the due date is used, as an estimate. */
  arose_on: string;
  arose_on_estimated: boolean;
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
  arose_on: '',
  arose_on_estimated: false,
  contract_type: '',
  notes: '',
  mandate_type: 'direct',
  agent_creditor_id: null,
  reminder_fee_agreed: false,
};

export type ClaimField = 'creditor' | 'party' | 'reference_no' | 'principal_amount' | 'due_date' | 'arose_on' | 'agent_creditor_id';

export type CaseCreateCheck = { ok: true; body: CaseCreateInput } | { ok: false; message: string; fieldErrors: Partial<Record<ClaimField, string>> };

/** Checks the wizard's choices and claim on `today` (YYYY-MM-DD) and builds the request body. */
export function checkCaseCreate(choice: { creditorId: string | null; partyId: string | null }, values: ClaimFormValues, today: string): CaseCreateCheck {
  const fieldErrors: Partial<Record<ClaimField, string>> = {};
  const referenceNo = values.reference_no.trim();
  const amountText = values.principal_amount.trim();
  const amount = readMoneyField(amountText);
  const dueDate = readDateField(values.due_date);
  const aroseOn = readDateField(values.arose_on);
  const needsAgent = values.mandate_type === 'agent';

  const missing: ClaimField[] = [];
  if (!choice.creditorId) missing.push('creditor');
  if (!choice.partyId) missing.push('party');
  if (!referenceNo) missing.push('reference_no');
  if (!amountText) missing.push('principal_amount');
  if (!values.due_date.trim()) missing.push('due_date');
  if (needsAgent && !values.agent_creditor_id) missing.push('agent_creditor_id');
  for (const field of missing) fieldErrors[field] = REQUIRED_MESSAGE;

  // The field's own refusal: 'Belopp måste vara större än 0', 'Otydligt belopp: …', …
  if (amountText && !amount.ok) fieldErrors.principal_amount = amount.message;

  if (!dueDate.ok) fieldErrors.due_date = dueDate.message;
  else if (dueDate.date !== null && dueDate.date > today) fieldErrors.due_date = DUE_DATE_PAST_MESSAGE;

  if (!aroseOn.ok) fieldErrors.arose_on = aroseOn.message;
  else if (aroseOn.date !== null && aroseOn.date > today) fieldErrors.arose_on = AROSE_ON_FUTURE_MESSAGE;
  else if (aroseOn.date !== null && dueDate.ok && dueDate.date !== null && aroseOn.date > dueDate.date) fieldErrors.arose_on = AROSE_ON_AFTER_DUE_MESSAGE;

  const firstField = (['creditor', 'party', 'reference_no', 'principal_amount', 'due_date', 'arose_on', 'agent_creditor_id'] as const).find(
    (field) => fieldErrors[field],
  );
  if (missing.length > 0) return { ok: false, message: REQUIRED_MESSAGE, fieldErrors };
  if (firstField) return { ok: false, message: fieldErrors[firstField] ?? REQUIRED_MESSAGE, fieldErrors };
  // For the types only: an unreadable amount or date has its field error above, an empty one is missing.
  if (!amount.ok || !dueDate.ok || dueDate.date === null || !aroseOn.ok) return { ok: false, message: REQUIRED_MESSAGE, fieldErrors };

  return {
    ok: true,
    body: {
      creditor_id: choice.creditorId ?? '',
      party_id: choice.partyId ?? '',
      reference_no: referenceNo,
      principal_amount: amount.decimal,
      due_date: dueDate.date,
      ...(aroseOn.date === null ? {} : { arose_on: aroseOn.date, arose_on_estimated: values.arose_on_estimated }),
      contract_type: values.contract_type.trim() || null,
      notes: values.notes.trim() || null,
      mandate_type: values.mandate_type,
      agent_creditor_id: needsAgent ? values.agent_creditor_id : null,
      reminder_fee_agreed: values.reminder_fee_agreed,
    },
  };
}
