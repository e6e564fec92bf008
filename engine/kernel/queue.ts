/**
 * Rule 2a/2b/2c: Queues. When events happen (one, or several simultaneously), a Queue is created and filled with
 * every trigger that can respond: events in order of play of their subjects (2b), then for each event its triggers
 * in order of play (2a), with the priority exceptions (always first / always last: Redemption, Djinni of Zephyrs).
 * Once its first entry starts resolving the Queue is immutable (2c). Entries resolve one at a time, depth first
 * (Rule 1a/1b): everything an entry raises is resolved before the next entry starts.
 */
import { discardTo, moveTo } from './zones.js';
import type { Trigger, EventPattern } from '../cards/format.js';
import type { QueueEntry } from '../trace/format.js';
import { entity, inPlay, maxHealth, mortallyWoundedOrPendingDestroy, triggersOf, describe, type Entity, type Game, type Side } from '../state.js';
import type { Ctx, GameEventRef } from './context.js';

export class LoopGuardError extends Error {}

/** Nesting depth of queues that counts as an endless loop (the real game has no deeper legitimate chain). */
export const MAX_NESTING = 400;

/** One queued response: a card trigger, or the deathrattle of a dead entity (or of an enchantment it carried). */
export interface Entry {
  source: Entity;
  trigger?: Trigger;
  triggerIndex?: number;
  deathrattleOf?: Entity;
  event: GameEventRef;
  eventIndex: number;
  order: number;
  priority?: 'first' | 'last';
}

/** The entity an ability of `source` treats as 'self': an enchantment acts for the entity it is attached to. */
export function carrierOf(g: Game, source: Entity): Entity {
  return source.attachedTo !== undefined ? entity(g, source.attachedTo) : source;
}

/** Does a card have a trigger that acts while it is in a hand (`zone: 'hand'`)? */
function actsInHand(e: Entity): boolean {
  return e.card.triggers !== undefined && e.card.triggers.some((t) => t.zone === 'hand');
}

/** Where a trigger acts: in play, or (`zone: 'hand'`) in its owner's hand. */
function activeWhere(t: Trigger, e: Entity): boolean {
  return t.zone === 'hand' ? e.zone === 'hand' : inPlay(e);
}

/** Everything that can carry a trigger: heroes, minions, weapons, secrets, attached enchantments in play; cards in hand with a hand trigger. */
export function triggerCarriers(g: Game): Entity[] {
  const out: Entity[] = [];
  const add = (id: number) => {
    const e = entity(g, id);
    if (!inPlay(e)) return;
    out.push(e);
    for (const en of e.enchantments) {
      const x = entity(g, en);
      if (x.zone === 'play') out.push(x);
    }
  };
  for (const p of g.players) {
    add(p.hero);
    for (const id of p.board) add(id);
    if (p.weapon !== null) add(p.weapon);
    for (const id of p.secrets) add(id);
    for (const id of p.hand) { const e = entity(g, id); if (actsInHand(e)) out.push(e); }
  }
  return out;
}

function ctxFor(g: Game, source: Entity, ev: GameEventRef, trig?: Trigger): Ctx {
  const carrier = carrierOf(g, source);
  // An enchantment's trigger acts for the enchantment's controller (its caster at first; it follows the minion when
  // the minion changes sides, Rule 10 example: Nightmare). Blessing of Wisdom acts for its caster (Rule 10 exception).
  const controller: Side = trig?.actsFor === 'caster' && source.caster !== undefined ? source.caster : g.mutants.has('trigger-keeps-owner') ? source.owner : source.controller;
  return { g, source, self: carrier, controller, cls: trig?.class ?? 'neutral', isTrigger: true, event: ev, summoned: [], seq: ev.seq };
}

