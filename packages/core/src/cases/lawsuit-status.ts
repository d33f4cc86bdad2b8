import { defineStateMachine } from './state-machine';

/** Lawsuit (tvistemål) status (spec part 2 §4). A new lawsuit starts as draft. */
export const LAWSUIT_STATUSES = [
  'draft',
  'filed',
  'served',
  'prep_written',
  'prep_oral',
  'main_hearing',
  'judgment',
  'default_judgment',
  'settled',
  'withdrawn',
  'closed',
  'failed',
] as const;
export type LawsuitStatus = (typeof LAWSUIT_STATUSES)[number];

/** Swedish labels (the spec gives none): the terms of rättegångsbalken. */
export const LAWSUIT_STATUS_LABELS: Readonly<Record<LawsuitStatus, string>> = {
  draft: 'Utkast',
  filed: 'Inlämnad',
  served: 'Delgiven',
  prep_written: 'Skriftlig förberedelse',
  prep_oral: 'Muntlig förberedelse',
  main_hearing: 'Huvudförhandling',
  judgment: 'Dom',
  default_judgment: 'Tredskodom',
  settled: 'Förlikning',
  withdrawn: 'Återkallad',
  closed: 'Stängd',
  failed: 'Misslyckad',
};

/**
 * The course of a Swedish civil case (rättegångsbalken 42–44 kap.):
 * - draft → filed (stämningsansökan lodged) | closed (abandoned before filing);
 * - filed → served (stämning delgiven) | settled | withdrawn;
 * - failed from every open state (draft up to main_hearing): the application is avvisad, the
 *   summons cannot be served, the case is dismissed (avskrivet) or cannot go on;
 * - served and the preparation stages → judgment (medgivande, or a förenklat mål decided on the
 *   papers) | default_judgment (tredskodom when the defendant does not answer or appear) |
 *   settled (förlikning, possible at any time) | withdrawn (återkallelse); preparation may go
 *   written ⇄ oral and on to the main hearing;
 * - main_hearing → judgment | default_judgment | settled | withdrawn;
 * - default_judgment → prep_written (återvinning within one month resumes the case) | closed;
 * - judgment, settled, withdrawn → closed; failed → draft (fix and refile) | closed.
 * Appeals are outside Fordran: a judgment is closed once final, and enforcement is a KFM case.
 */
export const LAWSUIT_STATUS_TRANSITIONS: Readonly<Record<LawsuitStatus, readonly LawsuitStatus[]>> = {
  draft: ['filed', 'closed', 'failed'],
  filed: ['served', 'settled', 'withdrawn', 'failed'],
  served: ['prep_written', 'prep_oral', 'judgment', 'default_judgment', 'settled', 'withdrawn', 'failed'],
  prep_written: ['prep_oral', 'main_hearing', 'judgment', 'default_judgment', 'settled', 'withdrawn', 'failed'],
  prep_oral: ['prep_written', 'main_hearing', 'judgment', 'default_judgment', 'settled', 'withdrawn', 'failed'],
  main_hearing: ['judgment', 'default_judgment', 'settled', 'withdrawn', 'failed'],
  judgment: ['closed'],
  default_judgment: ['prep_written', 'closed'],
  settled: ['closed'],
  withdrawn: ['closed'],
  closed: [],
  failed: ['draft', 'closed'],
};

/** The open states (the case is still before the court or about to be): failed is reachable from each. */
export const LAWSUIT_OPEN_STATUSES = ['draft', 'filed', 'served', 'prep_written', 'prep_oral', 'main_hearing'] as const satisfies readonly LawsuitStatus[];

/** The lawsuit status machine as data (docs/state-machines.md, table `lawsuit_status`). */
export const LAWSUIT_STATUS_MACHINE = /* @__PURE__ */ defineStateMachine<LawsuitStatus>({
  key: 'lawsuit_status',
  subject: 'Tvistemålets status',
  states: LAWSUIT_STATUSES,
  initial: 'draft',
  labels: LAWSUIT_STATUS_LABELS,
  transitions: LAWSUIT_STATUS_TRANSITIONS,
});

/** Lawsuit delivery (delgivning) of the summons to the defendant. */
export const LAWSUIT_SERVICE_STATUSES = ['pending', 'served', 'failed'] as const;
export type LawsuitServiceStatus = (typeof LAWSUIT_SERVICE_STATUSES)[number];

/** 'Inväntar delgivning' is verbatim from spec part 2 §4. */
export const LAWSUIT_SERVICE_STATUS_LABELS: Readonly<Record<LawsuitServiceStatus, string>> = {
  pending: 'Inväntar delgivning',
  served: 'Delgiven',
  failed: 'Delgivning misslyckades',
};

/** A failed delivery is tried again (stämningsman, or kungörelse which a court may use). */
export const LAWSUIT_SERVICE_STATUS_TRANSITIONS: Readonly<Record<LawsuitServiceStatus, readonly LawsuitServiceStatus[]>> = {
  pending: ['served', 'failed'],
  served: [],
  failed: ['pending'],
};

/** The lawsuit service status machine as data (docs/state-machines.md, table `lawsuit_service_status`). */
export const LAWSUIT_SERVICE_STATUS_MACHINE = /* @__PURE__ */ defineStateMachine<LawsuitServiceStatus>({
  key: 'lawsuit_service_status',
  subject: 'Delgivningsstatus',
  states: LAWSUIT_SERVICE_STATUSES,
  initial: 'pending',
  labels: LAWSUIT_SERVICE_STATUS_LABELS,
  transitions: LAWSUIT_SERVICE_STATUS_TRANSITIONS,
});

/** Lawsuit tracks (spec part 2 §9). */
export const LAWSUIT_TRACKS = ['FT', 'ORD'] as const;
export type LawsuitTrack = (typeof LAWSUIT_TRACKS)[number];

/**
 * FT is a förenklat tvistemål (value at most half a prisbasbelopp, rättegångsbalken 1 kap. 3 d §);
 * ORD an ordinary case. Labels verbatim from spec part 2 §9.
 */
export const LAWSUIT_TRACK_LABELS: Readonly<Record<LawsuitTrack, string>> = {
  FT: 'Förenklad tvist',
  ORD: 'Ordinärt mål',
};
