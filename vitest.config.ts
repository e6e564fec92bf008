import { availableParallelism } from 'node:os';
import { defineConfig, configDefaults } from 'vitest/config';

// Report and repro folders written by runs are outputs, not part of the suite. A repro test written by
// `arbiter repro` (arbiter-repro/, or any --out folder in the project) runs when it is named on the command line:
// npx vitest run arbiter-repro/<file> (the command `arbiter repro` prints).
const namesRepro = process.argv.some((a) => a.includes('arbiter-repro') || a.endsWith('.repro.test.ts'));

export default defineConfig({
  test: {
    globalSetup: ['test/support/build-dist.ts'],
    exclude: [...configDefaults.exclude, 'arbiter-report/**', ...(namesRepro ? [] : ['**/*.repro.test.ts'])],
    // One test file per core (vitest's default leaves one core free: a single worker on a 2-core machine). Many files
    // wait on child processes (CLI runs, adapters), so a second file runs while the first waits.
    maxWorkers: Math.max(2, availableParallelism()),
    minWorkers: 1,
    // A worker runs file after file without starting afresh for each: every file would otherwise import the engine,
    // the card pool and the CLI modules again (engine/'s tests alone took about 30% more CPU so). The modules keep no
    // state a test changes: module-level caches hold the built-in data as read (a pool with extra cards is always a
    // new one), and a test that sets an environment variable or process.exitCode puts it back.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
