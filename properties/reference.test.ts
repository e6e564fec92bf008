/**
 * The reference engine breaks no invariant: one fast-check run (fixed seed, 200 cases) checks every invariant and
 * determinism on each generated case (a failure is shrunk and shown); then each invariant gets its own verdict.
 * Every golden case's trace (in every order of play it lists) passes every invariant too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generatedCaseArb, type GeneratedCase } from './arbitraries/generatedCase.js';
import { checkCase, cardLookup, type CaseVerdict } from './check.js';
import { INVARIANT_IDS, checkTrace, invariantById } from './invariants/index.js';
import { caseFiles } from '../golden/suite.js';
import { loadScenario, orderings } from '../engine/scenario/load.js';
import { runScenario } from '../engine/scenario/run.js';
import { loadCardPool } from '../engine/cards/pool.js';

const SEED = 424242;
const RUNS = 200;

describe('the reference engine satisfies every invariant', () => {
  let result: { failed: boolean; verdict?: CaseVerdict; counterexample?: GeneratedCase; path?: string; runs: number };

  beforeAll(() => {
    const r = fc.check(fc.property(generatedCaseArb(), (gc) => {
      const v = checkCase(gc, { determinism: true });
      return !v.crash && v.violations.length === 0;
    }), { seed: SEED, numRuns: RUNS });
    const gc = r.counterexample?.[0] as GeneratedCase | undefined;
    result = { failed: r.failed, runs: r.numRuns, ...(gc ? { counterexample: gc, verdict: checkCase(gc, { determinism: true }), path: r.counterexamplePath ?? '' } : {}) };
  }, 60_000);

  const explain = () => result.counterexample
    ? `seed ${SEED} path ${result.path}: ${result.verdict?.crash ?? ''}\n${result.verdict?.violations.map((v) => `[${v.invariant}] ${v.path}: ${v.message}`).join('\n')}\n${JSON.stringify(result.counterexample.scenario)}\ncards: ${JSON.stringify(result.counterexample.cards)}`
    : '';

  it(`the engine does not fail on ${RUNS} generated cases`, () => {
    expect(result.verdict?.crash, explain()).toBeUndefined();
  });

  for (const id of INVARIANT_IDS.filter((x) => !invariantById(x)?.profiles.includes('host'))) {
    it(`${id}: no violation in ${RUNS} generated cases`, () => {
      const mine = result.verdict?.violations.filter((v) => v.invariant === id) ?? [];
      expect(mine, explain()).toEqual([]);
    });
  }

  it('all generated cases ran', () => {
    expect(result.failed ? result.runs : RUNS).toBe(RUNS);
  });
});

describe('golden traces satisfy every invariant', () => {
  const cards = loadCardPool();
  const env = { card: cardLookup([]) };
  for (const f of caseFiles()) {
    it(f.split('/').pop()!, (ctx) => {
      const s = loadScenario(f, cards);
      if (s.status === 'expected-fail') ctx.skip(); // the reference engine cannot do it yet
      const orders = s.allOrders && s.allOrders.length > 1
        ? orderings(s.allOrders).map((o) => [...(s.setup.order ?? []).filter((l) => !o.includes(l)), ...o])
        : [undefined];
      for (const order of orders) {
        const r = runScenario(s, f, { cards, ...(order ? { order } : {}) });
        const vs = checkTrace(r.trace, { env });
        expect(vs.map((v) => `[${v.invariant}] ${v.path}: ${v.message}`), `order ${order?.join(' < ') ?? '(as set up)'}`).toEqual([]);
      }
    });
  }
});
