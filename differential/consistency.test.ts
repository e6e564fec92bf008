/**
 * Run-wide consistency (differential/consistency.ts): when several rule breaks give a FAIL's final state, the run names
 * the one the simulator's passed cases do not contradict. A final-state simulator that removes deaths one at a time
 * (Rule 4a) and one that kills at 0 Health mid-Phase (Rule 3) give the same final state on
 * abomination-malganis-hellfire-immune-ends; over the golden cases, each is named by its own rule.
 */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../engine/cards/pool.js';
import type { MutantName } from '../engine/mutants.js';
import { runScenario } from '../engine/scenario/run.js';
import { goldenCases } from './cases.js';
import { comparableFromGame } from './compare.js';
import type { Hello } from './protocol.js';
import { judgeCase, type CaseResult } from './verdict.js';
import { settleCandidates } from './consistency.js';

const cards = loadCardPool();
const cases = goldenCases(cards);
const hello: Hello = { type: 'hello', protocol: 'arbiter-adapter/1', name: 'fake', version: '0', profile: 'hearthstone', fidelity: 'final_state', cards: '*' };
const ID = 'abomination-malganis-hellfire-immune-ends';

function runAs(mutant: MutantName): CaseResult[] {
  const out: CaseResult[] = [];
  for (const c of cases) {
    let final;
    try { final = comparableFromGame(runScenario(c.scenario, c.origin, { cards, mutants: [mutant] }).g); } catch { continue; }
    out.push(judgeCase(c, hello, { kind: 'answer', msg: { type: 'result', case: c.id, final }, stderr: '' }, cards).result);
  }
  settleCandidates(out, cases, cards);
  return out;
}

describe('run-wide consistency of a diagnosis', () => {
  it('the case alone cannot tell the two rule breaks apart: both are listed as candidates', () => {
    const c = cases.find((x) => x.id === ID)!;
    const final = comparableFromGame(runScenario(c.scenario, c.origin, { cards, mutants: ['deaths-one-at-a-time'] }).g);
    const r = judgeCase(c, hello, { kind: 'answer', msg: { type: 'result', case: c.id, final }, stderr: '' }, cards).result;
    expect(r.status).toBe('FAIL');
    expect(new Set(r.attribution?.candidates?.map((x) => x.rule))).toEqual(new Set(['3', '4a']));
  });

  it('a simulator that removes deaths one at a time is named Rule 4a; one that kills at 0 Health mid-Phase Rule 3', () => {
    const oneAtATime = runAs('deaths-one-at-a-time').find((r) => r.case === ID)!;
    expect(oneAtATime.status).toBe('FAIL');
    expect(oneAtATime.attribution?.rule).toBe('4a');
    expect(oneAtATime.attribution?.step).toMatch(/changes the fewest/);
    const atZero = runAs('die-at-zero-health').find((r) => r.case === ID)!;
    expect(atZero.status).toBe('FAIL');
    expect(atZero.attribution?.rule).toBe('3');
  });
});
