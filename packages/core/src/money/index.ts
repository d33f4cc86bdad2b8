export * from './ore';
export * from './rounding';
export * from './text';
