/** The Host kernel's one zone mover (engine/kernel/zones.ts is the Hearthstone kernel's). */
import { type HEntity, type HostGame, type Zone } from './state.js';
import { seenBy } from './visibility.js';

/** Assumption (host-slots): the seed does not say how many slots a row has; 5 frontrow and 5 backrow slots. */
export const FRONT_SLOTS = 5;
export const BACK_SLOTS = 5;

/**
 * The one zone mover: every change of zone is a new version of the card (36.2); moving slots is not (36.2.1). `faceUp`
 * is how the card lies where it goes (kept when not given). The `zone` record states who may see the card there
 * (`seen`, engine/host/visibility.ts: 6.1, 6.2).
 */
export function moveTo(g: HostGame, e: HEntity, to: Zone, slot?: number, faceUp?: boolean): void {
  const from = e.zone;
  // 36.3.1: a token that would leave its zone is removed from the game instead and no longer exists.
  if (e.token && to !== from && !g.mutants.has('host-token-persists')) {
    const was = e.controller;
    e.zone = 'removed';
    e.slot = undefined;
    e.attachedTo = undefined;
    e.controller = e.owner;
    e.version++;
    g.trace.event({ e: 'zone', entity: e.id, from, to: 'removed', seen: seenBy(e) });
    if (was !== e.owner) g.trace.event({ e: 'control', entity: e.id, from: was, to: e.owner });
    g.trace.event({ e: 'game_action', action: 'token_removed', entity: e.id, rule: 'host/36.3.1' });
    return;
  }
  const leavesPlay = !['frontrow', 'backrow', 'form', 'marker'].includes(to);
  const was = e.controller;
  for (const list of [g.s.players[0].deck, g.s.players[0].hand, g.s.players[0].damage, g.s.players[0].drop, g.s.players[1].deck, g.s.players[1].hand, g.s.players[1].damage, g.s.players[1].drop]) {
    const i = list.indexOf(e.id);
    if (i >= 0) list.splice(i, 1);
  }
  // Cards leaving play go to their owner's zones (37.1); cards in play are controlled by who has them (37.2).
  const keep = leavesPlay && g.mutants.has('host-control-kept');
  const owner = g.s.players[keep ? e.controller : e.owner]!;
  if (to === 'hand') owner.hand.push(e.id);
  else if (to === 'drop') owner.drop.push(e.id);
  else if (to === 'damage') owner.damage.push(e.id);
  else if (to === 'deck') owner.deck.push(e.id);
  if (leavesPlay) { if (!keep) e.controller = e.owner; e.damage = 0; e.mods = []; e.sick = false; e.attacked = false; e.lastDamage = null; e.usedThisTurn = []; }
  if (to === 'frontrow' || to === 'backrow' || to === 'form' || to === 'marker') e.enteredAt = ++g.s.seq;
  e.zone = to;
  e.slot = to === 'frontrow' || to === 'backrow' ? slot : undefined;
  if (to !== 'marker') e.attachedTo = undefined;
  if (faceUp !== undefined) e.faceUp = faceUp;
  e.version++;
  g.trace.event({ e: 'zone', entity: e.id, from, to, ...(slot !== undefined ? { position: slot } : {}), seen: seenBy(e) });
  if (e.controller !== was) g.trace.event({ e: 'control', entity: e.id, from: was, to: e.controller });
}

/** The lowest open frontrow slot of a player (assumption host-slot-choice: an effect that places a card takes it). */
export function lowestOpenSlot(g: HostGame, player: number, taken: readonly number[] = []): number | undefined {
  for (let k = 0; k < FRONT_SLOTS; k++) {
    if (taken.includes(k)) continue;
    if (!g.s.entities.some((x) => x.controller === player && x.zone === 'frontrow' && x.slot === k)) return k;
  }
  return undefined;
}

