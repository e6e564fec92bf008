import { defineConfig, configDefaults } from 'vitest/config';

export default defineConfig({
  test: {
    // Report and repro folders written by runs are outputs, not part of the suite.
    exclude: [...configDefaults.exclude, 'arbiter-report/**', 'arbiter-repro/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
