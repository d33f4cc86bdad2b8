// Swedish descriptions of the system log's events ('Systemlogg'). Events the UI does not know yet
// are shown by their raw name, so a new kind of write is never hidden.
import type { AuditEntry } from '../../api/audit-log';
import { ROLE_LABELS, type Role } from '../../lib/roles';

const EVENT_TITLES: Record<string, string> = {
  'auth.signed_in': 'Inloggning',
  'auth.signed_out': 'Utloggning',
  'organisation.created': 'Organisation skapad',
  'organisation.updated': 'Organisationens uppgifter ändrade',
  'profile.updated': 'Profil uppdaterad',
  'profile.avatar_updated': 'Profilbild uppdaterad',
  'mfa.factor_enrolled': 'Tvåstegsverifiering påbörjad',
  'mfa.verified': 'Tvåstegsverifiering godkänd',
  'mfa.factor_removed': 'Tvåstegsverifiering borttagen',
  'invitation.created': 'Inbjudan skickad',
  'invitation.revoked': 'Inbjudan återkallad',
  'member.joined': 'Användare gick med',
  'member.added': 'Användare tillagd',
  'member.role_changed': 'Roll ändrad',
  'member.removed': 'Användare borttagen',
  'onboarding.step_completed': 'Kom igång-steg klart',
  'onboarding.step_reopened': 'Kom igång-steg ej klart',
  'onboarding.dismissed': 'Kom igång-listan dold',
  'notification.created': 'Notifikation skapad',
  'notification.read': 'Notifikation läst',
  'notification.read_all': 'Alla notifikationer markerade som lästa',
  'demo.seeded': 'Demodata skapad',
  'creditor.created': 'Kund skapad',
  'creditor.updated': 'Kund ändrad',
  'creditor.status_changed': 'Kundens status ändrad',
  'party.created': 'Part skapad',
  'party.updated': 'Part ändrad',
  'party.status_changed': 'Partens status ändrad',
  'case.created': 'Ärende skapat',
  'case.updated': 'Ärende ändrat',
  'fee.created': 'Avgift skapad',
  'fee.updated': 'Avgift ändrad',
  'fee.version_created': 'Ny version av avgift',
  'interest_profile.created': 'Ränteprofil skapad',
  'interest_profile.default_set': 'Standardränteprofil vald',
  'reference_rate.set': 'Referensränta sparad',
  'rule.created': 'Regel skapad',
  'rule.updated': 'Regel uppdaterad',
  'payment.created': 'Inbetalning registrerad',
  'payment.allocated': 'Inbetalning avräknad',
  'payments.imported': 'Bankfil inläst',
  'payment.held_resolved': 'Möjlig dubblett granskad',
  'bank_account.created': 'Bankkonto skapat',
  'bank_account.updated': 'Bankkonto ändrat',
  'bank_statement.reconciled': 'Bankutdrag avstämt',
  'bank_statement.difference_resolved': 'Avvikelse i bankutdrag löst',
  'bank_statement.resolution_undone': 'Beslut om avvikelse i bankutdrag ångrat',
  'payment.bank_linked': 'Inbetalning kopplad till rad i bankfil',
  'payment.bank_unlinked': 'Inbetalningens koppling till bankfil borttagen',
};

const ENTITY_LABELS: Record<string, string> = {
  organisations: 'Organisation',
  profiles: 'Profil',
  users: 'Användare',
  sessions: 'Session',
  mfa_factors: 'Tvåstegsfaktor',
  invitations: 'Inbjudan',
  user_org_roles: 'Medlemskap',
  onboarding_steps: 'Kom igång-steg',
  notifications: 'Notifikation',
  creditors: 'Kund',
  parties: 'Part',
  cases: 'Ärende',
  fee_catalogue: 'Avgift',
  interest_profiles: 'Ränteprofil',
  reference_rates: 'Referensränta',
  rules: 'Regel',
  payments: 'Inbetalning',
  bank_accounts: 'Bankkonto',
  bank_statements: 'Bankutdrag',
};

/** What a person decided for a payment held as a possible duplicate ('Granska'). */
const HELD_DECISION_LABELS: Record<string, string> = {
  duplicate: 'Samma betalning',
  book: 'Bokförd som ny betalning',
};

/** Organisation fields as the settings page names them. */
const ORGANISATION_FIELDS: Record<string, string> = {
  name: 'namn',
  org_no: 'organisationsnummer',
  address_json: 'adress',
  allocation_order: 'avräkningsordning',
  require_mfa: 'krav på tvåstegsverifiering',
};

export interface AuditDescription {
  /** Swedish, or the raw event name when unknown. */
  title: string;
  isKnown: boolean;
  /** A detail from the row's payload (who was invited, which fields changed, …). */
  detail: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

function roleLabel(value: unknown): string | null {
  return typeof value === 'string' && value in ROLE_LABELS ? ROLE_LABELS[value as Role] : text(value);
}

function detailOf(entry: Pick<AuditEntry, 'event' | 'payload'>): string | null {
  const { payload } = entry;
  switch (entry.event) {
    case 'invitation.created':
    case 'invitation.revoked':
    case 'member.removed':
      return [text(payload.email), roleLabel(payload.role)].filter(Boolean).join(' · ') || null;
    case 'member.joined':
    case 'member.added':
      return roleLabel(payload.role);
    case 'member.role_changed': {
      const change = [roleLabel(payload.from), roleLabel(payload.to)].filter(Boolean).join(' → ');
      return [text(payload.email), change].filter(Boolean).join(': ') || null;
    }
    case 'organisation.updated': {
      const changed = typeof payload.changed === 'object' && payload.changed !== null ? Object.keys(payload.changed) : [];
      return changed.length > 0 ? `Ändrat: ${changed.map((field) => ORGANISATION_FIELDS[field] ?? field).join(', ')}` : 'Inga ändringar';
    }
    case 'profile.updated':
      return text(payload.full_name);
    case 'payment.held_resolved': {
      const decision = text(payload.decision);
      return [decision ? (HELD_DECISION_LABELS[decision] ?? decision) : null, text(payload.reason)].filter(Boolean).join(': ') || null;
    }
    case 'bank_statement.difference_resolved':
    case 'bank_statement.resolution_undone':
      return [typeof payload.line === 'number' ? `Rad ${payload.line}` : null, text(payload.reason)].filter(Boolean).join(': ') || null;
    case 'payment.bank_linked':
    case 'payment.bank_unlinked':
      return (
        [text(payload.file_name), typeof payload.line === 'number' ? `rad ${payload.line}` : null, text(payload.reason)].filter(Boolean).join(' · ') || null
      );
    case 'notification.read_all':
      return typeof payload.updated === 'number' ? `${payload.updated} st` : null;
    default:
      return null;
  }
}

/**
 * What happened, in Swedish where the event is known.
 * @example describeAuditEvent({ event: 'case.created', payload: {} }).title // 'Ärende skapat'
 */
export function describeAuditEvent(entry: Pick<AuditEntry, 'event' | 'payload'>): AuditDescription {
  const title = EVENT_TITLES[entry.event];
  return { title: title ?? entry.event, isKnown: title !== undefined, detail: detailOf(entry) };
}

/** The entity's Swedish name, or the table name as stored when unknown. */
export function entityLabel(entity: string | null): string | null {
  return entity === null ? null : (ENTITY_LABELS[entity] ?? entity);
}
