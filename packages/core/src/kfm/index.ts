/**
 * KFM escalation (spec part 1 §2, §3, §5, §9): the snapshot a KFM case stores, the pre-check,
 * the application total, Fordran's own application XML format (docs/kfm-application-format.md),
 * its file name and SHA-256 checksum. KFM case/file/submission statuses live in '../cases'.
 */
export * from './kfm-constants';
export * from './kfm-snapshot';
export * from './kfm-total';
export * from './snapshot-columns';
export * from './precheck';
export * from './application-xml';
export * from './file-name';
export * from './checksum';
export * from './kfm-status-change';
export * from './application-text';
