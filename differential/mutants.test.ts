/**
 * Every mutant, taken as a simulator with a known rule bug, fails the suite (a refusal mutant stops at an action the
 * rules allow: a CRASH) and is named by its rule: the comparison,
 * the trace invariants and the mutant diagnosis run in process (the same judge as `arbiter run`, without the child
 * processes; differential/runner.test.ts covers those).
 */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../engine/cards/pool.js';
import { runScenario } from '../engine/scenario/run.js';
import { MUTANTS, type CoreMutantName } from '../engine/mutants.js';
import { comparableFromGame, withCardIds } from './compare.js';
import { judgeCase, type CaseResult } from './runner.js';
import { goldenCases } from './cases.js';
import { judgeTrace } from './judge.js';
import type { Hello } from './protocol.js';
import type { Outcome } from './adapter-process.js';
import { InputError } from '../engine/validation.js';

const cards = loadCardPool();
const cases = goldenCases(cards);
const hello = (m: string): Hello => ({ type: 'hello', protocol: 'arbiter-adapter/1', name: m, version: '0', profile: 'hearthstone', fidelity: 'phases', cards: '*' });

describe('each mutant as a simulator', () => {
  // Not visible in the rulebook's examples: no example fills a board (no-board-limit), and randomness without a seed
  // is a property of runs, not of one answer (unseeded-random). Both are caught by the property suite instead.
  const mutants = (Object.keys(MUTANTS) as CoreMutantName[]).filter((m) => m !== 'unseeded-random' && m !== 'no-board-limit');
  it.each(mutants)('%s fails at least one golden case, and the failures name its rule', (m) => {
    const failed: CaseResult[] = [];
    const rule = MUTANTS[m].rule;
    // named through the diagnosis (a mutant that reproduces the answer) or through a broken trace invariant's rule
    const names = (r: CaseResult) => r.diagnosis.some((d) => d.mutant === m) || r.violations.some((v) => v.rule === rule);
    for (const c of cases) {
      let msg: Outcome & { kind: 'answer' };
      try {
        const r = runScenario(withCardIds(c.scenario, cards).scenario, c.origin, { cards, mutants: [m] });
        msg = { kind: 'answer', msg: { type: 'result', case: c.id, final: comparableFromGame(r.g), trace: r.trace }, stderr: '' };
      } catch (e) {
        // A refusal mutant refuses an action the case does not mark illegal: the reference adapter answers an error
        // naming the action. Otherwise the scenario's forced random outcomes cannot happen on this engine.
        const at = e instanceof InputError ? /^\$\.actions\[(\d+)\]$/.exec(e.path ?? '') : null;
        if (!at || !/illegal action/.test(e instanceof Error ? e.message : '')) continue;
        msg = { kind: 'answer', msg: { type: 'error', case: c.id, message: `refused action actions[${at[1]}]`, action: Number(at[1]) }, stderr: '' };
      }
      const j = judgeCase(c, hello(m), msg, cards, judgeTrace);
      if (j.result.status !== 'FAIL' && j.result.status !== 'CRASH') continue;
      failed.push(j.result);
      if (names(j.result)) break; // what the test asks is shown: the rest of the golden set adds nothing to it
    }
    expect(failed.length, `${m} fails no golden case`).toBeGreaterThan(0);
    const named = failed.filter(names);
    expect(named.length, `${m}: no failure names rule ${rule}`).toBeGreaterThan(0);
  }, 60_000);
});
