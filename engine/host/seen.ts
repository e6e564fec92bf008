/**
 * Cards shown where they stay, and cards searched for (seed 002 rule 41), and banishing (4.9). Each showing is a
 * `seen` trace record naming who sees the card; the zone moves state it themselves (engine/host/zones.ts).
 */
import type { Traits } from './format.js';
import { checkVictory, moveTo } from './actions.js';
import { SIDES, ent, type HEntity, type HostGame, type PlayerIndex } from './state.js';
import type { SeenBy } from '../trace/format.js';

const BOTH: SeenBy = ['A', 'B'];

/** 41.1.1: the cards are shown to both players as they are revealed. */
export function reveal(g: HostGame, player: PlayerIndex, zone: 'hand' | 'deck', amount?: number): void {
  const p = g.s.players[player];
  const ids = zone === 'hand' ? [...p.hand] : p.deck.slice(0, Math.max(0, amount ?? 1));
  for (const id of ids) g.trace.event({ e: 'seen', entity: id, how: 'reveal', player, seen: [...BOTH], rule: 'host/41.1.1' });
}

/** 41.2.1: the top cards of a deck, seen only by the player who looks at them; they stay where they are. */
export function lookAt(g: HostGame, player: PlayerIndex, deckOf: PlayerIndex, amount: number): void {
  for (const id of g.s.players[deckOf].deck.slice(0, Math.max(0, amount))) {
    g.trace.event({ e: 'seen', entity: id, how: 'look', player, seen: [SIDES[player]], rule: 'host/41.2.1' });
  }
}

/** Does a card match the traits a search names (41.3.3)? */
export function hasTraits(e: HEntity, t: Traits | undefined): boolean {
  if (!t) return true;
  return (t.type === undefined || e.card.type === t.type)
    && (t.subtype === undefined || (e.card.subtypes ?? []).includes(t.subtype))
    && (t.name === undefined || e.card.name === t.name);
}

/**
 * 41.3: search the player's deck or drop zone. A closed zone searched is seen by the searching player only (41.3.1,
 * 41.3.2: a `search` record for each card); an open zone is seen by both already (6.1.1.1). The card taken is chosen
 * by the player (g.choose) among the cards matching the traits; one found by traits is shown to both players (41.3.3),
 * one found without traits only to the searcher. It goes into the searcher's hand.
 * Assumption (host-search-finds): when a card matches, the search takes one (the seed does not say a search may come
 * back empty); with none matching it takes nothing.
 * Assumption (host-search-shuffle): the seed does not say a searched deck is shuffled; it is when the card says so.
 */
export function search(g: HostGame, player: PlayerIndex, zone: 'deck' | 'drop', traits: Traits | undefined, shuffle: boolean): void {
  const p = g.s.players[player];
  const list = zone === 'deck' ? p.deck : p.drop;
  if (zone === 'deck') {
    for (const id of list) g.trace.event({ e: 'seen', entity: id, how: 'search', player, seen: [SIDES[player]], rule: 'host/41.3.2' });
  }
  const candidates = list.filter((id) => hasTraits(ent(g, id), traits));
  if (candidates.length > 0) {
    const what = `a card of ${SIDES[player]}'s ${zone}${traits ? ` with ${JSON.stringify(traits)}` : ''}`;
    const id = g.choose ? g.choose({ kind: 'search', player, candidates: [...candidates], what }) : candidates[0]!;
    if (!candidates.includes(id)) throw new Error(`internal: the search took #${id}, not one of ${candidates.join(', ')}`);
    const shown: SeenBy = traits && !g.mutants.has('host-search-hidden') ? [...BOTH] : [SIDES[player]];
    g.trace.event({ e: 'seen', entity: id, how: 'found', player, seen: shown, ...(traits ? { traits: true } : {}), rule: traits ? 'host/41.3.3' : 'host/41.3.2' });
    moveTo(g, ent(g, id), 'hand');
    // 1.1, 1.1.2: a search that takes the last card of the deck ends the game at once (nothing after it happens).
    checkVictory(g);
  }
  if (shuffle && zone === 'deck') {
    p.deck = g.random.shuffle(p.deck);
    g.trace.event({ e: 'deck_shuffle', deck: [...p.deck], rule: 'host/41.3' });
  }
}

/** 4.9.1: a banished card goes to the banished zone, an open zone (a token is removed instead, 36.3.1). */
export function banish(g: HostGame, e: HEntity): void {
  moveTo(g, e, 'banished', undefined, true);
}
