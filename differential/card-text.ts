/**
 * Stated outcomes of card conformance cases, read from the card's TEXT (its `text`, `attack`, `health`, `durability`
 * as CardDefs states them), never from its behaviour: an oracle that took its own engine's word for a card would pass
 * a card file with a wrong number.
 *
 * Templates cover the common text shapes of the era (see TEMPLATES below). The text is cut into sentences (leading
 * keywords such as "Taunt" or "Charge" and "Overload: (N)" are peeled off first); each sentence a template understands
 * is applied to a small model of the conformance set-up (differential/conformance.ts: a vanilla Chillwind Yeti on each
 * side, two vanilla minions in each deck, A plays the card, then each player ends a turn; or, `#dies`, the card alone
 * at 1 Health attacked by B's Yeti). When every sentence is understood the whole end state the model reaches is
 * stated (Health, zones, keywords, hand and deck sizes, mana); when some sentence is not, only what the understood
 * sentences do is stated (their damage, freeze, armor and summon events, the keywords the text prints), since an
 * unread sentence may change anything else. A text no template covers states nothing: its outcome is the engine's.
 */
import type { CardDef } from '../engine/cards/format.js';
import type { Expect, Pattern } from '../engine/scenario/format.js';
import { readText, type Cond, type Effect, type Who, type Sentence } from './card-text-parse.js';

export type Side = 'A' | 'B';

/** What a conformance case's stated outcome rests on. */
export interface StatedOutcome {
  expect: Expect;
  /** 'card text': every sentence understood; 'card text (partial)': some; 'engine': none (the engine's outcome only). */
  outcome: 'card text' | 'card text (partial)' | 'engine';
  /** The templates that made the expectations, one line each (quoted in the case's assumptions). */
  templates: string[];
  /** Sentences no template understood. */
  unread: string[];
}

/** The set-up's vanilla minion (Chillwind Yeti: 4/5, no text), the decks, heroes and mana of the conformance cases. */
const FILLER_STATS = { attack: 4, health: 5 };
const DECK = 2;
const HERO = 30;
const MANA = 10;
/** The keywords a scenario's `keywords` expectation reports (engine/scenario/expect.ts). */
const SHOWN = new Set(['taunt', 'divine_shield', 'charge', 'stealth', 'windfury', 'poisonous', 'immune']);

interface Body { label: string; side: Side; attack: number; health: number; max: number; keywords: Set<string>; alive: boolean; race?: string; created?: { name: string; nth: number }; buffed?: boolean; returned?: boolean }
interface Model {
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
  /** Whether a player has a weapon equipped (none in the set-up; the card itself when it is a weapon). */
  weapons: Record<Side, boolean>;
  /** The printed stats of each summoned name. */
  summonStats: Record<string, { attack: number; health: number }>;
  /** Why the model cannot follow the run to its end (then only the events seen so far are stated). */
  lost?: string;
}

const other = (s: Side): Side => (s === 'A' ? 'B' : 'A');
type Char = Body | Side;
const labelOf = (t: Char): string | null => (typeof t === 'string' ? `hero${t}` : t.created ? null : t.label);

function count(m: Model, match: Pattern): void {
  const key = JSON.stringify(match);
  const c = m.counts.find((x) => JSON.stringify(x.match) === key);
  if (c) { c.n++; c.text ||= m.fromText; } else m.counts.push({ match, n: 1, text: m.fromText });
}

function damage(m: Model, t: Char, n: number): void {
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
  if (label) count(m, { e: 'damage', target: label, amount: n });
}

function draw(m: Model, side: Side, n: number): void {
  for (let i = 0; i < n; i++) {
    if (m.deck[side] > 0) { m.deck[side]--; if (m.hand[side] < 10) m.hand[side]++; else m.lost = 'a card is burnt'; continue; }
    m.fatigue[side]++;
    damage(m, side, m.fatigue[side]);
  }
}

