import type { CaseStage } from '../cases/case-stage';
import type { CommChannel, CommTemplateCategory } from '../communications/comm-constants';
import { COLLECTION_FEE_CODE, LATE_FEE_CODE, REMINDER_FEE_CODE } from '../fees/statutory-fees';
import { PAYMENT_PLAN_FEE_CODE } from '../payment-plan';

/** The stages a dunning step may move a case to (intake → reminder → demand). */
export const DUNNING_STAGES = ['reminder', 'demand'] as const satisfies readonly CaseStage[];
export type DunningStage = (typeof DUNNING_STAGES)[number];

/** At most this many steps in a plan. */
export const DUNNING_PLAN_MAX_STEPS = 10;
/** A step is at most this many days after the due date (ten years: a claim is prescribed by then). */
export const DUNNING_MAX_DAYS_PAST_DUE = 3650;

/** One step of a plan as it is written: when, what, how, which fee, and the stage it moves to. */
export interface DunningStepSpec {
  name: string;
  /** Days after the claim's due date. */
  days_past_due: number;
  template_code: string;
  channel: CommChannel;
  fee_code: string | null;
  stage: DunningStage | null;
}

/** A stored step: its id is what a case's record of the step names. */
export interface DunningStep extends DunningStepSpec {
  id: string;
}

/**
 * A new organisation's plan. The påminnelse carries the 60 kr påminnelseavgift, which the fee
 * rules charge only on claims where it was agreed when the debt arose (lag 1981:739 2 §); the
 * inkassokrav carries the 180 kr inkassoavgift, charged once the letter has gone out (3 § 1).
 * Both by letter: every debtor has a postal address, not every one an e-mail address.
 */
export const DEFAULT_DUNNING_PLAN: readonly DunningStepSpec[] = Object.freeze([
  { name: 'Påminnelse', days_past_due: 10, template_code: 'REMINDER_LETTER', channel: 'letter', fee_code: REMINDER_FEE_CODE, stage: 'reminder' },
  { name: 'Inkassokrav', days_past_due: 25, template_code: 'DEMAND_LETTER', channel: 'letter', fee_code: COLLECTION_FEE_CODE, stage: 'demand' },
]);

/** What the plan check knows of a template. */
export interface DunningTemplateFacts {
  category: CommTemplateCategory;
  is_active: boolean;
}

/** A problem with a plan: where (`['steps', 1, 'fee_code']`) and what, in Swedish. */
export interface DunningPlanIssue {
  path: (string | number)[];
  message: string;
}

const STAGE_ORDER: Readonly<Record<DunningStage, number>> = { reminder: 1, demand: 2 };

/** Fees a message may carry in a plan; the plan fee belongs to a payment plan drawn up, never to a letter. */
const FEES_NOT_FOR_A_STEP: ReadonlySet<string> = new Set([PAYMENT_PLAN_FEE_CODE]);

function feeIssue(step: DunningStepSpec, template: DunningTemplateFacts | undefined, phase: DunningStage | null): string | null {
  const code = step.fee_code;
  if (code === null) return null;
  if (FEES_NOT_FOR_A_STEP.has(code)) return 'Avgiften för amorteringsplan tas ut när en plan upprättas, inte med ett utskick';
  if (code === COLLECTION_FEE_CODE && template !== undefined && template.category !== 'demand')
    return 'Inkassoavgift får bara tas ut med ett inkassokrav (en mall i kategorin Inkassokrav)';
  if (code === REMINDER_FEE_CODE && phase !== 'reminder') return 'Påminnelseavgift hör till ett påminnelsesteg';
  if (code === LATE_FEE_CODE && phase === null) return 'Förseningsersättning tas ut tidigast med påminnelsen';
  return null;
}

/**
 * Checks a plan's steps as a whole (each field's own shape is checked at the edge): in order of
 * days after the due date, each later than the one before; never back from Inkassokrav to
 * Påminnelse; an existing template for each step, an inkassokrav for the stage Inkassokrav; each
 * fee in the fee catalogue, at most once, and only where it belongs (the 180 kr fee with an
 * inkassokrav, the 60 kr fee with a reminder, never the payment-plan fee). Whether a fee may be
 * charged on a given case is decided when the step is taken (`decideDunningStepFee`).
 * @example checkDunningPlan(DEFAULT_DUNNING_PLAN, { templates, feeCodes }) // []
 */
export function checkDunningPlan(
  steps: readonly DunningStepSpec[],
  known: { templates: ReadonlyMap<string, DunningTemplateFacts>; feeCodes: ReadonlySet<string> },
): DunningPlanIssue[] {
  const issues: DunningPlanIssue[] = [];
  if (steps.length > DUNNING_PLAN_MAX_STEPS) issues.push({ path: ['steps'], message: `En plan har högst ${DUNNING_PLAN_MAX_STEPS} steg` });
  const feesSeen = new Set<string>();
  let phase: DunningStage | null = null;
  steps.forEach((step, k) => {
    const at = (field: string) => ['steps', k, field];
    const previous = steps[k - 1];
    if (previous && step.days_past_due <= previous.days_past_due)
      issues.push({ path: at('days_past_due'), message: 'Varje steg måste ligga fler dagar efter förfallodagen än steget före' });
    if (step.stage !== null && phase !== null && STAGE_ORDER[step.stage] < STAGE_ORDER[phase])
      issues.push({ path: at('stage'), message: 'Ett ärende går inte tillbaka från Inkassokrav till Påminnelse' });
    phase = step.stage ?? phase;
    const template = known.templates.get(step.template_code);
    if (!template) issues.push({ path: at('template_code'), message: `Mallen ${step.template_code} finns inte` });
    else if (step.stage === 'demand' && template.category !== 'demand')
      issues.push({ path: at('template_code'), message: 'Ärendet går till Inkassokrav bara med ett inkassokrav (en mall i kategorin Inkassokrav)' });
    if (step.fee_code !== null) {
      if (!known.feeCodes.has(step.fee_code)) issues.push({ path: at('fee_code'), message: `Avgiften ${step.fee_code} finns inte i avgiftskatalogen` });
      else if (feesSeen.has(step.fee_code)) issues.push({ path: at('fee_code'), message: 'Avgiften tas redan ut i ett tidigare steg' });
      else {
        const problem = feeIssue(step, template, phase);
        if (problem) issues.push({ path: at('fee_code'), message: problem });
      }
      feesSeen.add(step.fee_code);
    }
  });
  return issues;
}
