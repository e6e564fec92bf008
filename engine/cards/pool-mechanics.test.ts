/**
 * The last mechanisms of the era's pool, each shown on a real card of spec/cards/ with the outcome its text states
 * (rule ids from spec/rules.json). Each test fails when its primitive is broken or missing.
 */
import { describe, expect, it } from 'vitest';
import { quick } from '../../test/support/engine.js';
import { attack, cost, durability, entity, hasKeyword, health } from '../state.js';

const yeti = (label: string, extra: Record<string, unknown> = {}) => ({ card: 'Chillwind Yeti', label, ...extra });
const deck = ['Chillwind Yeti', 'Chillwind Yeti', 'Chillwind Yeti'];

describe('cost changes until a card is played or a turn ends (rules cost-until-played, cost-in-hand)', () => {
  it('Kirin Tor Mage: the next Secret costs (0), this turn only; the one after costs its full cost', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Kirin Tor Mage', label: 'k' }, { card: 'Mirror Entity', label: 's1' }, { card: 'Counterspell', label: 's2' }], deck }, B: { deck } },
      [{ play: 'k' }]);
    expect([cost(q.run.g, q.e('s1')), cost(q.run.g, q.e('s2'))]).toEqual([0, 0]);
    const p = quick({ active: 'A', A: { hand: [{ card: 'Kirin Tor Mage', label: 'k' }, { card: 'Mirror Entity', label: 's1' }, { card: 'Counterspell', label: 's2' }], deck }, B: { deck } },
      [{ play: 'k' }, { play: 's1' }]);
    expect(cost(p.run.g, p.e('s2'))).toBe(3);
    expect(p.run.g.players[0].mana).toBe(10 - 3);
    const t = quick({ active: 'A', A: { hand: [{ card: 'Kirin Tor Mage', label: 'k' }, { card: 'Mirror Entity', label: 's1' }], deck }, B: { deck } },
      [{ play: 'k' }, { endTurn: true }, { endTurn: true }]);
    expect(cost(t.run.g, t.e('s1'))).toBe(3);
  });
  it('Preparation: the next spell costs (3) less; gone at the end of the turn', () => {
    const setup = { active: 'A' as const, A: { hand: [{ card: 'Preparation', label: 'p' }, { card: 'Fireball', label: 'f' }, { card: 'Frostbolt', label: 'fb' }], deck }, B: { deck } };
    expect(cost(quick(setup, [{ play: 'p' }]).run.g, quick(setup, [{ play: 'p' }]).e('f'))).toBe(1);
    const used = quick(setup, [{ play: 'p' }, { play: 'f', target: 'heroB' }]);
    expect(cost(used.run.g, used.e('fb'))).toBe(2);
    const ended = quick(setup, [{ play: 'p' }, { endTurn: true }]);
    expect(cost(ended.run.g, ended.e('f'))).toBe(4);
  });
  it("Loatheb: the enemy's spells cost (5) more during their next turn, then not", () => {
    const setup = { active: 'A' as const, A: { hand: [{ card: 'Loatheb', label: 'l' }], deck }, B: { hand: [{ card: 'Fireball', label: 'f' }], deck } };
    const mine = quick(setup, [{ play: 'l' }]);
    expect(cost(mine.run.g, mine.e('f'))).toBe(9);
    const theirs = quick(setup, [{ play: 'l' }, { endTurn: true }]);
    expect(cost(theirs.run.g, theirs.e('f'))).toBe(9);
    const after = quick(setup, [{ play: 'l' }, { endTurn: true }, { endTurn: true }]);
    expect(cost(after.run.g, after.e('f'))).toBe(4);
  });
  it('Millhouse Manastorm: enemy spells cost (0) on their next turn', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Millhouse Manastorm', label: 'm' }], deck }, B: { hand: [{ card: 'Fireball', label: 'f' }], deck } }, [{ play: 'm' }, { endTurn: true }]);
    expect(cost(q.run.g, q.e('f'))).toBe(0);
  });
  it('Pint-Sized Summoner: only the first minion played each turn costs (1) less', () => {
    const setup = { active: 'A' as const, A: { board: [{ card: 'Pint-Sized Summoner' }], hand: [{ card: 'Wisp', label: 'w' }, yeti('y')], deck }, B: { deck } };
    const before = quick(setup, []);
    expect(cost(before.run.g, before.e('y'))).toBe(3);
    const after = quick(setup, [{ play: 'w' }]);
    expect(cost(after.run.g, after.e('y'))).toBe(4);
  });
  it('Dragon Consort: the next Dragon costs (2) less, across turns, until one is played', () => {
    const setup = { active: 'A' as const, A: { hand: [{ card: 'Dragon Consort', label: 'd' }, { card: 'Azure Drake', label: 'a' }, { card: 'Azure Drake', label: 'b' }, yeti('y')], deck }, B: { deck } };
    const later = quick(setup, [{ play: 'd' }, { endTurn: true }, { endTurn: true }]);
    expect([cost(later.run.g, later.e('a')), cost(later.run.g, later.e('y'))]).toEqual([3, 4]);
    const used = quick(setup, [{ play: 'd' }, { endTurn: true }, { endTurn: true }, { play: 'a' }]);
    expect(cost(used.run.g, used.e('b'))).toBe(5);
  });
});

