/**
 * Mutants written outside engine/mutants.ts (test/support/external-mutants.ts: patches on a temporary copy of the
 * compiled engine, never shipped) are each killed by `golden verify` or by `fuzz --runs 3000`, not only by a unit
 * test. The table in properties/README.md comes from scripts/external-mutants.ts.
 */
import { describe, expect, it } from 'vitest';
import { EXTERNAL_MUTANTS, judgeMutant } from './support/external-mutants.js';

describe.concurrent('mutants written outside the engine', () => {
  it('there are at least 15, with distinct names', () => {
    expect(EXTERNAL_MUTANTS.length).toBeGreaterThanOrEqual(15);
    expect(new Set(EXTERNAL_MUTANTS.map((m) => m.name)).size).toBe(EXTERNAL_MUTANTS.length);
  });
  for (const m of EXTERNAL_MUTANTS) {
    it(`${m.name} (${m.kind}; rule ${m.rule}) is killed by golden verify or fuzz`, async () => {
      const v = await judgeMutant(m);
      expect(v.killedBy, v.detail).not.toBeNull();
    }, 180_000);
  }
});
