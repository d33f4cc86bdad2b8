/**
 * KFM escalation (spec part 1 §2 "KFM escalation", §3–§5, §9; part 2 §3–§4; docs/kfm.md): the
 * case's three steps (pre-check, snapshot, generate), the KFM cases and what Kronofogden answers.
 */
export { precheckKfmEscalation } from './kfm-precheck';
export { createKfmSnapshot, KFM_PARTLY_PAID_MESSAGE } from './kfm-snapshot';
export { generateKfmFile, generateKfmFiles, previewKfmFile, kfmRefusalReasons, type KfmApplicationFile, type KfmBatchResult } from './kfm-generate';
export { listKfmCases, getKfmCase, readKfmFile, readKfmPdf } from './kfm-case-view';
export { changeKfmStatus, changeCaseKfmStatus, KFM_DECIDED_COST_NAMES, KFM_ENFORCEMENT_FLAG_CODE } from './kfm-status';