describe('repeats and remembered amounts (rule repeat-until)', () => {
  it('Bouncing Blade hits random minions one at a time until one dies', () => {
    for (const seed of ['a', 'b', 'c']) {
      const q = quick({ active: 'A', A: { hand: [{ card: 'Bouncing Blade', label: 'bb' }], board: [yeti('x')], deck }, B: { board: [yeti('y'), { card: 'Wisp', label: 'w' }], deck } }, [{ play: 'bb' }], { seed });
      const dead = ['x', 'y', 'w'].filter((l) => q.zone(l) === 'graveyard');
      expect(dead).toHaveLength(1);
      const hits = q.events('damage').length;
      const taken = ['x', 'y'].filter((l) => q.zone(l) === 'play').reduce((n, l) => n + q.e(l).damage, 0);
      // every hit but the last landed on a survivor; the last killed the dead one (Wisp 1, Yeti 5)
      expect(hits).toBe(taken + (dead[0] === 'w' ? 1 : 5));
    }
  });
  it('Brawl destroys every minion but one, picked at random', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Brawl', label: 'b' }], board: [yeti('a'), yeti('b2')], deck }, B: { board: [yeti('c')], deck } }, [{ play: 'b' }], { random: ['c'] });
    expect(['a', 'b2', 'c'].map((l) => q.zone(l))).toEqual(['graveyard', 'graveyard', 'play']);
  });
  it('Imp-losion summons one Imp for each damage it rolled', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Imp-losion', label: 'i' }], deck }, B: { board: [yeti('y')], deck } }, [{ play: 'i', target: 'y' }], { random: [3] });
    expect(q.hp('y')).toBe(2);
    const imps = q.run.g.players[0].board.map((id) => entity(q.run.g, id).card.id);
    expect(imps).toEqual(['GVG_045t', 'GVG_045t', 'GVG_045t']);
  });
  it('Poison Seeds: every minion dies, and each side gets a 2/2 Treant for each of its own', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Poison Seeds', label: 'p' }], board: [yeti('a'), yeti('b')], deck }, B: { board: [yeti('c')], deck } }, [{ play: 'p' }]);
    expect(['a', 'b', 'c'].map((l) => q.zone(l))).toEqual(['graveyard', 'graveyard', 'graveyard']);
    const cards = (s: 0 | 1) => q.run.g.players[s].board.map((id) => entity(q.run.g, id).card.id);
    expect([cards(0), cards(1)]).toEqual([['FP1_019t', 'FP1_019t'], ['FP1_019t']]);
  });
});

describe('Health swapped or set (rules health-set, health)', () => {
  it("Vol'jin swaps current Health with another minion; each is undamaged at its new Health", () => {
    const q = quick({ active: 'A', A: { hand: [{ card: "Vol'jin", label: 'v' }], deck }, B: { board: [yeti('y', { damage: 2 })], deck } }, [{ play: 'v', target: 'y' }]);
    expect([q.hp('v'), q.hp('y'), q.e('y').damage]).toEqual([3, 2, 0]);
  });
  it("Alexstrasza sets a hero's remaining Health to 15, up or down", () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Alexstrasza', label: 'a' }], deck }, B: { deck } }, [{ play: 'a', target: 'heroB' }]);
    expect(q.heroHealth('B')).toBe(15);
    const up = quick({ active: 'A', A: { health: 6, hand: [{ card: 'Alexstrasza', label: 'a' }], deck }, B: { deck } }, [{ play: 'a', target: 'heroA' }]);
    expect(up.heroHealth('A')).toBe(15);
  });
});

