/**
 * A simulator's trace judged by the invariants (judgeTrace): a trace that breaks one at every record of a flood is
 * reported by its first violations of each invariant and a count of the rest.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { TraceRecord } from '../engine/trace/format.js';
import { loadCardPool } from '../engine/cards/pool.js';
import { loadScenario } from '../engine/scenario/load.js';
import { runScenario } from '../engine/scenario/run.js';
import { ROOT } from '../engine/validation.js';
import { judgeTrace, MAX_VIOLATIONS_LISTED } from './judge.js';

const cards = loadCardPool();

describe('judgeTrace', () => {
  it('lists the first violations of each invariant and counts the rest of a flood', () => {
    const id = 'abomination-suicide-zombie-chow-no-heal';
    const trace = runScenario(loadScenario(join(ROOT, 'golden', 'cases', `${id}.json`), cards), id, { cards }).trace;
    expect(judgeTrace(trace, 'phases', cards)).toEqual([]);
    // 100,000 heals of a card that was never introduced: conservation breaks at each (and nothing overflows)
    const flood: TraceRecord[] = [...trace, ...Array.from({ length: 100_000 }, () => ({ t: 'event', e: 'heal', source: 9999, target: 9999, amount: 0 }) as TraceRecord)];
    const v = judgeTrace(flood, 'phases', cards);
    const conservation = v.filter((x) => x.invariant === 'conservation');
    expect(conservation).toHaveLength(MAX_VIOLATIONS_LISTED + 1);
    expect(conservation[MAX_VIOLATIONS_LISTED]!.message).toMatch(/^and \d+ more violation\(s\) of conservation in this trace, not listed$/);
    expect(Number(/\d+/.exec(conservation[MAX_VIOLATIONS_LISTED]!.message)![0]) + MAX_VIOLATIONS_LISTED).toBeGreaterThanOrEqual(100_000);
  });
});
