export { copyDatabase, type CopyOptions, type CopyReport } from './copy-database';
export { compareDatabases, type DatabaseComparison, type TableRows, type TrialBalanceDifference } from './compare-databases';
