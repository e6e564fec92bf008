/**
 * The reference engine, rule by rule. Each test names the rule id it checks (spec/rules.json) and builds the
 * smallest board that shows it. The golden suite (golden/) holds the rulebook's own examples.
 */
import { describe, expect, it } from 'vitest';
import { quick } from '../test/support/engine.js';
import { checkTrace } from '../properties/invariants/index.js';

const flamestrikeOn = (A: object) => quick({ active: 'B', A, B: { hand: [{ card: 'Flamestrike', label: 'fs' }] } }, [{ play: 'fs' }]);

describe('Rule 1a/1b: depth-first resolution', () => {
  it('1b: a trigger raised while resolving an event resolves fully before the next queued entry (Dragon Egg → Whelp → Knife Juggler)', () => {
    const q = quick(
      { active: 'B', A: { board: [{ card: 'Dragon Egg', label: 'egg' }, { card: 'Knife Juggler', label: 'kj' }] }, B: { hand: [{ card: 'Arcane Explosion', label: 'ae' }], board: [{ card: 'Wisp', label: 'w' }] } },
      [{ play: 'ae' }],
      { random: ['w'] },
    );
    // The Egg's damage trigger summons a Whelp; the Juggler's knife (after summon) resolves inside that trigger.
    const t = q.run.trace;
    const eggTrig = t.findIndex((r) => r.t === 'open' && r.block === 'trigger' && r.subject === q.e('egg').id);
    const knife = t.findIndex((r) => r.t === 'event' && r.e === 'damage' && r.source === q.e('kj').id);
    const close = t.findIndex((r, i) => i > eggTrig && r.t === 'close' && r.id === (t[eggTrig] as { id: number }).id);
    expect(eggTrig).toBeGreaterThan(0);
    expect(knife).toBeGreaterThan(eggTrig);
    expect(knife).toBeLessThan(close);
  });
  it('1b mutant breadth-first: the knife waits until the whole queue is done', () => {
    const q = quick(
      { active: 'B', A: { board: [{ card: 'Dragon Egg', label: 'egg' }, { card: 'Knife Juggler', label: 'kj' }] }, B: { hand: [{ card: 'Arcane Explosion', label: 'ae' }], board: [{ card: 'Wisp', label: 'w' }] } },
      [{ play: 'ae' }],
      { random: ['w'], mutants: ['breadth-first'] },
    );
    const t = q.run.trace;
    const eggTrig = t.findIndex((r) => r.t === 'open' && r.block === 'trigger' && r.subject === q.e('egg').id);
    const close = t.findIndex((r, i) => i > eggTrig && r.t === 'close' && r.id === (t[eggTrig] as { id: number }).id);
    const knife = t.findIndex((r) => r.t === 'event' && r.e === 'damage' && r.source === q.e('kj').id);
    expect(knife).toBeGreaterThan(close);
    // the trace invariant sees it: the Whelp's After Summon queue is built outside its After Summon Phase
    expect(checkTrace(t, { only: ['depth-first'] }).map((v) => v.message).join('\n')).toMatch(/answers the after_summon event of minion #\d+ Black Whelp outside its AFTER_SUMMON Phase/);
  });
});

describe('Rule 1c / Rule 3: no deaths in the middle of a Phase', () => {
  it('3: mortally wounded minions stay in play until the outermost Phase ends, then die together', () => {
    const q = flamestrikeOn({ board: [{ card: 'Cult Master', label: 'cm' }, { card: 'Bloodfen Raptor', label: 'r' }], deck: ['Wisp'] });
    expect(q.zone('cm')).toBe('graveyard');
    expect(q.zone('r')).toBe('graveyard');
    expect(q.drawn('A')).toBe(0);
    // both deaths are in one Death Creation Step
    const steps = q.run.trace.filter((r) => r.t === 'open' && r.kind === 'DEATH_CREATION');
    const deaths = q.events('death');
    expect(deaths).toHaveLength(2);
    expect(steps.length).toBeGreaterThan(0);
  });
  it('3 mutant die-at-zero-health: Cult Master draws for the Raptor', () => {
    const q = quick({ active: 'B', A: { board: [{ card: 'Cult Master', label: 'cm' }, { card: 'Bloodfen Raptor', label: 'r' }], deck: ['Wisp'] }, B: { hand: [{ card: 'Flamestrike', label: 'fs' }] } }, [{ play: 'fs' }], { mutants: ['die-at-zero-health'] });
    // the Cult Master (older) is damaged first and removed; the Raptor dies while... either way the rule is broken:
    expect(q.run.trace.some((r) => r.t === 'event' && r.e === 'death' && r.rule === 'mutant:die-at-zero-health')).toBe(true);
  });
});

describe('Rule 2a/2b/2c: Queues', () => {
  it('2b: simultaneous damage events are queued by order of play, then each one\'s triggers (Grim Patrons + Frothing Berserker)', () => {
    const q = quick(
      { active: 'B', A: { board: [{ card: 'Grim Patron', label: 'p1' }, { card: 'Frothing Berserker', label: 'fb' }, { card: 'Grim Patron', label: 'p2' }] }, B: { hand: [{ card: 'Arcane Explosion', label: 'ae' }] } },
      [{ play: 'ae' }],
    );
    // events in order of play p1, fb, p2; for each, its triggers in order of play (p1 own, fb; fb own(fb), fb...).
    expect(q.triggerOrder()).toEqual(['p1', 'fb', 'fb', 'fb', 'p2']);
    expect(q.atk('fb')).toBe(2 + 3);
  });
  it('2a: triggers are queued in order of play, not board position', () => {
    const q = quick(
      { active: 'B', order: ['p2', 'fb', 'p1'], A: { board: [{ card: 'Grim Patron', label: 'p1' }, { card: 'Frothing Berserker', label: 'fb' }, { card: 'Grim Patron', label: 'p2' }] }, B: { hand: [{ card: 'Arcane Explosion', label: 'ae' }] } },
      [{ play: 'ae' }],
    );
    expect(q.triggerOrder()).toEqual(['p2', 'fb', 'fb', 'fb', 'p1']);
  });
  it('2c: a minion summoned while a queue resolves cannot join it (Troggzor summons a Trogg that misses the spell)', () => {
    const q = quick(
      { active: 'A', A: { hand: [{ card: 'Arcane Explosion', label: 'ae' }] }, B: { board: [{ card: 'Troggzor the Earthinator', label: 'tz' }] } },
      [{ play: 'ae' }],
    );
    const trogg = q.run.g.players[1].board.map((id) => q.run.g.entities.get(id)!).find((e) => e.card.name === 'Burly Rockjaw Trogg')!;
    expect(trogg).toBeDefined();
    expect(q.run.g.entities.get(trogg.id)!.enchantments).toHaveLength(0);
  });
  it('2c mutant mutable-queues: the new Trogg joins the running queue and gains attack', () => {
    const q = quick(
      { active: 'A', A: { hand: [{ card: 'Arcane Explosion', label: 'ae' }] }, B: { board: [{ card: 'Troggzor the Earthinator', label: 'tz' }] } },
      [{ play: 'ae' }],
      { mutants: ['mutable-queues'] },
    );
    const trogg = q.run.g.players[1].board.map((id) => q.run.g.entities.get(id)!).find((e) => e.card.name === 'Burly Rockjaw Trogg')!;
    expect(trogg.enchantments.length).toBeGreaterThan(0);
  });
  it('2-priority: Redemption queues last even when it is older than the other triggers', () => {
    const q = quick(
      { active: 'B', order: ['red', 'cm'], A: { board: [{ card: 'Bloodfen Raptor', label: 'r', damage: 1 }, { card: 'Cult Master', label: 'cm' }], secrets: [{ card: 'Redemption', label: 'red' }], deck: ['Wisp'] }, B: { hand: [{ card: 'Arcane Explosion', label: 'ae' }] } },
      [{ play: 'ae' }],
    );
    expect(q.triggerOrder()).toEqual(['cm', 'red']);
  });
  it('2-force-play: a minion put into play from hand becomes the oldest (Voidcaller)', () => {
    const q = quick(
      { active: 'B', A: { board: [{ card: 'Voidcaller', label: 'vc' }], hand: [{ card: "Mal'Ganis", label: 'mg' }] }, B: { hand: [{ card: 'Fireball', label: 'fb' }] } },
      [{ play: 'fb', target: 'vc' }],
    );
    expect(q.zone('mg')).toBe('play');
    expect(q.e('mg').order).toBeLessThan(q.e('vc').order);
    const n = quick(
      { active: 'B', A: { board: [{ card: 'Voidcaller', label: 'vc' }], hand: [{ card: "Mal'Ganis", label: 'mg' }] }, B: { hand: [{ card: 'Fireball', label: 'fb' }] } },
      [{ play: 'fb', target: 'vc' }],
      { mutants: ['newest-force-play'] },
    );
    expect(n.e('mg').order).toBeGreaterThan(n.e('vc').order);
  });
});

describe('Rule 4a/4b/4d: Aura Updates', () => {
  const wyrm = (mutants: ('recalculate-health-after-deaths')[] = []) =>
    quick(
      { active: 'A', A: { board: [{ card: 'Stormwind Champion', label: 'sc', damage: 5 }, { card: 'Explosive Sheep', label: 'sheep', damage: 1 }, { card: 'Mana Wyrm', label: 'mw' }], hand: [{ card: 'Cone of Cold', label: 'coc' }] }, B: {} },
      [{ play: 'coc', target: 'sc' }],
      { mutants },
    );
  it('4b: health from a lost aura lingers through the next Death Phase (Mana Wyrm ends x/2, not x/1)', () => {
    const q = wyrm();
    expect(q.zone('sc')).toBe('graveyard');
    expect(q.hp('mw')).toBe(2);
  });
  it('4b mutant recalculate-health-after-deaths: the Wyrm ends x/1', () => {
    expect(wyrm(['recalculate-health-after-deaths']).hp('mw')).toBe(1);
  });
  it('4a: other aura effects stop right after the Death Creation Step (Auchenai dies: Zombie Chow heals)', () => {
    const q = quick(
      { active: 'A', A: { board: [{ card: 'Auchenai Soulpriest', label: 'au', damage: 1 }, { card: 'Zombie Chow', label: 'zc' }], hand: [{ card: 'Circle of Healing', label: 'coh' }] }, B: { health: 20 } },
      [{ play: 'coh' }],
    );
    expect(q.zone('au')).toBe('graveyard');
    expect(q.zone('zc')).toBe('graveyard');
    expect(q.heroHealth('B')).toBe(25);
  });
  it('4a mutant auras-mid-phase: Mal\'Ganis force-played mid-phase would make the hero immune at once', () => {
    const setup = { active: 'A' as const, A: { board: [{ card: 'Auchenai Soulpriest', label: 'au' }, { card: 'Zombie Chow', label: 'zc' }], hand: [{ card: 'Circle of Healing', label: 'coh' }] }, B: { board: [{ card: 'Voidcaller', label: 'vc' }], hand: [{ card: "Mal'Ganis", label: 'mg' }] }, order: ['vc', 'au', 'zc'] };
    expect(quick(setup, [{ play: 'coh' }]).heroHealth('B')).toBe(25);
    expect(quick(setup, [{ play: 'coh' }], { mutants: ['auras-mid-phase'] }).heroHealth('B')).toBe(30);
  });
  it('4d: an enchantment applies the moment it is attached (Dark Cultist saves a mortally wounded Yeti)', () => {
    const q = flamestrikeOn({ board: [{ card: 'Explosive Sheep', label: 's' }, { card: 'Dark Cultist', label: 'dc' }, { card: 'Chillwind Yeti', label: 'y' }] });
    expect([q.atk('y'), q.hp('y'), q.zone('y')]).toEqual([4, 2, 'play']);
  });
  it('4-aura-priority: Summoning Portal applies before Mechwarper in either order of play (Harvest Golem costs 0)', () => {
    for (const order of [['sp', 'mw'], ['mw', 'sp']]) {
      const q = quick(
        { active: 'A', order, A: { mana: 0, board: [{ card: 'Summoning Portal', label: 'sp' }, { card: 'Mechwarper', label: 'mw' }], hand: [{ card: 'Harvest Golem', label: 'hg' }] }, B: {} },
        [{ play: 'hg' }],
      );
      expect(q.zone('hg')).toBe('play');
    }
  });
  it('4d: mana-cost auras have no special priority against mana-cost enchantments (Summoning Portal still first): a returned 1-cost minion costs (3), not (1)', () => {
    const base = { B: { board: [{ card: 'Summoning Portal', label: 'sp' }, { card: 'Leper Gnome', label: 'lg' }] }, A: { secrets: [{ card: 'Freezing Trap', label: 'ft' }] } };
    const play = (mana: number) => quick({ active: 'B', ...base, B: { ...base.B, mana } }, [{ attack: 'lg', defender: 'heroA' }, { play: 'lg' }]);
    expect(() => play(2)).toThrow(/Leper Gnome costs 3 mana/);
    const q = play(3);
    expect(q.zone('lg')).toBe('play');
    expect(q.events('mana').map((m) => (m as { spent: number }).spent)).toEqual([3]);
  });
  it('4-aura-timing: a played minion\'s aura is active in its own Battlecry Phase; a summoned one\'s only after the outermost Phase', () => {
    // Stormwind Champion played: the aura update after On Play buffs the others before the Battlecry Phase.
    const q = quick({ active: 'A', A: { board: [{ card: 'Wisp', label: 'w' }], hand: [{ card: 'Stormwind Champion', label: 'sc' }] }, B: {} }, [{ play: 'sc' }]);
    const t = q.run.trace;
    const buff = t.findIndex((r) => r.t === 'event' && r.e === 'stats' && r.entity === q.e('w').id && r.why === 'aura');
    const onPlayEnd = t.findIndex((r) => r.t === 'open' && r.kind === 'AURA_UPDATE_HEALTH_ATTACK' && t.slice(0, t.indexOf(r)).some((x) => x.t === 'open' && x.kind === 'ON_PLAY'));
    expect(buff).toBeGreaterThan(onPlayEnd);
    expect(q.atk('w')).toBe(2);
  });
  it('4-revive: a mortally wounded minion healed before the Phase ends survives (Baron Geddon + Healing Totem)', () => {
    const q = quick({ active: 'A', A: { board: [{ card: 'Baron Geddon', label: 'bg' }, { card: 'Healing Totem', label: 'ht' }] }, B: {} }, [{ endTurn: true }]);
    expect(q.zone('ht')).toBe('play');
    expect(q.hp('ht')).toBe(1);
  });
});

describe('Rule 5 / 5b', () => {
  it('5: a negative trigger ignores mortally wounded characters (Knife Juggler never picks one)', () => {
    const q = quick(
      { active: 'A', A: { board: [{ card: 'Knife Juggler', label: 'kj' }], hand: [{ card: 'Unleash the Hounds', label: 'uh' }] }, B: { board: [{ card: 'Wisp', label: 'w' }], health: 1 } },
      [{ play: 'uh' }],
    );
    // two knives: the first may kill the Wisp or the hero; no knife ever hits a character at 0 or less
    for (const d of q.events('damage')) expect((d as { health: number }).health).toBeGreaterThanOrEqual(0);
  });
  it('5 mutant ignore-rule-5: a knife can hit a mortally wounded character', () => {
    const q = quick(
      { active: 'A', A: { board: [{ card: 'Knife Juggler', label: 'kj' }], hand: [{ card: 'Unleash the Hounds', label: 'uh' }] }, B: { board: [{ card: 'Wisp', label: 'w' }, 'Wisp'] } },
      [{ play: 'uh' }],
      { mutants: ['ignore-rule-5'], random: ['w', 'w'] },
    );
    expect(q.hp('w')).toBeLessThan(0);
  });
  it('5: a Secret aborts when its target is mortally wounded (Explosive Trap then Freezing Trap)', () => {
    const q = quick(
      { active: 'B', order: ['et', 'ft'], A: { secrets: [{ card: 'Explosive Trap', label: 'et' }, { card: 'Freezing Trap', label: 'ft' }] }, B: { board: [{ card: 'Novice Engineer', label: 'ne' }] } },
      [{ attack: 'ne', defender: 'heroA' }],
    );
    expect(q.events('trigger_abort').map((r) => (r as { rule: string }).rule)).toContain('5');
    expect(q.zone('ne')).toBe('graveyard');
  });
  it('5b: "if it survives" reads a mortally wounded minion as dead (Slam on a 2-health minion draws nothing)', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Slam', label: 'slam' }], deck: ['Wisp'] }, B: { board: [{ card: 'Bloodfen Raptor', label: 'r' }] } }, [{ play: 'slam', target: 'r' }]);
    expect(q.drawn('A')).toBe(0);
    const q2 = quick({ active: 'A', A: { hand: [{ card: 'Slam', label: 'slam' }], deck: ['Wisp'] }, B: { board: [{ card: 'Chillwind Yeti', label: 'y' }] } }, [{ play: 'slam', target: 'y' }]);
    expect(q2.drawn('A')).toBe(1);
  });
  it('5b: "if that kills it" counts a pending-destroy minion as killed (Mortal Coil with Acidmaw)', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Mortal Coil', label: 'mc' }], deck: ['Wisp'], board: [{ card: 'Acidmaw', label: 'am' }] }, B: { board: [{ card: 'Chillwind Yeti', label: 'y' }] } }, [{ play: 'mc', target: 'y' }]);
    expect(q.zone('y')).toBe('graveyard');
    expect(q.drawn('A')).toBe(1);
  });
});

