/**
 * Mana Crystals, Overload and decks: the player's resources that cards change.
 * - Overload: (N) (rule `overload`): playing the card owes N locked crystals; at the start of the player's next turn
 *   they are locked (unavailable that turn) and the debt is cleared. Lava Shock-style unlocking gives the locked mana
 *   back now and clears what is owed.
 * - Mana Crystals (rule `mana-crystals`): at most 10; a full crystal is also mana to spend now, an empty one is not;
 *   mana "this turn only" is spendable mana above the crystals, gone at the end of the turn (turn start resets mana).
 * - Shuffling into a deck: each card goes to a random place (a recorded random choice).
 */
import { moveTo } from '../kernel/zones.js';
import { type Entity, type Game, type Side } from '../state.js';
import type { CardDef } from '../cards/format.js';
import type { Ctx } from '../kernel/context.js';
import { createEntity, resetLeavingPlay } from '../entities.js';
import { randomInt } from './randomness.js';

/** The profile's Mana Crystal limit (Hearthstone 10; mutant ht-ten-crystals: a profile's cap ignored for 10). */
const maxOf = (g: Game): number => (g.mutants.has('ht-ten-crystals') ? 10 : g.profile.limits.mana);

export function recordCrystals(g: Game, side: Side, why: string): void {
  const p = g.players[side];
  g.trace.event({ e: 'crystals', player: side, maxMana: p.maxMana, mana: p.mana, overloaded: p.overloaded, overloadNext: p.overloadNext, why });
}

/** A card with Overload was played: its crystals are owed for the player's next turn. */
export function oweOverload(g: Game, side: Side, n: number): void {
  g.players[side].overloadNext += n;
  recordCrystals(g, side, 'overload');
}

export function gainMana(g: Game, side: Side, n: number, crystals: 'full' | 'empty' | 'this_turn'): void {
  const p = g.players[side];
  const MAX = maxOf(g);
  if (crystals === 'this_turn') {
    const cap = g.profile.limits.manaThisTurn;
    p.mana = cap === null ? p.mana + n : Math.min(cap, p.mana + n);
  } else {
    const gained = Math.min(n, MAX - p.maxMana);
    p.maxMana += gained;
    if (crystals === 'full') p.mana = Math.min(MAX, p.mana + gained);
  }
  recordCrystals(g, side, `gain_${crystals}`);
}

/** Destroy crystals: empty ones first, then full ones (the mana left goes with them): rule mana-crystals. */
export function destroyMana(g: Game, side: Side, n: number): void {
  const p = g.players[side];
  const k = Math.min(n, p.maxMana);
  p.maxMana -= k;
  p.mana = Math.min(p.mana, p.maxMana);
  recordCrystals(g, side, 'destroy');
}

export function unlockOverload(g: Game, side: Side): void {
  const p = g.players[side];
  const MAX = maxOf(g);
  p.mana = Math.min(MAX, p.mana + p.overloaded);
  p.overloaded = 0;
  p.overloadNext = 0;
  recordCrystals(g, side, 'unlock');
}

/** The start of a player's turn: refill, then lock what Overload owes. */
export function startTurnCrystals(g: Game, side: Side): void {
  const p = g.players[side];
  p.maxMana = Math.min(maxOf(g), p.maxMana + 1);
  p.overloaded = Math.min(p.overloadNext, p.maxMana);
  p.overloadNext = 0;
  p.mana = p.maxMana - p.overloaded;
  if (p.overloaded > 0) recordCrystals(g, side, 'overload_locked');
}

function randomPlace(ctx: Ctx, side: Side, what: string): number {
  const deck = ctx.g.players[side].deck;
  return deck.length === 0 ? 0 : randomInt(ctx.g, 0, deck.length, `${ctx.source.card.name}: place in deck for ${what}`);
}

/** A new card shuffled into a player's deck. */
export function shuffleNew(ctx: Ctx, side: Side, card: CardDef): void {
  const g = ctx.g;
  const e = createEntity(g, card, side, 'deck');
  const at = randomPlace(ctx, side, card.name);
  g.players[side].deck.splice(at, 0, e.id);
  g.trace.event({ e: 'shuffle', player: side, entity: e.id, card: card.id, position: at });
}

/** A minion in play shuffled into its controller's deck: it leaves play (not a death), losing what play gave it. */
export function shuffleFromPlay(ctx: Ctx, e: Entity): void {
  const g = ctx.g;
  if (e.zone !== 'play' || e.card.type !== 'minion') return;
  const p = g.players[e.controller];
  p.board = p.board.filter((x) => x !== e.id);
  resetLeavingPlay(g, e);
  const at = randomPlace(ctx, e.controller, e.card.name);
  p.deck.splice(at, 0, e.id);
  moveTo(g, e, 'deck', { from: 'play', position: at });
}
