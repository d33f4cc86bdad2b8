/**
 * What the system log ('Systemlogg', spec part 2 §7) records: every audit event and every entity
 * (table) an audit row may name, each with the Swedish words the log shows. The services' audit
 * writer only takes codes from these tables, so a new kind of write cannot reach the log without
 * a label; rows written before a code existed read as 'Annan händelse', never as the raw code.
 */

export const AUDIT_EVENT_LABELS = {
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
  'onboarding.restored': 'Kom igång-listan visas igen',
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
  'case.status_changed': 'Ärendets status ändrad',
  'case.stage_changed': 'Ärendets fas ändrad',
  'case.handler_changed': 'Handläggare ändrad',
  'case.fee_added': 'Avgift tillagd på ärende',
  'case.interest_calculated': 'Ränta beräknad',
  'case.flag_resolved': 'Regelflagga löst',
  'case.prescription_interrupted': 'Preskriptionsavbrott registrerat',
  'fee.created': 'Avgift skapad',
  'fee.updated': 'Avgift ändrad',
  'fee.version_created': 'Ny version av avgift',
  'fee.activated': 'Avgift aktiverad',
  'fee.deactivated': 'Avgift inaktiverad',
  'interest_profile.created': 'Ränteprofil skapad',
  'interest_profile.updated': 'Ränteprofil ändrad',
  'interest_profile.activated': 'Ränteprofil aktiverad',
  'interest_profile.deactivated': 'Ränteprofil inaktiverad',
  'interest_profile.default_set': 'Standardränteprofil vald',
  'interest.run': 'Nattlig räntekörning',
  'reference_rate.set': 'Referensränta sparad',
  'rule.created': 'Regel skapad',
  'rule.updated': 'Regel uppdaterad',
  'rule.activated': 'Regel aktiverad',
  'rule.deactivated': 'Regel avstängd',
  'rules.prescription_check': 'Nattlig preskriptionskontroll',
  'payment.created': 'Inbetalning registrerad',
  'payment.allocated': 'Inbetalning avräknad',
  'payment.held_resolved': 'Möjlig dubblett granskad',
  'payment.reversed': 'Inbetalning återförd',
  'payments.imported': 'Bankfil importerad',
  'job.retried': 'Bakgrundsjobb körs igen',
  'bank_account.created': 'Bankkonto tillagt',
  'bank_account.updated': 'Bankkonto ändrat',
  'bank_statement.reconciled': 'Kontoutdrag avstämt',
  'bank_statement.difference_resolved': 'Avvikelse i kontoutdrag löst',
  'bank_statement.resolution_undone': 'Beslut om avvikelse i kontoutdrag ångrat',
  'payment.bank_linked': 'Inbetalning kopplad till rad i bankfil',
  'payment.bank_unlinked': 'Inbetalningens koppling till bankfil borttagen',
  'channel_settings.updated': 'Kommunikationskanal ändrad',
  'print_batch.created': 'Utskriftsbunt skapad',
  'communication.sent': 'Meddelande skickat',
  'communication.cancelled': 'Meddelande avbrutet',
  'communication.resent': 'Meddelande skickas igen',
  'communication.channel_changed': 'Meddelandets kanal bytt',
  'opt_out.recorded': 'Mottagare avregistrerad från utskick',
  'opt_out.revoked': 'Avregistrering återkallad',
  'template.created': 'Mall skapad',
  'template.updated': 'Mall ändrad',
  'template.activated': 'Mall aktiverad',
  'template.deactivated': 'Mall inaktiverad',
  'template_qa.run': 'Mall-QA körd',
  'template_qa.cleaned': 'Mall-QA rensad',
  'dunning.plan_saved': 'Kravplan sparad',
  'dunning.plan_removed': 'Kundens kravplan borttagen',
  'dunning.run': 'Kravkörning',
  'kfm.snapshot_created': 'KFM-snapshot skapad',
  'kfm.file_generated': 'KFM-fil genererad',
  'kfm.status_changed': 'KFM-status ändrad',
  'lawsuit.created': 'Tvistemål skapat',
  'lawsuit.status_changed': 'Tvistemålets status ändrad',
  'lawsuit.deadline_added': 'Frist tillagd på tvistemål',
  'lawsuit.deadline_done': 'Frist klarmarkerad',
  'lawsuit.notes_updated': 'Anteckningar om tvistemål ändrade',
  'lawsuit.document_uploaded': 'Dokument uppladdat till tvistemål',
} as const satisfies Record<string, string>;

/** A code the system log knows, e.g. `case.flag_resolved`. */
export type AuditEventCode = keyof typeof AUDIT_EVENT_LABELS;

/** The tables an audit row may name as what it is about. */
export const AUDIT_ENTITY_LABELS = {
  organisations: 'Organisation',
  profiles: 'Profil',
  users: 'Användare',
  sessions: 'Inloggning',
  mfa_factors: 'Tvåstegsverifiering',
  invitations: 'Inbjudan',
  user_org_roles: 'Medlemskap',
  onboarding_steps: 'Kom igång-steg',
  notifications: 'Notifikation',
  creditors: 'Kund',
  parties: 'Part',
  cases: 'Ärende',
  case_fees: 'Avgift på ärende',
  case_flags: 'Regelflagga',
  prescription_interruptions: 'Preskriptionsavbrott',
  fee_catalogue: 'Avgift',
  interest_profiles: 'Ränteprofil',
  reference_rates: 'Referensränta',
  rules: 'Regel',
  payments: 'Inbetalning',
  job_queue: 'Bakgrundsjobb',
  bank_accounts: 'Bankkonto',
  bank_statements: 'Kontoutdrag',
  comm_channels_settings: 'Kommunikationskanal',
  communications: 'Meddelande',
  unsubscribe_tokens: 'Avregistrering',
  comm_templates: 'Meddelandemall',
  template_qa_batches: 'Mall-QA-körning',
  dunning_plans: 'Kravplan',
  dunning_runs: 'Kravkörning',
  kfm_cases: 'KFM-ärende',
  kfm_files: 'KFM-fil',
  lawsuits: 'Tvistemål',
} as const satisfies Record<string, string>;

export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;

/** What an event the log does not know (an older row) is called: never its raw code. */
export const UNKNOWN_AUDIT_EVENT_LABEL = 'Annan händelse';
/** What an entity the log does not know is called. */
export const UNKNOWN_AUDIT_ENTITY_LABEL = 'Annat objekt';

function hasKey<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.prototype.hasOwnProperty.call(table, key);
}

/**
 * The Swedish name of an audit event.
 * @example auditEventLabel('payments.imported') // 'Bankfil importerad'
 */
export function auditEventLabel(code: string): string {
  return hasKey(AUDIT_EVENT_LABELS, code) ? AUDIT_EVENT_LABELS[code] : UNKNOWN_AUDIT_EVENT_LABEL;
}

/**
 * The Swedish name of what an audit row is about; null when it names nothing.
 * @example auditEntityLabel('case_flags') // 'Regelflagga'
 */
export function auditEntityLabel(entity: string | null): string | null {
  if (entity === null) return null;
  return hasKey(AUDIT_ENTITY_LABELS, entity) ? AUDIT_ENTITY_LABELS[entity] : UNKNOWN_AUDIT_ENTITY_LABEL;
}
