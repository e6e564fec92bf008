/**
 * The small model of a card conformance set-up that differential/card-text.ts applies read sentences to: the two
 * vanilla Yetis, the card, heroes, hands, decks and the events the text makes (counted for the stated outcome).
 */
import type { CardDef } from '../engine/cards/format.js';
import type { Pattern } from '../engine/scenario/format.js';
import type { Cond, Effect, Who } from './card-text-parse.js';

export type Side = 'A' | 'B';

/** The set-up's vanilla minion (Chillwind Yeti: 4/5, no text), the decks, heroes and mana of the conformance cases. */
export const FILLER_STATS = { attack: 4, health: 5 };
export const DECK = 2;
export const HERO = 30;
export const MANA = 10;
/** The keywords a scenario's `keywords` expectation reports (engine/scenario/expect.ts). */
export const SHOWN = new Set(['taunt', 'divine_shield', 'charge', 'stealth', 'windfury', 'poisonous', 'immune']);

export interface Body { label: string; side: Side; attack: number; health: number; max: number; keywords: Set<string>; alive: boolean; race?: string; created?: { name: string; nth: number }; buffed?: boolean; returned?: boolean }
export interface Model {
  minions: Body[];
  heroes: Record<Side, { health: number; armor: number }>;
  hand: Record<Side, number>;
  deck: Record<Side, number>;
  fatigue: Record<Side, number>;
  overload: number;
  /** Events to count; `text`: made by a sentence of the card (stated even when another sentence is unread). */
  counts: { match: Pattern; n: number; text: boolean }[];
  /** Whether the effects being applied are the card text's (else the rules': combat, turn draws, playing it). */
  fromText: boolean;
  summoned: Record<string, number>;
  /** Kinds of event that happened (a trigger on one of them is not inert). */
  seen: Set<'summon' | 'death' | 'heal' | 'damage'>;
  /** Whether a player has a weapon equipped (none in the set-up; the card itself when it is a weapon). */
  weapons: Record<Side, boolean>;
  /** The printed stats of each summoned name. */
  summonStats: Record<string, { attack: number; health: number }>;
  /** Why the model cannot follow the run to its end (then only the events seen so far are stated). */
  lost?: string;
}

export const other = (s: Side): Side => (s === 'A' ? 'B' : 'A');
export type Char = Body | Side;
export const labelOf = (t: Char): string | null => (typeof t === 'string' ? `hero${t}` : t.created ? null : t.label);

export function count(m: Model, match: Pattern): void {
  const key = JSON.stringify(match);
  const c = m.counts.find((x) => JSON.stringify(x.match) === key);
  if (c) { c.n++; c.text ||= m.fromText; } else m.counts.push({ match, n: 1, text: m.fromText });
}

export function damage(m: Model, t: Char, n: number): void {
  const label = labelOf(t);
  if (typeof t === 'string') {
    const h = m.heroes[t];
    const absorbed = Math.min(h.armor, n);
    h.armor -= absorbed;
    h.health -= n - absorbed;
  } else if (t.keywords.has('divine_shield')) {
    t.keywords.delete('divine_shield');
    if (label) count(m, { e: 'divine_shield_pop', target: label });
    return;
  } else t.health -= n;
  if (n > 0) m.seen.add('damage');
  if (label) count(m, { e: 'damage', target: label, amount: n });
}

export function draw(m: Model, side: Side, n: number): void {
  for (let i = 0; i < n; i++) {
    if (m.deck[side] > 0) { m.deck[side]--; if (m.hand[side] < 10) m.hand[side]++; else m.lost = 'a card is burnt'; continue; }
    m.fatigue[side]++;
    damage(m, side, m.fatigue[side]);
  }
}

export interface Ctx { you: Side; self: string; target?: string | undefined; last?: Char[]; thisTurn?: { t: Body; attack: number; health: number; keywords: string[] }[] }

/** Whether a character is what a targeted phrase requires ("a friendly Beast", "a minion with 3 or less Attack"). */
function fits(t: Char, cond: Cond | undefined, c: Ctx): boolean {
  if (!cond) return true;
  const side = typeof t === 'string' ? t : t.side;
  if (cond.side && (cond.side === 'friendly') !== (side === c.you)) return false;
  if (typeof t === 'string') return !cond.minion && !cond.tribe && cond.attackMax === undefined && cond.attackMin === undefined && !cond.taunt && !cond.damaged;
  if (cond.tribe && t.race !== cond.tribe) return false;
  if (cond.attackMax !== undefined && t.attack > cond.attackMax) return false;
  if (cond.attackMin !== undefined && t.attack < cond.attackMin) return false;
  if (cond.taunt && !t.keywords.has('taunt')) return false;
  if (cond.damaged && t.health >= t.max) return false;
  if (cond.undamaged && t.health < t.max) return false;
  return true;
}

