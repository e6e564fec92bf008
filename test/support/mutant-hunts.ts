/**
 * The mutant hunts of properties/mutants*.test.ts: for each mutant the generator can reach, a fast-check run (fixed
 * seed) over generated cases on the mutated engine must find a violation of the invariant(s) it must break
 * (kills.ts) and shrink it. Split across two test files (every other mutant) so both test workers share them.
 */
import { expect, it } from 'vitest';
import { MUTANTS, type CoreMutantName } from '../../engine/mutants.js';
import { GOLDEN_KILLS, KILLS } from '../../properties/kills.js';
import { huntMutant } from '../../properties/hunt.js';
import { sizeText } from '../../properties/size.js';

/** The hunts of the mutants at even (`part` 0) or odd (`part` 1) places in the mutant list. */
export function huntTests(part: 0 | 1): void {
  // Mutants the generator cannot reach are killed on golden cases instead (golden/mutant-kills.test.ts).
  const reachable = (Object.keys(MUTANTS) as CoreMutantName[]).filter((x) => !GOLDEN_KILLS[x]);
  for (const m of reachable.filter((_, i) => i % 2 === part)) {
    const kills = KILLS[m] ?? [];
    it(`${m} (rule ${MUTANTS[m].rule}) is caught by ${kills.join(', ') || '(nothing: add it to properties/kills.ts)'}`, () => {
      expect(kills.length, `properties/kills.ts has no invariants for mutant ${m}`).toBeGreaterThan(0);
      // A fixed number of cases, never a time limit: the verdict is the same on a busy machine as on a quiet one.
      const h = huntMutant(m, { numRuns: 3000 });
      expect(h.found, `no violation of ${kills.join(', ')} in ${h.runs} cases`).toBe(true);
      expect(h.violations.length).toBeGreaterThan(0);
      expect(kills).toContain(h.violations[0]!.invariant);
      // fast-check shrank it to a small case
      expect(h.size!.minions).toBeLessThanOrEqual(8);
      expect(h.size!.actions).toBeLessThanOrEqual(4);
      console.log(`[mutant ${m}] found after ${h.runs} case(s), shrunk ${h.shrinks}× to ${sizeText(h.size!)} in ${(h.ms / 1000).toFixed(1)} s: ${h.violations[0]!.message}`);
    }, 180_000);
  }
}
