/**
 * The card primitives the era's pool needs, each shown on a real card of the pool (spec/cards/) with the outcome its
 * text states (rule ids from spec/rules.json). Each test fails when its primitive is broken or missing.
 */
import { describe, expect, it } from 'vitest';
import { quick } from '../../test/support/engine.js';
import { cost, durability, entity, hasKeyword, spellDamage } from '../state.js';

const yeti = (label: string) => ({ card: 'Chillwind Yeti', label });
const deck = ['Chillwind Yeti', 'Chillwind Yeti', 'Chillwind Yeti'];

describe('this turn (rule this-turn)', () => {
  it('Abusive Sergeant: +2 Attack this turn, gone at the end of the turn', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Abusive Sergeant', label: 's' }], board: [yeti('y')], deck }, B: { deck } }, [{ play: 's', target: 'y' }]);
    expect(q.atk('y')).toBe(6);
    const after = quick({ active: 'A', A: { hand: [{ card: 'Abusive Sergeant', label: 's' }], board: [yeti('y')], deck }, B: { deck } }, [{ play: 's', target: 'y' }, { endTurn: true }]);
    expect(after.atk('y')).toBe(4);
  });
  it('Power Overwhelming: +4/+4, and the minion dies at the end of the turn', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Power Overwhelming', label: 'p' }], board: [yeti('y')], deck }, B: { deck } }, [{ play: 'p', target: 'y' }, { endTurn: true }]);
    expect(q.zone('y')).toBe('graveyard');
  });
});

describe('keywords granted (rule keywords-granted, silence)', () => {
  it('Charge (the spell): an exhausted minion can attack at once; without it the attack is refused', () => {
    const base = { active: 'A' as const, A: { hand: [{ card: 'Charge', label: 'c' }], board: [{ card: 'Chillwind Yeti', label: 'y', exhausted: true }], deck }, B: { heroLabel: 'hb', deck } };
    const q = quick(base, [{ play: 'c', target: 'y' }, { attack: 'y', defender: 'hb' }]);
    expect(q.heroHealth('B')).toBe(30 - 6);
    const no = quick(base, [{ attack: 'y', defender: 'hb', illegal: true }]);
    expect(no.heroHealth('B')).toBe(30);
  });
  it('Hand of Protection: the Divine Shield it gives absorbs the next damage; Silence takes it away', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Hand of Protection', label: 'h' }, { card: 'Moonfire', label: 'm' }], board: [yeti('y')], deck }, B: { deck } }, [{ play: 'h', target: 'y' }, { play: 'm', target: 'y' }]);
    expect(q.hp('y')).toBe(5);
    expect(q.events('divine_shield_pop')).toHaveLength(1);
    const s = quick({ active: 'A', A: { hand: [{ card: 'Hand of Protection', label: 'h' }, { card: 'Silence', label: 'si' }, { card: 'Moonfire', label: 'm' }], board: [yeti('y')], deck }, B: { deck } }, [{ play: 'h', target: 'y' }, { play: 'si', target: 'y' }, { play: 'm', target: 'y' }]);
    expect(s.hp('y')).toBe(4);
  });
  it('Faerie Dragon cannot be targeted by spells; Ancient Watcher cannot attack', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Moonfire', label: 'm' }], board: [{ card: 'Ancient Watcher', label: 'w' }], deck }, B: { board: [{ card: 'Faerie Dragon', label: 'fd' }], heroLabel: 'hb', deck } },
      [{ play: 'm', target: 'fd', illegal: true }, { attack: 'w', defender: 'hb', illegal: true }]);
    expect(q.hp('fd')).toBe(2);
    expect(q.heroHealth('B')).toBe(30);
    expect(q.events('refused')).toHaveLength(2);
  });
});

