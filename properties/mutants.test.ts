/**
 * Every mutant is caught: for each, a fast-check run (fixed seed) over generated cases on the mutated engine finds a
 * violation of the invariant(s) it must break (kills.ts), and shrinks it. The shrunk size is printed. Part of the
 * hunts are here, the others in properties/mutants-more.test.ts (test/support/mutant-hunts.ts).
 */
import { describe, expect, it } from 'vitest';
import { MUTANTS } from '../engine/mutants.js';
import { INVARIANT_IDS as ALL_IDS, invariantById } from './invariants/index.js';
import { GOLDEN_KILLS, KILLS, PROFILE_KILLS, VALUE_KILLS } from './kills.js';

// Host invariants are killed by Host mutants (properties/host-mutants.test.ts).
const INVARIANT_IDS = ALL_IDS.filter((id) => !invariantById(id)?.profiles.includes('host'));
import { huntPart, huntTests } from '../test/support/mutant-hunts.js';

describe('mutants are killed by the invariants', () => {
  it('every mutant has invariants that must kill it, and every invariant kills some mutant', () => {
    // each mutant breaks invariants, or is one of the value mutants that golden cases' stated outcomes kill
    expect([...Object.keys(KILLS), ...Object.keys(VALUE_KILLS)].sort()).toEqual(Object.keys(MUTANTS).sort());
    // A profile's invariants are killed by that profile's mutants (PROFILE_KILLS, shown in properties/hearthtop.test.ts).
    const killers = new Set([...Object.values(KILLS).flat(), ...Object.values(PROFILE_KILLS).map((k) => k.invariant)]);
    for (const id of INVARIANT_IDS) expect(killers.has(id), `no mutant is killed by ${id}`).toBe(true);
    for (const id of killers) expect(INVARIANT_IDS).toContain(id);
  });

  it('the two files of hunts share every mutant the generator reaches, each hunted once', () => {
    const reachable = (Object.keys(MUTANTS) as (keyof typeof MUTANTS)[]).filter((x) => !GOLDEN_KILLS[x] && !VALUE_KILLS[x]);
    const [a, b] = [huntPart(reachable, 0), huntPart(reachable, 1)];
    expect([...a, ...b].sort()).toEqual([...reachable].sort());
    expect(a.length * b.length).toBeGreaterThan(0);
  });

  huntTests(0);
});