describe('random keywords, cards and hero powers (rules cost-in-hand, hero-power-replaced)', () => {
  it('Enhance-o Mechano gives each other friendly minion one of Windfury, Taunt, Divine Shield', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Enhance-o Mechano', label: 'e' }], board: [yeti('a'), yeti('b')], deck }, B: { deck } }, [{ play: 'e' }], { random: [0, 2] });
    expect([hasKeyword(q.run.g, q.e('a'), 'windfury'), q.e('b').divineShield, hasKeyword(q.run.g, q.e('e'), 'taunt')]).toEqual([true, true, false]);
  });
  it('Recombobulator transforms a friendly minion into a random minion of the same Cost', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Recombobulator', label: 'r' }], board: [yeti('y')], deck }, B: { deck } }, [{ play: 'r', target: 'y' }]);
    expect(q.e('y').card.cost).toBe(4);
    expect(q.events('stats').some((r) => String(r.why).startsWith('transform:'))).toBe(true);
    expect(q.events('random').at(-1)!.what).toMatch(/"cost":4/);
  });
  it('Unstable Portal: the random minion costs (3) less; Call Pet: a Beast drawn costs (4) less, another card not', () => {
    const u = quick({ active: 'A', A: { hand: [{ card: 'Unstable Portal', label: 'u' }], deck }, B: { deck } }, [{ play: 'u' }]);
    const added = entity(u.run.g, u.run.g.players[0].hand[0]!);
    expect(cost(u.run.g, added)).toBe(Math.max(0, (added.card.cost ?? 0) - 3));
    const beast = quick({ active: 'A', A: { hand: [{ card: 'Call Pet', label: 'c' }], deck: [{ card: 'Core Hound', label: 'h' }] }, B: { deck } }, [{ play: 'c' }]);
    expect(cost(beast.run.g, beast.e('h'))).toBe(7 - 4);
    const other = quick({ active: 'A', A: { hand: [{ card: 'Call Pet', label: 'c' }], deck: [yeti('y')] }, B: { deck } }, [{ play: 'c' }]);
    expect(cost(other.run.g, other.e('y'))).toBe(4);
  });
  it('Gnomish Experimenter: a minion it draws becomes a Chicken; a spell stays', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Gnomish Experimenter', label: 'g' }], deck: [yeti('y')] }, B: { deck } }, [{ play: 'g' }]);
    expect([q.zone('y'), q.e('y').card.id]).toEqual(['hand', 'GVG_092t']);
    const s = quick({ active: 'A', A: { hand: [{ card: 'Gnomish Experimenter', label: 'g' }], deck: [{ card: 'Fireball', label: 'f' }] }, B: { deck } }, [{ play: 'g' }]);
    expect(s.e('f').card.name).toBe('Fireball');
  });
  it('Shadowform: the Hero Power becomes Mind Spike (2 damage), then Mind Shatter (3), usable again this turn', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Shadowform', label: 's1' }, { card: 'Shadowform', label: 's2' }], deck }, B: { deck } },
      [{ play: 's1' }, { heroPower: 'A', target: 'heroB' }, { play: 's2' }, { heroPower: 'A', target: 'heroB' }]);
    expect(entity(q.run.g, q.run.g.players[0].heroPower!).card.id).toBe('EX1_625t2');
    expect(q.heroHealth('B')).toBe(30 - 2 - 3);
  });
  it('Gelbin Mekkatorque summons one of the four inventions; Elite Tauren Chieftain gives each player a Power Chord', () => {
    const g = quick({ active: 'A', A: { hand: [{ card: 'Gelbin Mekkatorque', label: 'g' }], deck }, B: { deck } }, [{ play: 'g' }], { random: [3] });
    expect(g.run.g.players[0].board.map((id) => entity(g.run.g, id).card.id)).toEqual(['EX1_112', 'Mekka4']);
    const e = quick({ active: 'A', A: { hand: [{ card: 'Elite Tauren Chieftain', label: 'e' }], deck }, B: { deck } }, [{ play: 'e' }], { random: [0, 1] });
    expect(e.run.g.players.map((p) => p.hand.map((id) => entity(e.run.g, id).card.id))).toEqual([['PRO_001a'], ['PRO_001b']]);
  });
});

