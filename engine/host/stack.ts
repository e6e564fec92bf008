/**
 * The Stack (32): items go on top and the last in resolves first (32.4); an effect resolves in full without
 * interruption (34.3), nothing triggers meanwhile (34.4: effects that meet their trigger wait and go on the Stack at
 * the next priority timing, 28.6); an effect that would cause an infinite loop does not resolve (42.1.2).
 */
import { Recorder } from '../trace/recorder.js';
import { HOST_LOOP_BOUND } from '../trace/format.js';
import { Random } from '../random.js';
import { checkVictory, gameActions, moveTo } from './actions.js';
import { resolveEffect } from './effects.js';
import { autoTargets, pushTrigger, takePending } from './push.js';
import { GameOver, closeBlock, ent, inPlay, openBlock, type HostGame, type HostState, type PlayerIndex } from './state.js';
import { resolveCard } from './cards.js';

/** Resolutions the loop check looks ahead (42.1.1); a longer chain without a player's choice counts as infinite. */
export { HOST_LOOP_BOUND };
/** A run stops here whatever the engine does (a broken engine in a loop). */
export const HOST_HARD_LIMIT = 2000;

export class HostLoopGuard extends Error {}

/** Copy of the game for the loop check: no trace kept, no nested look-ahead. */
function scratch(g: HostGame): HostGame {
  return { s: cloneState(g.s), trace: new Recorder(false), random: new Random('host-lookahead'), mutants: g.mutants, lookahead: false, blocks: [], cardOf: g.cardOf };
}

/** A copy of the state that shares the (immutable) card definitions. */
function cloneState(s: HostState): HostState {
  const list = <T>(xs: readonly T[]) => [...xs];
  return {
    ...s,
    entities: s.entities.map((e) => ({ ...e, mods: e.mods.map((m) => ({ ...m })), usedThisTurn: list(e.usedThisTurn), lastDamage: e.lastDamage ? { ...e.lastDamage } : null })),
    players: s.players.map((p) => ({ ...p, deck: list(p.deck), hand: list(p.hand), damage: list(p.damage), drop: list(p.drop), resources: { ...p.resources } })) as HostState['players'],
    battle: s.battle ? { ...s.battle } : null,
    stack: s.stack.map((i) => ({ ...i, targets: i.targets.map((t) => ({ ...t })) })),
    pending: s.pending.map((t) => ({ ...t, ...(t.declared ? { declared: t.declared.map((x) => ({ ...x })) } : {}) })),
    priority: { ...s.priority },
    windows: s.windows.map((w) => ({ ...w, open: list(w.open) })),
  };
}

/** Only triggered abilities can keep a Stack from emptying: with none in play or on the Stack there is no loop. */
const mayLoop = (g: HostGame) => g.s.entities.some((e) => (inPlay(e) || e.zone === 'stack') && (e.card.abilities ?? []).some((a) => a.kind === 'trigger'));

/**
 * 42.1: would resolving this item lead, with no change by the players (every priority passed, forced triggers put on
 * the Stack with their first legal targets), to a Stack that never empties? A chain that ends the game is not a loop
 * (42.1.1.1).
 */
export function wouldLoop(g: HostGame, index: number): boolean {
  const c = scratch(g);
  try {
    resolveAt(c, index);
    for (let n = 0; n < HOST_LOOP_BOUND; n++) {
      for (const p of [c.s.active, (1 - c.s.active) as PlayerIndex]) for (const t of takePending(c, p)) pushTrigger(c, t, autoTargets(c, t));
      if (c.s.stack.length === 0) return false;
      resolveAt(c, c.s.stack.length - 1);
    }
    return true;
  } catch (e) {
    if (e instanceof GameOver) return false;
    throw e;
  }
}

/** Resolve the item the Stack gives next: the last in (32.4). */
export function resolveNext(g: HostGame): void {
  const index = g.mutants.has('host-fifo-stack') ? 0 : g.s.stack.length - 1;
  if (g.lookahead && !g.mutants.has('host-no-loop-check') && mayLoop(g) && wouldLoop(g, index)) {
    const [item] = g.s.stack.splice(index, 1);
    const b = openBlock(g, 'RESOLVE', { subject: item!.source, entry: item!.item, rule: 'host/42.1.2' });
    g.trace.event({ e: 'stack_resolve', item: item!.item, source: item!.source, result: 'loop', reason: 'resolving it would cause an infinite loop', rule: 'host/42.1.2' });
    if (item!.kind === 'card') moveTo(g, ent(g, item!.source), 'drop');
    closeBlock(g, b);
    return;
  }
  resolveAt(g, index);
}

export function resolveAt(g: HostGame, index: number): void {
  const [item] = g.s.stack.splice(index, 1);
  if (!item) throw new Error('internal: resolving an empty Stack');
  if (++g.s.unbroken > HOST_HARD_LIMIT) throw new HostLoopGuard(`${HOST_HARD_LIMIT} resolutions without a player's action`);
  const b = openBlock(g, 'RESOLVE', { subject: item.source, entry: item.item, rule: 'host/32.4' });
  g.s.resolving++;
  // The mutant host-trigger-mid-resolution: what triggers goes on the Stack inside the resolution (breaks 34.4).
  if (g.mutants.has('host-trigger-mid-resolution')) g.onPart = () => { for (const p of [0, 1] as PlayerIndex[]) for (const t of takePending(g, p)) pushTrigger(g, t, autoTargets(g, t)); };
  let out: { result: 'resolved' | 'fizzled'; reason?: string };
  try {
    out = item.kind === 'card' ? resolveCard(g, item) : resolveEffect(g, item, item.effect!);
    g.onPart?.();
    // An Ambush or Sorcery whose effect was used goes to the drop zone unless Lingering (22.1).
    const src = ent(g, item.source);
    if (item.kind === 'effect' && (item.what === 'ambush' || item.what === 'sorcery') && (src.zone === 'backrow') && !(src.card.keywords ?? []).includes('lingering')) {
      moveTo(g, src, 'drop');
    }
  } finally {
    g.onPart = undefined;
    g.s.resolving--;
  }
  g.trace.event({ e: 'stack_resolve', item: item.item, source: item.source, result: out.result, ...(out.reason ? { reason: out.reason } : {}), rule: out.result === 'fizzled' ? 'host/34.2' : 'host/34.5' });
  closeBlock(g, b);
  // Deferred by the mutants that break 35.2 and 1.1.
  const deferred = (g.s as { deferredLoss?: PlayerIndex[] }).deferredLoss;
  if (deferred) { delete (g.s as { deferredLoss?: PlayerIndex[] }).deferredLoss; checkVictory(g, deferred); }
  gameActions(g);
  g.s.windows = [];
}
