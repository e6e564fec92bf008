/**
 * Playing cards (14), paying costs (12), Ambushes (17), activated effects (27), and what a card on the Stack does
 * when it resolves: an Entity is created in its slot (14.7, 14.8, 18.7), a Sorcery is cast and its effect triggers
 * (14.9, 21.2.1), a Form is embodied (19.1), an Ambush is laid face down (14.4.4), an Equipment becomes a marker (23.3).
 */
import { RESOURCE_TYPES, type Amounts, type PoolKey, type TriggerSpec } from './format.js';
import { emit, gainResource, moveTo } from './actions.js';
import { legalTargets, refsOf } from './effects.js';
import { push } from './push.js';
import { FRONT_SLOTS, BACK_SLOTS } from './zones.js';
import { turnFaceUp } from './visibility.js';
import { ent, isEntityInPlay, type HEntity, type HostGame, type PlayerIndex, type StackItem, type Window } from './state.js';

export { FRONT_SLOTS, BACK_SLOTS };

/** A player action the rules forbid, with the rule that forbids it. */
export class HostIllegal extends Error {
  constructor(message: string, readonly rule: string) { super(message); }
}

const POOL_KEYS: PoolKey[] = [...RESOURCE_TYPES, 'generic'];

/**
 * Check a stated payment against a cost (12.3-12.5): each typed symbol is paid by its own type, generic $ by any
 * resource; the generic type pays only generic cost (12.4); the payment is exactly the cost and in the pool.
 */
export function checkPayment(g: HostGame, player: PlayerIndex, cost: Amounts, pay: Amounts): void {
  const pool = g.s.players[player].resources;
  for (const k of Object.keys(pay)) if (!POOL_KEYS.includes(k as PoolKey)) throw new HostIllegal(`"${k}" is not a resource type`, 'host/12.2');
  for (const k of POOL_KEYS) {
    const n = pay[k] ?? 0;
    if (!Number.isInteger(n) || n < 0) throw new HostIllegal(`pay.${k} must be a whole number >= 0`, 'host/12.5');
    if (n > pool[k]) throw new HostIllegal(`pays ${n} ${k} but has ${pool[k]}`, 'host/12.5');
  }
  const generic = cost.generic ?? 0;
  let spare = 0;
  for (const t of RESOURCE_TYPES) {
    const need = cost[t] ?? 0;
    const have = pay[t] ?? 0;
    if (have < need) throw new HostIllegal(`the cost needs ${need} ${t}, the payment gives ${have}`, 'host/12.3');
    spare += have - need;
  }
  const g$ = pay.generic ?? 0;
  if (g$ > generic) throw new HostIllegal(`generic resources pay only generic cost (${generic}), the payment uses ${g$}`, 'host/12.4');
  if (spare + g$ !== generic) throw new HostIllegal(`the payment gives ${spare + g$} toward a generic cost of ${generic}`, 'host/12.5.1');
}

export function spend(g: HostGame, player: PlayerIndex, pay: Amounts): void {
  for (const k of POOL_KEYS) if ((pay[k] ?? 0) > 0) gainResource(g, player, k, -pay[k]!, 'host/12.5');
}

const costOf = (a: Amounts | undefined) => Object.values(a ?? {}).reduce((x, y) => x + (y ?? 0), 0);

export function slotOpen(g: HostGame, player: PlayerIndex, zone: 'frontrow' | 'backrow', slot: number): boolean {
  return !g.s.entities.some((e) => e.controller === player && e.zone === zone && e.slot === slot);
}

function checkTargets(g: HostGame, player: PlayerIndex, source: number, specs: readonly { kind: 'entity' }[] | undefined, targets: number[]): void {
  const need = specs ?? [];
  if (targets.length !== need.length) throw new HostIllegal(`${need.length} target(s) must be declared, got ${targets.length}`, need.length ? 'host/21.2' : 'host/30.1');
  need.forEach((spec, i) => {
    if (!legalTargets(g, spec as never, player, source).includes(targets[i]!)) throw new HostIllegal(`#${targets[i]} is not a legal target`, 'host/30.5');
  });
  if (new Set(targets).size !== targets.length) throw new HostIllegal('the same entity is declared twice', 'host/30.5');
}

