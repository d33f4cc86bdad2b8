/**
 * Event types of a case's timeline: those seen in the spec (part 1 §3, part 2 §7; their mixed
 * case is the spec's), plus Fordran's own (status, stage, handler, resolved flags). The column
 * stays open text; services write only these, and the timeline names each in Swedish.
 */
export const CASE_EVENT_TYPES = [
  'case_created',
  'fee_added',
  'interest_calculated',
  'COMMUNICATION_SENT',
  'KFM_PRECHECK_PASSED',
  'KFM_SUBMITTED',
  'KFM_STATUS_CHANGED',
  'PAYMENT_ALLOCATED',
  'PAYMENT_REVERSED',
  'status_changed',
  'stage_changed',
  'handler_changed',
  'flag_resolved',
  'prescription_interrupted',
  'lawsuit_created',
  'lawsuit_status_changed',
] as const;
export type CaseEventType = (typeof CASE_EVENT_TYPES)[number];

/** The timeline's title of each event type; an unknown (older) type is 'Händelse', never its code. */
export const CASE_EVENT_LABELS: Readonly<Record<CaseEventType, string>> = {
  case_created: 'Ärendet skapades',
  fee_added: 'Avgift tillagd',
  interest_calculated: 'Ränta beräknad',
  COMMUNICATION_SENT: 'Meddelande skickat',
  KFM_PRECHECK_PASSED: 'KFM-kontroll godkänd',
  KFM_SUBMITTED: 'Ansökan skickad till Kronofogden',
  KFM_STATUS_CHANGED: 'KFM-status ändrad',
  PAYMENT_ALLOCATED: 'Inbetalning avräknad',
  PAYMENT_REVERSED: 'Inbetalning återförd',
  status_changed: 'Status ändrad',
  stage_changed: 'Fas ändrad',
  handler_changed: 'Handläggare ändrad',
  flag_resolved: 'Flagga löst',
  prescription_interrupted: 'Preskriptionsavbrott registrerat',
  lawsuit_created: 'Tvistemål skapat',
  lawsuit_status_changed: 'Tvistemålets status ändrad',
};
export const UNKNOWN_CASE_EVENT_LABEL = 'Händelse';

/**
 * Why a case was paused (the demo's and the portal's dispute): the reason codes a status change
 * may carry besides the closing reasons of CASE_CLOSE_REASON_LABELS.
 */
export const CASE_PAUSE_REASON_LABELS = {
  dispute: 'Gäldenären har invänt mot fordran',
} as const;
