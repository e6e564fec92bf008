/**
 * Tokens (36.3) and control changes (37.2). A token is an entity an effect creates from a token card; it does not
 * persist: when it would leave its zone it is removed from the game (engine/host/zones.ts). Gaining control keeps the
 * card in play (it changes no zone, so it is the same version, 36.2, 36.2.1) and moves it to a slot of the new
 * controller; when it leaves play it goes to its owner's zones (37.1).
 */
import { emit } from './actions.js';
import { isEntityInPlay, type HEntity, type HostGame, type PlayerIndex } from './state.js';
import { FRONT_SLOTS, lowestOpenSlot } from './zones.js';

export function openSlots(g: HostGame, player: PlayerIndex): number {
  let n = 0;
  for (let k = 0; k < FRONT_SLOTS; k++) if (!g.s.entities.some((x) => x.controller === player && x.zone === 'frontrow' && x.slot === k)) n++;
  return n;
}

/**
 * Create `amount` tokens of a token card for a player, each in the lowest open frontrow slot (assumption
 * host-slot-choice: the seed does not say who chooses the slot of a card an effect places). A token is created
 * (18.5: Creation Sickness) and its `created` triggers go off like a played Entity's.
 */
export function createTokens(g: HostGame, player: PlayerIndex, card: string, amount: number): void {
  const c = g.cardOf(card);
  for (let k = 0; k < amount; k++) {
    const slot = lowestOpenSlot(g, player);
    if (slot === undefined) return;
    // Tokens are labelled token1, token2, ... in the order the game creates them, so scripts and outcomes can name them.
    const label = `token${g.s.entities.filter((x) => x.token && x.label?.startsWith('token')).length + 1}`;
    const e: HEntity = {
      label, id: g.s.entities.length, card: c, owner: player, controller: player, zone: 'frontrow', slot, version: 0, damage: 0, sick: true,
      faceUp: true, attacked: false, mods: [], enteredAt: ++g.s.seq, usedThisTurn: [], lastDamage: null, token: true,
    };
    g.s.entities.push(e);
    g.s.nextId = g.s.entities.length;
    g.trace.entity({ id: e.id, card: c.id, name: c.name, type: c.type, controller: player, zone: 'frontrow', slot, label });
    g.trace.event({ e: 'summon', entity: e.id, card: c.id, controller: player, position: slot, order: e.enteredAt });
    emit(g, 'created', e.id, player);
  }
}

/**
 * The player gains control of an entity in play (37.2): it moves to their lowest open frontrow slot (assumption
 * host-slot-choice) with Creation Sickness (assumption host-control-sickness: the seed does not say; 18.5.1 gives it
 * to an Entity entering play, 18.5.2.2 lifts it at its controller's Start phase). Damage and changes stay.
 */
export function gainControl(g: HostGame, e: HEntity, player: PlayerIndex): void {
  if (!isEntityInPlay(e) || e.controller === player) return;
  const slot = lowestOpenSlot(g, player);
  if (slot === undefined) return;
  const from = e.controller;
  e.controller = player;
  e.slot = slot;
  e.sick = true;
  g.trace.event({ e: 'control', entity: e.id, from, to: player });
  g.trace.event({ e: 'zone', entity: e.id, from: 'frontrow', to: 'frontrow', position: slot });
}
