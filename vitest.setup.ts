import fc from 'fast-check';

// FC_SEED=<seed> runs every property with that seed, so a failure a run reported (its seed is in
// the report) comes back: `FC_SEED=231299602 npx vitest run path/to/file.property.test.ts`.
if (process.env.FC_SEED) fc.configureGlobal({ seed: Number(process.env.FC_SEED) });