describe('Overload and Mana Crystals (rules overload, mana-crystals)', () => {
  it('Lightning Bolt locks a crystal next turn; Lava Shock unlocks it', () => {
    const setup = { active: 'A' as const, turn: 3, A: { mana: 5, hand: [{ card: 'Lightning Bolt', label: 'lb' }], deck: ['Lava Shock', 'Lava Shock', 'Lava Shock'] }, B: { heroLabel: 'hb', deck } };
    const q = quick(setup, [{ play: 'lb', target: 'hb' }, { endTurn: true }, { endTurn: true }]);
    const a = q.run.g.players[0];
    expect([a.maxMana, a.overloaded, a.mana]).toEqual([6, 1, 5]);
    const u = quick({ ...setup, A: { ...setup.A, hand: [{ card: 'Lightning Bolt', label: 'lb' }], deck: [{ card: 'Lava Shock', label: 'ls' }] } },
      [{ play: 'lb', target: 'hb' }, { endTurn: true }, { endTurn: true }, { play: 'ls', target: 'hb' }]);
    // 6 crystals, 1 locked: 5 mana; Lava Shock costs 2 and gives the locked one back
    expect(u.run.g.players[0].mana).toBe(5 - 2 + 1);
    expect(u.run.g.players[0].overloaded).toBe(0);
  });
  it('Innervate gives mana this turn only; Wild Growth an empty crystal; Felguard destroys one', () => {
    const inn = quick({ active: 'A', A: { mana: 3, hand: [{ card: 'Innervate', label: 'i' }] }, B: {} }, [{ play: 'i' }]);
    expect([inn.run.g.players[0].mana, inn.run.g.players[0].maxMana]).toEqual([5, 3]);
    const wg = quick({ active: 'A', A: { mana: 3, hand: [{ card: 'Wild Growth', label: 'w' }] }, B: {} }, [{ play: 'w' }]);
    expect([wg.run.g.players[0].mana, wg.run.g.players[0].maxMana]).toEqual([1, 4]);
    const fg = quick({ active: 'A', A: { mana: 4, hand: [{ card: 'Felguard', label: 'f' }] }, B: {} }, [{ play: 'f' }]);
    expect([fg.run.g.players[0].mana, fg.run.g.players[0].maxMana]).toEqual([1, 3]);
  });
});

describe('Combo (rule combo)', () => {
  it('Eviscerate deals 2, or 4 after another card this turn', () => {
    const alone = quick({ active: 'A', A: { hand: [{ card: 'Eviscerate', label: 'e' }] }, B: { board: [{ card: 'Boulderfist Ogre', label: 'o' }] } }, [{ play: 'e', target: 'o' }]);
    expect(alone.hp('o')).toBe(5);
    const combo = quick({ active: 'A', A: { hand: [{ card: 'Wisp', label: 'w' }, { card: 'Eviscerate', label: 'e' }] }, B: { board: [{ card: 'Boulderfist Ogre', label: 'o' }] } }, [{ play: 'w' }, { play: 'e', target: 'o' }]);
    expect(combo.hp('o')).toBe(3);
  });
  it('Edwin VanCleef: +2/+2 for each card played earlier this turn', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Wisp', label: 'w1' }, { card: 'Wisp', label: 'w2' }, { card: 'Edwin VanCleef', label: 'ed' }] }, B: {} }, [{ play: 'w1' }, { play: 'w2' }, { play: 'ed' }]);
    expect([q.atk('ed'), q.hp('ed')]).toEqual([6, 6]);
  });
  it("Perdition's Blade: a weapon's Battlecry, 1 damage, or 2 with Combo", () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Wisp', label: 'w' }, { card: "Perdition's Blade", label: 'pb' }] }, B: { board: [yeti('y')] } }, [{ play: 'w' }, { play: 'pb', target: 'y' }]);
    expect(q.hp('y')).toBe(3);
  });
});

describe('set stats', () => {
  it("Hunter's Mark: Health becomes 1; Inner Fire: Attack becomes the Health", () => {
    const q = quick({ active: 'A', A: { hand: [{ card: "Hunter's Mark", label: 'hm' }, { card: 'Inner Fire', label: 'if' }] }, B: { board: [{ card: 'Chillwind Yeti', label: 'y', damage: 2 }] } }, [{ play: 'hm', target: 'y' }, { play: 'if', target: 'y' }]);
    expect([q.atk('y'), q.hp('y')]).toEqual([1, 1]);
  });
});

