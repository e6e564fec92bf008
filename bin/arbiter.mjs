#!/usr/bin/env node
// Entry point of the `arbiter` command: runs the TypeScript CLI through tsx (no build step).
import { register } from 'tsx/esm/api';
register();
await import('../cli/main.ts');
