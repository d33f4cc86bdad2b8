/**
 * What each job type is called where people read about it (system log, notifications). Kept free
 * of the handlers' imports; a test checks that every type the worker runs has a name here.
 */
export const JOB_TYPE_LABELS: Readonly<Record<string, string>> = {
  bank_import: 'Import av bankfil',
};

/** A job type's Swedish name; an unknown type is a 'Bakgrundsjobb', never its code. */
export function jobTypeLabel(jobType: string): string {
  return Object.hasOwn(JOB_TYPE_LABELS, jobType) ? JOB_TYPE_LABELS[jobType]! : 'Bakgrundsjobb';
}