interface Ctx { you: Side; self: string; target?: string | undefined; last?: Char[]; thisTurn?: { t: Body; attack: number; health: number }[] }

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
function resolve(m: Model, e: { to: Who; cond?: Cond }, c: Ctx): Char[] | 'none' | null {
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
function apply(m: Model, e: Effect, c: Ctx): boolean {
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
    else if (e.do === 'heal') { if (typeof t === 'string') m.heroes[t].health = Math.min(HERO, m.heroes[t].health + e.n); else t.health = Math.min(t.max, t.health + e.n); }
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
      if (e.thisTurn) { if (e.keywords.length) return false; c.thisTurn?.push({ t, attack: e.attack, health: e.health }); }
      for (const k of e.keywords) t.keywords.add(k);
    }
  }
  return true;
}

/** The name a summon text gives its token, singular ("two 1/1 Whelps" → "Whelp", "Spirit Wolves" → "Spirit Wolf"). */
export function singular(name: string, n: number): string {
  if (n === 1) return name;
  return name.replace(/ves$/, 'f').replace(/s$/, '');
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * The stated outcome of a card's conformance case, from its text. `kind`: 'played' (A plays it, at `target` when it
 * has one) or 'dies' (it stands alone on A's board at 1 Health and B's Yeti attacks it). `isCard(name)`: whether the
 * pool has a card of that name and those printed stats (a summoned token is labelled only then; else its summon is counted).
 */
