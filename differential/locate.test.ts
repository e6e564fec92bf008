/**
 * A final-state FAIL that no rule names is sent again cut after each prefix of its actions, and takes what the
 * shortest failing prefix shows (differential/locate.ts, differential/cases.ts followUpCases).
 */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../engine/cards/pool.js';
import { goldenCases, followUpCases } from './cases.js';
import { locateFailures, unlocated } from './locate.js';
import type { CaseResult } from './verdict.js';

const cards = loadCardPool();
const base = { origin: 'test', title: 't', rules: ['sequence'], simulator: { name: 's', version: '1', fidelity: 'final_state' as const }, divergences: [], violations: [], diagnosis: [] };
const scenario = (n: number) => ({ format: 'arbiter-scenario/1' as const, id: 'x', title: 'x', rules: ['sequence'], source: { seed: 'test', quote: 'test' }, setup: {}, actions: Array.from({ length: n }, () => ({ endTurn: true as const })), expect: {} });
const fail = (id: string, rule: string, step = 'the final state alone does not show which step differs'): CaseResult => ({ ...base, case: id, status: 'FAIL', divergences: [{ path: 'final.players.A.hand', expected: [], actual: ['x'] }] as never, attribution: { rule, at: 'final.players.A.hand', step, basis: 'final' }, scenario: scenario(3) });
const pass = (id: string): CaseResult => ({ ...base, case: id, status: 'PASS' });

describe('locating a failure no rule names', () => {
  it('takes the shortest failing prefix\'s rule, with after which action; notes where when no prefix names one', () => {
    const results = [
      fail('a', 'unattributed'), pass('a#probe=first-1'), fail('a#probe=first-2', '5', 'a trigger hits a mortally wounded character'),
      fail('b', 'unattributed'), pass('b#probe=first-1'), pass('b#probe=first-2'),
      fail('c', 'unattributed'), fail('c#probe=first-1', 'unattributed'), fail('c#probe=first-2', '7'),
      fail('d', '7'), fail('d#probe=first-1', '3'),
    ];
    expect(results.filter(unlocated).map((r) => r.case)).toEqual(['a', 'b', 'c', 'c#probe=first-1']);
    locateFailures(results);
    const by = new Map(results.map((r) => [r.case, r.attribution]));
    expect(by.get('a')).toMatchObject({ rule: '5', located: 2, step: 'the states first differ after the first 2 of 3 actions (a#probe=first-2 differs there): a trigger hits a mortally wounded character' });
    expect(by.get('b')).toMatchObject({ rule: 'unattributed', located: 3, step: expect.stringMatching(/; the states first differ at its last action \(#2: every shorter prefix of its actions holds\)$/) });
    // the shortest failing prefix names no rule: a note of where, the rule stays unattributed
    expect(by.get('c')).toMatchObject({ rule: 'unattributed', located: 1, step: expect.stringMatching(/; the states first differ after the first 1 of 3 actions \(c#probe=first-1 differs there\)$/) });
    // a FAIL whose rule is named is left as it is
    expect(by.get('d')).toMatchObject({ rule: '7' });
    expect(by.get('d')?.located).toBeUndefined();
    // located once: a resumed run's second pass adds nothing
    const once = by.get('b')!.step;
    locateFailures(results);
    expect(results.find((r) => r.case === 'b')!.attribution!.step).toBe(once);
  });

  it('the second round sends the prefixes of an unlocated FAIL to a final-state simulator only', () => {
    const c = goldenCases(cards).find((x) => x.scenario.actions.length >= 3 && !x.scenario.random && x.scenario.compare !== 'stated')!;
    const ids = followUpCases([], cards, { fidelity: 'final_state' }, {}, [c]).map((x) => x.id);
    expect(ids).toEqual(Array.from({ length: c.scenario.actions.length - 1 }, (_, k) => `${c.id}#probe=first-${k + 1}`));
    expect(followUpCases([], cards, { fidelity: 'phases' }, {}, [c])).toEqual([]);
  });
});
