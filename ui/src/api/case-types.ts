// The shapes of the cases contract: the server's own types (packages/services/src/schemas/cases.ts,
// imported as types only: nothing of the server reaches the bundle), and the codes with their
// Swedish names from core's labels. Apart from the hooks so pure helpers and their tests can use
// them without a browser.
import type {
  CaseCreateBody,
  CaseDetail,
  CaseEventResponse,
  CaseFeeAddResponse,
  CaseFeeResponse,
  CaseFlagResponse,
  CaseHandlersResponse,
  CaseInterestResponse,
  CaseListQuery,
  PrescriptionInterruptionCreateInput,
  PrescriptionInterruptionCreateResponse,
} from '@fordran/services';

export type { CaseDetail, CaseEventKind, CaseFeeAddInput, CaseSummary } from '@fordran/services';
export {
  CASE_SEGMENTS,
  CASE_SEGMENT_LABELS,
  CASE_SORTS,
  CASE_STAGES,
  CASE_STAGE_LABELS,
  CASE_STATUSES,
  CASE_STATUS_LABELS,
  MANDATE_TYPES,
  MANDATE_TYPE_LABELS,
  RULE_SEVERITY_LABELS,
  type CaseSegment,
  type CaseSort,
  type CaseStage,
  type CaseStatus,
  type MandateType,
  type RuleSeverity,
} from '@fordran/core/labels';

/** The list's query as the UI sends it: every filter optional, paging always given. */
export type CaseListParams = Omit<CaseListQuery, 'flagged' | 'limit' | 'offset'> & { flagged?: 'true'; limit: number; offset: number };

export type CaseFlag = CaseFlagResponse;
export type CaseFee = CaseFeeResponse;
export type FeeOption = CaseDetail['fee_options'][number];
export type CaseCreateInput = CaseCreateBody;
export type CaseFeeAddResult = CaseFeeAddResponse;
export type CaseInterestResult = CaseInterestResponse;
export type CaseHandler = CaseHandlersResponse['handlers'][number];
export type CaseEvent = CaseEventResponse;
export type CasePrescription = CaseDetail['prescription'];
export type PrescriptionInterruption = CasePrescription['interruptions'][number];
export type PrescriptionInterruptionInput = PrescriptionInterruptionCreateInput;
export type PrescriptionInterruptionResult = PrescriptionInterruptionCreateResponse;
