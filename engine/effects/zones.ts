/** Cards moving between deck, hand and play: draws (hand limit, fatigue), cards added to hand, weapons. */
import { moveTo } from '../kernel/zones.js';
import type { CardDef, Filter } from '../cards/format.js';
import { entity, type Entity, type Game, type Side } from '../state.js';
import type { Ctx } from '../kernel/context.js';
import { runPhase } from '../kernel/phases.js';
import { removeFromPlay } from '../kernel/deaths.js';
import { createEntity } from '../entities.js';
import { raise } from '../kernel/queue.js';
import { dealDamage } from './damage.js';
import { drawShared } from '../hearthtop/table.js';

/** Draw the top card (null: fatigue, or burnt by the hand limit). */
export function drawCard(g: Game, side: Side, pick?: number): number | null {
  if (g.table) return drawShared(g, side); // one shared deck, no fatigue (hearthtop/draw-empty)
  const p = g.players[side];
  const HAND_LIMIT = g.profile.limits.hand;
  const id = pick !== undefined ? pick : p.deck.shift();
  if (pick !== undefined) p.deck = p.deck.filter((x) => x !== pick);
  if (id === undefined) {
    // Fatigue: its own (PowerHistory FATIGUE) Phase, nested where the draw happens.
    const hero = entity(g, p.hero);
    runPhase(g, { kind: 'FATIGUE', type: 'FATIGUE', player: side }, () => {
      // Mutant (breaks fatigue): the damage stays 1.
      p.fatigue = p.fatigue >= 1 && g.mutants.has('fatigue-flat') ? 1 : p.fatigue + 1;
      g.trace.event({ e: 'fatigue', player: side, amount: p.fatigue });
      const ctx: Ctx = { g, source: hero, self: hero, controller: side, cls: 'negative', isTrigger: false, summoned: [] };
      dealDamage(ctx, hero.id, [hero.id], p.fatigue);
    });
    return null;
  }
  const c = entity(g, id);
  if (p.hand.length >= HAND_LIMIT) {
    moveTo(g, c, 'graveyard');
    p.graveyard.push(id);
    g.trace.event({ e: 'burn', player: side, entity: id, card: c.card.id, rule: 'hand-limit' });
    return null;
  }
  moveTo(g, c, 'hand');
  p.hand.push(id);
  g.trace.event({ e: 'draw', player: side, entity: id, card: c.card.id });
  raise(g, [{ kind: 'drawn', subject: id }]);
  return id;
}

/** Destroy the top cards of a deck without drawing them (recorded as burnt, rule `mill`). */
export function millCards(g: Game, side: Side, n: number): void {
  const p = g.players[side];
  for (let i = 0; i < n && p.deck.length; i++) {
    const id = p.deck.shift()!;
    const c = entity(g, id);
    moveTo(g, c, 'graveyard');
    p.graveyard.push(id);
    g.trace.event({ e: 'burn', player: side, entity: id, card: c.card.id, rule: 'mill' });
  }
}

export function addToHand(g: Game, side: Side, card: CardDef): Entity | null {
  const p = g.players[side];
  const c = createEntity(g, card, side, 'hand');
  // A profile that discards at Cleanup lets the hand grow until then (hearthtop/cleanup-discard).
  const HAND_LIMIT = g.profile.rules.overdraw === 'burn' ? g.profile.limits.hand : Number.POSITIVE_INFINITY;
  if (p.hand.length >= HAND_LIMIT) {
    moveTo(g, c, 'graveyard');
    g.trace.event({ e: 'burn', player: side, entity: c.id, card: card.id, rule: 'hand-limit' });
    return null;
  }
  p.hand.push(c.id);
  // Not a draw: the card is created by an effect, it does not come from the deck (rule hand-limit still applies).
  g.trace.event({ e: 'add_to_hand', player: side, entity: c.id, card: card.id });
  return c;
}

/**
 * Equip a weapon: a new entity of the card, or (`played`) the played card itself when it is a physical card that goes
 * to the discard pile when destroyed (a Hearthtop playing card, hearthtop/weapons).
 */
export function equipWeapon(g: Game, side: Side, card: CardDef, played?: Entity): void {
  const p = g.players[side];
  if (p.weapon !== null) {
    const old = entity(g, p.weapon);
    // Rule weapon-replace: the old weapon is destroyed, a mark like any other destroy (Rule 3: no Entity is killed in
    // the middle of a Phase); it dies in the next Death Creation Step and its Deathrattle resolves in a Death Phase.
    if (g.mutants.has('replaced-weapon-vanishes')) removeFromPlay(g, old, 'mutant:replaced-weapon-vanishes');
    else {
      p.replaced.push(old.id);
      if (!old.pendingDestroy) {
        old.pendingDestroy = true;
        g.trace.event({ e: 'destroy_mark', target: old.id, rule: 'weapon-replace' });
      }
    }
  }
  const w = played ?? createEntity(g, card, side, 'play');
  w.order = g.nextOrder++;
  p.weapon = w.id;
  moveTo(g, w, 'play', { from: played ? 'hand' : 'setaside', order: w.order });
}

/**
 * A new Hero Power for a player (rule hero-power-replaced): the old one leaves play, the new one enters, not used this
 * turn.
 */
export function equipHeroPower(g: Game, side: Side, card: CardDef): void {
  const p = g.players[side];
  if (p.heroPower !== null) moveTo(g, entity(g, p.heroPower), 'removed');
  const hp = createEntity(g, card, side, 'setaside');
  hp.order = g.nextOrder++;
  moveTo(g, hp, 'play', { from: 'setaside', order: hp.order });
  p.heroPower = hp.id;
}

/** Cards in hand or deck that an effect may take (put into play): by card type and race. */
export function passesCard(e: Entity, f: Filter): boolean {
  if (f.type === 'secret') return !!e.card.secret;
  if (f.type === 'minion' && e.card.type !== 'minion') return false;
  if (f.race && e.card.race !== f.race) return false;
  return true;
}
