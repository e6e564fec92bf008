/**
 * The mutant hunts of properties/mutants*.test.ts: for each mutant the generator can reach, a fast-check run (fixed
 * seed) over generated cases on the mutated engine must find a violation of the invariant(s) it must break
 * (kills.ts) and shrink it. Split across two test files (about the same time each) so both test workers share them.
 */
import { expect, it } from 'vitest';
import { MUTANTS, type CoreMutantName } from '../../engine/mutants.js';
import { GOLDEN_KILLS, KILLS, VALUE_KILLS } from '../../properties/kills.js';
import { huntMutant } from '../../properties/hunt.js';
import { sizeText } from '../../properties/size.js';

/**
 * Rough seconds a hunt takes (finding the case and shrinking it; measured once, on a quiet machine), for the hunts
 * whose search or shrinking is long; the others take a fraction of a second. Only the split between the two files
 * reads it: a figure gone stale unbalances the files, never changes a verdict.
 */
const HUNT_SECONDS: Partial<Record<CoreMutantName, number>> = {
  'survives-reads-health': 2.5, 'mutable-queues': 1.5, 'ignore-rule-5': 1.4, 'trigger-keeps-owner': 1.2, 'summon-limit-six': 0.8,
  'no-board-limit': 0.6, 'queue-by-player': 0.6, 'aura-loss-takes-health': 0.6,
};

/**
 * The hunts of one part (0 or 1) of the mutants: the longest hunt first, each to the part with less time so far, so
 * that the two files take about as long.
 */
export function huntPart(mutants: readonly CoreMutantName[], part: 0 | 1): CoreMutantName[] {
  const cost = (m: CoreMutantName) => HUNT_SECONDS[m] ?? 0.3;
  const parts: [CoreMutantName[], CoreMutantName[]] = [[], []];
  const total = [0, 0];
  for (const m of [...mutants].sort((a, b) => cost(b) - cost(a) || mutants.indexOf(a) - mutants.indexOf(b))) {
    const to = total[0]! <= total[1]! ? 0 : 1;
    parts[to].push(m);
    total[to]! += cost(m);
  }
  return mutants.filter((m) => parts[part].includes(m));
}

/** The hunts of the mutants of one part (`huntPart`): properties/mutants.test.ts part 0, mutants-more.test.ts part 1. */
export function huntTests(part: 0 | 1): void {
  // Mutants the generator cannot reach are killed on golden cases instead (golden/mutant-kills.test.ts).
  const reachable = (Object.keys(MUTANTS) as CoreMutantName[]).filter((x) => !GOLDEN_KILLS[x] && !VALUE_KILLS[x]);
  for (const m of huntPart(reachable, part)) {
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
