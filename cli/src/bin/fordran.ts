#!/usr/bin/env node
import { createProgram } from '../program';
import { reportError } from '../exit';

const program = createProgram();
program.exitOverride();
try {
  await program.parseAsync(process.argv);
} catch (error) {
  // commander signals --help/--version and usage errors with a CommanderError carrying its code.
  if (error && typeof error === 'object' && 'exitCode' in error && 'code' in error && String(error.code).startsWith('commander.')) {
    process.exitCode = Number(error.exitCode);
  } else {
    process.exitCode = reportError(error, process.argv.includes('--json'));
  }
}
