export * from './ore';
export * from './rounding';
export * from './parse-amount';
export * from './format-amount';
