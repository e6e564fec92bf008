#!/usr/bin/env node
// Entry point of the `arbiter` command. It runs the compiled JavaScript in dist/ (built by `npm install` through
// the `prepare` script, or `npm run build`); from a checkout without dist/, or with ARBITER_FROM_SOURCE=1, it runs
// the TypeScript sources through tsx.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli/main.js', import.meta.url);
if (process.env.ARBITER_FROM_SOURCE !== '1' && existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/main.ts');
}
