/**
 * Effects as data: targets (30), the checks before an effect resolves (34.2), and its parts joined by 'then' (game
 * actions between them, 40.3) or 'and' (simultaneous, 40.4).
 */
import type { Action, Effect, EffectPart, EntityRef, PlayerRef, TargetSpec } from './format.js';
import { atOnce, damageEntity, damageHost, destroy, draw, gainResource, gameActions, healHost } from './actions.js';
import { createTokens, gainControl, openSlots } from './tokens.js';
import { ent, isEntityInPlay, other, type HostGame, type PlayerIndex, type StackItem, type TargetRef } from './state.js';
import { matches, recordStats } from './stats.js';
import { banish, lookAt, reveal, search } from './seen.js';

/** The entities a target spec accepts for an effect controlled by `controller` from `source` (30.5). */
export function legalTargets(g: HostGame, spec: TargetSpec, controller: PlayerIndex, source: number): number[] {
  return g.s.entities.filter((e) => matches(g, spec, controller, source, e)).map((e) => e.id);
}

/** Is a target chosen earlier still legal (30.4, 34.2.1): the same version of the card (36.2), still accepted? */
export function targetValid(g: HostGame, item: StackItem, i: number): boolean {
  const t = item.targets[i]!;
  const e = ent(g, t.id);
  const spec = item.effect?.targets?.[i];
  return e.version === t.version && (!spec || matches(g, spec, item.controller, item.source, e));
}

function entitiesOf(g: HostGame, item: StackItem, ref: EntityRef, dropped: ReadonlySet<number>): number[] {
  if (ref === 'self') return [item.source];
  if (ref === 'subject') return item.subject !== undefined ? [item.subject] : [];
  if (ref === 'equipped') { const a = ent(g, item.source).attachedTo; return a !== undefined ? [a] : []; }
  if ('target' in ref) return dropped.has(ref.target) || !item.targets[ref.target] ? [] : [item.targets[ref.target]!.id];
  return g.s.entities.filter((e) => matches(g, ref.all, item.controller, item.source, e)).map((e) => e.id);
}

/** A part that acts on more than one entity (a selector of all that match, e.g. "each Entity"). */
function manyEntities(g: HostGame, item: StackItem, a: Action, dropped: ReadonlySet<number>): boolean {
  const to = (a as { to?: EntityRef }).to;
  return to !== undefined && typeof to === 'object' && 'all' in to && entitiesOf(g, item, to, dropped).length > 1;
}

function playerOf(item: StackItem, p: PlayerRef): PlayerIndex {
  if (p === 'you') return item.controller;
  if (p === 'opponent') return other(item.controller);
  return item.subjectPlayer ?? item.controller;
}

/** Can this part still be performed in its entirety (34.2.2)? An entity it names must be in play. */
function canDo(g: HostGame, item: StackItem, a: Action, dropped: ReadonlySet<number>): boolean {
  // Tokens and control (36.3, 37.2): every card placed needs an open frontrow slot of the player it goes to.
  if (a.do === 'create_token') return openSlots(g, playerOf(item, a.player)) >= a.amount;
  if (a.do === 'retarget') return retargetPlan(g, item, a.to, dropped) !== null;
  if (a.do === 'gain_control') {
    const ids = entitiesOf(g, item, a.to, dropped);
    const moving = ids.filter((id) => ent(g, id).controller !== item.controller).length;
    return ids.length > 0 && ids.every((id) => isEntityInPlay(ent(g, id))) && openSlots(g, item.controller) >= moving;
  }
  if (!('to' in a)) return true;
  if (typeof a.to === 'object' && 'all' in a.to) return true;
  const ids = entitiesOf(g, item, a.to, dropped);
  return ids.length > 0 && ids.every((id) => isEntityInPlay(ent(g, id)));
}

