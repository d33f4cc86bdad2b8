// The browser's entry, `@fordran/core/money` (the UI's money fields and amounts): reading what a
// person types and showing amounts sv-SE, the same functions the server uses. Not the rate maths
// (rounding.ts and big.js), which the browser never does. Nothing here may import node: modules
// or other core folders (eslint.config.js checks).
export * from './ore';
export * from './parse-amount';
export * from './format-amount';
