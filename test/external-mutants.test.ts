/**
 * Mutants written outside engine/mutants.ts (test/support/external-mutants.ts: patches on a temporary copy of the
 * compiled engine, never shipped) are each killed by `golden verify` or by `fuzz --runs 3000`, not only by a unit
 * test. Each is judged quickly: `golden verify` on the golden cases known to kill it, or the fuzzer alone for a mutant
 * only the fuzzer kills, and the whole judgement only when that does not kill it. The golden judgements on killers run
 * in batches, several patched copies in one process (test/support/verify-copies.mjs, with an unpatched control copy
 * that must pass them). The table in properties/README.md
 * comes from scripts/external-mutants.ts (the whole judgement of each).
 */
import { describe, expect, it } from 'vitest';
import { EXTERNAL_MUTANTS, judgeKillersInBatches, judgeMutant } from './support/external-mutants.js';

describe.concurrent('mutants written outside the engine', () => {
  // The mutants that name their killers are judged on them in batches first (a few processes for all); any that
  // survives that is judged on its own, in full.
  let batched: Promise<Map<string, Awaited<ReturnType<typeof judgeMutant>>>> | undefined;
  it('there are at least 15, with distinct names', () => {
    expect(EXTERNAL_MUTANTS.length).toBeGreaterThanOrEqual(15);
    expect(new Set(EXTERNAL_MUTANTS.map((m) => m.name)).size).toBe(EXTERNAL_MUTANTS.length);
  });
  for (const m of EXTERNAL_MUTANTS) {
    it(`${m.name} (${m.kind}; rule ${m.rule}) is killed by golden verify or fuzz`, async () => {
      batched ??= judgeKillersInBatches(EXTERNAL_MUTANTS);
      const v = (await batched).get(m.name) ?? await judgeMutant(m, { quick: true });
      expect(v.killedBy, v.detail).not.toBeNull();
    }, 180_000);
  }
});
