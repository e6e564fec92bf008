import { defineConfig, configDefaults } from 'vitest/config';

// Report and repro folders written by runs are outputs, not part of the suite. A repro test written by
// `arbiter repro` (arbiter-repro/) runs when it is named on the command line: npx vitest run arbiter-repro/<file>.
const namesRepro = process.argv.some((a) => a.includes('arbiter-repro'));

export default defineConfig({
  test: {
    globalSetup: ['test/support/build-dist.ts'],
    exclude: [...configDefaults.exclude, 'arbiter-report/**', ...(namesRepro ? [] : ['arbiter-repro/**'])],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
