export * from './postgres';
export * from './raw-sql';
