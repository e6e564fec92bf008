/**
 * AskedMutants (engine/mutants.ts): the mutant diagnosis (differential/verdict.ts) skips a mutant that the reference
 * run of a case never asked about, as that run is then the mutant's run too. Checked here mutant by mutant (those the
 * diagnosis tries on the case's profile) on every Hearthstone and Hearthtop golden case and on generated games with
 * synthetic cards: the trace (but for its meta record, which names
 * the mutants) and the final state are the same. Mutants that were asked about are run on some cases too, and some of
 * them change the run, so the check can fail.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readCardPool } from './cards/pool.js';
import { runScenario } from './scenario/run.js';
import { AskedMutants, MUTANTS, PROFILE_MUTANTS, type MutantName } from './mutants.js';
import { recordToLine } from './trace/format.js';
import type { CardPool } from './state.js';
import type { Scenario } from './scenario/format.js';
import { goldenCases } from '../differential/cases.js';
import { comparableFromGame } from '../differential/compare.js';
import { generatedCaseArb } from '../properties/arbitraries/generatedCase.js';
import { poolWith } from '../properties/arbitraries/_internals/pool.js';
import { PROPERTY_STEP_BUDGET } from '../properties/check.js';

/**
 * The mutants checked on a case: on a Hearthstone case those of MUTANTS (as the diagnosis tries them), on a case of
 * another profile the profile's own (PROFILE_MUTANTS; the others are checked on the Hearthstone cases).
 */
const mutantsOf = (profile: string | undefined): MutantName[] => (profile && profile !== 'hearthstone'
  ? Object.entries(PROFILE_MUTANTS).filter(([, x]) => x.profile === profile).map(([m]) => m)
  : Object.keys(MUTANTS).filter((m) => m !== 'unseeded-random')) as MutantName[];

/** What a run did: its trace without the meta record, and its final state. */
function gist(s: Scenario, cards: CardPool, mutants: Iterable<MutantName>, stepBudget?: number): string {
  const r = runScenario(s, 'asked-mutants', { cards, mutants, ...(stepBudget ? { stepBudget } : {}) });
  return JSON.stringify([r.trace.filter((x) => x.t !== 'meta').map(recordToLine), comparableFromGame(r.g)]);
}

/** For each mutant the reference run did not ask about, the case whose run with it on differs (none expected). */
function check(s: Scenario, cards: CardPool, stepBudget?: number, askedToo = false): { unasked: number; changed: number; differ: string[] } {
  const asked = new AskedMutants();
  runScenario(s, 'asked-mutants', { cards, mutants: asked, ...(stepBudget ? { stepBudget } : {}) });
  const ref = gist(s, cards, [], stepBudget);
  const out = { unasked: 0, changed: 0, differ: [] as string[] };
  for (const m of mutantsOf(s.profile)) {
    if (asked.asked.has(m) && !askedToo) continue;
    let run: string;
    try { run = gist(s, cards, [m], stepBudget); } catch { run = 'threw'; }
    if (asked.asked.has(m)) { if (run !== ref) out.changed++; continue; }
    out.unasked++;
    if (run !== ref) out.differ.push(`${s.id}: ${m}`);
  }
  return out;
}

describe('a mutant the reference run never asks about', () => {
  it('gives the same run on every Hearthstone and Hearthtop golden case (the Hearthtop mutants too)', () => {
    const cards = readCardPool();
    let unasked = 0;
    let changed = 0;
    const differ: string[] = [];
    const cases = [...goldenCases(cards), ...goldenCases(cards, 'hearthtop')];
    expect(cases.some((c) => c.scenario.profile === 'hearthtop')).toBe(true);
    // The mutants that were asked about are run on every fourth case only: enough to see that some change the run.
    for (const [k, c] of cases.entries()) {
      const r = check(c.scenario, cards, undefined, k % 4 === 0);
      unasked += r.unasked;
      changed += r.changed;
      differ.push(...r.differ);
    }
    expect(differ).toEqual([]);
    expect(unasked).toBeGreaterThan(500);
    expect(changed).toBeGreaterThan(20);
  });

  it('gives the same run on generated games with synthetic cards', () => {
    const differ: string[] = [];
    let unasked = 0;
    for (const gc of fc.sample(generatedCaseArb({}), { seed: 11, numRuns: 20 })) {
      const r = check(gc.scenario, poolWith(gc.cards), PROPERTY_STEP_BUDGET);
      unasked += r.unasked;
      differ.push(...r.differ);
    }
    expect(differ).toEqual([]);
    expect(unasked).toBeGreaterThan(60);
  });
});