describe('Rule 6: Phases skip when their subject left play', () => {
  it('6: no combat when the defender died in the Preparation Phase (Novice Engineer into Explosive Trap)', () => {
    const q = quick({ active: 'B', A: { secrets: [{ card: 'Explosive Trap', label: 'et' }], board: [{ card: 'Wisp', label: 'w' }] }, B: { board: [{ card: 'Novice Engineer', label: 'ne' }] } }, [{ attack: 'ne', defender: 'heroA' }]);
    expect(q.events('phase_skipped').map((r) => (r as { kind: string }).kind)).toContain('COMBAT');
    expect(q.heroHealth('A')).toBe(30);
  });
  it('6 mutant no-phase-skip: combat happens anyway', () => {
    const q = quick({ active: 'B', A: { secrets: [{ card: 'Explosive Trap', label: 'et' }] }, B: { board: [{ card: 'Novice Engineer', label: 'ne' }] } }, [{ attack: 'ne', defender: 'heroA' }], { mutants: ['no-phase-skip'] });
    expect(q.events('phase_skipped')).toHaveLength(0);
  });
  it('6-target: a targeted spell whose target left play still goes off (Drain Life still heals)', () => {
    // Counter-check: Drain Life on a minion that a Knife Juggler... the target removed before Spell Text:
    const q = quick(
      { active: 'A', A: { health: 20, board: [{ card: 'Violet Teacher', label: 'vt' }, { card: 'Knife Juggler', label: 'kj' }], hand: [{ card: 'Drain Life', label: 'dl' }] }, B: { board: [{ card: 'Wisp', label: 'w' }] } },
      [{ play: 'dl', target: 'w' }],
      { random: ['w'] },
    );
    expect(q.zone('w')).toBe('graveyard');
    expect(q.heroHealth('A')).toBe(22);
  });
  it('6-dragon: Blackwing Corruptor re-checks "holding a Dragon" in its Battlecry Phase', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Blackwing Corruptor', label: 'bc' }, { card: 'Black Whelp', label: 'bw' }] }, B: { health: 30 } }, [{ play: 'bc', target: 'heroB' }]);
    expect(q.heroHealth('B')).toBe(27);
  });
});

