/**
 * The invariants share one walk of a trace (walk.ts `walkPasses`, index.ts `checkAll`): judging a trace with all of
 * them at once must find exactly what each finds on its own walk, in the registry's order. Traces with violations
 * come from the mutants (engine/mutants.ts) on the golden cases, so the comparison covers findings, not only silence.
 */
import { describe, expect, it } from 'vitest';
import { readCardPool } from '../engine/cards/pool.js';
import { runScenario } from '../engine/scenario/run.js';
import { MUTANTS, type MutantName } from '../engine/mutants.js';
import type { TraceRecord } from '../engine/trace/format.js';
import { goldenCases } from '../differential/cases.js';
import { INVARIANTS, checkAll, invariantById } from './invariants/index.js';
import { walkPasses, type WalkPass } from './invariants/walk.js';

const cards = readCardPool();
const env = { card: (id: string) => (cards.has(id) ? cards.get(id) : undefined) };

function traces(): TraceRecord[][] {
  const out: TraceRecord[][] = [];
  const golden = goldenCases(cards);
  for (const m of [undefined, ...Object.keys(MUTANTS)] as (MutantName | undefined)[]) {
    if (m === 'unseeded-random') continue;
    for (const c of golden.slice(0, 30)) {
      try {
        out.push(runScenario(c.scenario, c.origin, { cards, ...(m ? { mutants: [m] } : {}), stepBudget: 500 }).trace);
      } catch {
        // a mutant may make a golden case's actions illegal: nothing to judge
      }
    }
  }
  return out;
}

describe('one shared walk for all the invariants', () => {
  const all = traces();

  it('finds what each invariant finds on its own walk, in the registry order', () => {
    let found = 0;
    for (const t of all) {
      const alone = INVARIANTS.flatMap((i) => i.check(t, env));
      const shared = checkAll(INVARIANTS, t, env);
      expect(shared).toEqual(alone);
      found += shared.length;
    }
    // the mutants make the invariants find something, so the comparison is not between empty lists only
    expect(found).toBeGreaterThan(20);
  });

  it('a pass that wrote to the shared state would change what the others find (why passes only read)', () => {
    const conservation = invariantById('conservation')!;
    const t = all.find((x) => conservation.check(x, env).length === 0 && x.some((r) => r.t === 'event' && r.e === 'damage'))!;
    const vandal: WalkPass = {
      visit: (r, s) => { if (r.t === 'event' && r.e === 'damage') { const e = s.entities.get(r.target); if (e) e.zone = 'deck'; } },
      finish: () => [],
    };
    expect(walkPasses(t, [conservation.pass!(t, env)])[0]).toEqual([]);
    expect(walkPasses(t, [vandal, conservation.pass!(t, env)])[1]!.length).toBeGreaterThan(0);
  });

  it('an invariant registered without a pass is still checked, by its own walk', () => {
    const t = all.find((x) => x.length > 0)!;
    const only = INVARIANTS.find((i) => i.id === 'conservation')!;
    const plain = { ...only, pass: undefined, check: () => [{ invariant: 'plain', rule: 'x', message: 'from check', path: '', entities: [] }] };
    expect(checkAll([plain, only], t, env).map((v) => v.invariant)).toEqual(['plain', ...only.check(t, env).map((v) => v.invariant)]);
  });
});