export function statedOutcome(c: CardDef, kind: 'played' | 'dies', target: string | undefined, isCard: (name: string, attack: number, health: number) => boolean = () => true, choose?: number): StatedOutcome {
  const engine = (unread: string[]): StatedOutcome => ({ expect: {}, outcome: 'engine', templates: [], unread });
  const read = readText(c.text ?? '', kind === 'played' ? choose : undefined);
  const minion = c.type === 'minion';
  if (kind === 'dies' && !minion) return engine([c.text ?? '']);
  const m: Model = {
    minions: [{ label: 'ally', side: 'A', ...FILLER_STATS, max: FILLER_STATS.health, keywords: new Set(), alive: true }, { label: 'foe', side: 'B', ...FILLER_STATS, max: FILLER_STATS.health, keywords: new Set(), alive: true }],
    heroes: { A: { health: HERO, armor: 0 }, B: { health: HERO, armor: 0 } },
    hand: { A: kind === 'dies' ? 1 : 0, B: 0 }, deck: { A: DECK, B: DECK }, fatigue: { A: 0, B: 0 }, overload: 0, counts: [], fromText: false, summoned: {}, summonStats: {}, weapons: { A: kind === 'played' && c.type === 'weapon', B: false },
  };
  const templates: string[] = [];
  const unread: string[] = [];
  if (minion) {
    const body: Body = { label: 'card', side: 'A', attack: c.attack ?? 0, health: c.health ?? 0, max: c.health ?? 0, keywords: new Set(read.keywords), alive: true, ...(c.race ? { race: c.race } : {}) };
    // "Destroy any minion damaged by this minion" is the era's Poisonous (the scenario format's keyword `poisonous`).
    if (read.sentences.some((x) => x.when === 'damaged by this minion' && x.effects?.[0]?.do === 'destroy')) body.keywords.add('poisonous');
    if (kind === 'played') count(m, { e: 'summon', controller: 'A' });
    if (kind === 'dies') { body.health = 1; m.minions = m.minions.filter((b) => b.label !== 'ally'); }
    m.minions.push(body);
    templates.push(`minion body: ${c.attack}/${c.health}${read.keywords.length ? ` with ${read.keywords.join(', ')}` : ''} as printed`);
  }
  const ctx: Ctx = { you: 'A', self: 'card', target, thisTurn: [] };
  const self = () => m.minions.find((b) => b.label === 'card');
  const deaths = () => {
    for (const b of m.minions) if (b.alive && b.health <= 0) {
      b.alive = false;
      if (b.label === 'card' && kind === 'played' && read.sentences.some((s) => s.when === 'deathrattle' || s.when === 'enrage')) m.lost ??= 'the card dies and its own text reads its death';
    }
  };
  const run = (when: (s: Sentence) => boolean, note: string) => {
    for (const s of read.sentences.filter(when)) {
      if (!s.effects) continue;
      ctx.last = undefined;
      // A sentence the set-up cannot settle leaves the model as it was before it.
      const { minions, ...rest } = m;
      const before = { rest: structuredClone(rest), bodies: minions.map((b) => ({ ...b, keywords: new Set(b.keywords) })), turn: ctx.thisTurn!.length };
      m.fromText = true;
      const ok = s.effects.every((e) => apply(m, e, ctx));
      m.fromText = false;
      if (!ok) {
        m.minions.length = before.bodies.length;
        before.bodies.forEach((b, i) => {
          const now = m.minions[i]! as unknown as Record<string, unknown>;
          for (const k of Object.keys(now)) if (!(k in b)) delete now[k];
          Object.assign(now, b);
        });
        Object.assign(m, before.rest);
        ctx.thisTurn!.length = before.turn;
      }
      if (!ok) { unread.push(`${s.raw} (the set-up gives it nothing to act on as written)`); s.effects = null; continue; }
      m.fromText = false;
      templates.push(`${s.template} ${note}`);
      deaths();
    }
  };
  const acted = new Set<Sentence>();
  const mark = (f: (s: Sentence) => boolean) => (s: Sentence) => { const hit = f(s); if (hit) acted.add(s); return hit; };
  if (kind === 'played') {
    // A minion's Choose One option acts as it is played, as a Battlecry does.
    run(mark((s) => s.when === (minion || c.type === 'weapon' ? 'battlecry' : 'play') || (minion && !!c.chooseOne && s.when === 'play') || s.effects?.[0]?.do === 'overload'), c.type === 'spell' ? '(cast)' : '(played)');
    const alive = () => !minion || self()?.alive === true;
    if (alive()) run(mark((s) => s.when === 'end of your turn' || s.when === 'end of each turn'), '(at the end of A\'s turn)');
    // "this turn": gone when A's turn ends
    for (const { t, attack, health } of ctx.thisTurn!) { t.attack -= attack; t.health -= health; t.max -= health; }
    draw(m, 'B', 1);
    if (alive()) run(mark((s) => s.when === 'end of each turn'), '(at the end of B\'s turn)');
    draw(m, 'A', 1);
    if (alive()) run(mark((s) => s.when === 'start of your turn'), '(at the start of A\'s next turn)');
    if (minion && self()?.alive && self()!.health < self()!.max && read.sentences.some((s) => s.when === 'enrage' || s.when === 'this minion takes damage')) m.lost ??= 'the card is damaged and its text reads its damage';
    // An aura holds while the card is in play: applied to the end state.
    if (alive()) run(mark((s) => s.when === 'aura'), '(an aura while it is in play)');
    if (read.sentences.some((s) => s.when === 'on play or attack')) for (const s of read.sentences.filter((x) => x.when === 'on play or attack')) { acted.add(s); templates.push(`${s.template}`); }
    for (const s of read.sentences) if (!acted.has(s) && s.effects && ['deathrattle', 'combo', 'secret', 'enrage', 'damaged by this minion', 'static', 'this minion takes damage'].includes(s.when)) {
      templates.push(`${s.template ?? s.raw}: does not act here (${s.when === 'combo' ? 'no card was played before it this turn' : s.when === 'secret' ? 'its event does not happen' : s.when === 'enrage' || s.when === 'this minion takes damage' ? 'the minion takes no damage' : s.when === 'static' ? 'nothing it modifies happens' : 'the card neither dies nor deals damage'})`);
      acted.add(s);
    }
    if (c.type !== 'minion') for (const s of read.sentences) if (!acted.has(s) && s.effects && s.when !== 'play') acted.add(s);
  } else {
    const card = self()!;
    const foe = m.minions.find((b) => b.label === 'foe')!;
    if (card.keywords.has('stealth') || card.keywords.has('divine_shield')) return engine([c.text]);
    damage(m, card, FILLER_STATS.attack);
    if (card.attack > 0) {
      damage(m, foe, card.attack);
      for (const s of read.sentences.filter((x) => x.when === 'damaged by this minion' && x.effects)) {
        ctx.last = [foe]; acted.add(s);
        m.fromText = true;
        for (const e of s.effects!) apply(m, e, ctx);
        m.fromText = false;
        templates.push(`${s.template} (B's Yeti attacked it)`);
      }
    }
    run(mark((s) => s.when === 'this minion takes damage'), '(B\'s Yeti damaged it)');
    deaths();
    run(mark((s) => s.when === 'deathrattle'), '(when it dies)');
    for (const s of read.sentences.filter((x) => x.when === 'on play or attack')) if (/attack/i.test(s.raw)) s.effects = null;
    draw(m, 'A', 1);
    draw(m, 'B', 1);
    for (const s of read.sentences) if (!acted.has(s) && s.effects) { acted.add(s); templates.push(`${s.template ?? s.raw}: does not act here (the card is not played, and it dies at once)`); }
  }
  for (const s of read.sentences) if (!s.effects || !acted.has(s)) unread.push(s.raw);
  return outcome(c, kind, m, templates, [...new Set(unread)], isCard);
}