describe('Rule 3 / Rule 8 exceptions: Forced Death Phase', () => {
  it('3-forced-death: Reincarnate kills its target in the middle of the Spell Text Phase; its Death resolves in a nested Forced Death Phase before it returns', () => {
    const q = quick({ active: 'A', A: { board: [{ card: 'Harvest Golem', label: 'hg', damage: 2 }, { card: 'Cult Master', label: 'cm' }], hand: [{ card: 'Reincarnate', label: 'r' }], deck: ['Wisp'] }, B: {} }, [{ play: 'r', target: 'hg' }]);
    // the Deathrattle (Damaged Golem) and the Cult Master's draw happen inside the Spell Text Phase
    const t = q.run.trace;
    const spellText = t.findIndex((r) => r.t === 'open' && r.kind === 'SPELL_TEXT');
    const forced = t.findIndex((r) => r.t === 'open' && r.kind === 'FORCED_DEATH');
    const closeText = t.findIndex((r, i) => i > spellText && r.t === 'close' && r.id === (t[spellText] as { id: number }).id);
    expect(forced).toBeGreaterThan(spellText);
    expect(forced).toBeLessThan(closeText);
    expect(t.some((r) => r.t === 'event' && r.e === 'death' && r.rule === '3-forced-death')).toBe(true);
    expect(q.drawn('A')).toBe(1);
    // returned to life with full Health, where it was; the Damaged Golem beside it
    expect(q.run.final.players[0].board.map((m) => `${m.name} ${m.attack}/${m.health}`)).toEqual(['Harvest Golem 2/3', 'Damaged Golem 2/1', 'Cult Master 4/2']);
  });
});