/**
 * The characters a phrase names here: a list, 'none' (a targeted or random phrase with no candidate: the text does
 * nothing), or null when the set-up does not settle it (then the sentence is left unread).
 */
export function resolve(m: Model, e: { to: Who; cond?: Cond }, c: Ctx): Char[] | 'none' | null {
  const alive = m.minions.filter((b) => b.alive);
  const mins = (f: (b: Body) => boolean) => alive.filter(f);
  const foe = other(c.you);
  const one = (xs: Body[]) => (xs.length === 0 ? 'none' : xs.length === 1 ? xs : null);
  switch (e.to) {
    case 'target': {
      if (!c.target) return [c.you, foe, ...mins((b) => b.label !== c.self)].some((t) => fits(t, e.cond, c)) ? null : 'none';
      const t: Char | undefined = c.target === 'heroA' || c.target === 'heroB' ? (c.target.slice(4) as Side) : alive.find((x) => x.label === c.target);
      return t && fits(t, e.cond, c) ? [t] : null;
    }
    case 'it': return c.last ?? resolve(m, { to: 'target', ...(e.cond ? { cond: e.cond } : {}) }, c);
    case 'self': { const b = alive.find((x) => x.label === c.self); return b ? [b] : null; }
    case 'your hero': return [c.you];
    case 'enemy hero': return [foe];
    case 'each hero': return [c.you, foe];
    case 'all enemies': case 'all enemy characters': return [foe, ...mins((b) => b.side === foe)];
    case 'all other enemies': return [foe, ...mins((b) => b.side === foe)].filter((t) => !c.last?.includes(t));
    case 'all enemy minions': return mins((b) => b.side === foe);
    case 'all minions': return mins(() => true);
    case 'all other minions': return mins((b) => b.label !== c.self);
    case 'all characters': return [c.you, foe, ...mins(() => true)];
    case 'all other characters': return [c.you, foe, ...mins((b) => b.label !== c.self)];
    case 'all friendly characters': return [c.you, ...mins((b) => b.side === c.you)];
    case 'your minions': return mins((b) => b.side === c.you);
    case 'your other minions': return mins((b) => b.side === c.you && b.label !== c.self);
    case 'your characters': return [c.you, ...mins((b) => b.side === c.you)];
    case 'all undamaged enemy minions': return mins((b) => b.side === foe && b.health >= b.max);
    case 'all minions not of the tribe':
      if (mins((b) => !!b.created).length) return null;
      return mins((b) => b.race !== e.cond?.tribe);
    case 'all minions of the tribe':
      if (mins((b) => !!b.created).length) return null; // a token's tribe is not in the text
      return mins((b) => b.race === e.cond?.tribe && (b.label !== c.self || !e.cond?.other) && (e.cond?.side !== 'friendly' || b.side === c.you));
    case 'adjacent minions': {
      const mine = mins((b) => b.side === c.you && b.label !== c.self);
      return mine.length === 1 && mine[0]!.label === 'ally' ? mine : null;
    }
    case 'random friendly minion': return alive.some((b) => b.label === c.self) ? null : one(mins((b) => b.side === c.you));
    case 'another random friendly minion': return one(mins((b) => b.side === c.you && b.label !== c.self));
    case 'random enemy minion': return one(mins((b) => b.side === foe));
  }
}

