/** Creditors and debtors (parties): whether they are in use, and what kind of party a debtor is. */

/** Status of creditors and parties: only active ones can be chosen for a new case (part 1 §2). */
export const RECORD_STATUSES = ['active', 'inactive'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

export const RECORD_STATUS_LABELS: Readonly<Record<RecordStatus, string>> = { active: 'Aktiv', inactive: 'Inaktiv' };

/** A debtor is a person (personnummer) or a company (organisationsnummer), part 1 §3. */
export const PARTY_TYPES = ['person', 'company'] as const;
export type PartyType = (typeof PARTY_TYPES)[number];

export const PARTY_TYPE_LABELS: Readonly<Record<PartyType, string>> = { person: 'Person', company: 'Företag' };