describe('Rule 7/8: Death Phases', () => {
  it('7: each Death\'s triggers are queued when that Death is reached (Mad Scientist puts Duplicate into play in time for the Raptor)', () => {
    const q = quick(
      { active: 'B', A: { board: [{ card: 'Mad Scientist', label: 'ms' }, { card: 'Bloodfen Raptor', label: 'r' }], deck: [{ card: 'Duplicate', label: 'dup' }] }, B: { hand: [{ card: 'Flamestrike', label: 'fs' }] } },
      [{ play: 'fs' }],
    );
    expect(q.run.final.players[0].hand).toEqual(['Bloodfen Raptor', 'Bloodfen Raptor']);
  });
  it('8: a Death Phase causes another one (Explosive Sheep kills Abomination, whose Death resolves in a second Death Phase)', () => {
    const q = quick({ active: 'B', A: { board: [{ card: 'Explosive Sheep', label: 's' }, { card: 'Abomination', label: 'ab' }] }, B: { hand: [{ card: 'Consecration', label: 'c' }] } }, [{ play: 'c' }]);
    const deathPhases = q.run.trace.filter((r) => r.t === 'open' && r.kind === 'DEATH');
    expect(deathPhases.length).toBe(2);
    expect(q.heroHealth('B')).toBe(28);
  });
  it('8 mutant death-phase-once: the Abomination\'s Deathrattle never resolves', () => {
    const q = quick({ active: 'B', A: { board: [{ card: 'Explosive Sheep', label: 's' }, { card: 'Abomination', label: 'ab' }] }, B: { hand: [{ card: 'Consecration', label: 'c' }] } }, [{ play: 'c' }], { mutants: ['death-phase-once'] });
    expect(q.heroHealth('B')).toBe(30);
  });
  it('4a mutant deaths-one-at-a-time: Cult Master draws for a minion that died with it', () => {
    const q = quick({ active: 'B', order: ['r', 'cm'], A: { board: [{ card: 'Cult Master', label: 'cm' }, { card: 'Bloodfen Raptor', label: 'r' }], deck: ['Wisp'] }, B: { hand: [{ card: 'Flamestrike', label: 'fs' }] } }, [{ play: 'fs' }], { mutants: ['deaths-one-at-a-time'] });
    expect(q.drawn('A')).toBe(1);
  });
});

