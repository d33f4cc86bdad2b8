// Also the browser's entry, `@fordran/core/dates` (the UI's date fields check dates with isIsoDate):
// nothing here may import node: modules or other core folders (eslint.config.js checks).
export * from './iso-date';
