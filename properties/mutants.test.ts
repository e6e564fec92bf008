/**
 * Every mutant is caught: for each, a fast-check run (fixed seed) over generated cases on the mutated engine finds a
 * violation of the invariant(s) it must break (kills.ts), and shrinks it. The shrunk size is printed.
 */
import { describe, expect, it } from 'vitest';
import { MUTANTS, type CoreMutantName } from '../engine/mutants.js';
import { INVARIANT_IDS as ALL_IDS, invariantById } from './invariants/index.js';
import { GOLDEN_KILLS, KILLS, PROFILE_KILLS } from './kills.js';

// Host invariants are killed by Host mutants (properties/host-mutants.test.ts).
const INVARIANT_IDS = ALL_IDS.filter((id) => !invariantById(id)?.profiles.includes('host'));
import { huntMutant } from './hunt.js';
import { sizeText } from './size.js';

describe('mutants are killed by the invariants', () => {
  it('every mutant has invariants that must kill it, and every invariant kills some mutant', () => {
    expect(Object.keys(KILLS).sort()).toEqual(Object.keys(MUTANTS).sort());
    // A profile's invariants are killed by that profile's mutants (PROFILE_KILLS, shown in properties/hearthtop.test.ts).
    const killers = new Set([...Object.values(KILLS).flat(), ...Object.values(PROFILE_KILLS).map((k) => k.invariant)]);
    for (const id of INVARIANT_IDS) expect(killers.has(id), `no mutant is killed by ${id}`).toBe(true);
    for (const id of killers) expect(INVARIANT_IDS).toContain(id);
  });

  // Mutants the generator cannot reach are killed on golden cases instead (golden/mutant-kills.test.ts).
  for (const m of (Object.keys(MUTANTS) as CoreMutantName[]).filter((x) => !GOLDEN_KILLS[x])) {
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
});