function perform(g: HostGame, item: StackItem, a: Action, dropped: ReadonlySet<number>): void {
  switch (a.do) {
    case 'damage': for (const id of entitiesOf(g, item, a.to, dropped)) damageEntity(g, ent(g, id), a.amount, item.source, false); break;
    case 'destroy': for (const id of entitiesOf(g, item, a.to, dropped)) { const e = ent(g, id); if (isEntityInPlay(e)) destroy(g, e, item.source); } break;
    case 'modify': case 'set':
      for (const id of entitiesOf(g, item, a.to, dropped)) {
        const e = ent(g, id);
        if (!isEntityInPlay(e)) continue;
        e.mods.push({ kind: a.do === 'modify' ? 'add' : 'set', ...(a.power !== undefined ? { power: a.power } : {}), ...(a.health !== undefined ? { health: a.health } : {}), seq: ++g.s.seq });
      }
      recordStats(g, 'effect');
      break;
    case 'gain_resource': {
      const p = playerOf(item, a.player);
      const type = a.type === 'host' ? ent(g, g.s.players[p].host).card.resource ?? 'authority' : a.type;
      gainResource(g, p, type, a.amount, 'host/12');
      break;
    }
    case 'draw': draw(g, playerOf(item, a.player), a.amount); break;
    case 'damage_host': damageHost(g, playerOf(item, a.player), a.amount, item.source, false); break;
    case 'heal_host': healHost(g, playerOf(item, a.player), a.amount, item.source); break;
    case 'modify_host': case 'set_host': {
      // 20.1: the Host's soul is its `power` stat, its health its `health`; the loss check follows at once (1.1.1).
      const h = ent(g, g.s.players[playerOf(item, a.player)].host);
      h.mods.push({ kind: a.do === 'modify_host' ? 'add' : 'set', ...(a.soul !== undefined ? { power: a.soul } : {}), ...(a.health !== undefined ? { health: a.health } : {}), seq: ++g.s.seq });
      recordStats(g, 'effect');
      break;
    }
    case 'retarget': {
      const plan = retargetPlan(g, item, a.to, dropped);
      if (!plan) break;
      plan.target.targets[plan.index] = { id: plan.to, version: ent(g, plan.to).version };
      g.trace.event({ e: 'redirect', what: 'spell', from: plan.from, to: plan.to });
      break;
    }
    case 'create_token': createTokens(g, playerOf(item, a.player), a.card, a.amount); break;
    case 'gain_control': for (const id of entitiesOf(g, item, a.to, dropped)) gainControl(g, ent(g, id), item.controller); break;
    case 'reveal': reveal(g, playerOf(item, a.player), a.zone, a.amount); break;
    case 'look_at': lookAt(g, playerOf(item, a.player), playerOf(item, a.deck), a.amount); break;
    case 'search': search(g, playerOf(item, a.player), a.zone, a.traits, a.shuffle === true); break;
    case 'banish': for (const id of entitiesOf(g, item, a.to, dropped)) { const e = ent(g, id); if (isEntityInPlay(e)) banish(g, e); } break;
  }
}

/**
 * 30.6: what a `retarget` part changes: the Stack item of the event (still on the Stack), the index of the event's
 * subject among its targets, and the new target, which must be a valid target of that item (30.6: its own target
 * spec, from its controller and source) and not one of its targets already (30.6.1: the number of targets stays).
 */
function retargetPlan(g: HostGame, item: StackItem, to: EntityRef, dropped: ReadonlySet<number>): { target: StackItem; index: number; from: number; to: number } | null {
  const target = g.s.stack.find((x) => x.item === item.subjectItem);
  if (!target || item.subject === undefined) return null;
  const index = target.targets.findIndex((t) => t.id === item.subject);
  const news = entitiesOf(g, item, to, dropped);
  if (index < 0 || news.length !== 1) return null;
  const next = news[0]!;
  const specs = target.effect?.targets ?? ent(g, target.source).card.effect?.targets ?? [];
  const spec = specs[index];
  if (!spec || target.targets.some((t) => t.id === next) || !matches(g, spec, target.controller, target.source, ent(g, next))) return null;
  return { target, index, from: item.subject, to: next };
}

/** Parts grouped: a group is one part and the parts joined to it by 'and' (40.4). */
function groups(parts: readonly EffectPart[]): EffectPart[][] {
  const out: EffectPart[][] = [];
  for (const p of parts) {
    if (p.join === 'and' && out.length) out[out.length - 1]!.push(p);
    else out.push([p]);
  }
  return out;
}

/**
 * Resolve an effect on the Stack. Returns 'fizzled' with the reason when a target is no longer legal (30.4, 34.2.1)
 * or a part cannot resolve in its entirety (34.2.2, 40.2.2): then nothing of it happens.
 */
export function resolveEffect(g: HostGame, item: StackItem, effect: Effect): { result: 'resolved' | 'fizzled'; reason?: string } {
  const dropped = new Set<number>();
  for (let i = 0; i < item.targets.length; i++) {
    if (targetValid(g, item, i)) continue;
    if (!g.mutants.has('host-partial-resolve')) return { result: 'fizzled', reason: `target #${item.targets[i]!.id} is no longer a legal target (host/30.4, host/34.2.1)` };
    dropped.add(i);
  }
  for (const p of effect.parts) {
    if (!canDo(g, item, p, dropped) && !(dropped.size && typeof (p as { to?: unknown }).to === 'object')) return { result: 'fizzled', reason: `"${p.do}" cannot resolve in its entirety (host/34.2.2, host/40.2.2)` };
  }
  for (const grp of groups(effect.parts)) {
    // 40.4.2: if one part of an 'and' clause can no longer resolve because of a prior part, neither is performed;
    // 40.3.2: a 'then' part that can no longer resolve is passed over and the rest goes on.
    if (!grp.every((p) => canDo(g, item, p, dropped))) continue;
    // Parts joined by 'and' happen at once (40.4.1); so does one part on each of several entities ("deal 1 damage to
    // each Entity": assumption host-each-at-once, the seed does not say).
    if (grp.length > 1 || manyEntities(g, item, grp[0]!, dropped)) {
      atOnce(g, item.source, 'host/40.4.1', () => { for (const p of grp) perform(g, item, p, dropped); });
    } else perform(g, item, grp[0]!, dropped);
    gameActions(g);
    g.onPart?.();
  }
  return { result: 'resolved' };
}

export function refsOf(targets: readonly number[], g: HostGame): TargetRef[] {
  return targets.map((id) => ({ id, version: ent(g, id).version }));
}
