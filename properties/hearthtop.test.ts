/**
 * The Hearthtop profile's invariants: each is broken by a deliberate rule bug of the profile (a profile mutant) on a
 * golden case of the profile, and holds on every Hearthtop golden case run by the reference engine. The invariants
 * Hearthtop shares with Hearthstone run on its traces too.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import { PROFILE_MUTANTS } from '../engine/mutants.js';
import { loadCardPool } from '../engine/cards/pool.js';
import { loadScenario } from '../engine/scenario/load.js';
import { runScenario } from '../engine/scenario/run.js';
import { ROOT } from '../engine/validation.js';
import { applicable, checkTrace } from './invariants/index.js';
import { PROFILE_KILLS } from './kills.js';
import fc from 'fast-check';
import { hearthtopCaseArb, judgeCase, fuzzHearthtop } from './hearthtop-fuzz.js';

const cards = loadCardPool();
const dir = join(ROOT, 'golden', 'cases');
const load = (id: string) => loadScenario(join(dir, `${id}.json`), cards);

describe('Hearthtop invariants', () => {
  it('are registered for the hearthtop profile, with the shared Hearthstone invariants, and not the Hearthstone-only game end rules', () => {
    const ids = applicable('phases', 'hearthtop').map((i) => i.id);
    for (const id of ['hearthtop-cards-accounted', 'hearthtop-mana', 'hearthtop-board', 'hearthtop-health', 'hearthtop-deck-end', 'queue-order', 'no-mid-phase-deaths', 'conservation', 'game-end']) expect(ids).toContain(id);
    expect(applicable('phases', 'hearthstone').map((i) => i.id).filter((id) => id.startsWith('hearthtop-'))).toEqual([]);
  });

  it('every profile mutant has a kill row', () => {
    expect(Object.keys(PROFILE_KILLS).sort()).toEqual(Object.keys(PROFILE_MUTANTS).sort());
  });

  const files = readdirSync(dir).filter((f) => f.startsWith('hearthtop-')).sort();
  it('hold on every Hearthtop golden case (the reference engine)', () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
    for (const f of files) {
      const s = loadScenario(join(dir, f), cards);
      const run = runScenario(s, f, { cards });
      expect(checkTrace(run.trace).map((v) => `${f}: ${v.invariant}: ${v.message}`)).toEqual([]);
    }
  });

  for (const [m, k] of Object.entries(PROFILE_KILLS) as [keyof typeof PROFILE_MUTANTS, { invariant: string; golden: string }][]) {
    it(`${m} (rule ${PROFILE_MUTANTS[m].rule}) is caught by ${k.invariant} on ${k.golden}`, () => {
      const s = load(k.golden);
      const clean = checkTrace(runScenario(s, k.golden, { cards }).trace, { only: [k.invariant] });
      expect(clean).toEqual([]);
      const broken = checkTrace(runScenario(s, k.golden, { cards, mutants: [m] }).trace, { only: [k.invariant] });
      expect(broken.length).toBeGreaterThan(0);
      expect(broken[0]!.rule).toBe(PROFILE_MUTANTS[m].rule);
    });
  }
});

describe('generated Hearthtop games (arbiter fuzz --profile hearthtop)', () => {
  const cases = fc.sample(hearthtopCaseArb, { seed: 11, numRuns: 4 });
  it('play to their end and hold every invariant on the reference engine, and their scenario replays them', () => {
    for (const c of cases) {
      const v = judgeCase(c, cards);
      expect(v.crash).toBeUndefined();
      expect(v.violations.map((x) => `${x.invariant}: ${x.message}`)).toEqual([]);
      const run = runScenario(v.scenario!, 'generated', { cards });
      expect(run.final.result).not.toBe('ongoing');
    }
  });
  it('a profile mutant is found by the property', () => {
    const r = fuzzHearthtop({ runs: 20, seed: 3, mutants: ['ht-markers-lost'], noWrite: true });
    expect(r.ok).toBe(false);
    expect(r.failure!.violations.map((x) => x.invariant)).toContain('hearthtop-cards-accounted');
  });
});
