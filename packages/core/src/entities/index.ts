/**
 * Entities of both spec parts as TypeScript types and zod 4 schemas, with the spec's snake_case
 * field names. Money fields hold integer öre. Row schemas: `<entity>Schema`; input schemas:
 * `<entity>CreateInputSchema` (or a `make…Schema(today)` factory when a rule needs today).
 */
export * from './shared';
export * from './auth';
export * from './parties';
export * from './cases';
export * from './finance';
export * from './communications';
export * from './kfm';
export * from './system';
export * from './portal';