describe('Rule 9: the game result', () => {
  it('9: a hero at 0 health mid-Sequence can still be joined by the other hero: draw (Elven Archer, Knife Juggler, Abomination)', () => {
    const q = quick(
      { active: 'A', A: { health: 2, board: [{ card: 'Knife Juggler', label: 'kj' }], hand: [{ card: 'Elven Archer', label: 'ea' }] }, B: { health: 1, board: [{ card: 'Abomination', label: 'ab', damage: 3 }] } },
      [{ play: 'ea', target: 'heroB' }],
      { random: ['ab'] },
    );
    expect(q.run.final.result).toBe('draw');
  });
  it('9 mutant game-over-at-once: the same board is a win', () => {
    const q = quick(
      { active: 'A', A: { health: 2, board: [{ card: 'Knife Juggler', label: 'kj' }], hand: [{ card: 'Elven Archer', label: 'ea' }] }, B: { health: 1, board: [{ card: 'Abomination', label: 'ab', damage: 3 }] } },
      [{ play: 'ea', target: 'heroB' }],
      { random: ['ab'], mutants: ['game-over-at-once'] },
    );
    expect(q.run.final.result).toBe('A_wins');
  });
  it('9-attack: the game is decided between Preparation and Combat (Snowchugger into Explosive Trap at 2 health)', () => {
    const q = quick({ active: 'A', A: { health: 2, board: [{ card: 'Snowchugger', label: 'sc' }] }, B: { secrets: [{ card: 'Explosive Trap', label: 'et' }] } }, [{ attack: 'sc', defender: 'heroB' }]);
    expect(q.run.final.result).toBe('B_wins');
    expect(q.run.trace.some((r) => r.t === 'open' && r.kind === 'COMBAT')).toBe(false);
  });
});

