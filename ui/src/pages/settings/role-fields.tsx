// The role of a member or an invitation: the five roles of spec part 2 §6 and, for 'Kund', the
// creditor whose cases the member may read (docs/roles.md).
import { useCreditors } from '../../api/creditors';
import { ORG_ROLE_LABELS, type Role } from '../../api/me';
import { SelectField } from '../../components/form/select-field';
import type { FieldErrors } from '../../lib/form-errors';

/** The roles in the order the spec lists them (part 2 §6). */
export const ROLE_ORDER: Role[] = ['admin', 'handler', 'finance', 'legal', 'client'];

/** What each role may do, in a line (docs/roles.md). */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Allt, även inställningar och användare',
  handler: 'Kunder, gäldenärer, ärenden och kommunikation',
  finance: 'Inbetalningar, huvudbok och bankavstämning',
  legal: 'KFM-ärenden och tvistemål',
  client: 'Läser en borgenärs egna ärenden',
};

/** Creditors a client may be tied to: the active ones, by name (one page is plenty for a picker). */
const CREDITOR_PICKER_LIMIT = 200;

/** The role fields' values in a form ('' while no creditor is chosen). */
export interface RoleValues {
  role: Role;
  creditor_id: string;
}

/** A 'Kund' needs the creditor whose cases it may read. */
export function roleErrors(values: RoleValues): FieldErrors {
  return values.role === 'client' && !values.creditor_id ? { creditor_id: 'Välj vilken borgenär kunden ska se' } : {};
}

export interface RoleFieldsProps {
  role: Role;
  creditorId: string | null;
  creditorError?: string | null;
  onRoleChange(role: Role): void;
  onCreditorChange(creditorId: string): void;
}

const ROLE_OPTIONS = ROLE_ORDER.map((value) => ({ value, label: ORG_ROLE_LABELS[value] }));

export function RoleFields({ role, creditorId, creditorError, onRoleChange, onCreditorChange }: RoleFieldsProps) {
  return (
    <>
      <SelectField label="Roll" value={role} options={ROLE_OPTIONS} onValueChange={onRoleChange} hint={ROLE_DESCRIPTIONS[role]} />
      {role === 'client' ? <CreditorSelect value={creditorId} error={creditorError ?? null} onChange={onCreditorChange} /> : null}
    </>
  );
}

function CreditorSelect({ value, error, onChange }: { value: string | null; error: string | null; onChange(id: string): void }) {
  const { data, error: loadError, isLoading } = useCreditors({ status: 'active', sort: 'name', order: 'asc', limit: CREDITOR_PICKER_LIMIT, offset: 0 });
  const creditors = data?.items ?? [];
  const hint = loadError
    ? `Kunde inte hämta borgenärer: ${loadError.message}`
    : !isLoading && creditors.length === 0
      ? 'Det finns inga aktiva borgenärer ännu. Lägg till en under Kunder (Borgenärer) först.'
      : 'Kunden ser bara den här borgenärens ärenden.';
  return (
    <SelectField
      label="Borgenär"
      value={value ?? ''}
      options={creditors.map((creditor) => ({ value: creditor.id, label: creditor.name }))}
      onValueChange={onChange}
      placeholder={isLoading ? 'Laddar...' : 'Välj borgenär'}
      disabled={creditors.length === 0}
      hint={hint}
      error={error}
    />
  );
}
