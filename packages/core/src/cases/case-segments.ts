/** The case list's codes: segments and sort keys. */

/**
 * The dashboard's figures as case-list filters (a tile links to the cases it counts): in work
 * (active or paused), unpaid (not closed), new today, overdue (not closed, due before today,
 * still owing).
 */
export const CASE_SEGMENTS = ['in_work', 'unpaid', 'new_today', 'overdue'] as const;
export type CaseSegment = (typeof CASE_SEGMENTS)[number];

/** The dashboard tiles' names, also the filter chips of the case list. */
export const CASE_SEGMENT_LABELS: Readonly<Record<CaseSegment, string>> = {
  in_work: 'Ärenden i arbete',
  unpaid: 'Obetalda',
  new_today: 'Nya idag',
  overdue: 'Försenade',
};

/** What the case list sorts by. */
export const CASE_SORTS = ['created_at', 'due_date', 'total_outstanding', 'reference_no'] as const;
export type CaseSort = (typeof CASE_SORTS)[number];
