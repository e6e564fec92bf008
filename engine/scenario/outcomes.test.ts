/** Open random choices: every outcome the rules allow is explored, and a simulator matching any of them passes. */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../cards/pool.js';
import type { Scenario } from './format.js';
import { allOutcomes, forEachOutcome, hasOpenRandomness } from './outcomes.js';
import { judgeScenario } from './judge.js';
import { runScenario } from './run.js';
import { comparableFromGame } from '../../differential/compare.js';
import { judgeCase } from '../../differential/runner.js';
import type { Hello } from '../../differential/protocol.js';

const cards = loadCardPool();
const bomber: Scenario = {
  format: 'arbiter-scenario/1', id: 'bomber', title: 'Mad Bomber into a Yeti', rules: ['5'], source: { seed: 'test', quote: 'test' },
  setup: { active: 'A', A: { hand: [{ card: 'Mad Bomber', label: 'mb' }] }, B: { board: [{ card: 'Chillwind Yeti', label: 'y' }] } },
  actions: [{ play: 'mb' }], expect: {},
};
const hello: Hello = { type: 'hello', protocol: 'arbiter-adapter/1', name: 'sim', version: '1', profile: 'hearthstone', fidelity: 'final_state', cards: '*' };

describe('all outcomes of open random choices', () => {
  it('explores each path of three bombs among three characters once (27 paths, 10 distinct end states)', () => {
    const o = allOutcomes(bomber, 'test', cards);
    expect(o.truncated).toBe(false);
    expect(o.runs).toHaveLength(27);
    expect(new Set(o.runs.map((r) => JSON.stringify(comparableFromGame(r.g)))).size).toBe(10);
    expect(hasOpenRandomness(o.runs[0]!)).toBe(true);
  });
  it('a simulator that reports no random choices passes with any allowed outcome and fails with an impossible one', () => {
    const other = allOutcomes(bomber, 'test', cards).runs.at(-1)!;
    const ok = judgeCase({ id: 'bomber', scenario: bomber, origin: 'test' }, hello, { kind: 'answer', msg: { type: 'result', case: 'bomber', final: comparableFromGame(other.g) }, stderr: '' }, cards);
    expect(ok.result.status).toBe('PASS');
    const impossible = comparableFromGame(other.g);
    impossible.players[1].board[0]!.health = 1; // three bombs cannot leave the 4/5 Yeti at 1
    const bad = judgeCase({ id: 'bomber', scenario: bomber, origin: 'test' }, hello, { kind: 'answer', msg: { type: 'result', case: 'bomber', final: impossible }, stderr: '' }, cards);
    expect(bad.result.status).toBe('FAIL');
    expect(bad.result.detail).toMatch(/compared with all 27 outcomes/);
  });
  it('the judge states the outcomes that break the expectation, numbered among all of them, with their picks', () => {
    // "The Yeti is undamaged" fails in every outcome where a bomb hits it: each bomb hits one of three characters,
    // so 8 of the 27 outcomes miss it and 19 do not.
    const s: Scenario = { ...bomber, expect: { entities: { y: { damage: 0 } } } } as Scenario;
    const j = judgeScenario(s, 'test', cards);
    const numbered = j.failures.filter((f) => /^\[random outcome \d+\/27: picks [0-9,]+\]/.test(f));
    expect(numbered).toHaveLength(19);
    expect(new Set(numbered.map((f) => /outcome (\d+)/.exec(f)![1])).size).toBe(19);
  });
  it('a run of the scenario as written stands for the first outcome; a visitor may stop the search', () => {
    const main = runScenario(bomber, 'test', { cards });
    const seen: unknown[] = [];
    const all = forEachOutcome(bomber, 'test', cards, (r) => { seen.push(r); }, 128, main);
    expect(all).toEqual({ count: 27, truncated: false });
    expect(seen[0]).toBe(main);
    const stopped = forEachOutcome(bomber, 'test', cards, () => true);
    expect(stopped).toEqual({ count: 1, truncated: true });
  });
});
