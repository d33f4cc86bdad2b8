export * from './test-app';
export * from './book-violations';
export { openSendableCase } from './sendable-case';
