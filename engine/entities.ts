/** Creating entities and putting them into play (assigning their place in the order of play, Rule 2 notes). */
import { moveTo } from './kernel/zones.js';
import type { CardDef } from './cards/format.js';
import { entity, type Entity, type Game, type Side, type Zone } from './state.js';
import type { EntityRecord } from './trace/format.js';

export function createEntity(g: Game, card: CardDef, controller: Side, zone: Zone, label?: string): Entity {
  const e: Entity = {
    id: g.nextId++, card, controller, owner: controller, zone, order: 0, damage: 0, armor: 0,
    enchantments: [], auraLayer: [], pendingDestroy: false, frozen: false, exhausted: false, attacks: 0,
    divineShield: !!card.keywords?.includes('divine_shield'), silenced: false, costMods: [], lastPosition: -1,
    durabilityLoss: 0,
  };
  g.entities.set(e.id, e);
  const rec: Omit<EntityRecord, 't'> = { id: e.id, card: card.id, name: card.name, type: card.secret ? 'secret' : card.type, controller, zone };
  // The label last, as an object spread put it, without building an object per entity.
  if (label) { e.label = label; rec.label = label; }
  g.trace.entity(rec);
  return e;
}

/**
 * A minion enters the board at `position`. It becomes the newest in the order of play, except when force-played
 * from hand or deck: the documented bug makes it the oldest (Rule 2 note; mutant 'newest-force-play').
 */
export function enterPlay(g: Game, e: Entity, position: number, forcePlay: boolean): void {
  const p = g.players[e.controller];
  moveTo(g, e, 'play');
  // Summoning sickness: a minion that enters play cannot attack this turn unless it has Charge when it attacks (printed
  // or given; a Silenced Stonetusk Boar has lost it).
  e.exhausted = true;
  e.order = forcePlay && !g.mutants.has('newest-force-play') ? g.oldestOrder-- : g.nextOrder++;
  p.board.splice(position, 0, e.id);
  g.trace.event({ e: 'summon', entity: e.id, card: e.card.id, controller: e.controller, position, order: e.order });
}

/**
 * A minion leaving play for a hand or a deck becomes its card again: what play gave it (enchantments, damage, Silence,
 * Frozen, a destroy mark, lost keywords, attacks made this turn) is gone; played again it is a new minion (Leeroy
 * Jenkins returned by Shadowstep can attack again).
 */
export function resetLeavingPlay(g: Game, e: Entity): void {
  for (const en of e.enchantments) moveTo(g, entity(g, en), 'graveyard');
  e.enchantments = []; e.damage = 0; e.pendingDestroy = false; e.frozen = false; e.auraLayer = []; e.silenced = false; e.lostKeywords = undefined;
  e.divineShield = !!e.card.keywords?.includes('divine_shield');
  e.attacks = 0; e.returnTo = undefined;
  // A cost change the card got in a hand (Shadowstep's "costs (2) less") ended when it was played: a card that leaves
  // play is its card again, with none.
  e.costMods = [];
}
