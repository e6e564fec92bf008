/** The Host kernel's one zone mover (engine/kernel/zones.ts is the Hearthstone kernel's). */
import { type HEntity, type HostGame, type Zone } from './state.js';

/** The one zone mover: every change of zone is a new version of the card (36.2); moving slots is not (36.2.1). */
export function moveTo(g: HostGame, e: HEntity, to: Zone, slot?: number): void {
  const from = e.zone;
  for (const list of [g.s.players[0].deck, g.s.players[0].hand, g.s.players[0].damage, g.s.players[0].drop, g.s.players[1].deck, g.s.players[1].hand, g.s.players[1].damage, g.s.players[1].drop]) {
    const i = list.indexOf(e.id);
    if (i >= 0) list.splice(i, 1);
  }
  // Cards leaving play go to their owner's zones (37.1); cards in play are controlled by who has them (37.2).
  const owner = g.s.players[e.owner]!;
  if (to === 'hand') owner.hand.push(e.id);
  else if (to === 'drop') owner.drop.push(e.id);
  else if (to === 'damage') owner.damage.push(e.id);
  else if (to === 'deck') owner.deck.push(e.id);
  if (!['frontrow', 'backrow', 'form', 'marker'].includes(to)) { e.controller = e.owner; e.damage = 0; e.mods = []; e.sick = false; e.attacked = false; e.lastDamage = null; e.usedThisTurn = []; }
  if (to === 'frontrow' || to === 'backrow' || to === 'form' || to === 'marker') e.enteredAt = ++g.s.seq;
  e.zone = to;
  e.slot = to === 'frontrow' || to === 'backrow' ? slot : undefined;
  if (to !== 'marker') e.attachedTo = undefined;
  e.version++;
  g.trace.event({ e: 'zone', entity: e.id, from, to, ...(slot !== undefined ? { position: slot } : {}) });
}