export function matchesPattern(g: Game, ctx: Ctx, p: EventPattern, ev: GameEventRef): boolean {
  if (p.on !== ev.kind) return false;
  if (p.player !== undefined && ev.player !== undefined) {
    const rel = ev.player === (g.mutants.has('trigger-keeps-owner') ? ctx.source.owner : ctx.source.controller) ? 'friendly' : 'enemy';
    if (p.player !== 'both' && p.player !== rel) return false;
  }
  if (p.subject && !ctx.g.effects.passes(ctx, entity(g, ev.subject), p.subject)) return false;
  if (p.source && (ev.source === undefined || !ctx.g.effects.passes(ctx, entity(g, ev.source), p.source))) return false;
  if (p.target) {
    const t = ev.seq?.defender ?? ev.seq?.target ?? ev.target;
    if (t === undefined || t === null || !ctx.g.effects.passes(ctx, entity(g, t), p.target)) return false;
  }
  return true;
}

/** Collect the triggers that respond to one event now (Rule 10: the current board, current controllers). */
export function respondersTo(g: Game, ev: GameEventRef, eventIndex: number, carriers: Entity[]): Entry[] {
  const out: Entry[] = [];
  for (const src of carriers) {
    const trigs = triggersOf(src);
    for (let i = 0; i < trigs.length; i++) {
      const t = trigs[i]!;
      // Another kind of event: no context is built for a trigger that cannot respond (matchesPattern's first test).
      if (t.when.on !== ev.kind) continue;
      // Secrets only act on the opponent's turn.
      // A Secret acts on the opponent's turn only (mutant: on its owner's too, breaking rule secrets).
      if (t.secret && g.active === src.controller && !g.mutants.has('secret-on-own-turn')) continue;
      if (!activeWhere(t, src)) continue;
      const ctx = ctxFor(g, src, ev, t);
      if (!matchesPattern(g, ctx, t.when, ev)) continue;
      // Rule 10b: a condition the card checks when the Queue is populated; the check is recorded with its result.
      const atQueue = t.queueCondition ?? (g.mutants.has('resolve-condition-at-queue') ? t.resolveCondition : undefined);
      if (atQueue) {
        const ok = ctx.g.effects.evalCondition(ctx, atQueue);
        g.trace.event({ e: 'trigger_condition', source: src.id, trigger: i, when: 'queue', result: ok, rule: '10b' });
        if (!ok) continue;
      }
      out.push({ source: src, trigger: t, triggerIndex: i, event: ev, eventIndex, order: src.order, priority: t.priority });
    }
  }
  return out;
}

export function sortEntries(g: Game, entries: Entry[]): Entry[] {
  const rank = (e: Entry) => (e.priority === 'first' ? 0 : e.priority === 'last' ? 2 : 1);
  const byPlayer = g.mutants.has('queue-by-player');
  if (entries.length < 2) return entries.slice();
  // Mutant (breaks Rule 2a): the triggers of one event newest first.
  if (g.mutants.has('triggers-newest-first')) return [...entries].sort((a, b) => rank(a) - rank(b) || a.eventIndex - b.eventIndex || b.order - a.order);
  return [...entries].sort((a, b) => {
    if (byPlayer) {
      const pa = carrierOf(g, a.source).controller === g.active ? 0 : 1;
      const pb = carrierOf(g, b.source).controller === g.active ? 0 : 1;
      if (pa !== pb) return pa - pb;
    }
    return rank(a) - rank(b) || a.eventIndex - b.eventIndex || a.order - b.order;
  });
}

function recordQueue(g: Game, events: GameEventRef[], entries: Entry[], rule: string): number {
  const recEntries: QueueEntry[] = entries.map((e) => ({
    source: e.source.id,
    what: e.deathrattleOf ? 'deathrattle' : `trigger:${e.triggerIndex}`,
    order: e.order,
    event: e.eventIndex,
    ...(e.priority ? { priority: e.priority } : {}),
  }));
  return g.trace.queue(events.map((ev) => ({ kind: ev.kind, subject: ev.subject, order: entity(g, ev.subject).order })), recEntries, rule);
}

/** Entities in order of play (Rule 2a/2b); the queue-by-player mutant puts the active player's first. */
export function inOrderOfPlay<T>(g: Game, items: readonly T[], of: (x: T) => Entity): T[] {
  if (items.length < 2) return items.slice();
  const byPlayer = g.mutants.has('queue-by-player');
  return [...items].sort((a, b) => {
    const ea = of(a);
    const eb = of(b);
    if (byPlayer && ea.controller !== eb.controller) return ea.controller === g.active ? -1 : 1;
    return ea.order - eb.order;
  });
}

