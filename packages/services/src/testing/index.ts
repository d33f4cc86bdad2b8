export * from './test-app';
export * from './book-violations';
