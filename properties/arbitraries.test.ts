/**
 * The generators' contract: deterministic per seed; every case is a valid scenario (schema) with schema-valid
 * synthetic cards; the state is valid by construction; every action is legal; shrinking keeps all of that.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validate, InputError } from '../engine/validation.js';
import { runScenario } from '../engine/scenario/run.js';
import { parseScenario } from '../engine/scenario/load.js';
import type { PlayerSetup, CardSetup } from '../engine/scenario/format.js';
import { generatedCaseArb, type GeneratedCase } from './arbitraries/generatedCase.js';
import { poolWith } from './arbitraries/_internals/pool.js';
import { PROPERTY_STEP_BUDGET } from './check.js';
import { scenarioFromSeed, scenariosFromSeed } from './seed.js';
import { measureCoverage } from './coverage.js';

const asSetup = (x: string | CardSetup): CardSetup => (typeof x === 'string' ? { card: x } : x);

/** Everything a generated case promises, as a list of broken promises. */
function problems(gc: GeneratedCase, limits = { board: 7, hand: 10 }): string[] {
  const out: string[] = [];
  try { validate('<case>', gc.scenario, 'scenario.schema.json'); } catch (e) { out.push(String((e as Error).message)); }
  for (const c of gc.cards) {
    try { validate(`<${c.id}>`, c, 'card.schema.json'); } catch (e) { out.push(String((e as Error).message)); }
  }
  const pool = poolWith(gc.cards);
  try { parseScenario('<case>', JSON.parse(JSON.stringify(gc.scenario)), pool); } catch (e) { out.push(String((e as Error).message)); }
  const inPlay: string[] = [];
  for (const side of ['A', 'B'] as const) {
    const p: PlayerSetup = gc.scenario.setup[side] ?? {};
    inPlay.push(p.heroLabel ?? `hero${side}`);
    if ((p.board ?? []).length > limits.board) out.push(`${side} has ${p.board!.length} minions`);
    if ((p.hand ?? []).length > limits.hand) out.push(`${side} holds ${p.hand!.length} cards`);
    const secrets = (p.secrets ?? []).map((s) => asSetup(s).card);
    if (new Set(secrets).size !== secrets.length) out.push(`${side} has a secret twice`);
    for (const m of (p.board ?? []).map(asSetup)) {
      if (pool.get(m.card).type !== 'minion') out.push(`${m.card} on the board is not a minion`);
      inPlay.push(m.label!);
    }
    for (const s of (p.secrets ?? []).map(asSetup)) inPlay.push(s.label!);
    if (p.weapon) inPlay.push(asSetup(p.weapon).label!);
  }
  const order = gc.scenario.setup.order ?? [];
  if ([...order].sort().join() !== [...inPlay].sort().join()) out.push(`order of play ${order.join(',')} is not every label in play (${inPlay.join(',')})`);
  // set up, nothing done: every character alive (damage below Health)
  const settled = runScenario({ ...gc.scenario, actions: [] }, '<case>', { cards: pool, stepBudget: PROPERTY_STEP_BUDGET });
  for (const side of settled.final.players) for (const m of side.board) if (m.health <= 0) out.push(`${m.label} starts at ${m.health} Health`);
  // every action is legal on the engine it was made for (here: the reference)
  try {
    runScenario(gc.scenario, '<case>', { cards: pool, stepBudget: PROPERTY_STEP_BUDGET });
  } catch (e) {
    if (e instanceof InputError) out.push(e.message);
  }
  return out;
}

describe('generated cases', () => {
  it('are deterministic per seed', () => {
    const a = scenarioFromSeed(7);
    const b = scenarioFromSeed(7);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(scenarioFromSeed(8))).not.toBe(JSON.stringify(a));
    expect(JSON.stringify(scenariosFromSeed(7, 3)[0])).toBe(JSON.stringify(a));
  });

  it('are valid scenarios with valid synthetic cards, valid states and legal actions (100 cases)', () => {
    let actions = 0;
    for (const gc of scenariosFromSeed(11, 100)) {
      expect(problems(gc), JSON.stringify(gc.scenario)).toEqual([]);
      actions += gc.scenario.actions.length;
    }
    expect(actions).toBeGreaterThan(100);
  });

  it('respect their constraints', () => {
    for (const gc of scenariosFromSeed(12, 30, { maxBoard: 2, maxHand: 1, maxDeck: 0, maxSecrets: 1, minActions: 2, maxActions: 2, syntheticRate: 0 })) {
      expect(problems(gc, { board: 2, hand: 1 })).toEqual([]);
      expect(gc.cards).toEqual([]);
      expect(gc.scenario.actions.length).toBeLessThanOrEqual(2);
      for (const side of ['A', 'B'] as const) expect(gc.scenario.setup[side]?.deck ?? []).toEqual([]);
    }
  });

  it('stay valid while fast-check shrinks them', () => {
    const seen: string[][] = [];
    // A property that always fails: fast-check shrinks each counterexample all the way down; every candidate is checked.
    fc.check(fc.property(generatedCaseArb(), (gc) => { seen.push(problems(gc)); return false; }), { seed: 5, numRuns: 3, endOnFailure: false });
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.flat()).toEqual([]);
  });

  it('cover the situations the invariants are about', () => {
    const c = measureCoverage({ runs: 150, seed: 3 });
    expect(c.crashes).toBe(0);
    for (const k of ['death', 'nestedPhase', 'multiDeathPhase', 'auraStats', 'secretTriggered', 'random'] as const) expect(c.share[k], k).toBeGreaterThan(0.05);
  });
});
