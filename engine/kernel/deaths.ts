/**
 * Rule 4a: the Death Creation Step removes every mortally wounded (0 or less Health) and pending-destroy entity
 * from play, simultaneously. Rule 7: the Death Phase queues the Deaths in order of play; for each Death, its Death
 * Event triggers (Deathrattles, on-Death Secrets, on-Death triggered effects) are queued when that Death is reached
 * and resolved in order of play. Rule 3 / Rule 8 exceptions: a Forced Death Phase kills in the middle of a Phase.
 */
import { moveTo } from './zones.js';
import { entity, health, durability, playerHasAuraEffect, type Entity, type Game } from '../state.js';
import type { GameEventRef } from './context.js';
import { raise, sortEntries, inOrderOfPlay, type Entry } from './queue.js';

function isDying(g: Game, e: Entity): boolean {
  if (e.zone !== 'play') return false;
  if (e.card.type === 'minion' || e.card.type === 'hero') return e.pendingDestroy || health(g, e) <= 0;
  if (e.card.type === 'weapon') return e.pendingDestroy || durability(g, e) <= 0;
  return false;
}

/** Everything that dies now, oldest first. */
export function findDying(g: Game): Entity[] {
  const out: Entity[] = [];
  for (const p of g.players) {
    // hero, board in order, weapon (without building the list)
    const n = p.board.length + (p.weapon !== null ? 2 : 1);
    for (let i = 0; i < n; i++) {
      const e = entity(g, i === 0 ? p.hero : i <= p.board.length ? p.board[i - 1]! : p.weapon!);
      if (isDying(g, e)) out.push(e);
    }
    for (const id of p.replaced) { const e = entity(g, id); if (isDying(g, e)) out.push(e); }
  }
  return out.sort((a, b) => a.order - b.order);
}

/** Take an entity out of play into the graveyard (its attached enchantments go with it). */
export function removeFromPlay(g: Game, e: Entity, rule: string): void {
  const p = g.players[e.controller];
  if (e.card.type === 'minion') {
    e.lastPosition = p.board.indexOf(e.id);
    e.rightOfDeath = undefined;
    e.leftOfDeath = undefined;
    p.board = p.board.filter((x) => x !== e.id);
  }
  if (e.card.type === 'weapon') {
    if (p.weapon === e.id) p.weapon = null;
    else if (p.replaced.includes(e.id)) p.replaced = p.replaced.filter((x) => x !== e.id);
  }
  moveTo(g, e, 'graveyard');
  p.graveyard.push(e.id);
  e.diedTurn = g.turn;
  for (const en of e.enchantments) moveTo(g, entity(g, en), 'graveyard');
  g.trace.event({ e: 'death', entity: e.id, rule });
}

export function deathCreationStep(g: Game): Entity[] {
  const b = g.trace.openBlock({ block: 'step', kind: 'DEATH_CREATION', rule: '4a' });
  let dead = findDying(g);
  // Mutant deaths-one-at-a-time: one removed per step, the oldest (the newest with deaths-newest-first as well).
  if (g.mutants.has('deaths-one-at-a-time')) dead = g.mutants.has('deaths-newest-first') ? dead.slice(-1) : dead.slice(0, 1);
  // Each minion's place: the ones to its right and left that do not die with it (the board before any is removed).
  // (Nothing is built when nothing dies: the step runs after every outermost Phase.)
  const dying = dead.length ? new Set(dead.map((e) => e.id)) : null;
  const around = new Map<number, [number | null, number | null]>();
  for (const e of dead) {
    if (e.card.type !== 'minion' || !dying) continue;
    const board = g.players[e.controller].board;
    const at = board.indexOf(e.id);
    let j = at + 1;
    while (j < board.length && dying.has(board[j]!)) j++;
    let k = at - 1;
    while (k >= 0 && dying.has(board[k]!)) k--;
    around.set(e.id, [j < board.length ? board[j]! : null, k >= 0 ? board[k]! : null]);
  }
  for (const e of dead) {
    removeFromPlay(g, e, '4a');
    const a = around.get(e.id);
    if (a) { e.rightOfDeath = a[0]; e.leftOfDeath = a[1]; }
  }
  g.trace.closeBlock(b);
  return dead;
}

/** The entities whose Deathrattles a minion has: itself (unless silenced), then enchantments it carries ("added Deathrattles"). */
export function deathrattleSources(g: Game, m: Entity): Entity[] {
  const own = !m.silenced && m.card.deathrattle ? [m] : [];
  return [...own, ...m.enchantments.map((id) => entity(g, id)).filter((en) => en.card.deathrattle)];
}

/** Deathrattle entries of a dead entity: its own, then those of enchantments it carried ("added Deathrattles"). */
export function deathrattleEntries(g: Game, dead: Entity, ev: GameEventRef, eventIndex: number): Entry[] {
  const out: Entry[] = [];
  // Baron Rivendare: "Your minions trigger their Deathrattles twice" (rule deathrattles-twice): minions only.
  // (mutant: a weapon's too, breaking rule deathrattles-twice)
  const doubled = playerHasAuraEffect(g, dead.controller, 'deathrattlesTwice') && (dead.card.type === 'minion' || g.mutants.has('rivendare-doubles-weapons'));
  const times = doubled ? 2 : 1;
  for (const src of deathrattleSources(g, dead)) {
    for (let i = 0; i < times; i++) out.push({ source: src, deathrattleOf: dead, event: ev, eventIndex, order: src.order });
  }
  return out;
}

export function resolveDeathPhase(g: Game, deaths: Entity[]): void {
  // Rule 7: in order of play (mutant: newest first).
  const oldestFirst = inOrderOfPlay(g, deaths, (d) => d);
  const dead = deaths.length > 1 && g.mutants.has('deaths-newest-first') ? [...oldestFirst].reverse() : oldestFirst;
  // Rule 7: the Deaths, queued in order of play.
  g.trace.queue(dead.map((d) => ({ kind: 'died', subject: d.id, order: d.order })), dead.map((d, i) => ({ source: d.id, what: 'death', order: d.order, event: i })), '7');
  for (const d of dead) {
    // Each Death's triggers are queued only when that Death is reached (Rule 7; Mad Scientist / Duplicate example).
    const ev: GameEventRef = { kind: 'died', subject: d.id };
    raise(g, [ev], (evs) => sortEntries(g, deathrattleEntries(g, d, evs[0]!, 0)), '7');
  }
}

/**
 * Rule 3 / Rule 8 exception: a Forced Death Phase. Mortally wounded and pending-destroy minions die now, in the middle
 * of the running Phase; their Deaths resolve in a nested Death Phase. Deaths it causes stay unresolved until the
 * outermost Phase ends.
 */
export function forcedDeathPhase(g: Game, run: (body: () => void) => void): void {
  const dead = findDying(g).filter((e) => e.card.type === 'minion');
  if (dead.length === 0) return;
  // As after an outermost Phase: the deaths, then the (here nested) Phase that resolves them.
  for (const e of dead) removeFromPlay(g, e, '3-forced-death');
  run(() => resolveDeathPhase(g, dead));
}
