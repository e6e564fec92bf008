/**
 * The Hearthtop table: one shared draw deck of 52 playing cards (hearthtop/shared-deck), draws without fatigue
 * (hearthtop/draw-empty), marking (hearthtop/marking and its sections) and the table record every consumer can
 * count the 52 cards from.
 *
 * Marking is settled after every outermost Phase's Steps (the Death Creation Step and Death Phases included), so a
 * minion that a hit destroys is never marked ("if the damage is not enough to destroy the minion, the damage is
 * marked"). What each entity in play needs, by kind:
 * - damage: a minion's damage taken, one face-down card each (hearthtop/marking-damage);
 * - buff: one card for each permanent buff enchantment with Attack or Health on a minion (hearthtop/marking-buffs;
 *   temporary effects, enchantments that expire and auras, are not marked);
 * - body: a minion summoned by an ability (not a playing card) is made of max(Attack, Health, 1) cards of its card's
 *   stats (hearthtop/marking-summons; assumption: a 0/2 is two cards, "for each 1/1 attack and health value");
 * - armor: one card per point of armor (hearthtop/armor);
 * - durability: one card per point of a weapon's durability left (hearthtop/marking-durability).
 * New marks are taken first, from the top, in the order heroes, weapon, minions left to right, player A then B;
 * then marks no longer needed go to the bottom of the deck, the most recently taken first (assumption: the order of
 * one settle is not in the seed). A mark the empty deck cannot give is made "by an external method": counted, and the
 * deck has run dry this turn (hearthtop/deck-end).
 */
import type { CardDef } from '../cards/format.js';
import { moveTo } from '../kernel/zones.js';
import { entity, health, durability, type Entity, type Game, type Side } from '../state.js';

export type MarkKind = 'damage' | 'buff' | 'body' | 'armor' | 'durability';

const MARK_RULE: Record<MarkKind, string> = {
  damage: 'hearthtop/marking-damage', buff: 'hearthtop/marking-buffs', body: 'hearthtop/marking-summons',
  armor: 'hearthtop/armor', durability: 'hearthtop/marking-durability',
};

/** The joker (the Coin) is not one of the 52 cards of the draw deck. */
export const JOKER = 'JK';

/** The neutral card of a playing card code (what it is in the deck, a marker or the discard pile). */
export function neutralCard(g: Game, code: string): CardDef {
  return g.cards.get(`ht:${code}`);
}

/** The card a playing card is in a player's hand: the hero's own (♠ minions, J/Q/K/A) or the neutral one. */
export function cardFor(g: Game, code: string, side: Side): CardDef {
  if (code === JOKER) return neutralCard(g, code);
  const hero = entity(g, g.players[side].hero).card.id;
  const rank = code.slice(0, -1);
  const own = /^[JQKA]$/.test(rank) ? `${hero}:${rank}` : `${hero}:${code}`;
  return g.cards.has(own) ? g.cards.get(own) : neutralCard(g, code);
}

/** The deck ran dry this turn (a draw or a mark found it empty): the game ends at this turn's Cleanup. */
function ranDry(g: Game, side: Side, why: 'draw' | 'mark'): void {
  const t = g.table!;
  if (why === 'draw' || !g.mutants.has('ht-deck-end-ignores-marks')) t.dryTurn = g.turn;
  g.trace.event({ e: 'deck_empty', player: side, why, rule: 'hearthtop/draw-empty' });
}

/** Draw the top card of the shared deck into the hand (no burn: the hand is cut at Cleanup); none: the deck ran dry. */
export function drawShared(g: Game, side: Side): number | null {
  const t = g.table!;
  const p = g.players[side];
  const id = t.deck.shift();
  if (id === undefined) { ranDry(g, side, 'draw'); return null; }
  const c = entity(g, id);
  c.card = cardFor(g, c.playing!, side);
  c.controller = c.owner = side;
  moveTo(g, c, 'hand');
  p.hand.push(id);
  g.trace.event({ e: 'draw', player: side, entity: id, card: c.card.id });
  return id;
}

/** Put a card on the bottom of the deck, face down (its neutral card again). */
export function toDeckBottom(g: Game, c: Entity): void {
  c.card = neutralCard(g, c.playing!);
  if (!g.mutants.has('ht-markers-lost')) g.table!.deck.push(c.id);
  moveTo(g, c, 'deck');
}