/** Events ordered by the order of play of their subjects (Rule 2b), stable. */
function orderEvents(g: Game, events: GameEventRef[]): GameEventRef[] {
  return inOrderOfPlay(g, events, (ev) => entity(g, ev.subject));
}

/**
 * Raise simultaneous events: build one Queue (Rule 2a/2b) and resolve it (Rule 1b, 2c).
 * `extra` adds entries that do not come from carriers in play (deathrattles of the dead, Rule 7).
 */
export function raise(g: Game, events: GameEventRef[], extra?: (evs: GameEventRef[]) => Entry[], ruleId?: string): void {
  if (events.length === 0) return;
  if (g.mutants.has('breadth-first') && g.queueDepth > 0) {
    g.pending.push(events);
    return;
  }
  const evs = orderEvents(g, events);
  const carriers = triggerCarriers(g);
  let entries: Entry[] = extra ? extra(evs) : [];
  for (let i = 0; i < evs.length; i++) for (const n of respondersTo(g, evs[i]!, i, carriers)) entries.push(n);
  entries = sortEntries(g, entries);
  if (entries.length === 0 && !g.mutants.has('mutable-queues')) return; // nothing responds: no Queue to record
  const rule = ruleId ?? (events.length > 1 ? '2b' : '2a');
  const qid = recordQueue(g, evs, entries, rule);
  resolveQueue(g, qid, evs, entries);
}

function resolveQueue(g: Game, qid: number, evs: GameEventRef[], entries: Entry[]): void {
  const mutable = g.mutants.has('mutable-queues');
  const known = mutable ? new Set(entries.map((e) => `${e.source.id}:${e.triggerIndex}:${e.eventIndex}`)) : null;
  g.queueDepth++;
  for (let i = 0; i < entries.length; i++) {
    resolveEntry(g, qid, i, entries[i]!);
    if (mutable) {
      // Mutant (breaks Rule 2c): entities that entered play join the running queue.
      const carriers = triggerCarriers(g);
      evs.forEach((ev, k) => {
        for (const n of respondersTo(g, ev, k, carriers)) {
          const key = `${n.source.id}:${n.triggerIndex}:${k}`;
          if (!known!.has(key)) { known!.add(key); entries.push(n); }
        }
      });
    }
  }
  g.queueDepth--;
  if (g.queueDepth === 0) {
    while (g.pending.length) raise(g, g.pending.shift()!);
  }
}

function abort(g: Game, source: Entity, reason: string, rule: string): void {
  g.trace.event({ e: 'trigger_abort', source: source.id, reason, rule });
}

