/**
 * Attribution names the rule a simulator breaks: each mutant of the reference engine breaks one known rule; run as a
 * simulator on the golden cases, the first divergence of its trace must be charged to that rule (and not to every
 * rule the case cites). scripts/attribution-score.ts prints the misses.
 */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../engine/cards/pool.js';
import { MUTANTS, type MutantName } from '../engine/mutants.js';
import { runScenario } from '../engine/scenario/run.js';
import type { Fidelity } from '../engine/trace/format.js';
import { goldenCases } from './cases.js';
import { comparableFromGame, compareEvents, compareFinal, eventSignature } from './compare.js';
import { attribute } from './attribute.js';
import { judgeTrace } from './judge.js';
import { assumptionOf } from './verdict.js';

const cards = loadCardPool();
const cases = goldenCases(cards);

function score(fidelity: Fidelity): { right: number; total: number; citedOnly: number } {
  let right = 0;
  let total = 0;
  let citedOnly = 0;
  for (const [m, info] of Object.entries(MUTANTS)) {
    if (m === 'unseeded-random') continue;
    for (const c of cases) {
      const ref = runScenario(c.scenario, c.origin, { cards });
      let mut;
      try { mut = runScenario(c.scenario, c.origin, { cards, mutants: [m as MutantName] }); } catch { continue; /* its forced random picks cannot happen under the mutant */ }
      const d = compareFinal(comparableFromGame(ref.g), comparableFromGame(mut.g));
      d.push(...compareEvents(eventSignature(ref.trace, fidelity), eventSignature(mut.trace, fidelity)));
      if (!d.length) continue;
      total++;
      const a = attribute(ref.trace, d, { sim: { trace: mut.trace, fidelity }, breaks: judgeTrace(mut.trace, fidelity) });
      if (a?.rule === info.rule) right++;
      // what charging every cited rule would get right, for comparison
      if (c.scenario.rules[0] === info.rule) citedOnly++;
    }
  }
  return { right, total, citedOnly };
}

describe('attribution', () => {
  it('at fidelity phases, at least 90% of the mutants\' divergences are charged to the rule the mutant breaks', () => {
    const s = score('phases');
    expect(s.total).toBeGreaterThan(50);
    expect(s.right / s.total).toBeGreaterThanOrEqual(0.9);
    expect(s.right).toBeGreaterThan(s.citedOnly);
  });

  it('at fidelity events (no Phase invariants), at least 60%', () => {
    const s = score('events');
    expect(s.right / s.total).toBeGreaterThanOrEqual(0.6);
  });

  it('an assumption with facts covers a divergence only when every diverging path rests on it', () => {
    const s = { ...cases[0]!.scenario, assumptions: ['free text', { text: 'positions are not fixed', facts: ['final.players.B.board'] }] };
    expect(assumptionOf(s, [{ path: 'final.players.B.board', expected: [], actual: [] }])).toBe('positions are not fixed');
    expect(assumptionOf(s, [{ path: 'final.players.B.board[1].health', expected: 1, actual: 2 }])).toBe('positions are not fixed');
    expect(assumptionOf(s, [{ path: 'final.players.B.board', expected: [], actual: [] }, { path: 'final.result', expected: 'ongoing', actual: 'A_wins' }])).toBeUndefined();
    expect(assumptionOf(s, [{ path: 'final.players.B.boardX', expected: 1, actual: 2 }])).toBeUndefined();
  });
});
