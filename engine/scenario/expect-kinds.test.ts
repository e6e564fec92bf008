/**
 * The scenario format's expectation kinds: labels for created entities, keywords, cost in hand, weapon Durability,
 * enchantments, count min/max; and patterns checked when the file loads (misspelt labels, kinds, fields, players).
 * Each kind passes on the reference engine and fails when the engine (or the statement) is wrong.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCardPool } from '../cards/pool.js';
import { parseScenario } from './load.js';
import { runScenario } from './run.js';
import { checkExpectations } from './expect.js';
import type { Scenario } from './format.js';
import { runCli } from '../../test/support/capture.js';
import { tempDirs } from '../../test/support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

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

describe('created by a name a minion and an enchantment share', () => {
  it('means the minion (Echoing Ooze and its enchantment): the end-of-turn copy of a buffed Ooze is 2/3', () => {
    const ooze = (card: string) => base({ active: 'A', A: { hand: [{ card: 'Echoing Ooze', label: 'oz' }, { card: 'Bananas', label: 'ban' }] }, B: { deck: ['Wisp', 'Wisp'] } },
      [{ play: 'oz' }, { play: 'ban', target: 'oz' }, { endTurn: true }], { created: { copy: { card, nth: 1 } }, entities: { copy: { attack: 2, health: 3 } } });
    expect(judge(ooze('Echoing Ooze'))).toEqual([]);
    expect(judge(ooze('FP1_003'))).toEqual([]);
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
    // a field of one value (the schema's const) takes only that value
    expect(bad({ events: [{ e: 'condition', reads: 'alive' }] })).toThrow(/\$\.expect\.events\[0\]\.reads: expected one of "mortally_wounded", got "alive"/);
    expect(bad({ count: [{ match: { e: 'damage' } }] })).toThrow(/\$\.expect\.count\[0\]: expected "n", "min" or "max"/);
    expect(bad({ created: { egg: { card: 'Black Whelp' } } })).toThrow(/\$\.expect\.created\.egg: label "egg" is already a label of the set-up/);
  });
  it('the same Secret twice in a set-up is bad input (rule secrets): by name or by id', () => {
    const twice = (secrets: string[]) => () => parseScenario('f.json', base({ active: 'A', A: { secrets } }, [], {}), cards);
    expect(twice(['Explosive Trap', 'EX1_610'])).toThrow(/^f\.json: \$\.setup\.A\.secrets\[1\]: the same Secret as secrets\[0\]: a player cannot have a Secret in play twice/);
    expect(twice(['Explosive Trap', 'Freezing Trap'])).not.toThrow();
  });
  it('player fields take A and B everywhere (control events too)', () => {
    const s = parseScenario('f.json', egg({ count: [{ match: { e: 'control', to: 'A' }, n: 0 }, { match: { e: 'draw', player: 'B' }, n: 0 }] }), cards);
    expect(s.expect.count).toHaveLength(2);
  });
  it('the CLI exits 2 on a misspelt label in a count pattern, naming its JSON path', async () => {
    const f = join(tempDir('arbiter-kinds-'), 'typo.json');
    writeFileSync(f, JSON.stringify(egg({ count: [{ match: { e: 'damage', target: 'eggg' }, n: 0 }] })));
    const r = await runCli(['run-scenario', f]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/typo\.json: \$\.expect\.count\[0\]\.match\.target: unknown label "eggg"/);
  });
});

describe('variants and set-up fields', () => {
  const withVariant = (variantExpect: unknown) => ({
    ...(egg({ created: { whelp: { card: 'Black Whelp' } }, entities: { egg: { zone: 'play' }, whelp: { zone: 'play' } } }) as object),
    variants: [{ id: 'wounded-egg', setup: { B: { board: [{ card: 'Dragon Egg', label: 'egg', damage: 1 }] } }, expect: variantExpect }],
  });
  it('a variant is the base with its fields laid over, judged and reported on its own', async () => {
    const data = withVariant({ created: { whelp: { card: 'Black Whelp' } }, entities: { egg: { zone: 'graveyard' }, whelp: { zone: 'play' } } });
    const s = parseScenario('<test>', data, cards);
    const { withVariants } = await import('./variants.js');
    const all = withVariants(s);
    expect(all.map((x) => x.id)).toEqual(['kinds', 'kinds#wounded-egg']);
    for (const x of all) expect(checkExpectations(x.expect, runScenario(x, '<test>', { cards })), x.id).toEqual([]);
    // the same statement for the variant as for the base is wrong: the mortally wounded egg dies (its whelp still comes)
    const wrong = withVariants(parseScenario('<test>', withVariant({ entities: { egg: { zone: 'play' } } }), cards))[1]!;
    expect(checkExpectations(wrong.expect, runScenario(wrong, '<test>', { cards }))).toEqual(['entity "egg" (Dragon Egg): expected zone "play", got "graveyard"']);
    const f = join(tempDir('arbiter-variants-'), 'v.json');
    writeFileSync(f, JSON.stringify(data));
    const r = await runCli(['run-scenario', f]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^PASS kinds: .*\nPASS kinds#wounded-egg: .*\n2 passed, 0 failed\n$/);
  });
  it('a bad variant is bad input naming the variant', () => {
    expect(() => parseScenario('f.json', withVariant({ entities: { nobody: { zone: 'play' } } }), cards)).toThrow(/f\.json: \$\.variants\[0\] \(wounded-egg\): \$\.expect\.entities\.nobody: unknown label "nobody"/);
  });
  it('set-up: the turn number, weapon Durability already lost, an enchantment\'s caster', () => {
    const s = parseScenario('<test>', base(
      { active: 'A', turn: 7, A: { weapon: { card: 'Fiery War Axe', label: 'axe', damage: 1 } } }, [], { entities: { axe: { durability: 1 } } },
    ), cards) as Scenario;
    const run = runScenario(s, '<test>', { cards });
    expect(run.g.turn).toBe(7);
    expect(checkExpectations(s.expect, run)).toEqual([]);
    expect(() => runScenario(parseScenario('f.json', base({ A: { weapon: { card: 'Fiery War Axe', damage: 2 } } }, [], {}), cards), 'f.json', { cards })).toThrow(/\$\.setup\.A\.weapon\.damage: 2 Durability lost leaves Fiery War Axe \(Durability 2\) with none/);
    // Blessing of Wisdom draws for the player who cast it (Rule 10 exception): cast by B on A's minion, B draws
    const wisdom = (caster: 'A' | 'B' | undefined) => base(
      { active: 'A', A: { deck: ['Wisp'], board: [{ card: 'Chillwind Yeti', label: 'yeti', enchantments: [caster ? { card: 'EX1_363e', caster } : 'EX1_363e'] }] }, B: { deck: ['Wisp'], heroLabel: 'hb' } },
      [{ attack: 'yeti', defender: 'hb' }], { players: { B: { drawn: 1 }, A: { drawn: 0 } } },
    );
    expect(judge(wisdom('B'))).toEqual([]);
    expect(judge(wisdom(undefined)).sort()).toEqual(['player A: expected drawn 0, got 1', 'player B: expected drawn 1, got 0']);
  });
});

describe('mana, mana spent, hero power used', () => {
  // Jaina's Fireblast costs 2; Arcane Explosion costs 2: 7 mana leaves 3.
  const played = (expectation: unknown) => base(
    { active: 'A', A: { mana: 7, hand: [{ card: 'Arcane Explosion', label: 'ae' }] }, B: { board: ['Chillwind Yeti'] } },
    [{ heroPower: 'A', target: 'heroB' }, { play: 'ae' }], expectation,
  );
  it('hold on the reference engine', () => {
    expect(judge(played({ players: { A: { mana: 3, manaSpent: 4, heroPowerUsed: true }, B: { manaSpent: 0, heroPowerUsed: false } } }))).toEqual([]);
  });
  it('fail when the statement is wrong', () => {
    expect(judge(played({ players: { A: { mana: 5, manaSpent: 2, heroPowerUsed: false } } }))).toEqual([
      'player A: expected mana 5, got 3', 'player A: expected manaSpent 2, got 4', 'player A: expected heroPowerUsed false, got true',
    ]);
  });
  it('an unknown player field is bad input naming its path', () => {
    expect(() => parseScenario('<test>', played({ players: { A: { manaSpend: 4 } } }), cards)).toThrow(/manaSpend/);
  });
});

describe('set-up: Dominant Player, force-played minions, stats after the set-up Aura Update', () => {
  // A Frothing Berserker on each side; Arcane Explosion hits only B's, Flamestrike-free: both trigger on one damage
  // event (Rule 2a: queued in order of play), so the side whose set-up entities are older resolves first.
  const froth = (setup: Record<string, unknown>) => base(
    { active: 'A', ...setup, A: { hand: [{ card: 'Arcane Explosion', label: 'ae' }], board: [{ card: 'Frothing Berserker', label: 'fa' }] },
      B: { board: [{ card: 'Frothing Berserker', label: 'fb' }] } },
    [{ play: 'ae' }], {},
  );
  const triggerOrder = (data: unknown): number[] => {
    const s = parseScenario('<test>', data, cards) as Scenario;
    const run = runScenario(s, '<test>', { cards });
    return run.trace.flatMap((r) => (r.t === 'open' && 'block' in r && r.block === 'trigger' ? [(r as { subject: number }).subject] : []));
  };
  const ids = (data: unknown) => {
    const s = parseScenario('<test>', data, cards) as Scenario;
    return runScenario(s, '<test>', { cards }).labels;
  };
  it('the Dominant Player\'s set-up minions are older: their triggers queue first (Rule 2a)', () => {
    const a = ids(froth({}));
    expect(triggerOrder(froth({}))).toEqual([a.get('fa'), a.get('fb')]);
    expect(triggerOrder(froth({ dominant: 'A' }))).toEqual([a.get('fa'), a.get('fb')]);
    const b = ids(froth({ dominant: 'B' }));
    expect(triggerOrder(froth({ dominant: 'B' }))).toEqual([b.get('fb'), b.get('fa')]);
  });
  it('a force-played minion is the oldest in the order of play (Rule 2a note)', () => {
    const forced = froth({});
    (forced as { setup: { B: { board: { forcePlayed?: boolean }[] } } }).setup.B.board[0]!.forcePlayed = true;
    const l = ids(forced);
    expect(triggerOrder(forced)).toEqual([l.get('fb'), l.get('fa')]);
  });
  it('forcePlayed and setup.order naming the same minion is bad input', () => {
    const both = froth({ order: ['fb'] });
    (both as { setup: { B: { board: { forcePlayed?: boolean }[] } } }).setup.B.board[0]!.forcePlayed = true;
    expect(() => ids(both)).toThrow(/forcePlayed/);
  });
  it('the set-up stats record shows a minion with the auras of the set-up applied', () => {
    const s = parseScenario('<test>', base({ active: 'A', A: { board: [{ card: 'Boulderfist Ogre', label: 'ogre' }, 'Dire Wolf Alpha'] } }, [], {}), cards) as Scenario;
    const run = runScenario(s, '<test>', { cards });
    const setupStats = run.trace.find((r) => r.t === 'event' && r.e === 'stats' && r.why === 'setup' && r.entity === run.labels.get('ogre'));
    expect(setupStats).toMatchObject({ attack: 7, health: 7 });
  });
});

describe('forced random picks', () => {
  it('a forced pick that is not an option is bad input listing the options by label', () => {
    const data = { ...(base(
      { active: 'A', A: { hand: [{ card: 'Mad Bomber', label: 'bomber' }] }, B: { board: [{ card: 'Chillwind Yeti', label: 'yeti' }] } },
      [{ play: 'bomber' }], {},
    ) as object), random: ['bomber'] };
    const s = parseScenario('<test>', data, cards) as Scenario;
    expect(() => runScenario(s, '<test>', { cards })).toThrow(/"bomber".*not one of the options \[heroA, yeti, heroB\]|"bomber".*not one of the options \[[a-zA-Z, ]+\]/);
  });
});

describe('a player\'s hand', () => {
  it('is stated in any order (the cards it holds), and a card too many or too few fails', () => {
    const hand = (want: string[]) => judge(base({ active: 'A', A: { hand: ['Wisp', 'Chillwind Yeti', 'Fireball'] }, B: {} }, [], { players: { A: { hand: want } } }));
    expect(hand(['Fireball', 'Wisp', 'Chillwind Yeti'])).toEqual([]);
    expect(hand(['Wisp', 'Chillwind Yeti'])).toEqual(['player A: expected hand ["Wisp","Chillwind Yeti"], got ["Wisp","Chillwind Yeti","Fireball"]']);
    expect(hand(['Wisp', 'Wisp', 'Fireball'])).toHaveLength(1);
  });
});
