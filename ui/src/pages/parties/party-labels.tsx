import { Badge } from '@radix-ui/themes';
import { PARTY_TYPE_LABELS, type Party, type PartyType } from '../../api/parties';
import { formatNationalId } from '../../lib/format';

/** The identifier shown for a party: personnummer for a person, org.nr for a company. */
export function partyIdentifier(party: Party): string | null {
  if (party.type === 'person') return party.national_id ? formatNationalId(party.national_id) : null;
  return party.org_no;
}

/** 'Person' (blue) or 'Företag' (violet). */
export function PartyTypeBadge({ type }: { type: PartyType }) {
  return (
    <Badge color={type === 'person' ? 'blue' : 'violet'} variant="soft" radius="full">
      {PARTY_TYPE_LABELS[type] ?? type}
    </Badge>
  );
}
