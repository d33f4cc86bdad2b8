import type { Member } from '../../api/members';

/** A member's name, or the spec's 'Okänd användare' when the profile has none (part 2 §6). */
export function memberName(member: Pick<Member, 'full_name'>): string {
  return member.full_name?.trim() || 'Okänd användare';
}