/** Apply one effect; false when the set-up does not give it what the text needs (the sentence is then unread). */
export function apply(m: Model, e: Effect, c: Ctx): boolean {
  switch (e.do) {
    case 'draw':
      if (!(e.n <= 30)) return false; // a hostile or misread number: the model does not loop on it
      if (e.who !== 'opponent') draw(m, c.you, e.n);
      if (e.who !== 'you') draw(m, other(c.you), e.n);
      return true;
    case 'armor': m.heroes[c.you].armor += e.n; count(m, { e: 'armor', target: `hero${c.you}`, amount: e.n }); return true;
    case 'overload': m.overload += e.n; return true;
    case 'weapon': return !m.weapons[e.whose === 'you' ? c.you : other(c.you)];
    case 'summon': {
      const side = e.forOpponent ? other(c.you) : c.you;
      for (let i = 0; i < e.n; i++) {
        if (m.minions.filter((b) => b.alive && b.side === side).length >= 7) return false;
        const nth = (m.summoned[e.name] = (m.summoned[e.name] ?? 0) + 1);
        m.summonStats[e.name] = { attack: e.attack, health: e.health };
        m.minions.push({ label: `${e.name}#${nth}`, side, attack: e.attack, health: e.health, max: e.health, keywords: new Set(e.keywords), alive: true, created: { name: e.name, nth } });
        count(m, { e: 'summon', controller: side });
        m.seen.add('summon');
      }
      return true;
    }
    case 'gain': {
      const self = m.minions.find((b) => b.label === c.self && b.alive);
      if (!self) return false;
      self.attack += e.attack; self.health += e.health; self.max += e.health;
      for (const k of e.keywords) self.keywords.add(k);
      return true;
    }
    default: break;
  }
  const ts = resolve(m, e, c);
  if (ts === 'none') return true;
  if (!ts || !ts.length) return ts !== null && e.to !== 'target' && e.to !== 'it' && e.to !== 'self';
  c.last = ts;
  for (const t of ts) {
    if (e.do === 'damage') damage(m, t, e.n);
    else if (e.do === 'heal') {
      const h = typeof t === 'string' ? m.heroes[t] : t;
      const max = typeof t === 'string' ? HERO : t.max;
      if (h.health < max) m.seen.add('heal');
      h.health = Math.min(max, h.health + e.n);
    }
    else if (e.do === 'freeze') { const l = labelOf(t); if (l) count(m, { e: 'freeze', target: l }); }
    // "Give your hero +N Attack this turn": gone by the end of the turn
    else if (typeof t === 'string') { if (!(e.do === 'buff' && e.thisTurn && !e.health && !e.keywords.length)) return false; }
    else if (e.do === 'control') { if (t.side === c.you || m.minions.filter((b) => b.alive && b.side === c.you).length >= 7) return false; t.side = c.you; }
    else if (e.do === 'destroy') { t.health = Math.min(t.health, 0); }
    else if (e.do === 'silence') { if (t.keywords.size || t.buffed || t.label === c.self) return false; }
    else if (e.do === 'bounce') { if (t.created || t.buffed) return false; t.alive = false; t.returned = true; if (m.hand[t.side] < 10) m.hand[t.side]++; else return false; }
    else if (e.do === 'set') {
      if (t.max !== t.health || t.buffed) return false; // a damaged or enchanted minion: the text alone does not settle the result
      const a = t.attack;
      const h = t.health;
      if (e.attack !== undefined) t.attack = e.attack === 'double' ? a * 2 : e.attack === 'health' ? h : e.attack;
      if (e.health !== undefined) { t.health = e.health === 'double' ? h * 2 : e.health === 'attack' ? a : e.health; t.max = t.health; }
      t.buffed = true;
    } else if (e.do === 'buff') {
      t.attack += e.attack; t.health += e.health; t.max += e.health;
      if (e.attack || e.health) t.buffed = true;
      const added = e.keywords.filter((k) => !t.keywords.has(k));
      if (e.thisTurn) c.thisTurn?.push({ t, attack: e.attack, health: e.health, keywords: added });
      for (const k of e.keywords) t.keywords.add(k);
    }
  }
  return true;
}

/** Whether a condition the parser reads (card-text-parse.ts CONDITIONS) holds now; null when the set-up does not settle it. */
export function holds(m: Model, cond: string, prev: Char[] | undefined, card: CardDef): boolean | null {
  let x: RegExpMatchArray | null;
  const it = prev?.length === 1 ? prev[0]! : undefined;
  if (cond === "you're holding a dragon") return false; // the set-up's hands and decks hold Chillwind Yetis only
  if (cond === 'your hand is empty') return m.hand.A === 0;
  if ((x = cond.match(/^your opponent has (\d+) or less health$/))) return m.heroes.B.health <= Number(x[1]);
  if ((x = cond.match(/^you have (\d+) or less health$/))) return m.heroes.A.health <= Number(x[1]);
  if ((x = cond.match(/^you have an? (\w+)$/))) {
    if (card.race === x[1] || m.minions.some((b) => b.alive && b.created)) return null; // itself, or a token of no printed race
    return m.minions.some((b) => b.alive && b.side === 'A' && b.race === x![1]);
  }
  if ((x = cond.match(/^your opponent has (\d+) or more minions$/))) return m.minions.filter((b) => b.alive && b.side === 'B').length >= Number(x[1]);
  if (cond === 'you control a secret at the end of your turn') return false; // a minion's set-up has no Secret
  if (cond === 'it was already frozen') return false; // nothing is Frozen before the card acts
  if (!it || typeof it === 'string') return null;
  if (cond === 'it survives') return it.alive && it.health > 0;
  if (cond === 'that kills it') return it.health <= 0;
  if (cond === 'the target is still damaged') return it.health < it.max;
  if (cond === "it's a friendly demon") return it.side === 'A' && it.race === 'demon';
  return null;
}