describe('events: Armor gained, Secret revealed; damage by another; auras sized by a count (rules armor, secrets, 4a)', () => {
  it('Siege Engine gains +1 Attack whenever its hero gains Armor', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Shield Block', label: 'sb' }], board: [{ card: 'Siege Engine', label: 's' }], deck }, B: { deck } }, [{ play: 'sb' }]);
    expect(q.atk('s')).toBe(6);
    const none = quick({ active: 'A', A: { board: [{ card: 'Siege Engine', label: 's' }], deck }, B: { hand: [{ card: 'Shield Block', label: 'sb' }], deck } }, [{ endTurn: true }, { play: 'sb' }]);
    expect(none.atk('s')).toBe(5);
  });
  it('Eaglehorn Bow gains +1 Durability when a friendly Secret is revealed', () => {
    const q = quick({ active: 'A', A: { weapon: { card: 'Eaglehorn Bow', label: 'bow' }, hand: [{ card: 'Explosive Trap', label: 't' }], deck }, B: { board: [yeti('y')], deck } },
      [{ play: 't' }, { endTurn: true }, { attack: 'y', defender: 'heroA' }]);
    expect(q.events('trigger_abort').filter((r) => r.rule === '4a')).toHaveLength(0);
    expect(durability(q.run.g, q.e('bow'))).toBe(3);
  });
  it('Betrayal: the enemy minion deals its damage to its neighbours, as their source (Poisonous kills)', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Betrayal', label: 'b' }], deck }, B: { board: [yeti('l'), { card: 'Emperor Cobra', label: 'c' }, yeti('r')], deck } }, [{ play: 'b', target: 'c' }]);
    expect(['l', 'c', 'r'].map((l) => q.zone(l))).toEqual(['graveyard', 'play', 'graveyard']);
    expect(q.events('damage').every((r) => r.source === q.e('c').id)).toBe(true);
  });
  it('Old Murk-Eye has +1 Attack for each other Murloc on the battlefield', () => {
    const q = quick({ active: 'A', A: { board: [{ card: 'Old Murk-Eye', label: 'o' }, { card: 'Murloc Raider' }], deck }, B: { board: [{ card: 'Murloc Raider' }, yeti('y')], deck } }, []);
    expect(q.atk('o')).toBe(2 + 2);
  });
});

describe('tokens named like others', () => {
  it('Imp Gang Boss summons its own Imp when damaged; "Imp" still names the Imp Master token', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Moonfire', label: 'm' }], board: [{ card: 'Imp Gang Boss', label: 'b' }, { card: 'Imp', label: 'i' }], deck }, B: { deck } }, [{ play: 'm', target: 'b' }]);
    expect(q.e('i').card.id).toBe('EX1_598');
    expect(q.run.g.players[0].board.map((id) => entity(q.run.g, id).card.id)).toEqual(['BRM_006', 'BRM_006t', 'EX1_598']);
  });
  it('Onyxia summons Whelps until her side is full', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Onyxia', label: 'o' }], board: [yeti('y')], deck }, B: { deck } }, [{ play: 'o' }]);
    const ids = q.run.g.players[0].board.map((id) => entity(q.run.g, id).card.id);
    expect(ids.filter((c) => c === 'ds1_whelptoken')).toHaveLength(5);
    expect(ids).toHaveLength(7);
  });
});