describe('costs (rule cost-in-hand)', () => {
  it('Sea Giant costs (1) less for each minion on the battlefield', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Sea Giant', label: 'sg' }], board: [yeti('a'), yeti('b')] }, B: { board: [yeti('c')] } }, []);
    expect(cost(q.run.g, q.e('sg'))).toBe(10 - 3);
  });
  it("Dragon's Breath costs (1) less for each minion that died this turn", () => {
    const q = quick({ active: 'A', A: { hand: [{ card: "Dragon's Breath", label: 'db' }, { card: 'Consecration', label: 'c' }] }, B: { board: [{ card: 'Wisp', label: 'w1' }, { card: 'Wisp', label: 'w2' }] } }, [{ play: 'c' }]);
    expect(cost(q.run.g, q.e('db'))).toBe(5 - 2);
  });
  it('Emperor Thaurissan: the cards in hand keep an enchantment that makes them cost (1) less', () => {
    const q = quick({ active: 'A', A: { board: [{ card: 'Emperor Thaurissan', label: 'et' }], hand: [{ card: 'Fireball', label: 'fb' }], deck }, B: { deck } }, [{ endTurn: true }]);
    expect(cost(q.run.g, q.e('fb'))).toBe(3);
  });
});

describe('cards into hand and deck (rule add-to-hand)', () => {
  it('Archmage Antonidas puts a Fireball into the hand: not a draw', () => {
    const q = quick({ active: 'A', A: { board: [{ card: 'Archmage Antonidas', label: 'aa' }], hand: [{ card: 'Arcane Explosion', label: 'ae' }] }, B: {} }, [{ play: 'ae' }]);
    expect(q.run.g.players[0].hand.map((id) => entity(q.run.g, id).card.name)).toEqual(['Fireball']);
    expect(q.events('add_to_hand')).toHaveLength(1);
    expect(q.drawn('A')).toBe(0);
  });
  it('Gang Up shuffles three copies into the deck, each at a recorded random place', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Gang Up', label: 'g' }], deck }, B: { board: [{ card: 'Wisp', label: 'w' }] } }, [{ play: 'g', target: 'w' }]);
    const names = q.run.g.players[0].deck.map((id) => entity(q.run.g, id).card.name);
    expect(names.filter((n) => n === 'Wisp')).toHaveLength(3);
    expect(q.events('shuffle')).toHaveLength(3);
  });
});

describe('Choose One', () => {
  it('Wrath: the option the action names (1: 3 damage; 2: 1 damage and a card)', () => {
    const setup = { active: 'A' as const, A: { hand: [{ card: 'Wrath', label: 'w' }], deck }, B: { board: [{ card: 'Boulderfist Ogre', label: 'o' }] } };
    const one = quick(setup, [{ play: 'w', target: 'o', choose: 1 }]);
    expect([one.hp('o'), one.drawn('A')]).toEqual([4, 0]);
    const two = quick(setup, [{ play: 'w', target: 'o', choose: 2 }]);
    expect([two.hp('o'), two.drawn('A')]).toEqual([6, 1]);
    const bad = quick(setup, [{ play: 'w', target: 'o', choose: 3, illegal: true }]);
    expect(bad.hp('o')).toBe(7);
  });
  it('Druid of the Claw transforms into the chosen form', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Druid of the Claw', label: 'd' }] }, B: {} }, [{ play: 'd', choose: 2 }]);
    expect([q.e('d').card.id, q.hp('d')]).toEqual(['EX1_165t2', 6]);
  });
});

describe('random cards of the pool, conditional auras, enchantments with Spell Damage or on weapons', () => {
  it('Piloted Shredder summons a random collectible 2-Cost minion', () => {
    const q = quick({ active: 'B', A: { board: [{ card: 'Piloted Shredder', label: 'ps', damage: 2 }] }, B: { hand: [{ card: 'Moonfire', label: 'm' }] } }, [{ play: 'm', target: 'ps' }]);
    const [m] = q.run.g.players[0].board.map((id) => entity(q.run.g, id).card);
    expect(m!.cost).toBe(2);
    expect(m!.token).toBeFalsy();
  });
  it('Cogmaster has +2 Attack only while its player has a Mech', () => {
    const no = quick({ active: 'A', A: { board: [{ card: 'Cogmaster', label: 'c' }] }, B: {} }, []);
    const yes = quick({ active: 'A', A: { board: [{ card: 'Cogmaster', label: 'c' }, { card: 'Mechwarper', label: 'm' }] }, B: {} }, []);
    expect([no.atk('c'), yes.atk('c')]).toEqual([1, 3]);
  });
  it("Velen's Chosen gives Spell Damage +1; Captain Greenskin's +1/+1 on a weapon is +1 Durability", () => {
    const v = quick({ active: 'A', A: { hand: [{ card: "Velen's Chosen", label: 'v' }], board: [yeti('y')] }, B: {} }, [{ play: 'v', target: 'y' }]);
    expect(spellDamage(v.run.g, 0)).toBe(1);
    const c = quick({ active: 'A', A: { hand: [{ card: 'Captain Greenskin', label: 'cg' }], weapon: { card: 'Fiery War Axe', label: 'axe' } }, B: {} }, [{ play: 'cg' }]);
    expect([c.atk('axe'), durability(c.run.g, c.e('axe'))]).toEqual([4, 3]);
  });
});

