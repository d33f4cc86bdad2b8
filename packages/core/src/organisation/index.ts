/** The organisation's members: their roles. */
export * from './org-roles';