describe('draws and cards in hand that act (rules draw-event, add-to-hand)', () => {
  it('Chromaggus: each card its player draws is put into the hand a second time (the copy is not a draw)', () => {
    const q = quick({ active: 'A', A: { board: [{ card: 'Chromaggus' }], hand: [{ card: 'Arcane Intellect', label: 'ai' }], deck }, B: { deck } }, [{ play: 'ai' }]);
    expect(q.run.g.players[0].hand.map((id) => entity(q.run.g, id).card.name)).toEqual(Array(4).fill('Chillwind Yeti'));
    expect(q.drawn('A')).toBe(2);
    const enemy = quick({ active: 'B', A: { board: [{ card: 'Chromaggus' }], deck }, B: { hand: [{ card: 'Arcane Intellect', label: 'ai' }], deck } }, [{ play: 'ai' }]);
    expect(enemy.run.g.players[0].hand).toHaveLength(0);
  });
  it('Flame Leviathan: drawing it deals 2 damage to all characters; in play or merely in hand it does nothing', () => {
    const q = quick({ active: 'B', A: { board: [yeti('y')], deck: [{ card: 'Flame Leviathan', label: 'f' }] }, B: { deck } }, [{ endTurn: true }]);
    expect([q.zone('f'), q.hp('y'), q.heroHealth('A'), q.heroHealth('B')]).toEqual(['hand', 3, 28, 28]);
    const held = quick({ active: 'B', A: { board: [yeti('y')], hand: [{ card: 'Flame Leviathan' }], deck }, B: { deck } }, [{ endTurn: true }]);
    expect(held.hp('y')).toBe(5);
  });
  it("Iron Juggernaut's Mine explodes when its victim draws it: 10 damage, the Mine is gone, a card is drawn", () => {
    // B's deck holds only the Mine: drawn at B's turn start, it explodes (10) and its own draw finds an empty deck (fatigue 1)
    const q = quick({ active: 'A', A: { hand: [{ card: 'Iron Juggernaut', label: 'j' }], deck }, B: { deck: [] } }, [{ play: 'j' }, { endTurn: true }]);
    expect(q.heroHealth('B')).toBe(30 - 10 - 1);
    expect(q.events('fatigue')).toHaveLength(1);
    const mine = [...q.run.g.entities.values()].find((e) => e.card.id === 'GVG_056t')!;
    expect(mine.zone).toBe('graveyard');
  });
  it('Bolvar Fordragon gains +1 Attack in the hand for each friendly minion that dies; not in play', () => {
    const mine = quick({ active: 'B', A: { hand: [{ card: 'Bolvar Fordragon', label: 'b' }], board: [{ card: 'Wisp' }, { card: 'Wisp' }], deck }, B: { hand: [{ card: 'Consecration', label: 'c' }], deck } }, [{ play: 'c' }]);
    expect(mine.atk('b')).toBe(1 + 2);
    const inPlay = quick({ active: 'B', A: { board: [{ card: 'Bolvar Fordragon', label: 'b' }, { card: 'Wisp' }], deck }, B: { hand: [{ card: 'Consecration', label: 'c' }], deck } }, [{ play: 'c' }]);
    expect(inPlay.atk('b')).toBe(1);
  });
});

describe('delayed effects and Secrets changing sides (rules delayed-effects, secrets)', () => {
  it('Headcrack with Combo comes back to the hand at the start of the next turn; without Combo it does not', () => {
    const combo = quick({ active: 'A', A: { hand: [{ card: 'Wisp', label: 'w' }, { card: 'Headcrack', label: 'h' }], deck }, B: { deck } }, [{ play: 'w' }, { play: 'h' }, { endTurn: true }, { endTurn: true }]);
    expect(combo.heroHealth('B')).toBe(28);
    expect(combo.run.g.players[0].hand.map((id) => entity(combo.run.g, id).card.id)).toContain('EX1_137');
    expect(combo.events('add_to_hand')).toHaveLength(1);
    const plain = quick({ active: 'A', A: { hand: [{ card: 'Headcrack', label: 'h' }], deck }, B: { deck } }, [{ play: 'h' }, { endTurn: true }, { endTurn: true }]);
    expect(plain.run.g.players[0].hand.map((id) => entity(plain.run.g, id).card.id)).not.toContain('EX1_137');
  });
  it('Echoing Ooze: an exact copy (its buffs and damage) at the end of the turn; none if it died first', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Echoing Ooze', label: 'o' }, { card: 'Blessing of Kings', label: 'k' }, { card: 'Moonfire', label: 'm' }], deck }, B: { deck } },
      [{ play: 'o' }, { play: 'k', target: 'o' }, { play: 'm', target: 'o' }, { endTurn: true }]);
    const g = q.run.g;
    const copy = entity(g, g.players[0].board.find((id) => id !== q.e('o').id)!);
    expect([copy.card.id, attack(g, copy), health(g, copy), copy.enchantments.length]).toEqual(['FP1_003', 5, 5, 1]);
    // one copy, at the end of this turn only (the enchantment that made it is not copied)
    const more = quick({ active: 'A', A: { hand: [{ card: 'Echoing Ooze', label: 'o' }], deck }, B: { deck } }, [{ play: 'o' }, { endTurn: true }, { endTurn: true }, { endTurn: true }]);
    expect(more.run.g.players[0].board).toHaveLength(2);
    const died = quick({ active: 'A', A: { hand: [{ card: 'Echoing Ooze', label: 'o' }, { card: 'Fireball', label: 'f' }], deck }, B: { deck } }, [{ play: 'o' }, { play: 'f', target: 'o' }, { endTurn: true }]);
    expect(died.run.g.players[0].board).toHaveLength(0);
  });
  it('Kezan Mystic takes a random enemy Secret; one its player already has is destroyed', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Kezan Mystic', label: 'k' }], deck }, B: { secrets: [{ card: 'Counterspell', label: 's' }], deck } }, [{ play: 'k' }]);
    expect([q.zone('s'), q.e('s').controller, q.run.g.players[0].secrets]).toEqual(['secret', 0, [q.e('s').id]]);
    const dup = quick({ active: 'A', A: { hand: [{ card: 'Kezan Mystic', label: 'k' }], secrets: ['Counterspell'], deck }, B: { secrets: [{ card: 'Counterspell', label: 's' }], deck } }, [{ play: 'k' }]);
    expect([dup.zone('s'), dup.run.g.players[1].secrets]).toEqual(['graveyard', []]);
  });
});

