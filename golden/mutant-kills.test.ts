/**
 * Mutants killed on golden cases (properties/kills.ts GOLDEN_KILLS): the generator does not build their situation, so
 * each listed golden case must hold on the reference engine, fail its stated outcome on the mutated engine, and its
 * mutated trace must break the invariants the mutant is listed with (KILLS). Value and refusal mutants
 * (VALUE_KILLS) must fail the stated outcome of the golden cases listed.
 */
import { describe, expect, it } from 'vitest';
import { MUTANTS, type CoreMutantName } from '../engine/mutants.js';
import { loadCardPool } from '../engine/cards/pool.js';
import { loadScenario } from '../engine/scenario/load.js';
import { runScenario } from '../engine/scenario/run.js';
import { checkTrace } from '../properties/invariants/index.js';
import { cardLookup } from '../properties/check.js';
import { GOLDEN_KILLS, KILLS, VALUE_KILLS } from '../properties/kills.js';
import { caseFiles, runCase } from './suite.js';
import { InputError } from '../engine/validation.js';

const cards = loadCardPool();

describe('mutants killed on golden cases', () => {
  for (const [m, ids] of Object.entries(GOLDEN_KILLS) as [CoreMutantName, readonly string[]][]) {
    it(`${m} (rule ${MUTANTS[m].rule}) fails ${ids.join(', ')} and breaks ${(KILLS[m] ?? []).join(', ')}`, () => {
      expect(KILLS[m]?.length).toBeGreaterThan(0);
      for (const id of ids) {
        const f = caseFiles().find((x) => x.replace(/\\/g, '/').endsWith(`/${id}.json`));
        expect(f, id).toBeDefined();
        const s = loadScenario(f!, cards);
        expect(runCase(s, f!, cards, []).failures, `${id} holds on the reference engine`).toEqual([]);
        expect(runCase(s, f!, cards, [m]).failures.length, `${id} fails with ${m}`).toBeGreaterThan(0);
        const v = checkTrace(runScenario(s, f!, { cards, mutants: [m] }).trace, { env: { card: cardLookup([]) } });
        expect(v.map((x) => x.invariant)).toEqual(expect.arrayContaining([...KILLS[m]!]));
      }
    });
  }
});

/**
 * The stated-outcome failures of a golden case on a mutated engine. A refusal mutant refuses one of the case's actions
 * that the case does not mark illegal: the run stops there (golden verify reports it as an ERROR), which fails it.
 */
function statedFailures(s: ReturnType<typeof loadScenario>, f: string, m: CoreMutantName): string[] {
  try {
    return runCase(s, f, cards, [m]).failures.filter((x) => !x.startsWith('invariant '));
  } catch (e) {
    if (e instanceof InputError && /illegal action/.test(e.message)) return [e.message];
    throw e;
  }
}

describe('value mutants killed by golden cases\' stated outcomes', () => {
  for (const [m, ids] of Object.entries(VALUE_KILLS) as [CoreMutantName, readonly string[]][]) {
    it(`${m} (rule ${MUTANTS[m].rule}) fails the stated outcome of ${ids.join(', ')}`, () => {
      expect(KILLS[m], `${m} is a value mutant: no invariant row`).toBeUndefined();
      for (const id of ids) {
        const f = caseFiles().find((x) => x.replace(/\\/g, '/').endsWith(`/${id}.json`));
        expect(f, id).toBeDefined();
        const s = loadScenario(f!, cards);
        expect(runCase(s, f!, cards, []).failures, `${id} holds on the reference engine`).toEqual([]);
        expect(statedFailures(s, f!, m).length, `${id}'s stated outcome fails with ${m}`).toBeGreaterThan(0);
      }
    });
  }
});