describe('per-target amounts, event amounts, drawn cards, sums, weapon auras, turn conditions, mill', () => {
  it('Lightbomb: each minion takes damage equal to its own Attack, all at once', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Lightbomb', label: 'l' }], board: [yeti('y')] }, B: { board: [{ card: 'Boulderfist Ogre', label: 'o' }] } }, [{ play: 'l' }]);
    expect([q.hp('y'), q.hp('o')]).toEqual([1, 1]);
    expect(q.events('damage').map((e) => e.amount)).toEqual([4, 6]);
  });
  it('Mistress of Pain restores as much Health as the damage she dealt', () => {
    const q = quick({ active: 'A', A: { health: 20, board: [{ card: 'Mistress of Pain', label: 'm' }] }, B: { heroLabel: 'hb' } }, [{ attack: 'm', defender: 'hb' }]);
    expect(q.heroHealth('A')).toBe(21);
  });
  it('Far Sight: the card it draws costs (3) less', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Far Sight', label: 'f' }], deck: [{ card: 'Boulderfist Ogre', label: 'o' }] }, B: {} }, [{ play: 'f' }]);
    expect(cost(q.run.g, q.e('o'))).toBe(3);
  });
  it('Divine Favor draws until the hands are even (a sum of counts)', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Divine Favor', label: 'd' }], deck }, B: { hand: ['Wisp', 'Wisp', 'Wisp'] } }, [{ play: 'd' }]);
    expect(q.drawn('A')).toBe(3);
  });
  it('Spiteful Smith: the weapon has +2 Attack only while the Smith is damaged', () => {
    const no = quick({ active: 'A', A: { board: [{ card: 'Spiteful Smith', label: 's' }], weapon: { card: 'Fiery War Axe', label: 'axe' } }, B: {} }, []);
    const yes = quick({ active: 'A', A: { board: [{ card: 'Spiteful Smith', label: 's', damage: 1 }], weapon: { card: 'Fiery War Axe', label: 'axe' } }, B: {} }, []);
    expect([no.atk('axe'), yes.atk('axe')]).toEqual([3, 5]);
  });
  it('Floating Watcher grows only when its hero takes damage on its own turn', () => {
    const mine = quick({ active: 'A', A: { board: [{ card: 'Floating Watcher', label: 'w' }], hand: [{ card: 'Hellfire', label: 'h' }] }, B: {} }, [{ play: 'h' }]);
    expect(mine.atk('w')).toBe(4 + 2);
    const theirs = quick({ active: 'B', A: { board: [{ card: 'Floating Watcher', label: 'w' }] }, B: { hand: [{ card: 'Hellfire', label: 'h' }] } }, [{ play: 'h' }]);
    expect(theirs.atk('w')).toBe(4);
  });
  it('Fel Reaver: the opponent playing a card destroys the top 3 cards of its deck (not drawn)', () => {
    const q = quick({ active: 'B', A: { board: [{ card: 'Fel Reaver', label: 'f' }], deck: ['Wisp', 'Wisp', 'Wisp', 'Wisp'] }, B: { hand: [{ card: 'Wisp', label: 'w' }] } }, [{ play: 'w' }]);
    expect(q.run.g.players[0].deck).toHaveLength(1);
    expect(q.drawn('A')).toBe(0);
  });
  it('Unbound Elemental grows when its player plays a card with Overload', () => {
    const q = quick({ active: 'A', A: { board: [{ card: 'Unbound Elemental', label: 'u' }], hand: [{ card: 'Dust Devil', label: 'd' }, { card: 'Wisp', label: 'w' }] }, B: {} }, [{ play: 'd' }, { play: 'w' }]);
    expect([q.atk('u'), q.hp('u')]).toEqual([3, 5]);
  });
});

