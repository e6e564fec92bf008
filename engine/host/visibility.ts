/**
 * Who may see a card (seed 002 rules 4, 6, 41): the state of the zone it is in (6.1: open = both players,
 * semi-open = the player who controls the zone, closed = neither), a face-down card counted as semi-open (6.2). Every
 * zone move (engine/host/zones.ts) and every reveal, look and search (engine/host/seen.ts) states it as `seen`.
 */
import { SIDES, type HEntity, type HostGame, type Zone } from './state.js';
import type { SeenBy } from '../trace/format.js';

export type ZoneState = 'open' | 'semi-open' | 'closed';

/**
 * The state of each zone: deck closed (4.1.1), drop open (4.2.1), hand semi-open (4.3.1), frontrow and backrow slots
 * open (4.4.1, 4.5.1), damage zone closed (4.8.1), banished zone open (4.9.1); the Host zone is closed until the game
 * has begun and open after it (4.6.1: read from the Host being face up, 9.1.8).
 * Assumption (host-form-open): the seed states no state for the form zone; it is in play like the slots (5.1), open.
 * Assumption (host-marker-open): a marker is in play underneath a card in play (5.1, 24.1), open like the slots.
 * Assumption (host-stack-open): the Stack is no zone of rule 4; a card played is revealed from the hand (14.3), so it
 * is open there, except an Ambush shown face down (14.3: the back face only), semi-open by 6.2.
 * `removed`: a token removed from the game no longer exists (36.3.1): nobody sees it.
 */
export const ZONE_STATE: Record<Exclude<Zone, 'host'>, ZoneState> = {
  deck: 'closed', drop: 'open', hand: 'semi-open', frontrow: 'open', backrow: 'open', form: 'open', marker: 'open',
  damage: 'closed', banished: 'open', stack: 'open', removed: 'closed',
};

/** Zones where a card may lie face down among face-up cards: there 6.2 makes a face-down card semi-open. */
const FACE_MATTERS = new Set<Zone>(['frontrow', 'backrow', 'form', 'marker', 'stack']);

/**
 * The state of a card's place: its zone's state, a face-down card in a zone of face-up cards semi-open (6.2).
 * Assumption (host-face-down-closed): 6.2 counts face-down cards as semi-open "regardless of zone", but the deck
 * (4.1.1) and the damage zone (4.8.1, 2.1: cards placed face down) are named closed and hold only face-down cards;
 * there the zone's own state is kept (2.1.1 asks only that the opponent not see a damage card), so a closed zone stays
 * closed. Drop and banished cards are read face up (open zones, 4.2.1, 4.9.1; no rule places a card face down there).
 */
export function placeState(zone: Zone, faceUp: boolean): ZoneState {
  if (zone === 'host') return faceUp ? 'open' : 'closed';
  const s = ZONE_STATE[zone];
  return FACE_MATTERS.has(zone) && !faceUp && s === 'open' ? 'semi-open' : s;
}

/** Who sees a card where it is now (6.1): both, the controller of its zone, or nobody; as trace sides 'A' / 'B'. */
export function seenBy(e: HEntity): SeenBy {
  const s = placeState(e.zone, e.faceUp);
  if (s === 'closed') return [];
  // The zones outside play are their owner's (37.1), in play its controller's (37.2): the card's controller either way.
  if (s === 'semi-open') return [SIDES[e.controller]];
  return ['A', 'B'];
}

/**
 * A face-down card turned face up where it lies (6.2: it was semi-open, seen by its controller): from now on it is
 * seen as its place is, both players in an open zone (6.1.1.1). A `seen` record `how: "turned_up"` states it, with the
 * rule that turns it (17.2.2: an Ambush activated; 9.1.8: the Hosts when the game begins); `player` is its controller.
 */
export function turnFaceUp(g: HostGame, e: HEntity, rule: string): void {
  if (e.faceUp) return;
  e.faceUp = true;
  const seen = g.mutants.has('host-turned-up-hidden') ? [SIDES[e.controller]] : seenBy(e);
  g.trace.event({ e: 'seen', entity: e.id, how: 'turned_up', player: e.controller, seen, rule });
}