describe('doubled spells, Health floors, "while attacking", swaps with the hand, a pick from the deck (rules doubled, health-floor, while-attacking, 2-force-play)', () => {
  it('Prophet Velen doubles the damage and healing of spells and the Hero Power, not of Battlecries', () => {
    const q = quick({ active: 'A', A: { board: [{ card: 'Prophet Velen' }], hand: [{ card: 'Moonfire', label: 'm' }, { card: 'Elven Archer', label: 'e' }], deck }, B: { board: [yeti('y')], deck } },
      [{ play: 'm', target: 'y' }, { play: 'e', target: 'heroB' }]);
    expect([q.hp('y'), q.heroHealth('B')]).toEqual([3, 29]);
    const two = quick({ active: 'A', A: { board: [{ card: 'Prophet Velen' }, { card: 'Prophet Velen' }], hand: [{ card: 'Moonfire', label: 'm' }], deck }, B: { deck } }, [{ play: 'm', target: 'heroB' }]);
    expect(two.heroHealth('B')).toBe(26);
    const heal = quick({ active: 'A', A: { health: 10, board: [{ card: 'Prophet Velen' }], hand: [{ card: 'Holy Light', label: 'h' }], deck }, B: { deck } }, [{ play: 'h', target: 'heroA' }]);
    expect(heal.heroHealth('A')).toBe(22);
  });
  it("Commanding Shout: this turn its player's minions stop at 1 Health; next turn they do not", () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Commanding Shout', label: 'c' }, { card: 'Fireball', label: 'f' }], board: [yeti('y')], deck }, B: { deck } }, [{ play: 'c' }, { play: 'f', target: 'y' }]);
    expect([q.zone('y'), q.hp('y')]).toEqual(['play', 1]);
    const later = quick({ active: 'A', A: { hand: [{ card: 'Commanding Shout', label: 'c' }], board: [yeti('y')], deck }, B: { hand: [{ card: 'Fireball', label: 'f' }], deck } }, [{ play: 'c' }, { endTurn: true }, { play: 'f', target: 'y' }]);
    expect(later.zone('y')).toBe('graveyard');
  });
  it("Gladiator's Longbow: its hero takes no damage while attacking, and is hit again once the attack is over", () => {
    const q = quick({ active: 'A', A: { weapon: "Gladiator's Longbow", hand: [{ card: 'Hellfire', label: 'h' }], deck }, B: { board: [yeti('y')], deck } }, [{ attack: 'heroA', defender: 'y' }, { play: 'h' }]);
    expect(q.heroHealth('A')).toBe(30 - 3);
    expect(q.zone('y')).toBe('graveyard');
  });
  it('Alarm-o-Bot swaps places with a random minion of the hand at the start of its turn (put into play: no Battlecry)', () => {
    const q = quick({ active: 'B', A: { board: [yeti('l'), { card: 'Alarm-o-Bot', label: 'a' }], hand: [{ card: 'Elven Archer', label: 'e' }, { card: 'Fireball', label: 'f' }], deck }, B: { deck } }, [{ endTurn: true }]);
    const board = q.run.g.players[0].board;
    expect([q.zone('a'), board.indexOf(q.e('e').id), q.zone('f')]).toEqual(['hand', 1, 'hand']);
    expect(q.heroHealth('B')).toBe(30);
    const none = quick({ active: 'B', A: { board: [{ card: 'Alarm-o-Bot', label: 'a' }], hand: [{ card: 'Fireball' }], deck }, B: { deck } }, [{ endTurn: true }]);
    expect(none.zone('a')).toBe('play');
  });
  it('Tracking: the chosen card of the top three is drawn, the other two are discarded', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Tracking', label: 't' }], deck: [yeti('a'), yeti('b'), yeti('c'), yeti('d')] }, B: { deck } }, [{ play: 't', choose: 2 }]);
    expect(['a', 'b', 'c', 'd'].map((l) => q.zone(l))).toEqual(['graveyard', 'hand', 'graveyard', 'deck']);
    expect(q.drawn('A')).toBe(1);
  });
});