describe('losing keywords, drawing a card of a kind, destroying Secrets', () => {
  it('Blood Knight: every minion loses its Divine Shield, and it gains +3/+3 for each', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Blood Knight', label: 'bk' }], board: [{ card: 'Argent Squire', label: 's' }] }, B: { board: [{ card: 'Scarlet Crusader', label: 'c' }] } }, [{ play: 'bk' }]);
    expect([q.atk('bk'), q.hp('bk')]).toEqual([9, 9]);
    expect([q.e('s').divineShield, q.e('c').divineShield]).toEqual([false, false]);
  });
  it('Sense Demons puts Demons from the deck into the hand, a Worthless Imp for each one missing', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Sense Demons', label: 'sd' }], deck: ['Wisp', 'Voidwalker', 'Wisp'] }, B: {} }, [{ play: 'sd' }]);
    expect(q.run.g.players[0].hand.map((id) => entity(q.run.g, id).card.name).sort()).toEqual(['Voidwalker', 'Worthless Imp']);
    expect(q.run.g.players[0].deck).toHaveLength(2);
  });
  it('Flare destroys the enemy Secrets (unrevealed) and takes Stealth away', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Flare', label: 'f' }], deck }, B: { secrets: [{ card: 'Snipe', label: 'sn' }], board: [{ card: 'Worgen Infiltrator', label: 'wi' }] } }, [{ play: 'f' }]);
    expect(q.zone('sn')).toBe('graveyard');
    expect(q.run.g.players[1].secrets).toEqual([]);
    expect(q.run.trace.filter((r) => r.t === 'open' && r.block === 'trigger')).toHaveLength(0);
    expect(hasKeyword(q.run.g, q.e('wi'), 'stealth')).toBe(false);
  });
});

describe('weapons with keywords', () => {
  it('Doomhammer: its Windfury lets the hero attack twice a turn, and it Overloads', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Doomhammer', label: 'd' }], heroLabel: 'ha' }, B: { heroLabel: 'hb' } }, [{ play: 'd' }, { attack: 'ha', defender: 'hb' }, { attack: 'ha', defender: 'hb' }, { attack: 'ha', defender: 'hb', illegal: true }]);
    expect(q.heroHealth('B')).toBe(30 - 4);
    expect(q.run.g.players[0].overloadNext).toBe(2);
  });
});

describe('Mega-Windfury, turn-end draws for the player whose turn it is, random weapons', () => {
  it("Mimiron's Head forms V-07-TR-0N from three Mechs; it attacks four times", () => {
    const q = quick({ active: 'B', A: { board: [{ card: "Mimiron's Head", label: 'mh' }, 'Mechwarper', 'Mechwarper'], deck, heroLabel: 'ha' }, B: { heroLabel: 'hb', deck } },
      [{ endTurn: true }]);
    const board = q.run.g.players[0].board.map((id) => entity(q.run.g, id).card.name);
    expect(board).toEqual(['V-07-TR-0N']);
    const v = quick({ active: 'A', A: { board: [{ card: 'V-07-TR-0N', label: 'v', exhausted: true }] }, B: { heroLabel: 'hb' } },
      [1, 2, 3, 4].map(() => ({ attack: 'v', defender: 'hb' })).concat([{ attack: 'v', defender: 'hb', illegal: true } as never]));
    expect(v.heroHealth('B')).toBe(30 - 4 * 4);
  });
  it('Jeeves: at the end of each turn, the player whose turn it was draws up to 3 cards', () => {
    const q = quick({ active: 'A', A: { board: [{ card: 'Jeeves', label: 'j' }], hand: ['Wisp'], deck }, B: { deck } }, [{ endTurn: true }]);
    // A draws 2 at its own turn end; B then draws its turn card only
    expect([q.drawn('A'), q.drawn('B')]).toEqual([2, 1]);
  });
  it('Blingtron 3000 equips a random weapon of the pool for each player', () => {
    const q = quick({ active: 'A', A: { hand: [{ card: 'Blingtron 3000', label: 'b' }] }, B: {} }, [{ play: 'b' }]);
    expect(q.run.g.players.map((p) => p.weapon !== null && entity(q.run.g, p.weapon).card.type)).toEqual(['weapon', 'weapon']);
  });
});
