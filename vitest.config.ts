import { availableParallelism } from 'node:os';
import { defineConfig, configDefaults } from 'vitest/config';

// Report and repro folders written by runs are outputs, not part of the suite. A repro test written by
// `arbiter repro` (arbiter-repro/) runs when it is named on the command line: npx vitest run arbiter-repro/<file>.
const namesRepro = process.argv.some((a) => a.includes('arbiter-repro'));

export default defineConfig({
  test: {
    globalSetup: ['test/support/build-dist.ts'],
    exclude: [...configDefaults.exclude, 'arbiter-report/**', ...(namesRepro ? [] : ['arbiter-repro/**'])],
    // One test file per core (vitest's default leaves one core free: a single worker on a 2-core machine). Many files
    // wait on child processes (CLI runs, adapters), so a second file runs while the first waits.
    maxWorkers: Math.max(2, availableParallelism()),
    minWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