function outcome(c: CardDef, kind: 'played' | 'dies', m: Model, templates: string[], unread: string[], isCard: (n: string, attack: number, health: number) => boolean): StatedOutcome {
  const full = unread.length === 0 && !m.lost;
  const x: Expect = {};
  const counts = m.counts.filter((x) => full || x.text).map(({ match, n }) => (full ? { match, n } : { match, min: n }));
  if (full) {
    x.entities = {};
    x.created = {};
    for (const b of m.minions) {
      const st = b.returned ? { zone: 'hand' } : b.alive ? { zone: 'play', controller: b.side, attack: b.attack, health: b.health, keywords: [...b.keywords].filter((k) => SHOWN.has(k)).sort() } : { zone: 'graveyard' };
      if (!b.created) { x.entities[b.label] = st; continue; }
      const name = singular(b.created.name, 2);
      const t = m.summonStats[b.created.name]!;
      const known = isCard(b.created.name, t.attack, t.health) ? b.created.name : isCard(name, t.attack, t.health) ? name : null;
      if (!known) continue;
      const label = `${slug(known)}-${b.created.nth}`;
      x.created[label] = { card: known, nth: b.created.nth };
      x.entities[label] = st;
    }
    if (c.type === 'spell') x.entities.card = { zone: c.secret ? 'secret' : 'graveyard' };
    if (c.type === 'weapon') {
      x.created.weapon = { card: c.id, controller: 'A' };
      x.entities.weapon = { zone: 'play', attack: c.attack ?? 0, durability: c.durability ?? c.health ?? 0 };
    }
    if (!Object.keys(x.created).length) delete x.created;
    x.players = {};
    for (const p of ['A', 'B'] as const) x.players[p] = { health: m.heroes[p].health, armor: m.heroes[p].armor, handSize: m.hand[p], deckSize: m.deck[p] };
    if (kind === 'played') {
      x.players.A!.mana = MANA - m.overload;
      x.players.A!.secrets = c.secret ? [c.name] : [];
    }
    templates.push('turns: each player draws a card at the start of their turn (a fatigue point when the deck is empty); end-of-turn Health and keywords as the templates leave them');
  }
  if (counts.length) x.count = counts;
  const stated = Object.keys(x).length > 0 && (full || counts.length > 0);
  if (!stated) return { expect: {}, outcome: 'engine', templates: [], unread: unread.length ? unread : [m.lost ?? c.text] };
  return { expect: x, outcome: full ? 'card text' : 'card text (partial)', templates, unread: m.lost ? [...unread, m.lost] : unread };
}
