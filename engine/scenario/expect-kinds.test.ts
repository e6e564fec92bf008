/**
 * The scenario format's expectation kinds: labels for created entities, keywords, cost in hand, weapon Durability,
 * enchantments, count min/max; and patterns checked when the file loads (misspelt labels, kinds, fields, players).
 * Each kind passes on the reference engine and fails when the engine (or the statement) is wrong.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCardPool } from '../cards/pool.js';
import { parseScenario } from './load.js';
import { runScenario } from './run.js';
import { checkExpectations } from './expect.js';
import type { Scenario } from './format.js';
import { arbiter } from '../../test/run-cli.js';

const cards = loadCardPool();
const base = (setup: unknown, actions: unknown[], expectation: unknown): unknown => ({
  format: 'arbiter-scenario/1', id: 'kinds', title: 'expectation kinds', rules: ['4a'], source: { seed: 'test', quote: 'test' },
  setup, actions, expect: expectation,
});
const judge = (data: unknown, mutants: string[] = []) => {
  const s = parseScenario('<test>', data, cards) as Scenario;
  return checkExpectations(s.expect, runScenario(s, '<test>', { cards, mutants: mutants as never }));
};

// Arcane Explosion hits the Dragon Egg (0/2): it survives and summons a 2/1 Black Whelp.
const egg = (expectation: unknown) => base(
  { active: 'A', A: { hand: [{ card: 'Arcane Explosion', label: 'ae' }] }, B: { board: [{ card: 'Dragon Egg', label: 'egg' }] } },
  [{ play: 'ae' }], expectation,
);

describe('labels for created entities', () => {
  it('name a token by card and nth; its stats and its summon event can be stated', () => {
    expect(judge(egg({
      created: { whelp: { card: 'Black Whelp', nth: 1, controller: 'B' } },
      entities: { whelp: { zone: 'play', attack: 2, health: 1, controller: 'B' } },
      events: [{ e: 'damage', target: 'egg' }, { e: 'summon', entity: 'whelp' }],
    }))).toEqual([]);
  });
  it('fail on a wrong statement or a token that was not made', () => {
    expect(judge(egg({ created: { whelp: { card: 'Black Whelp' } }, entities: { whelp: { attack: 3 } } }))).toEqual(['entity "whelp" (Black Whelp): expected attack 3, got 2']);
    expect(judge(egg({ created: { second: { card: 'Black Whelp', nth: 2 } }, entities: { second: { zone: 'play' } } }))[0]).toMatch(/only 1 such entity was created/);
  });
});

describe('keywords, cost in hand, weapon Durability, enchantments', () => {
  it('Divine Shield is a keyword until it pops', () => {
    const squire = (after: string[]) => base(
      { active: 'A', A: { board: [{ card: 'Chillwind Yeti', label: 'yeti' }] }, B: { board: [{ card: 'Argent Squire', label: 'squire' }] } },
      [{ attack: 'yeti', defender: 'squire' }], { entities: { squire: { keywords: after, zone: 'play' } } },
    );
    expect(judge(squire([]))).toEqual([]);
    expect(judge(squire(['divine_shield']))).toEqual(['entity "squire" (Argent Squire): expected keywords ["divine_shield"], got []']);
  });
  it('a card\'s cost in hand follows cost auras (Rule 4d: Summoning Portal first)', () => {
    const portal = (mutants: string[] = []) => judge(base(
      { active: 'A', A: { board: ['Mechwarper', 'Summoning Portal'], hand: [{ card: 'Harvest Golem', label: 'golem' }] } },
      [], { entities: { golem: { cost: 0 } } },
    ), mutants);
    expect(portal()).toEqual([]);
    const wrong = judge(base({ active: 'A', A: { board: ['Mechwarper'], hand: [{ card: 'Harvest Golem', label: 'golem' }] } }, [], { entities: { golem: { cost: 0 } } }));
    expect(wrong).toEqual(['entity "golem" (Harvest Golem): expected cost 0, got 2']);
  });
  it('a weapon\'s Durability goes down as its hero attacks; `health` reads it too', () => {
    const axe = (d: number) => base(
      { active: 'A', A: { heroLabel: 'hero', weapon: { card: 'Fiery War Axe', label: 'axe' } }, B: { board: [{ card: 'Chillwind Yeti', label: 'yeti' }] } },
      [{ attack: 'hero', defender: 'yeti' }], { entities: { axe: { durability: d, health: d } } },
    );
    expect(judge(axe(1))).toEqual([]);
    expect(judge(axe(2))).toHaveLength(2);
  });
});

describe('count with min and max', () => {
  it('bounds hold or fail', () => {
    expect(judge(egg({ count: [{ match: { e: 'damage' }, min: 1, max: 1 }] }))).toEqual([]);
    expect(judge(egg({ count: [{ match: { e: 'damage' }, min: 2 }] }))).toEqual(['expected at least 2 × {"e":"damage"}, got 1']);
    expect(judge(egg({ count: [{ match: { e: 'summon' }, max: 0 }] }))).toEqual(['expected at most 0 × {"e":"summon"}, got 1']);
  });
});

describe('patterns are checked when the file loads', () => {
  const bad = (expectation: unknown) => () => parseScenario('f.json', egg(expectation), cards);
  it('a misspelt label, event kind, field or player is bad input naming the JSON path', () => {
    expect(bad({ count: [{ match: { e: 'damage', target: 'eggg' }, n: 0 }] })).toThrow(/^f\.json: \$\.expect\.count\[0\]\.match\.target: unknown label "eggg" \(labels: /);
    expect(bad({ events: [{ e: 'damages' }] })).toThrow(/\$\.expect\.events\[0\]\.e: unknown event kind "damages" \(expected one of: damage, heal/);
    expect(bad({ events: [{ e: 'damage', amnt: 1 }] })).toThrow(/\$\.expect\.events\[0\]\.amnt: "damage" events have no field "amnt" \(fields: /);
    expect(bad({ events: [{ e: 'draw', player: 'C' }] })).toThrow(/\$\.expect\.events\[0\]\.player: expected a player, "A" or "B", got "C"/);
    expect(bad({ count: [{ match: { e: 'damage' } }] })).toThrow(/\$\.expect\.count\[0\]: expected "n", "min" or "max"/);
    expect(bad({ created: { egg: { card: 'Black Whelp' } } })).toThrow(/\$\.expect\.created\.egg: label "egg" is already a label of the set-up/);
  });
  it('player fields take A and B everywhere (control events too)', () => {
    const s = parseScenario('f.json', egg({ count: [{ match: { e: 'control', to: 'A' }, n: 0 }, { match: { e: 'draw', player: 'B' }, n: 0 }] }), cards);
    expect(s.expect.count).toHaveLength(2);
  });
  it('the CLI exits 2 on a misspelt label in a count pattern, naming its JSON path', async () => {
    const f = join(mkdtempSync(join(tmpdir(), 'arbiter-kinds-')), 'typo.json');
    writeFileSync(f, JSON.stringify(egg({ count: [{ match: { e: 'damage', target: 'eggg' }, n: 0 }] })));
    const r = await arbiter('run-scenario', f);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/typo\.json: \$\.expect\.count\[0\]\.match\.target: unknown label "eggg"/);
  });
});
