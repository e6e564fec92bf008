/** The engine bugs the fuzzer found stay fixed: each finding replays clean, with its stated outcome and no violation. */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadCardPool } from '../engine/cards/pool.js';
import { loadScenario } from '../engine/scenario/load.js';
import { runScenario } from '../engine/scenario/run.js';
import { checkExpectations } from '../engine/scenario/expect.js';
import { ROOT } from '../engine/validation.js';
import { checkTrace } from './invariants/index.js';

const dir = join(ROOT, 'properties', 'findings');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('fuzz findings (regression cases)', () => {
  it.each(files)('%s', (f) => {
    const cards = loadCardPool([join(dir, f.replace(/\.json$/, '.cards'))]);
    const s = loadScenario(join(dir, f), cards);
    const budget = (s.generated as { stepBudget?: number } | undefined)?.stepBudget;
    const r = runScenario(s, f, { cards, stepBudget: budget });
    expect(checkExpectations(s.expect, r).filter((x) => !x.startsWith('run stopped: loop guard'))).toEqual([]);
    const pool = cards;
    expect(checkTrace(r.trace, { env: { card: (id) => (pool.has(id) ? pool.get(id) : undefined) } }).map((v) => v.message)).toEqual([]);
  });
});
