/**
 * Vitest global set-up and teardown. Before the tests: compile dist/, so the CLI tests (which run bin/arbiter.mjs,
 * and so dist/) always run the sources under test, also when vitest is started directly (`npm test`, through
 * scripts/test.mjs, has built it just before). After them: the checkout
 * must be as clean as before (tests write only under the OS temporary folder); a file they left, ignored by git or
 * not, fails the run.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../engine/validation.js';

/** Paths git reports as untracked or ignored in a checkout, but for what installing and building make. */
export function leftovers(root = ROOT): Set<string> | null {
  try {
    const out = execFileSync('git', ['status', '--porcelain', '--ignored', '--untracked-files=all'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return new Set(out.split('\n').filter((l) => /^(\?\?|!!) /.test(l)).map((l) => l.slice(3)).filter((p) => !/^(node_modules|dist)\//.test(p)));
  } catch {
    return null; // not a git checkout (an installed package): nothing to compare
  }
}

/** What is left now that was not before (nothing when either is unknown). */
export function newLeftovers(before: Set<string> | null, after: Set<string> | null): string[] {
  if (!before || !after) return [];
  return [...after].filter((p) => !before.has(p)).sort();
}

export default function setup(): () => void {
  // The Node processes the tests start (CLI runs, adapters, a nested vitest) make no TLS connection, so they start
  // without NODE_EXTRA_CA_CERTS: a machine that sets it makes every Node start read and parse that certificate file
  // (about 65 ms of CPU per start on the machine of docs/benchmarks.md, and a run starts some 160 Node processes).
  delete process.env.NODE_EXTRA_CA_CERTS;
  // A vitest started by a test (a repro test run end to end) uses the dist/ its parent built: rebuilding it then
  // would pull the files from under the CLI processes the parent's tests are running.
  // Nor can it judge the checkout: its parent's tests run beside it and write and remove their own files, so the
  // parent's teardown, which sees the whole run, is the one that checks.
  if (process.env.ARBITER_DIST_BUILT === '1') return () => {};
  // Under `npm test`, scripts/test.mjs has just built dist/ from the same sources (ARBITER_DIST_FRESH), and its layer
  // check reads dist/ while the tests run: a second build would cost time and pull the files from under it.
  if (process.env.ARBITER_DIST_FRESH !== '1') execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  process.env.ARBITER_DIST_BUILT = '1';
  const before = leftovers();
  return () => {
    const left = newLeftovers(before, leftovers());
    if (left.length) throw new Error(`the tests left files in the checkout: ${left.join(', ')}`);
  };
}
