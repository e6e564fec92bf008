/**
 * Import rules of the project, checked on the compiled JavaScript (dist/, built by `npm run build`) by
 * `npm run deps`, which `npm test` runs. dist/ holds the runtime imports of the sources; type-only imports are
 * erased there, and test/architecture.test.ts checks those in the sources.
 */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'no import cycle among source files', from: {}, to: { circular: true } },
    {
      name: 'engine-stands-alone', severity: 'error',
      comment: 'the engine imports nothing from the tools built around it',
      from: { path: '^dist/engine/' },
      to: { path: '^dist/(properties|golden|differential|reports|powerlog|cli|repro|adapters)/' },
    },
    {
      name: 'kernel-without-effects', severity: 'error',
      comment: 'the kernel calls effects through the port it is given (Game.effects), never by import',
      from: { path: '^dist/engine/kernel/' },
      to: { path: '^dist/engine/effects/' },
    },
    {
      name: 'properties-without-golden', severity: 'error',
      comment: 'invariants and generators never depend on the golden suite',
      from: { path: '^dist/properties/' },
      to: { path: '^dist/golden/' },
    },
  ],
  options: { doNotFollow: { path: 'node_modules' }, exclude: { path: 'node_modules' } },
};