/** Resolve one queue entry: its checks at trigger time (Rule 4a, 5, 10b), then its actions, depth first. */
export function resolveEntry(g: Game, qid: number, index: number, entry: Entry): void {
  if (g.result !== 'ongoing' && g.mutants.has('game-over-at-once')) return;
  g.steps++;
  if (g.queueDepth > MAX_NESTING) {
    throw new LoopGuardError(`triggers nested more than ${MAX_NESTING} deep: endless trigger loop? last: ${describe(g, entry.source)} responding to "${entry.event.kind}" of ${describe(g, entity(g, entry.event.subject))}`);
  }
  if (g.steps > g.stepBudget) {
    throw new LoopGuardError(
      `step budget of ${g.stepBudget} trigger resolutions exceeded: endless trigger loop? last: ${describe(g, entry.source)} responding to "${entry.event.kind}" of ${describe(g, entity(g, entry.event.subject))}`,
    );
  }
  const src = entry.source;
  if (entry.deathrattleOf) {
    const ab = src.card.deathrattle!;
    const ctx: Ctx = { g, source: src, self: entry.deathrattleOf, controller: entry.deathrattleOf.controller, cls: ab.class ?? 'neutral', isTrigger: true, event: entry.event, summoned: [] };
    let b = 0;
    const ran = g.effects.runAbility(ctx, ab, {
      reason: 'its condition is false when it would trigger', rule: '10b',
      before: () => { b = g.trace.openBlock({ block: 'trigger', kind: 'deathrattle', subject: entry.deathrattleOf!.id, class: ab.class ?? 'neutral', queue: qid, entry: index, rule: '7' }); },
    });
    if (ran) g.trace.closeBlock(b);
    return;
  }
  const t = entry.trigger!;
  const carrier = carrierOf(g, src);
  if (t.zone === 'hand' ? src.zone !== 'hand' : !inPlay(src) || !inPlay(carrier)) {
    abort(g, src, t.zone === 'hand' ? 'source is no longer in the hand' : 'source is no longer in play', '4a');
    return;
  }
  const ctx = ctxFor(g, src, entry.event, t);
  if (t.specificTarget) {
    const id = t.specificTarget === 'event_subject' ? entry.event.subject : t.specificTarget === 'event_source' ? entry.event.source : (entry.event.seq?.defender ?? entry.event.target);
    const te = id !== undefined && id !== null ? entity(g, id) : undefined;
    if (!te || !inPlay(te)) { abort(g, src, 'its target is no longer in play', '5'); return; }
    if (t.class === 'negative' && !g.mutants.has('ignore-rule-5') && mortallyWoundedOrPendingDestroy(g, te)) {
      abort(g, src, `its target ${describe(g, te)} is mortally wounded or pending destroy`, '5');
      return;
    }
  }
  // Rule 10b: a condition the card checks when the entry resolves; the check is recorded with its result.
  const atResolve = g.mutants.has('resolve-condition-at-queue') ? undefined : t.resolveCondition;
  if (atResolve) {
    const ok = g.effects.evalCondition(ctx, atResolve);
    g.trace.event({ e: 'trigger_condition', source: src.id, trigger: entry.triggerIndex!, when: 'resolve', result: ok, rule: '10b' });
    if (!ok) { abort(g, src, 'its condition is false when it would trigger', '10b'); return; }
  }
  let b = 0;
  const ran = g.effects.runAbility(ctx, { actions: t.actions }, {
    reason: 'its condition is false when it would trigger', rule: '10b',
    before: () => {
      b = g.trace.openBlock({ block: 'trigger', kind: t.when.on, subject: src.id, class: t.class, queue: qid, entry: index, rule: '2a' });
      // A revealed Secret leaves for the graveyard (mutant: it stays, breaking rule secrets).
      if (t.secret && !g.mutants.has('revealed-secret-stays')) discardTo(g, src, 'secrets');
    },
  });
  if (!ran) return;
  // An expiring enchantment goes once its trigger has run, unless it already left play (its minion left play meanwhile).
  if (t.expires && src.attachedTo !== undefined && src.zone === 'play') detachEnchantment(g, src);
  g.trace.closeBlock(b);
  // A revealed Secret is an Event of its own, once its effect is done (Eaglehorn Bow).
  if (t.secret) raise(g, [{ kind: 'secret_revealed', subject: src.id }]);
}

/** Detach an enchantment; `rule`: the catalog rule its going-away rests on, named in the record (Shadow Madness's). */
export function detachEnchantment(g: Game, en: Entity, rule?: string): void {
  const host = entity(g, en.attachedTo!);
  const character = host.card.type === 'minion' || host.card.type === 'hero';
  const oldMax = character ? maxHealth(g, host) : 0;
  host.enchantments = host.enchantments.filter((x) => x !== en.id);
  // Health the enchantment gave is taken back only as far as the new maximum (seed 003 "Change Health": undoing an
  // increase lowers current Health only where it now exceeds the maximum), so losing a buff (Silence, expiry) never
  // kills by itself.
  if (character) {
    const newMax = maxHealth(g, host);
    if (newMax < oldMax) host.damage = Math.max(0, host.damage - (oldMax - newMax));
  }
  moveTo(g, en, 'graveyard');
  if (rule === undefined) g.trace.event({ e: 'unenchant', target: host.id, enchantment: en.id });
  else g.trace.event({ e: 'unenchant', target: host.id, enchantment: en.id, rule });
}
