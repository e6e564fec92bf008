/** Putting cards and effects on the Stack (32.1) and pending triggers (28.6, 33.2). */
import { emit } from './actions.js';
import { legalTargets, refsOf } from './effects.js';
import type { HostGame, PendingTrigger, PlayerIndex, StackItem } from './state.js';

export function push(g: HostGame, item: Omit<StackItem, 'item'>, rule: string): StackItem {
  const full: StackItem = { item: ++g.s.nextItem, ...item };
  g.s.stack.push(full);
  g.trace.event({ e: 'stack_push', item: full.item, what: full.kind, source: full.source, player: full.controller, targets: full.targets.map((t) => t.id), ...(full.slot !== undefined ? { slot: full.slot } : {}), rule });
  // 30.6: each target is targeted by this item (a requirement an Ambush or trigger may answer).
  for (const t of full.targets) emit(g, 'targeted', t.id, undefined, full.item);
  return full;
}

/** A trigger goes on the Stack with its targets (34.1); with no legal target it cannot be performed (30.5). */
export function pushTrigger(g: HostGame, t: PendingTrigger, targets: number[]): void {
  if (t.declared) {
    push(g, { kind: 'effect', source: t.source, controller: t.controller, what: t.what, effect: t.effect, targets: t.declared }, 'host/21.2.1');
    return;
  }
  const need = t.effect.targets ?? [];
  if (need.length > 0 && targets.length === 0 && need.some((spec) => legalTargets(g, spec, t.controller, t.source).length === 0)) {
    g.trace.event({ e: 'trigger_abort', source: t.source, reason: 'no legal target', rule: 'host/30.5' });
    return;
  }
  push(g, { kind: 'effect', source: t.source, controller: t.controller, what: t.what, effect: t.effect, targets: refsOf(targets, g), ...(t.subject !== undefined ? { subject: t.subject } : {}), ...(t.subjectPlayer !== undefined ? { subjectPlayer: t.subjectPlayer } : {}), ...(t.subjectItem !== undefined ? { subjectItem: t.subjectItem } : {}) }, 'host/28.6');
}

/** The first legal targets of each spec, in entity order: the look-ahead's stand-in for a player's choice. */
export function autoTargets(g: HostGame, t: PendingTrigger): number[] {
  const out: number[] = [];
  for (const spec of t.effect.targets ?? []) {
    const c = legalTargets(g, spec, t.controller, t.source).filter((id) => !out.includes(id));
    if (!c.length) return [];
    out.push(c[0]!);
  }
  return out;
}

/** Pending triggers of one player that need no choice (one trigger, no targets) go on the Stack at once. */
export function needsChoice(g: HostGame, player: PlayerIndex): boolean {
  const mine = g.s.pending.filter((t) => t.controller === player);
  return mine.length > 1 || mine.some((t) => !t.declared && (t.effect.targets?.length ?? 0) > 0);
}

export function takePending(g: HostGame, player: PlayerIndex): PendingTrigger[] {
  const mine = g.s.pending.filter((t) => t.controller === player);
  g.s.pending = g.s.pending.filter((t) => t.controller !== player);
  return mine;
}

