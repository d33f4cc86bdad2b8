export { copyDatabase, type CopyOptions, type CopyReport } from './copy-database';
export { type FilesCopyReport } from './copy-files';
export { compareDatabases, type DatabaseComparison, type TableRows, type TrialBalanceDifference } from './compare-databases';