describe('Rule 10 / 10b: no memory', () => {
  it('10b: Sacred Trial checks its condition in the After Play Phase (Dr. Boom with one minion is destroyed)', () => {
    const q = quick({ active: 'A', A: { board: ['Wisp'], hand: [{ card: 'Dr. Boom', label: 'boom' }] }, B: { secrets: [{ card: 'Sacred Trial', label: 'st' }] } }, [{ play: 'boom' }]);
    expect(q.zone('boom')).toBe('graveyard');
  });
  it('10: conditions use the current board (Kill Command after the Beast died deals 3)', () => {
    const q = quick(
      { active: 'A', A: { board: [{ card: 'Bloodfen Raptor', label: 'r', damage: 0 }, { card: 'Violet Teacher', label: 'vt' }, { card: 'Knife Juggler', label: 'kj' }], hand: [{ card: 'Kill Command', label: 'kc' }] }, B: { board: [{ card: 'Explosive Sheep', label: 's' }] } },
      [{ play: 'kc', target: 'heroB' }],
      { random: ['s'] },
    );
    expect(q.zone('r')).toBe('graveyard');
    expect(q.heroHealth('B')).toBe(27);
  });
  it('10-blessing: Blessing of Wisdom draws for its caster even after the minion is stolen', () => {
    const q = quick(
      { active: 'A', A: { deck: ['Wisp', 'Wisp'], hand: [{ card: 'Mind Control', label: 'mc' }] }, B: { board: [{ card: 'Chillwind Yeti', label: 'y', enchantments: ['Blessing of Wisdom'] }], deck: ['Wisp', 'Wisp'] } },
      [{ play: 'mc', target: 'y' }, { endTurn: true }, { endTurn: true }, { attack: 'y', defender: 'heroB' }],
    );
    // The enchantment was set up as cast by B (its controller then); A attacks with the stolen Yeti: B draws.
    expect(q.drawn('B')).toBe(2);
  });
});

