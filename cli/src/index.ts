export { createProgram, CLI_VERSION } from './program';
