/** Who the agency collects for (spec part 2 §3): the creditor itself, through an agent, or an assignee. */
export const MANDATE_TYPES = ['direct', 'agent', 'assignee'] as const;
export type MandateType = (typeof MANDATE_TYPES)[number];

export const MANDATE_TYPE_LABELS: Readonly<Record<MandateType, string>> = {
  direct: 'Direkt uppdrag',
  agent: 'Via ombud',
  assignee: 'Överlåten fordran',
};
