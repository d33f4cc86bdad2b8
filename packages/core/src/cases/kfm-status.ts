import { defineStateMachine } from './state-machine';

/** KFM case status (spec part 2 §4). A new KFM case starts as draft. */
export const KFM_CASE_STATUSES = ['draft', 'submitted', 'acknowledged', 'served', 'contested', 'decided', 'rejected', 'withdrawn', 'failed', 'closed'] as const;
export type KfmCaseStatus = (typeof KFM_CASE_STATUSES)[number];

/** Swedish labels, verbatim from spec part 2 §4. */
export const KFM_CASE_STATUS_LABELS: Readonly<Record<KfmCaseStatus, string>> = {
  draft: 'Utkast',
  submitted: 'Inskickad',
  acknowledged: 'Mottagen',
  served: 'Delgiven',
  contested: 'Bestridd',
  decided: 'Utslag',
  rejected: 'Avvisad',
  withdrawn: 'Återkallad',
  failed: 'Fel',
  closed: 'Stängd',
};

/**
 * The lifecycle of a betalningsföreläggande (domain reference §5.4):
 * - draft → submitted (file sent) | closed (draft discarded; nothing reached KFM);
 * - submitted → acknowledged (Bekräftelse with målnummer) | rejected (avvisad: unpaid or
 *   defective) | failed (transport or receipt error) | withdrawn (återkallelse, allowed any time);
 * - acknowledged → served (delgiven) | rejected (komplettering not made) | withdrawn |
 *   closed (delivery failed, KFM writes the case off: avskrivet);
 * - served → contested (bestridd within the förklaringstid) | decided (utslag) | withdrawn
 *   (typically the debtor paid the applicant directly);
 * - contested → closed (transferred to tingsrätt, where the case continues as a lawsuit, or
 *   written off) | withdrawn;
 * - decided → contested (återvinning within a month reopens it) | closed;
 * - failed → draft (fix and regenerate the file) | submitted (resend) | closed;
 * - rejected and withdrawn → closed; closed is final: a new application is a new KFM case.
 */
export const KFM_CASE_STATUS_TRANSITIONS: Readonly<Record<KfmCaseStatus, readonly KfmCaseStatus[]>> = {
  draft: ['submitted', 'closed'],
  submitted: ['acknowledged', 'rejected', 'failed', 'withdrawn'],
  acknowledged: ['served', 'rejected', 'withdrawn', 'closed'],
  served: ['contested', 'decided', 'withdrawn'],
  contested: ['closed', 'withdrawn'],
  decided: ['contested', 'closed'],
  rejected: ['closed'],
  withdrawn: ['closed'],
  failed: ['draft', 'submitted', 'closed'],
  closed: [],
};

/** The kfm case status machine as data (docs/state-machines.md, table `kfm_case_status`). */
export const KFM_CASE_STATUS_MACHINE = /* @__PURE__ */ defineStateMachine<KfmCaseStatus>({
  key: 'kfm_case_status',
  subject: 'KFM-ärendets status',
  states: KFM_CASE_STATUSES,
  initial: 'draft',
  labels: KFM_CASE_STATUS_LABELS,
  transitions: KFM_CASE_STATUS_TRANSITIONS,
});

/** KFM file status (spec part 1 §4: a file starts ready). */
export const KFM_FILE_STATUSES = ['ready', 'submitted', 'processed', 'failed'] as const;
export type KfmFileStatus = (typeof KFM_FILE_STATUSES)[number];

export const KFM_FILE_STATUS_LABELS: Readonly<Record<KfmFileStatus, string>> = {
  ready: 'Klar att skicka',
  submitted: 'Inskickad',
  processed: 'Behandlad',
  failed: 'Misslyckad',
};

/**
 * An outgoing file is generated (ready), submitted, then KFM's receipt (kvittens) approves it
 * (processed) or rejects it (failed) (domain reference §5.3). A failed file is not edited: a
 * corrected file is a new row. Incoming files (receipts, acknowledgements, utslag) are stored on
 * arrival directly as processed (read and applied) or failed (could not be read).
 */
export const KFM_FILE_STATUS_TRANSITIONS: Readonly<Record<KfmFileStatus, readonly KfmFileStatus[]>> = {
  ready: ['submitted'],
  submitted: ['processed', 'failed'],
  processed: [],
  failed: [],
};

/** The kfm file status machine as data (docs/state-machines.md, table `kfm_file_status`). */
export const KFM_FILE_STATUS_MACHINE = /* @__PURE__ */ defineStateMachine<KfmFileStatus>({
  key: 'kfm_file_status',
  subject: 'KFM-filens status',
  states: KFM_FILE_STATUSES,
  initial: 'ready',
  labels: KFM_FILE_STATUS_LABELS,
  transitions: KFM_FILE_STATUS_TRANSITIONS,
});

/** KFM submission status (spec part 1 §4: a submission starts pending, transport manual). */
export const KFM_SUBMISSION_STATUSES = ['pending', 'sent', 'acknowledged', 'rejected', 'failed'] as const;
export type KfmSubmissionStatus = (typeof KFM_SUBMISSION_STATUSES)[number];

export const KFM_SUBMISSION_STATUS_LABELS: Readonly<Record<KfmSubmissionStatus, string>> = {
  pending: 'Väntar',
  sent: 'Skickad',
  acknowledged: 'Kvitterad',
  rejected: 'Avvisad',
  failed: 'Misslyckad',
};

/**
 * pending → sent (with manual transport: a person uploaded the file and says so) → acknowledged
 * (KFM's receipt approved the file) or rejected (the receipt carries error codes: fix the
 * application and submit a new file). failed is a transport failure and may be retried (back to
 * pending).
 */
export const KFM_SUBMISSION_STATUS_TRANSITIONS: Readonly<Record<KfmSubmissionStatus, readonly KfmSubmissionStatus[]>> = {
  pending: ['sent', 'failed'],
  sent: ['acknowledged', 'rejected', 'failed'],
  acknowledged: [],
  rejected: [],
  failed: ['pending'],
};

/** The kfm submission status machine as data (docs/state-machines.md, table `kfm_submission_status`). */
export const KFM_SUBMISSION_STATUS_MACHINE = /* @__PURE__ */ defineStateMachine<KfmSubmissionStatus>({
  key: 'kfm_submission_status',
  subject: 'Inskickningens status',
  states: KFM_SUBMISSION_STATUSES,
  initial: 'pending',
  labels: KFM_SUBMISSION_STATUS_LABELS,
  transitions: KFM_SUBMISSION_STATUS_TRANSITIONS,
});