/** Slow actions: only in your own Action Phase, with priority, on an empty Stack (15.2.1, 31.1.1). */
export function checkSlow(g: HostGame, player: PlayerIndex, what: string): void {
  if (g.s.active !== player || (g.s.phase !== 'action1' && g.s.phase !== 'action2')) throw new HostIllegal(`${what} is Slow speed: only in your own Action Phase`, 'host/15.2.1');
  if (g.s.stack.length > 0) throw new HostIllegal(`${what} is Slow speed: only while the Stack is empty`, 'host/15.2.1');
}

export function playCard(g: HostGame, player: PlayerIndex, card: HEntity, o: { slot?: number; targets: number[]; pay: Amounts }): void {
  const c = card.card;
  if (card.zone !== 'hand' || card.owner !== player) throw new HostIllegal(`${c.name} is not in the player's hand`, 'host/4.3.1');
  if (c.type === 'host') throw new HostIllegal('a Host is not played', 'host/9.1.1');
  if ((c.speed ?? 'slow') === 'slow') checkSlow(g, player, `playing ${c.name}`);
  const zone = c.type === 'entity' ? 'frontrow' : c.type === 'form' ? null : 'backrow';
  if (zone) {
    const max = zone === 'frontrow' ? FRONT_SLOTS : BACK_SLOTS;
    if (o.slot === undefined || !Number.isInteger(o.slot) || o.slot < 0 || o.slot >= max) throw new HostIllegal(`${/^[aeiou]/.test(c.type) ? 'an' : 'a'} ${c.type} is played into a ${zone} slot 0-${max - 1} (give "slot")`, 'host/14.7');
    if (!slotOpen(g, player, zone, o.slot) && !g.mutants.has('host-occupied-slot')) throw new HostIllegal(`${zone} slot ${o.slot} is occupied`, 'host/14.7.1');
  }
  if (c.type === 'form' && g.s.entities.some((e) => e.zone === 'form' && e.controller === player && e.card.name === c.name)) throw new HostIllegal(`${c.name} is Unique: the player controls one already`, 'host/19.1');
  checkTargets(g, player, card.id, c.type === 'sorcery' || c.type === 'equipment' ? c.effect?.targets : undefined, o.targets);
  const cost = c.type === 'ambush' ? {} : c.cost ?? {};
  checkPayment(g, player, cost, c.type === 'ambush' ? {} : o.pay);
  if (c.type === 'ambush' && costOf(o.pay) > 0) throw new HostIllegal('an Ambush costs nothing to lay', 'host/14.2.1');
  spend(g, player, o.pay);
  moveTo(g, card, 'stack', undefined, c.type !== 'ambush');
  push(g, { kind: 'card', source: card.id, controller: player, what: 'card', targets: refsOf(o.targets, g), ...(o.slot !== undefined ? { slot: o.slot } : {}) }, 'host/14.5');
  if (c.type === 'entity') emit(g, 'would_create', card.id, player);
}

/** Does an Ambush's activation requirement match an open window of this player (17.2, 33.5)? */
export function windowFor(g: HostGame, player: PlayerIndex, source: HEntity, when: TriggerSpec): boolean {
  return matchingWindow(g, player, source, when) !== undefined;
}

/** The latest open window of this player that an Ambush's activation requirement matches. */
export function matchingWindow(g: HostGame, player: PlayerIndex, source: HEntity, when: TriggerSpec): Window | undefined {
  return [...g.s.windows].reverse().find((w) => w.event === when.on && w.open.includes(player) && (when.whose === 'any' || (when.whose === 'self' ? w.subject === source.id : when.whose === 'you' ? w.subjectPlayer === player : w.subjectPlayer !== undefined && w.subjectPlayer !== player)));
}