describe('attacks that hit more or wear the weapon otherwise (rules cleave, weapon-wear)', () => {
  it("Foe Reaper 4000 also damages the defender's neighbours, at the same time; not when it attacks a hero", () => {
    const q = quick({ active: 'A', A: { board: [{ card: 'Foe Reaper 4000', label: 'f' }], deck }, B: { board: [yeti('l'), yeti('m'), yeti('r'), yeti('x')], deck } }, [{ attack: 'f', defender: 'm' }]);
    expect(['l', 'm', 'r', 'x'].map((l) => q.zone(l))).toEqual(['graveyard', 'graveyard', 'graveyard', 'play']);
    // the combat damage: the defender, the hit back, then both neighbours, all dealt at once (Rule 2b)
    expect(q.events('damage').map((r) => r.amount)).toEqual([6, 4, 6, 6]);
    expect(q.hp('f')).toBe(9 - 4);
    const hero = quick({ active: 'A', A: { board: [{ card: 'Foe Reaper 4000', label: 'f' }], deck }, B: { board: [yeti('l')], deck } }, [{ attack: 'f', defender: 'heroB' }]);
    expect(hero.hp('l')).toBe(5);
  });
  it('Gorehowl: attacking a minion costs 1 Attack, not Durability; attacking a hero costs Durability', () => {
    const q = quick({ active: 'A', A: { weapon: { card: 'Gorehowl', label: 'g' }, deck }, B: { board: [{ card: 'Wisp', label: 'w' }], deck } }, [{ attack: 'heroA', defender: 'w' }]);
    expect([q.atk('g'), durability(q.run.g, q.e('g'))]).toEqual([6, 1]);
    const hero = quick({ active: 'A', A: { weapon: { card: 'Gorehowl', label: 'g' }, deck }, B: { deck } }, [{ attack: 'heroA', defender: 'heroB' }]);
    expect(hero.zone('g')).toBe('graveyard');
  });
});

describe('damage that would kill a hero (rule fatal-damage)', () => {
  it('Ice Block prevents the fatal damage and makes its hero Immune this turn; damage that is not fatal is taken', () => {
    const q = quick({ active: 'B', A: { health: 5, secrets: [{ card: 'Ice Block', label: 'ib' }], deck }, B: { hand: [{ card: 'Fireball', label: 'f' }, { card: 'Moonfire', label: 'm' }], deck } },
      [{ play: 'f', target: 'heroA' }, { play: 'm', target: 'heroA' }]);
    expect([q.heroHealth('A'), q.zone('ib'), q.run.g.result]).toEqual([5, 'graveyard', 'ongoing']);
    const after = quick({ active: 'B', A: { health: 5, secrets: [{ card: 'Ice Block', label: 'ib' }], deck }, B: { hand: [{ card: 'Fireball', label: 'f' }, { card: 'Moonfire', label: 'm' }], deck } },
      [{ play: 'f', target: 'heroA' }, { endTurn: true }, { endTurn: true }, { play: 'm', target: 'heroA' }]);
    expect(after.heroHealth('A')).toBe(4);
    const small = quick({ active: 'B', A: { health: 5, secrets: [{ card: 'Ice Block', label: 'ib' }], deck }, B: { hand: [{ card: 'Moonfire', label: 'm' }], deck } }, [{ play: 'm', target: 'heroA' }]);
    expect([small.heroHealth('A'), small.zone('ib')]).toEqual([4, 'secret']);
  });
});
