/** A repro's stated outcome: only one that holds for the shrunk scenario on the reference engine is written. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCardPool } from '../engine/cards/pool.js';
import { ROOT } from '../engine/validation.js';
import type { Scenario } from '../engine/scenario/format.js';
import { holdingExpect } from './expect.js';

const cards = loadCardPool();
const golden = JSON.parse(readFileSync(join(ROOT, 'golden', 'cases', 'cult-master-simultaneous-death.json'), 'utf8')) as Scenario;

describe('holdingExpect', () => {
  it('takes the first candidate that holds, skipping empty ones and ones the shrunk scenario no longer bears out', () => {
    const own = golden.expect;
    const wrong = { players: { A: { drawn: 1 } } };
    expect(holdingExpect(golden, [{}, wrong, own], cards)).toEqual(own);
    expect(holdingExpect(golden, [undefined, own, wrong], cards)).toEqual(own);
  });
  it('none when no candidate holds: shrinking took away what the case\'s own outcome was about', () => {
    // The raptor shrunk away: the case's own outcome still names it, and it holds no more.
    const shrunk: Scenario = { ...golden, allOrders: undefined, setup: { ...golden.setup, A: { ...golden.setup.A, board: [golden.setup.A!.board![0]!] } } };
    expect(holdingExpect(shrunk, [{ players: { A: { drawn: 1 } } }, golden.expect], cards)).toEqual({});
  });
});
