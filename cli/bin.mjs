#!/usr/bin/env node
// `npx fordran` entry: runs the TypeScript CLI through tsx (no build step).
import { register } from 'tsx/esm/api';

register();
await import('./src/bin/fordran.ts');
