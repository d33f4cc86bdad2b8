export * from './reference-rates';
