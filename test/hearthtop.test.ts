/**
 * The Hearthtop profile (seed 004): its cards as data, its set-up limits as bad input, and its table rules on small
 * games. Expected values come from the rule text cited in each test name.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildHearthtopCards, DECK_CODES, hearthtopPool } from '../engine/hearthtop/cards.js';
import { loadCardPool } from '../engine/cards/pool.js';
import { parseScenario } from '../engine/scenario/load.js';
import { runScenario } from '../engine/scenario/run.js';
import { InputError, ROOT, validate } from '../engine/validation.js';
import type { Scenario } from '../engine/scenario/format.js';
import { arbiter } from './run-cli.js';
import { runCli } from './support/capture.js';
import { perRuleTable, byProfile } from '../reports/write.js';
import { tempDirs } from './support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const cards = loadCardPool();

function scenario(setup: Scenario['setup'], actions: Scenario['actions'] = [], extra: Partial<Scenario> = {}): Scenario {
  return { format: 'arbiter-scenario/1', profile: 'hearthtop', id: 't', title: 't', rules: ['hearthtop/board-limit'], source: { seed: '004', quote: 'q' }, setup, actions, expect: {}, ...extra };
}

function inputError(s: Scenario): InputError {
  try {
    parseScenario('case.json', JSON.parse(JSON.stringify(s)), cards);
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('expected an InputError');
}

describe('Hearthtop cards (hearthtop/minions, hearthtop/suits, hearthtop/spells)', () => {
  const { cards: built, heroes } = buildHearthtopCards();
  const pool = hearthtopPool(cards);
  it('every built card is a valid arbiter-card/1 card', () => {
    for (const c of built) validate(`${c.id}`, c, 'card.schema.json');
  });
  it('the deck has 52 codes, each once; 2-5 and 7-10 are equivalent, 6 is the only 1-cost 1/1 (hearthtop/minions)', () => {
    expect(new Set(DECK_CODES).size).toBe(52);
    const stat = (code: string) => { const c = pool.get(`ht:${code}`); return [c.cost, c.attack, c.health]; };
    for (const [a, b] of [['2H', '7H'], ['3D', '8D'], ['4C', '9C'], ['5S', '10S']] as const) expect(stat(a)).toEqual(stat(b));
    expect(stat('4H')).toEqual([4, 4, 4]);
    expect(stat('10C')).toEqual([5, 5, 5]);
    const ones = DECK_CODES.filter((c) => pool.get(`ht:${c}`).cost === 1 && pool.get(`ht:${c}`).type === 'minion');
    expect(ones.sort()).toEqual(['6C', '6D', '6H', '6S']);
  });
  it('suits: ♥ Taunt, ♦ Spell Damage +1, ♣ Stealth for one turn (hearthtop/suits)', () => {
    expect(pool.get('ht:7H').keywords).toEqual(['taunt']);
    expect(pool.get('ht:7D').auras?.[0]?.mods.spellDamage).toBe(1);
    expect(pool.get('ht:7C').triggers?.[0]?.actions[0]).toMatchObject({ do: 'give', enchantment: 'ht:stealth-one-turn' });
  });
  it('each hero has its hero power (2 mana), J/Q/K/A costing 1-4 and a ♠ minion of every value (hearthtop/spells, hearthtop/hero-power)', () => {
    expect(heroes.sort()).toEqual(['ht:hunter', 'ht:mage']);
    for (const h of heroes) {
      const hero = pool.get(h);
      expect(hero.health).toBe(20);
      expect(pool.get(hero.heroPower!).cost).toBe(2);
      expect(['J', 'Q', 'K', 'A'].map((r) => pool.get(`${h}:${r}`).cost)).toEqual([1, 2, 3, 4]);
      for (const r of ['2', '3', '4', '5', '6', '7', '8', '9', '10']) expect(pool.get(`${h}:${r}S`).cost).toBe(pool.get(`ht:${r}S`).cost);
    }
  });
});

describe('a Hearthtop set-up beyond the profile\'s limits is bad input, naming the JSON path', () => {
  it('6 minions a side (hearthtop/board-limit)', () => {
    const e = inputError(scenario({ A: { board: ['2H', '3H', '4H', '5H', '6H', '7H'] } }));
    expect(e.path).toBe('$.setup.A.board');
    expect(e.detail).toMatch(/at most 5/);
  });
  it('7 mana (hearthtop/mana)', () => {
    const e = inputError(scenario({ B: { mana: 7 } }));
    expect(e.path).toBe('$.setup.B.mana');
    expect(e.detail).toMatch(/0 to 6/);
  });
  it('a 53rd card: a card placed twice (hearthtop/shared-deck)', () => {
    const e = inputError(scenario({ A: { hand: ['7H'] }, deck: ['2C', '7H'] }));
    expect(e.path).toBe('$.setup.deck[1]');
    expect(e.detail).toMatch(/53rd/);
  });
  it('21 health, 6 armor, a per-player deck, fatigue, a card that is no playing card', () => {
    expect(inputError(scenario({ A: { health: 21 } })).path).toBe('$.setup.A.health');
    expect(inputError(scenario({ A: { armor: 6 } })).path).toBe('$.setup.A.armor');
    expect(inputError(scenario({ A: { deck: ['2H'] } })).path).toBe('$.setup.A.deck');
    expect(inputError(scenario({ A: { fatigue: 1 } })).path).toBe('$.setup.A.fatigue');
    expect(inputError(scenario({ A: { hand: ['Fireball'] } })).path).toBe('$.setup.A.hand[0]');
    expect(inputError(scenario({ A: { board: ['JH'] } })).path).toBe('$.setup.A.board[0]');
    expect(inputError(scenario({ deckSize: 60 } as never)).path).toBe('$.setup.deckSize');
    expect(inputError(scenario({ A: { board: [{ card: '2H', label: 'x' }] }, order: ['x'] })).path).toBe('$.setup.order');
    expect(inputError(scenario({ A: { hand: ['2H'] }, mulligan: { A: [0] } })).path).toBe('$.setup.mulligan');
  });
  it('a shared deck without the Hearthtop profile', () => {
    expect(inputError(scenario({ deck: ['2H'] }, [], { profile: undefined })).path).toBe('$.setup.deck');
  });
  it('the CLI exits 2 with one line naming the file and the path', async () => {
    const dir = tempDir('arbiter-hearthtop-');
    const f = join(dir, 'six-minions.json');
    writeFileSync(f, JSON.stringify(scenario({ A: { board: ['2H', '3H', '4H', '5H', '6H', '7H'] } })));
    const r = await runCli(['run-scenario', f]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('$.setup.A.board');
    expect(r.err).not.toMatch(/\n\s+at /);
  });
});

describe('the Hearthtop table', () => {
  const played = (s: Scenario) => runScenario(parseScenario('t.json', JSON.parse(JSON.stringify(s)), cards), 't.json', { cards });
  it('no fatigue: drawing from an empty deck deals no damage and ends the game at that turn\'s Cleanup (hearthtop/draw-empty)', () => {
    const r = played(scenario({ active: 'A', turn: 9, A: { health: 15 }, B: { health: 14 }, deckSize: 0 }, [{ endTurn: true }, { endTurn: true }]));
    expect(r.final.result).toBe('A_wins');
    expect(r.final.players[1].hero.health).toBe(14);
    expect(r.trace.some((x) => x.t === 'event' && x.e === 'fatigue')).toBe(false);
  });
  it('a game whose deck never runs dry goes on past the Cleanup (hearthtop/deck-end)', () => {
    const r = played(scenario({ active: 'A', turn: 9 }, [{ endTurn: true }, { endTurn: true }]));
    expect(r.final.result).toBe('ongoing');
  });
  it('every table record holds each of the 52 cards exactly once (hearthtop/shared-deck)', () => {
    const r = played(scenario({ active: 'A', turn: 9, A: { mana: 6, hand: [{ card: 'JS', label: 'mirror' }, 'QS'], board: [{ card: '5H', damage: 2 }] }, B: { board: ['9S'] } }, [{ play: 'mirror' }, { endTurn: true }, { endTurn: true }]));
    const tables = r.trace.filter((x) => x.t === 'event' && x.e === 'table') as unknown as { deck: number[]; markers: number[]; discard: number[]; hands: number[][]; play: number[]; setaside: number[] }[];
    expect(tables.length).toBeGreaterThan(3);
    for (const t of tables) {
      const all = [...t.deck, ...t.markers, ...t.discard, ...t.hands.flat(), ...t.play, ...t.setaside];
      expect(all.length).toBe(52);
      expect(new Set(all).size).toBe(52);
    }
  });
});

describe('arbiter run --profile hearthtop (the Hearthtop golden cases through the adapter protocol)', () => {
  const adapter = (...mutant: string[]) => `${process.execPath} ${join(ROOT, 'bin', 'arbiter.mjs')} adapter${mutant.map((m) => ` --mutant ${m}`).join('')}`;
  const out = () => join(tempDir('arbiter-hearthtop-run-'), 'r');
  it('the reference engine as an adapter passes every case', async () => {
    const r = await arbiter('run', '--profile', 'hearthtop', '--sim', adapter(), '--out', out(), '--no-progress');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/cases: (\d+) pass, 0 NEW FAIL/);
    expect(r.out).toContain('hearthtop/deck-end');
  });
  it('a profile mutant fails, and the failure names its rule', async () => {
    const dir = out();
    // In process (test/support/capture.ts; the adapter is still a child process): the run above is the end-to-end one.
    const r = await runCli(['run', '--profile', 'hearthtop', '--sim', adapter('ht-seven-minions'), '--out', dir, '--no-progress']);
    expect(r.code).toBe(1);
    const results = readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { case: string; status: string; diagnosis: { rule: string }[] });
    const failed = results.filter((x) => x.status === 'FAIL');
    expect(failed.map((x) => x.case)).toContain('hearthtop-board-limit');
    expect(failed.find((x) => x.case === 'hearthtop-board-limit')!.diagnosis.map((d) => d.rule)).toContain('hearthtop/board-limit');
  });
  it('an unknown profile is bad input', async () => {
    const r = await runCli(['run', '--profile', 'chess', '--out', out()]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--profile');
  });
});

describe('reports group results by profile', () => {
  const base = { origin: 'o', title: 't', simulator: { name: 's', version: '1', fidelity: 'phases' as const }, divergences: [], violations: [], diagnosis: [] };
  it('one table per profile when a result has another profile than Hearthstone, one table as before otherwise', () => {
    const hs = { ...base, case: 'a', status: 'PASS' as const, rules: ['4a'] };
    const ht = { ...base, case: 'b', status: 'FAIL' as const, rules: ['hearthtop/mana'], profile: 'hearthtop' };
    expect(perRuleTable([hs])).not.toContain('profile');
    const both = perRuleTable([hs, ht]);
    expect(both).toMatch(/profile hearthstone \(1 results\)\n[^]*4a[^]*profile hearthtop \(1 results\)\n[^]*hearthtop\/mana/);
    expect(byProfile([hs, ht]).map(([p, rs]) => [p, rs.length])).toEqual([['hearthstone', 1], ['hearthtop', 1]]);
  });
});
