/**
 * Stated outcomes of card conformance cases, read from the card's TEXT (its `text`, `attack`, `health`, `durability`
 * as CardDefs states them), never from its behaviour: an oracle that took its own engine's word for a card would pass
 * a card file with a wrong number.
 *
 * Templates cover the common text shapes of the era (card-text-parse.ts; spec/cards/README.md lists them). The text
 * is cut into sentences (leading keywords such as "Taunt" or "Charge" and "Overload: (N)" are peeled off first); each
 * sentence a template reads is applied to a small model (card-text-model.ts) of the conformance set-up
 * (differential/conformance.ts: a vanilla Chillwind Yeti on each side, two vanilla minions in each deck, A plays the
 * card, then each player ends a turn; or, `#dies`, the card alone at 1 Health attacked by B's Yeti). When every
 * sentence is read, the whole end state the model reaches is stated (Health, zones, controllers, keywords, hand and
 * deck sizes, Armor, mana, Secrets, tokens); when some sentence is not, only the events the read sentences make are
 * stated (damage, freeze, Armor, summons), since an unread sentence may change anything else. A text no template
 * reads states nothing: its outcome is the engine's.
 */
import type { CardDef } from '../engine/cards/format.js';
import type { EntityExpectation, Expect } from '../engine/scenario/format.js';
import { readText, type Sentence } from './card-text-parse.js';
import { FILLER_STATS, DECK, HERO, MANA, SHOWN, apply, count, damage, draw, holds, type Body, type Char, type Ctx, type Model } from './card-text-model.js';

export type { Side } from './card-text-model.js';

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
    hand: { A: kind === 'dies' ? 1 : 0, B: 0 }, deck: { A: DECK, B: DECK }, fatigue: { A: 0, B: 0 }, overload: 0, counts: [], fromText: false, summoned: {}, summonStats: {}, seen: new Set(), weapons: { A: kind === 'played' && c.type === 'weapon', B: false },
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
      m.seen.add('death');
      if (b.label === 'card' && kind === 'played' && read.sentences.some((s) => s.when === 'deathrattle' || s.when === 'enrage')) m.lost ??= 'the card dies and its own text reads its death';
    }
  };
  let prev: Char[] | undefined;
  const run = (when: (s: Sentence) => boolean, note: string) => {
    for (const s of read.sentences.filter(when)) {
      if (!s.effects) continue;
      if (s.cond) {
        const h = holds(m, s.cond, prev, c);
        if (h === null || (h && (s.instead || s.opaque))) { s.effects = null; continue; }
        if (!h) { templates.push(`${s.template}: its condition ("${s.cond}") does not hold here`); continue; }
        ctx.last = prev;
      } else ctx.last = undefined;
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
      prev = ctx.last;
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
    for (const { t, attack, health, keywords } of ctx.thisTurn!) { t.attack -= attack; t.health -= health; t.max -= health; for (const k of keywords) t.keywords.delete(k); }
    if (alive()) run(mark((s) => s.when === 'start of each turn'), '(at the start of B\'s turn)');
    draw(m, 'B', 1);
    if (alive()) run(mark((s) => s.when === 'end of each turn'), '(at the end of B\'s turn)');
    draw(m, 'A', 1);
    if (alive()) run(mark((s) => s.when === 'start of your turn' || s.when === 'start of each turn'), '(at the start of A\'s next turn)');
    if (minion && self()?.alive && self()!.health < self()!.max && read.sentences.some((s) => s.when === 'enrage' || s.when === 'this minion takes damage')) m.lost ??= 'the card is damaged and its text reads its damage';
    // An aura holds while the card is in play: applied to the end state.
    if (alive()) run(mark((s) => s.when === 'aura'), '(an aura while it is in play)');
    for (const s of read.sentences.filter((x) => x.when === 'on event')) {
      if (m.seen.has(s.event!)) s.effects = null;
      else { acted.add(s); templates.push(`${s.template}`); }
    }
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
    for (const s of read.sentences.filter((x) => x.when === 'on event')) if (m.seen.has(s.event!)) s.effects = null;
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
      const st = b.returned ? { zone: 'hand' as const } : b.alive ? { zone: 'play' as const, controller: b.side, attack: b.attack, health: b.health, keywords: [...b.keywords].filter((k) => SHOWN.has(k)).sort() as NonNullable<EntityExpectation['keywords']> } : { zone: 'graveyard' as const };
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
    // a weapon played from the hand is that card, equipped (it moves from the hand into play)
    if (c.type === 'weapon') x.entities.card = { zone: 'play', controller: 'A', attack: c.attack ?? 0, durability: c.durability ?? c.health ?? 0 };
    if (!Object.keys(x.created).length) delete x.created;
    x.players = {};
    for (const p of ['A', 'B'] as const) x.players[p] = { health: m.heroes[p].health, armor: m.heroes[p].armor, handSize: m.hand[p], deckSize: m.deck[p] };
    if (kind === 'played') {
      x.players.A!.mana = MANA - m.overload;
      x.players.A!.secrets = c.secret ? [c.name] : [];
    }
    templates.push('the game rules the end state also rests on (spec/rules.json): each player draws a card at the start of their turn (`fatigue` when the deck is empty, `hand-limit`), "this turn" effects end with the turn (`this-turn`), Overload locks crystals next turn (`overload`), a minion at 0 Health dies (`4a`)');
  }
  if (counts.length) x.count = counts;
  const stated = Object.keys(x).length > 0 && (full || counts.length > 0);
  if (!stated) return { expect: {}, outcome: 'engine', templates: [], unread: unread.length ? unread : [m.lost ?? c.text] };
  return { expect: x, outcome: full ? 'card text' : 'card text (partial)', templates, unread: m.lost ? [...unread, m.lost] : unread };
}