describe('game rules', () => {
  it('board-limit: a summon with no room does nothing', () => {
    const q = quick({ active: 'A', A: { board: ['Wisp', 'Wisp', 'Wisp', 'Wisp', 'Wisp', 'Wisp', { card: 'Harvest Golem', label: 'hg' }] }, B: { hand: [{ card: 'Fireball', label: 'fb' }] } }, [{ endTurn: true }, { play: 'fb', target: 'hg' }]);
    expect(q.run.final.players[0].board).toHaveLength(7);
    const q2 = quick({ active: 'B', A: { board: ['Wisp', 'Wisp', 'Wisp', 'Wisp', 'Wisp', 'Wisp', { card: 'Harvest Golem', label: 'hg' }] }, B: { hand: [{ card: 'Fireball', label: 'fb' }] } }, [{ play: 'fb', target: 'hg' }]);
    expect(q2.run.final.players[0].board.map((m) => m.name)).toContain('Damaged Golem');
  });
  it('hand-limit: drawing with 10 cards in hand burns the card', () => {
    const q = quick({ active: 'A', A: { hand: Array(10).fill('Wisp'), board: [{ card: 'Novice Engineer', label: 'x' }] }, B: { hand: ['Novice Engineer'], deck: ['Fireball'] } }, [{ endTurn: true }]);
    expect(q.events('burn')).toHaveLength(0);
    const q2 = quick({ active: 'B', A: { hand: Array(10).fill('Wisp'), deck: ['Fireball'] }, B: {} }, [{ endTurn: true }]);
    expect(q2.events('burn')).toHaveLength(1);
  });
  it('fatigue: drawing from an empty deck deals 1, then 2', () => {
    const q = quick({ active: 'B', A: {}, B: {} }, [{ endTurn: true }, { endTurn: true }, { endTurn: true }]);
    expect(q.heroHealth('A')).toBe(30 - 1 - 2);
    // three draws from empty decks (A, B, A): each in its own FATIGUE phase; A's took 1 then 2
    const fatigue = q.run.trace.filter((r) => r.t === 'open' && r.kind === 'FATIGUE') as { type?: string; player?: number }[];
    expect(fatigue.map((r) => [r.type, r.player])).toEqual([['FATIGUE', 0], ['FATIGUE', 1], ['FATIGUE', 0]]);
    expect(q.events('fatigue').map((r) => [(r as { player: number }).player, (r as { amount: number }).amount])).toEqual([[0, 1], [1, 1], [0, 2]]);
  });
  it('a Hero Power is used once a turn, on its own turn; a Stealth minion cannot be attacked', () => {
    const q = quick({ active: 'A', A: { deck: ['Wisp'] }, B: { deck: ['Wisp'] } }, [{ heroPower: 'A', target: 'heroB' }, { endTurn: true }, { endTurn: true }, { heroPower: 'A', target: 'heroB' }]);
    expect(q.heroHealth('B')).toBe(28);
    expect(() => quick({ active: 'A', A: {}, B: {} }, [{ heroPower: 'A', target: 'heroB' }, { heroPower: 'A', target: 'heroB' }])).toThrow(/\$\.actions\[1\]: illegal action: player A has already used the hero power this turn/);
    expect(() => quick({ active: 'A', A: {}, B: {} }, [{ heroPower: 'B', target: 'heroA' }])).toThrow(/not player B's turn/);
    expect(() => quick({ active: 'A', A: { board: [{ card: 'Chillwind Yeti', label: 'y' }] }, B: { board: [{ card: 'Wisp', label: 'w', enchantments: ['Concealed'] }] } }, [{ attack: 'y', defender: 'w' }])).toThrow(/cannot be attacked: it has Stealth/);
  });
  it('control-sickness: a minion taken by Mind Control cannot attack that turn; Shadow Madness grants Charge; the next turn it can', () => {
    const board = { board: [{ card: 'Chillwind Yeti', label: 'y' }], deck: ['Wisp', 'Wisp'] };
    const mc = (more: object[]) => quick({ active: 'A', A: { mana: 10, hand: [{ card: 'Mind Control', label: 'mc' }], deck: ['Wisp', 'Wisp'] }, B: board }, [{ play: 'mc', target: 'y' }, ...more] as never);
    expect(() => mc([{ attack: 'y', defender: 'heroB' }])).toThrow(/\$\.actions\[1\]: illegal action: .*summoning sickness/);
    expect(mc([{ endTurn: true }, { endTurn: true }, { attack: 'y', defender: 'heroB' }]).heroHealth('B')).toBe(26);
    const sm = quick({ active: 'A', A: { mana: 10, hand: [{ card: 'Shadow Madness', label: 'sm' }], deck: ['Wisp'] }, B: { board: [{ card: 'Bloodfen Raptor', label: 'r' }] } }, [{ play: 'sm', target: 'r' }, { attack: 'r', defender: 'heroB' }]);
    expect(sm.heroHealth('B')).toBe(27);
    expect(checkTrace(sm.run.trace)).toEqual([]);
  });
  it('a weapon played from the hand is that card, equipped: it moves from the hand into play', () => {
    const q = quick({ active: 'A', A: { mana: 10, hand: [{ card: 'Fiery War Axe', label: 'axe' }] }, B: {} }, [{ play: 'axe' }, { attack: 'heroA', defender: 'heroB' }]);
    expect(q.zone('axe')).toBe('play');
    expect(q.run.g.players[0].weapon).toBe(q.e('axe').id);
    expect(q.heroHealth('B')).toBe(27);
    expect(q.events('zone').filter((r) => r.entity === q.e('axe').id).map((r) => [r.from, r.to])).toEqual([['hand', 'play']]);
    expect(checkTrace(q.run.trace)).toEqual([]);
  });
  it('mana: a card that costs more than the mana left is an illegal action, reported with its JSON path', () => {
    expect(() => quick({ active: 'A', A: { mana: 3, hand: [{ card: 'Fireball', label: 'fb' }] }, B: {} }, [{ play: 'fb', target: 'heroB' }])).toThrow(/\$\.actions\[0\]: illegal action: Fireball costs 4 mana/);
  });
});

describe('determinism and safety', () => {
  it('the same seed gives the same trace, byte for byte; another seed may pick differently', () => {
    const run = (seed: string) => JSON.stringify(quick({ active: 'A', A: { hand: [{ card: 'Mad Bomber', label: 'mb' }] }, B: { board: ['Wisp', 'Wisp', 'Bloodfen Raptor'] } }, [{ play: 'mb' }], { seed }).run.trace);
    expect(run('s1')).toBe(run('s1'));
    const picks = new Set(['s1', 's2', 's3', 's4', 's5', 's6'].map(run));
    expect(picks.size).toBeGreaterThan(1);
  });
  it('every random choice is recorded and can be forced', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Mad Bomber', label: 'mb' }] }, B: { board: [{ card: 'Chillwind Yeti', label: 'y' }] } }, [{ play: 'mb' }], { random: ['y', 'y', 'y'] });
    expect(q.events('random').every((r) => (r as { forced?: boolean }).forced)).toBe(true);
    expect(q.hp('y')).toBe(2);
  });
  it('a step budget stops an endless trigger loop with an error that names the loop', () => {
    // Two Frothing Berserker-like loops are not in the pool; Acolyte of Pain + fatigue burns forever? Use a tight budget.
    const q = quick({ active: 'B', A: { board: ['Grim Patron', 'Grim Patron'] }, B: { hand: [{ card: 'Arcane Explosion', label: 'ae' }] } }, [{ play: 'ae' }], { stepBudget: 1 });
    expect(q.run.error).toMatch(/step budget of 1 trigger resolutions exceeded: endless trigger loop\? last: minion #\d+ Grim Patron/);
  });
});
