import type { CaseStage } from './case-stage';
import type { CaseStatus } from './case-status';

/** The coarser stages the debtor portal shows (spec part 2 §4). */
export const PORTAL_STAGES = ['intake', 'reminder', 'collection', 'payment_plan', 'kfm', 'closed'] as const;
export type PortalStage = (typeof PORTAL_STAGES)[number];

/** Swedish labels, verbatim from spec part 2 §4. */
export const PORTAL_STAGE_LABELS: Readonly<Record<PortalStage, string>> = {
  intake: 'Inkommen',
  reminder: 'Påminnelse',
  collection: 'Inkasso',
  payment_plan: 'Betalplan',
  kfm: 'KFM',
  closed: 'Avslutat',
};

/**
 * Staff stage → portal stage. `demand` is the collection proper ("Inkasso"). `legal` has no
 * portal stage of its own; it is shown as "Inkasso" because the agency still collects the claim
 * and "KFM" would tell the debtor something false (the case is at tingsrätt, not Kronofogden),
 * which god inkassosed forbids; the court's own letters say the rest.
 */
export const CASE_STAGE_TO_PORTAL_STAGE: Readonly<Record<CaseStage, PortalStage>> = {
  intake: 'intake',
  reminder: 'reminder',
  demand: 'collection',
  payment_plan: 'payment_plan',
  kfm: 'kfm',
  legal: 'collection',
};

/**
 * The stage the debtor sees: "Avslutat" for a closed case whatever its last stage, otherwise
 * the mapped staff stage.
 * @example portalStageOf('active', 'demand') // 'collection'
 */
export function portalStageOf(status: CaseStatus, stage: CaseStage): PortalStage {
  if (status === 'closed') return 'closed';
  return CASE_STAGE_TO_PORTAL_STAGE[stage];
}

/**
 * The Swedish label of a portal stage; an unknown stage is shown raw (spec part 2 §4).
 * @example portalStageLabel('collection') // "Inkasso"
 */
export function portalStageLabel(value: string): string {
  return (PORTAL_STAGES as readonly string[]).includes(value) ? PORTAL_STAGE_LABELS[value as PortalStage] : value;
}
