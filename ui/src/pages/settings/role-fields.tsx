// The role of a member or an invitation: the five roles of spec part 2 §6 and, for 'Kund', the
// creditor whose cases the member may read (docs/roles.md).
import { Box, Select, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { useCreditors } from '../../api/creditors';
import { ORG_ROLE_LABELS, type Role } from '../../api/me';

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

export interface RoleFieldsProps {
  role: Role;
  creditorId: string | null;
  creditorError?: string | null;
  onRoleChange(role: Role): void;
  onCreditorChange(creditorId: string): void;
}

export function RoleFields({ role, creditorId, creditorError, onRoleChange, onCreditorChange }: RoleFieldsProps) {
  const roleId = useId();
  const creditorFieldId = useId();
  return (
    <>
      <Box>
        <Text as="label" htmlFor={roleId} size="2" weight="medium">
          Roll
        </Text>
        <Select.Root value={role} onValueChange={(value) => onRoleChange(value as Role)}>
          <Select.Trigger id={roleId} mt="1" style={{ width: '100%' }} />
          <Select.Content position="popper">
            {ROLE_ORDER.map((value) => (
              <Select.Item key={value} value={value}>
                {ORG_ROLE_LABELS[value]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Text as="p" size="1" color="gray" mt="1">
          {ROLE_DESCRIPTIONS[role]}
        </Text>
      </Box>
      {role === 'client' ? <CreditorSelect id={creditorFieldId} value={creditorId} error={creditorError ?? null} onChange={onCreditorChange} /> : null}
    </>
  );
}

function CreditorSelect({ id, value, error, onChange }: { id: string; value: string | null; error: string | null; onChange(id: string): void }) {
  const { data, error: loadError, isLoading } = useCreditors({ status: 'active', sort: 'name', order: 'asc', limit: CREDITOR_PICKER_LIMIT, offset: 0 });
  const creditors = data?.items ?? [];
  const message = loadError
    ? `Kunde inte hämta borgenärer: ${loadError.message}`
    : !isLoading && creditors.length === 0
      ? 'Det finns inga aktiva borgenärer ännu. Lägg till en under Kunder (Borgenärer) först.'
      : error;
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        Borgenär
      </Text>
      <Select.Root value={value ?? undefined} onValueChange={onChange} disabled={creditors.length === 0}>
        <Select.Trigger
          id={id}
          mt="1"
          style={{ width: '100%' }}
          placeholder={isLoading ? 'Laddar...' : 'Välj borgenär'}
          aria-invalid={error ? true : undefined}
        />
        <Select.Content position="popper">
          {creditors.map((creditor) => (
            <Select.Item key={creditor.id} value={creditor.id}>
              {creditor.name}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      <Text as="p" size="1" color={message === error && error ? 'red' : 'gray'} mt="1">
        {message ?? 'Kunden ser bara den här borgenärens ärenden.'}
      </Text>
    </Box>
  );
}