function needs(g: Game, e: Entity): [MarkKind, number][] {
  if (e.card.type === 'hero') return [['armor', e.armor]];
  if (e.card.type === 'weapon') return [['durability', Math.max(0, durability(g, e))]];
  const out: [MarkKind, number][] = [];
  if (!e.playing) out.push(['body', Math.max(1, e.card.attack ?? 0, e.card.health ?? 0)]);
  out.push(['damage', e.damage]);
  const buffs = e.enchantments.map((id) => entity(g, id)).filter((en) => !en.card.expires && ((en.mods?.attack ?? 0) > 0 || (en.mods?.health ?? 0) > 0));
  out.push(['buff', buffs.length]);
  return out;
}

/** Bring every entity's marks to what it needs now (see the file comment), then record the table. */
export function settleMarks(g: Game, record = true): void {
  const t = g.table;
  if (!t) return;
  const want = new Map<string, number>();
  for (const p of g.players) {
    const hosts = [p.hero, ...(p.weapon !== null ? [p.weapon] : []), ...p.board].map((id) => entity(g, id)).filter((e) => e.zone === 'play');
    for (const e of hosts) {
      for (const [kind, n] of needs(g, e)) {
        const key = `${e.id}:${kind}`;
        want.set(key, n);
        const cards = t.markers.get(key) ?? [];
        let ext = t.external.get(key) ?? 0;
        while (cards.length + ext < n) {
          const id = t.deck.shift();
          if (id === undefined) {
            ext++;
            ranDry(g, g.active, 'mark');
            g.trace.event({ e: 'mark', host: e.id, kind, card: null, rule: MARK_RULE[kind] });
            continue;
          }
          cards.push(id);
          moveTo(g, entity(g, id), 'marker');
          g.trace.event({ e: 'mark', host: e.id, kind, card: id, rule: MARK_RULE[kind] });
        }
        t.markers.set(key, cards);
        t.external.set(key, ext);
      }
    }
  }
  for (const [key, cards] of [...t.markers]) {
    const n = want.get(key) ?? 0;
    let ext = t.external.get(key) ?? 0;
    const [host, kind] = key.split(':') as [string, MarkKind];
    while (cards.length + ext > n) {
      if (ext > 0) { ext--; g.trace.event({ e: 'unmark', host: Number(host), kind, card: null, rule: 'hearthtop/marking' }); continue; }
      const id = cards.pop()!;
      toDeckBottom(g, entity(g, id));
      g.trace.event({ e: 'unmark', host: Number(host), kind, card: id, rule: 'hearthtop/marking' });
    }
    if (cards.length === 0 && ext === 0) { t.markers.delete(key); t.external.delete(key); } else t.external.set(key, ext);
  }
  if (record) recordTable(g);
}

/** The table record: where each of the 52 cards is, and the players' counters the profile limits (when it changed). */
export function recordTable(g: Game): void {
  const t = g.table!;
  const cards = [...g.entities.values()].filter((e) => e.playing && e.playing !== JOKER);
  const where = (z: Entity['zone']) => cards.filter((e) => e.zone === z).map((e) => e.id).sort((a, b) => a - b);
  const ids = (side: Side, list: number[]) => list.filter((id) => entity(g, id).playing && entity(g, id).playing !== JOKER && entity(g, id).controller === side);
  const markers = [...t.markers.values()].flat();
  const rec = {
    e: 'table' as const,
    deck: [...t.deck],
    markers,
    external: [...t.external.values()].reduce((a, b) => a + b, 0),
    discard: where('graveyard'),
    hands: [ids(0, g.players[0].hand), ids(1, g.players[1].hand)],
    play: [...where('play'), ...where('secret')].sort((a, b) => a - b),
    setaside: where('setaside'),
    crystals: [g.players[0].maxMana, g.players[1].maxMana],
    boards: [g.players[0].board.length, g.players[1].board.length],
    health: [health(g, entity(g, g.players[0].hero)), health(g, entity(g, g.players[1].hero))],
    armor: [entity(g, g.players[0].hero).armor, entity(g, g.players[1].hero).armor],
  };
  const line = JSON.stringify(rec);
  if (line === t.last) return;
  t.last = line;
  g.trace.event(rec);
}
