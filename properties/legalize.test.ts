/**
 * Legalising a generated case plays its game once, action by action (properties/arbitraries/_internals/legalize.ts).
 * The run it keeps must be the run of the final scenario from scratch, record for record (a check reuses it instead of
 * running the case again), on the reference engine and on mutants. The legality oracle reuses one set-up game while
 * the engine refuses: what it finds is still each forbidden action offered on the set-up state.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runScenario } from '../engine/scenario/run.js';
import { traceToJsonl } from '../engine/trace/format.js';
import type { MutantName } from '../engine/mutants.js';
import { generatedCaseArb, LAST_RUN } from './arbitraries/generatedCase.js';
import { poolWith } from './arbitraries/_internals/pool.js';
import { PROPERTY_STEP_BUDGET } from './arbitraries/_internals/legalize.js';
import { checkLegality } from './legality.js';

describe('legalize keeps the run of the final scenario', () => {
  for (const mutants of [[], ['attack-past-taunt'], ['breadth-first']] as MutantName[][]) {
    it(`on ${mutants.length ? mutants.join(', ') : 'the reference engine'}`, () => {
      let withActions = 0;
      for (const gc of fc.sample(generatedCaseArb({ mutants }), { seed: 11, numRuns: 80 })) {
        const kept = gc[LAST_RUN];
        if (!kept) continue;
        const fresh = runScenario(gc.scenario, '<generated>', { cards: poolWith(gc.cards), mutants, stepBudget: PROPERTY_STEP_BUDGET });
        expect(traceToJsonl(kept.trace)).toBe(traceToJsonl(fresh.trace));
        expect(kept.final).toEqual(fresh.final);
        expect(kept.error).toBe(fresh.error);
        if (gc.scenario.actions.length > 1) withActions++;
      }
      expect(withActions).toBeGreaterThan(20);
    });
  }
});

describe('the legality oracle on one reused set-up game', () => {
  const cases = (mutants: MutantName[]) => fc.sample(generatedCaseArb({ mutants }), { seed: 5, numRuns: 120 });

  it('finds nothing on the reference engine', () => {
    for (const gc of cases([])) expect(checkLegality(gc.scenario, poolWith(gc.cards), [], PROPERTY_STEP_BUDGET)).toEqual([]);
  });

  it('finds each attack past a Taunt minion that the attack-past-taunt mutant takes, on the set-up state', () => {
    let found = 0;
    for (const gc of cases(['attack-past-taunt'])) {
      const v = checkLegality(gc.scenario, poolWith(gc.cards), ['attack-past-taunt'], PROPERTY_STEP_BUDGET);
      for (const x of v) {
        expect(x.message).toMatch(/Taunt.* \(offered \{"attack":.*\}\)$/);
        // taken from the set-up state, as a scenario of that one action
        const action = JSON.parse(/\(offered (\{.*\})\)$/.exec(x.message)![1]!);
        const r = runScenario({ ...gc.scenario, actions: [action] }, '<generated>', { cards: poolWith(gc.cards), mutants: ['attack-past-taunt'], stepBudget: PROPERTY_STEP_BUDGET });
        expect(r.trace.some((t) => t.t === 'open' && t.block === 'sequence' && t.kind === 'ATTACK')).toBe(true);
      }
      found += v.length;
    }
    expect(found).toBeGreaterThan(5);
  });
});
