/**
 * Legalising a generated case plays its game once, action by action (properties/arbitraries/_internals/legalize.ts).
 * The run it keeps must be the run of the final scenario from scratch, record for record (a check reuses it instead of
 * running the case again), on the reference engine and on mutants.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runScenario } from '../engine/scenario/run.js';
import { traceToJsonl } from '../engine/trace/format.js';
import type { MutantName } from '../engine/mutants.js';
import { generatedCaseArb, LAST_RUN } from './arbitraries/generatedCase.js';
import { poolWith } from './arbitraries/_internals/pool.js';
import { PROPERTY_STEP_BUDGET } from './arbitraries/_internals/legalize.js';

describe('legalize keeps the run of the final scenario', () => {
  for (const mutants of [[], ['attack-past-taunt'], ['breadth-first']] as MutantName[][]) {
    it(`on ${mutants.length ? mutants.join(', ') : 'the reference engine'}`, () => {
      let withActions = 0;
      for (const gc of fc.sample(generatedCaseArb({ mutants }), { seed: 11, numRuns: 150 })) {
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