export function activate(g: HostGame, player: PlayerIndex, src: HEntity, o: { ability?: number; targets: number[]; pay: Amounts }): void {
  const c = src.card;
  if (src.controller !== player || !['frontrow', 'backrow', 'form'].includes(src.zone)) throw new HostIllegal(`${c.name} is not in play under the player's control`, 'host/5.1');
  if (c.type === 'ambush' && o.ability === undefined) {
    if (src.faceUp) throw new HostIllegal(`${c.name} was activated already`, 'host/17.2');
    if (!c.activate || !windowFor(g, player, src, c.activate.when)) throw new HostIllegal(`the activation requirement of ${c.name} (when ${c.activate?.when.on ?? '?'}) is not met now: no such event is open to this player's response`, 'host/33.5');
    checkTargets(g, player, src.id, c.activate.effect.targets, o.targets);
    checkPayment(g, player, c.activate.cost ?? {}, o.pay);
    spend(g, player, o.pay);
    turnFaceUp(g, src, 'host/17.2.2');
    const w = matchingWindow(g, player, src, c.activate.when)!;
    push(g, { kind: 'effect', source: src.id, controller: player, what: 'ambush', effect: c.activate.effect, targets: refsOf(o.targets, g), ...(w.subject !== undefined ? { subject: w.subject } : {}), ...(w.subjectPlayer !== undefined ? { subjectPlayer: w.subjectPlayer } : {}), ...(w.item !== undefined ? { subjectItem: w.item } : {}) }, 'host/17.2.4');
    return;
  }
  const i = o.ability ?? (c.abilities ?? []).findIndex((a) => a.kind === 'activated');
  const a = (c.abilities ?? [])[i];
  if (!a || a.kind !== 'activated') throw new HostIllegal(`${c.name} has no activated effect ${o.ability ?? ''}`.trim(), 'host/27.1');
  // 39.2: an effect usable "during" a phase is used when its controller decides, as a Fast action, in their phase of that name.
  if (a.during !== undefined && (g.s.active !== player || g.s.phase !== a.during)) throw new HostIllegal(`the activated effect of ${c.name} is used only during its controller's ${a.during} phase`, 'host/39.2');
  if (a.during === undefined && (a.speed ?? 'slow') === 'slow') checkSlow(g, player, `the activated effect of ${c.name}`);
  if (a.oncePerTurn && src.usedThisTurn.includes(i)) throw new HostIllegal(`the activated effect of ${c.name} is once per turn`, 'host/27.5');
  checkTargets(g, player, src.id, a.effect.targets, o.targets);
  checkPayment(g, player, a.cost ?? {}, o.pay);
  spend(g, player, o.pay);
  src.usedThisTurn.push(i);
  push(g, { kind: 'effect', source: src.id, controller: player, what: `ability ${i}`, effect: a.effect, targets: refsOf(o.targets, g) }, 'host/27.4');
}

/** A card on the Stack resolves; a card that cannot enter its slot leaves with no effect (18.7, 34.2.2). */
export function resolveCard(g: HostGame, item: StackItem): { result: 'resolved' | 'fizzled'; reason?: string } {
  const card = ent(g, item.source);
  const c = card.card;
  const fail = (reason: string) => { moveTo(g, card, 'drop'); return { result: 'fizzled' as const, reason }; };
  const zone = c.type === 'entity' ? 'frontrow' : c.type === 'form' ? 'form' : 'backrow';
  // 30.4, 34.2.1: targets declared on casting (21.2, 23.2.1) must still be the cards declared.
  const stale = item.targets.find((t) => ent(g, t.id).version !== t.version || !isEntityInPlay(ent(g, t.id)));
  if (stale && !g.mutants.has('host-partial-resolve')) return fail(`target #${stale.id} is no longer a legal target (host/30.4, host/34.2.1)`);
  if ((zone === 'frontrow' || zone === 'backrow') && !slotOpen(g, item.controller, zone, item.slot!) && !g.mutants.has('host-occupied-slot')) return fail(`${zone} slot ${item.slot} is no longer open (host/18.7)`);
  if (c.type === 'form' && g.s.entities.some((e) => e.zone === 'form' && e.controller === item.controller && e.card.name === c.name)) return fail(`${c.name} is Unique (host/19.1)`);
  if (c.type === 'equipment') {
    const t = item.targets[0];
    if (!t || ent(g, t.id).version !== t.version || !isEntityInPlay(ent(g, t.id))) return fail('the permanent to equip is no longer a legal target (host/30.4)');
    card.controller = item.controller;
    moveTo(g, card, 'marker', undefined, true);
    card.attachedTo = t.id;
    return { result: 'resolved' };
  }
  card.controller = item.controller;
  moveTo(g, card, zone, zone === 'form' ? undefined : item.slot, c.type !== 'ambush');
  if (c.type === 'entity') { card.sick = true; emit(g, 'created', card.id, item.controller); }
  if (c.type === 'sorcery' && c.effect) {
    g.s.pending.push({ source: card.id, controller: item.controller, ability: -1, what: 'sorcery', effect: c.effect, event: 'created', declared: item.targets });
  }
  return { result: 'resolved' };
}
