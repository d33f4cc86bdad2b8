/**
 * Dunning (issue 11): the plan of automatic steps — påminnelse, inkassokrav, … — each a template
 * on a channel after a number of days past due, with its fee and the stage it moves the case to;
 * which step is due on a case, what becomes of its fee, and why a due step is skipped.
 */
export * from './dunning-plan';
export * from './next-dunning-step';
export * from './dunning-fee';
export * from './dunning-skip';
