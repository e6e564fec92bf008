/**
 * Vitest global set-up: compile dist/ before the tests, so the CLI tests (which run bin/arbiter.mjs, and so dist/)
 * always run the sources under test, also when vitest is started directly.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../engine/validation.js';

export default function setup(): void {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
}
