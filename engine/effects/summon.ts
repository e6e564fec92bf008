/** Summoning: a minion enters play, then its Summon Sequence (On Summon, After Summon); where it goes on the board. */
import type { CardDef } from '../cards/format.js';
import { entity, maxHealth, boardLimit, type Entity, type Game, type Side } from '../state.js';
import { attach } from './enchant.js';
import type { Ctx } from '../kernel/context.js';
import { raise } from '../kernel/queue.js';
import { runPhase } from '../kernel/phases.js';
import { createEntity, enterPlay } from '../entities.js';

/**
 * Summon a minion: it enters play, then its Summon Sequence runs ("On Summon", then "After Summon"). Inside a
 * running Phase these are nested Phases, so nothing dies before the outermost Phase ends (Rule 3 note).
 */
export function summon(ctx: Ctx, card: CardDef, side: Side, position: number, opts: { forcePlay?: boolean; damageTo?: number; as?: (e: Entity) => void } = {}): number | null {
  const g = ctx.g;
  const p = g.players[side];
  const BOARD_LIMIT = boardLimit(g);
  const refuse = () => {
    g.trace.event({ e: 'summon_refused', player: side, card: card.id, reason: `the board of player ${side === 0 ? 'A' : 'B'} is full`, rule: 'board-limit' });
    return null;
  };
  if (p.board.length >= BOARD_LIMIT && !g.mutants.has('no-board-limit')) return refuse();
  if (g.mutants.has('summon-limit-six') && p.board.length >= BOARD_LIMIT - 1) return refuse();
  const e = createEntity(g, card, side, 'setaside');
  enterPlay(g, e, Math.max(0, Math.min(position, p.board.length)), opts.forcePlay ?? false);
  if (opts.damageTo !== undefined) e.damage = Math.max(0, maxHealth(g, e) - opts.damageTo);
  // What the minion is as it enters (an exact copy's enchantments and damage), before anything responds to it.
  opts.as?.(e);
  ctx.summoned.push(e.id);
  runSummonSequence(g, e);
  return e.id;
}

/** "Whenever a minion is summoned, a Sequence immediately begins with an On Summon and ends with an After Summon Phase." */
export function runSummonSequence(g: Game, e: Entity): void {
  const b = g.trace.openBlock({ block: 'sequence', kind: 'SUMMON', subject: e.id, player: e.controller, rule: 'summon-sequence' });
  runPhase(g, { kind: 'ON_SUMMON', type: 'TRIGGER', subjects: [e.id] }, () => raise(g, [{ kind: 'summoned', subject: e.id }]));
  runPhase(g, { kind: 'AFTER_SUMMON', type: 'TRIGGER', subjects: [e.id] }, () => raise(g, [{ kind: 'after_summon', subject: e.id }]));
  g.trace.closeBlock(b);
}

/** Does a summon go to the right end of the board (not next to its summoner, nor in a dead minion's place)? */
function atRightEnd(ctx: Ctx, side: Side, pos: Parameters<typeof summonPosition>[2]): boolean {
  const self = ctx.self;
  if (pos === 'right' || self.controller !== side) return true;
  if (ctx.g.mutants.has('deathrattle-summon-right') && self.zone !== 'play') return true;
  // No position given: a Deathrattle's minion takes the dead minion's place; anything else goes to the right end.
  return pos === undefined && !(self.card.type === 'minion' && self.zone !== 'play' && self.lastPosition >= 0);
}

export function summonPosition(ctx: Ctx, side: Side, pos: 'right' | 'right_of_self' | 'left_of_self' | 'both_sides' | undefined): number {
  const board = ctx.g.players[side].board;
  const self = ctx.self;
  if (atRightEnd(ctx, side, pos)) return board.length;
  const i = board.indexOf(self.id);
  if (i >= 0) return pos === 'left_of_self' ? i : i + 1;
  // A dead summoner (a Deathrattle): its slot is gone, so the new minion takes the place where it was; a later one
  // of the same Deathrattle (another summon or put-into-play action) goes to the right of the one before it.
  if (self.card.type === 'minion' && self.zone !== 'play' && self.lastPosition >= 0) {
    const before = ctx.summoned.length ? board.indexOf(ctx.summoned[ctx.summoned.length - 1]!) : -1;
    return afterOrInPlace({ lastPosition: placeOfDeath(self, board) }, board, before);
  }
  return board.length; // a spell, a hero power, a secret: the right end
}

/** Right of the summon before it, else in the dead minion's place (as far as the board allows). */
function afterOrInPlace(self: { lastPosition: number }, board: readonly number[], before: number): number {
  return before >= 0 ? before + 1 : Math.min(self.lastPosition, board.length);
}

/**
 * Where a minion that died stood, on the board as it is now. Minions that died with it in one Death Creation Step left
 * the board too, and others may have come or gone since: its place is left of the minion that stood to its right and
 * lived, else right of the one that stood to its left and lived, while that minion is on the board (the right end, or
 * the left end, when none did); else its slot when it died.
 */
function placeOfDeath(self: Entity, board: readonly number[]): number {
  const right = self.rightOfDeath;
  const left = self.leftOfDeath;
  if (right === undefined || left === undefined) return self.lastPosition;
  if (right !== null && board.includes(right)) return board.indexOf(right);
  if (left !== null && board.includes(left)) return board.indexOf(left) + 1;
  if (right === null) return board.length;
  if (left === null) return 0;
  return self.lastPosition;
}

/**
 * Where the n-th of several summons goes: 'both_sides' alternates right and left of the summoner; next to the summoner,
 * or in a dead minion's place (a Deathrattle), each further one to the right of the one before. A summon that goes to
 * the right end goes to the right end as the board stands at its own time (assumption board-position): a minion that
 * entered the board meanwhile (a summon's own Sequence may take control of one) is to its left.
 */
export function nthPosition(ctx: Ctx, side: Side, pos: Parameters<typeof summonPosition>[2], n: number, previous: number): number {
  if (pos === 'both_sides') return summonPosition(ctx, side, n % 2 === 0 ? 'right_of_self' : 'left_of_self');
  if (n === 0 || atRightEnd(ctx, side, pos)) return summonPosition(ctx, side, pos);
  return previous + 1;
}

/**
 * An exact copy: the original's enchantments (not the one running this ability) and damage. Auras are not copied: the
 * copy gets those in play at the next Aura Update.
 */
export function copyState(ctx: Ctx, from: Entity, to: Entity): void {
  for (const en of from.enchantments) {
    if (en === ctx.source.id) continue;
    const x = entity(ctx.g, en);
    attach(ctx, to.id, x.card, x.mods);
  }
  to.damage = from.damage;
  if (from.silenced) to.silenced = true;
  // its Divine Shield and Freeze as they stand: a shield popped or Silenced away on the original is gone on the copy,
  // a Frozen original gives a Frozen copy (rule copy)
  to.divineShield = from.divineShield;
  to.frozen = from.frozen;
}
