/**
 * Selectors, filters, conditions and amounts: the small algebra cards are written in.
 * Selectors compose as sets: a base set, a filter, Rule 5 exclusion, then a recorded random pick.
 */
import type { Amount, Condition, Counter, Filter, PlayerRel, Selector, Stat } from '../cards/format.js';
import { spellDamage, attack, cost, durability, entity, health, maxHealth, hasKeyword, isCharacter, mortallyWoundedOrPendingDestroy, opponent, type Entity, type Game, type Side } from '../state.js';
import type { Ctx } from '../kernel/context.js';
import { pickRandomEntity, randomInt, randomChance } from './randomness.js';

export function sides(ctx: Ctx, rel: PlayerRel | undefined): Side[] {
  const me = ctx.controller;
  if (rel === 'friendly') return [me];
  if (rel === 'enemy') return [opponent(me)];
  return [me, opponent(me)];
}

function boardOf(g: Game, side: Side): number[] {
  return g.players[side].board;
}

function adjacentOf(g: Game, id: number | null | undefined, includeOf: boolean): number[] {
  if (id === null || id === undefined) return [];
  const e = entity(g, id);
  if (e.zone !== 'play' || e.card.type !== 'minion') return [];
  const board = boardOf(g, e.controller);
  const i = board.indexOf(id);
  const out: number[] = [];
  if (i > 0) out.push(board[i - 1]!);
  if (includeOf) out.push(id);
  if (i >= 0 && i < board.length - 1) out.push(board[i + 1]!);
  return out;
}

/** Each side's live hero (when `heroes`) and then the ids of one of its zones, side by side: a fresh array. */
function collect(g: Game, ss: readonly Side[], heroes: boolean, zone: 'board' | 'secrets' | 'hand' | 'deck' | 'graveyard' | null): number[] {
  const out: number[] = [];
  for (const s of ss) {
    const p = g.players[s];
    if (heroes && entity(g, p.hero).zone === 'play') out.push(p.hero);
    if (zone !== null) for (const id of p[zone]) out.push(id);
  }
  return out;
}

function baseSet(ctx: Ctx, sel: Selector): number[] {
  const g = ctx.g;
  const ss = sides(ctx, sel.player);
  switch (sel.select) {
    case 'self': return [ctx.self.id];
    case 'attached': return ctx.source.attachedTo !== undefined ? [ctx.source.attachedTo] : [ctx.self.id];
    // The chosen target even once it has left play (Rule 6 exception: the spell still goes off); each action decides
    // whether it needs the target in play (damage, buff, destroy...) or not (resurrect, copy).
    case 'target': return ctx.target !== null && ctx.target !== undefined ? [ctx.target] : [];
    case 'event_subject': return ctx.event ? [ctx.event.subject] : [];
    case 'event_source': return ctx.event?.source !== undefined ? [ctx.event.source] : [];
    case 'event_target': {
      const t = ctx.event?.seq?.defender ?? ctx.event?.seq?.target ?? ctx.event?.target;
      return t !== undefined && t !== null ? [t] : [];
    }
    case 'hero': return collect(g, ss, true, null);
    case 'minions': return collect(g, ss, false, 'board');
    case 'characters': return collect(g, ss, true, 'board');
    case 'weapon': return ss.flatMap((s) => (g.players[s].weapon !== null ? [g.players[s].weapon!] : []));
    case 'secrets': return collect(g, ss, false, 'secrets');
    case 'hand': return collect(g, ss, false, 'hand');
    case 'deck': return collect(g, ss, false, 'deck');
    case 'graveyard': return collect(g, ss, false, 'graveyard');
    case 'summoned': return [...ctx.summoned];
    case 'drawn': return [...(ctx.drawn ?? [])];
    case 'added': return [...(ctx.added ?? [])];
    case 'hero_power': return ss.flatMap((s) => (g.players[s].heroPower !== null ? [g.players[s].heroPower!] : []));
    case 'each': return ctx.each !== undefined ? [ctx.each] : [];
    case 'adjacent': {
      const of = sel.of === 'self' ? ctx.self.id : sel.of === 'event_subject' ? ctx.event?.subject : ctx.target;
      return adjacentOf(g, of, sel.includeOf ?? false);
    }
  }
}

/** Does entity e pass filter f, as seen by ctx (relations are relative to ctx.controller, Rule 10)? */
export function passes(ctx: Ctx, e: Entity, f: Filter | undefined): boolean {
  return f ? compiled(f)(ctx, e) : true;
}

function compiled(f: Filter): Check {
  let check = COMPILED.get(f);
  if (check === undefined) { check = compileFilter(f); COMPILED.set(f, check); }
  return check;
}

type Check = (ctx: Ctx, e: Entity) => boolean;

/**
 * Each filter of the card pool compiled once into the checks it asks for, in the order they are listed here (a
 * filter names a few of some twenty fields: reading them all at every call, on filter objects of as many shapes,
 * was most of the cost of a selection). A check reads the game only through its arguments (the same filter serves
 * every game and every mutant); the filters are the card definitions' own objects, never changed once loaded.
 */
const COMPILED = new WeakMap<Filter, Check>();

function compileFilter(f: Filter): Check {
  const checks: Check[] = [];
  if (f.is === 'self') checks.push((ctx, e) => e.id === ctx.self.id);
  if (f.is === 'other') checks.push((ctx, e) => e.id !== ctx.self.id);
  const type = f.type;
  // 'card' is any card: no check
  if (type && type !== 'card') {
    checks.push(
      type === 'character' ? (_ctx, e) => isCharacter(e)
      : type === 'secret' ? (_ctx, e) => !!e.card.secret
      : (_ctx, e) => e.card.type === type,
    );
  }
  if (f.player === 'friendly') checks.push((ctx, e) => e.controller === ctx.controller);
  if (f.player === 'enemy') checks.push((ctx, e) => e.controller !== ctx.controller);
  const { race, keyword, hasBattlecry, hasDeathrattle, mortallyWoundedOrPendingDestroy: mortal, attackAtLeast, attackAtMost, card, damaged, legendary, costAtLeast, costAtMost, diedThisTurn, frozen, hasOverload, role, not, and } = f;
  if (race) checks.push((_ctx, e) => e.card.race === race);
  if (keyword) checks.push((ctx, e) => hasKeyword(ctx.g, e, keyword));
  if (hasBattlecry !== undefined) checks.push((_ctx, e) => (!!e.card.battlecry && !e.card.combo && !e.silenced) === hasBattlecry);
  // A Deathrattle printed on the card (unless Silenced) or added by an enchantment it carries (Soul of the Forest,
  // Ancestral Spirit): the minion has a Deathrattle either way, as Baron Rivendare counts them (engine/kernel/deaths.ts).
  if (hasDeathrattle !== undefined) checks.push((ctx, e) => ((!!e.card.deathrattle && !e.silenced) || e.enchantments.some((id) => !!entity(ctx.g, id).card.deathrattle)) === hasDeathrattle);
  if (mortal !== undefined) {
    checks.push((ctx, e) => {
      const g = ctx.g;
      const dead = g.mutants.has('survives-reads-health') ? isCharacter(e) && health(g, e) <= 0 : mortallyWoundedOrPendingDestroy(g, e);
      return dead === mortal;
    });
  }
  if (attackAtLeast !== undefined) checks.push((ctx, e) => attack(ctx.g, e) >= attackAtLeast);
  if (attackAtMost !== undefined) checks.push((ctx, e) => attack(ctx.g, e) <= attackAtMost);
  if (card !== undefined) checks.push((_ctx, e) => e.card.id === card);
  if (damaged !== undefined) checks.push((_ctx, e) => (e.damage > 0) === damaged);
  if (legendary !== undefined) checks.push((_ctx, e) => (e.card.rarity === 'legendary') === legendary);
  if (costAtLeast !== undefined) checks.push((ctx, e) => cost(ctx.g, e) >= costAtLeast);
  if (costAtMost !== undefined) checks.push((ctx, e) => cost(ctx.g, e) <= costAtMost);
  if (diedThisTurn !== undefined) checks.push((ctx, e) => (e.zone === 'graveyard' && e.diedTurn === ctx.g.turn) === diedThisTurn);
  if (frozen !== undefined) checks.push((ctx, e) => isFrozen(ctx.g, e) === frozen);
  if (hasOverload !== undefined) checks.push((_ctx, e) => (e.card.overload !== undefined) === hasOverload);
  if (role !== undefined) {
    checks.push((ctx, e) => {
      const ev = ctx.event;
      const id =
        role === 'event_subject' ? ev?.subject
        : role === 'event_source' ? ev?.source
        : role === 'event_target' ? (ev?.seq?.defender ?? ev?.seq?.target ?? ev?.target)
        : ctx.target;
      return id === e.id;
    });
  }
  if (not) { const sub = compiled(not); checks.push((ctx, e) => !sub(ctx, e)); }
  if (and) checks.push(all(and.map(compiled)));
  return all(checks);
}

/** One check that holds when every one of `checks` does (in order, stopping at the first that fails). */
function all(checks: readonly Check[]): Check {
  const n = checks.length;
  if (n === 0) return () => true;
  if (n === 1) return checks[0]!;
  if (n === 2) { const [a, b] = checks as [Check, Check]; return (ctx, e) => a(ctx, e) && b(ctx, e); }
  return (ctx, e) => {
    for (let i = 0; i < n; i++) if (!checks[i]!(ctx, e)) return false;
    return true;
  };
}

function isFrozen(g: Game, e: Entity): boolean {
  return e.frozen || e.enchantments.some((id) => entity(g, id).mods?.frozen === true);
}

function statOf(g: Game, e: Entity, s: Stat): number {
  switch (s) {
    case 'attack': return attack(g, e);
    case 'health': return health(g, e);
    case 'maxHealth': return maxHealth(g, e);
    case 'damage': return e.damage;
    case 'armor': return e.armor;
    case 'durability': return durability(g, e);
    case 'cost': return cost(g, e);
  }
}

/** A game counter for one player (format.ts Counter). */
function counter(ctx: Ctx, c: Counter, side: Side): number {
  const g = ctx.g;
  const p = g.players[side];
  switch (c) {
    case 'cards_played_earlier_this_turn': {
      const i = p.played.indexOf(ctx.source.id);
      // Mutant (breaks combo): the card counts itself, so a Combo is always on.
      const self = g.mutants.has('combo-counts-itself') ? 1 : 0;
      return (i >= 0 ? i : p.played.length) + self;
    }
    case 'spell_damage': return spellDamage(g, side);
    case 'minions_played_this_turn': return p.played.filter((id) => entity(g, id).card.type === 'minion').length;
    case 'minions_died_this_turn': return p.graveyard.filter((id) => { const e = entity(g, id); return e.card.type === 'minion' && e.diedTurn === g.turn; }).length;
    case 'overloaded': return p.overloaded;
    case 'mana_crystals': return p.maxMana;
    case 'mana': return p.mana;
  }
}

/** Rule 5: does this selection ignore mortally wounded and pending-destroy characters? */
function appliesRule5(ctx: Ctx, sel: Selector): boolean {
  if (ctx.g.mutants.has('ignore-rule-5')) return false;
  return ctx.cls === 'negative' && (ctx.isTrigger || sel.random !== undefined);
}

export function select(ctx: Ctx, sel: Selector): number[] {
  const g = ctx.g;
  const base = baseSet(ctx, sel); // a fresh array
  let ids = sel.filter ? base.filter((id) => passes(ctx, entity(g, id), sel.filter)) : base;
  if (appliesRule5(ctx, sel)) {
    const before = ids.length;
    ids = ids.filter((id) => !mortallyWoundedOrPendingDestroy(g, entity(g, id)));
    if (before > 0 && ids.length === 0) {
      g.trace.event({ e: 'trigger_abort', source: ctx.source.id, reason: 'every possible target is mortally wounded or pending destroy', rule: '5' });
    }
  }
  if (sel.random !== undefined) {
    const picked: number[] = [];
    let pool = ids;
    for (let i = 0; i < sel.random && pool.length; i++) {
      const p = pickRandomEntity(g, pool, `${ctx.source.card.name}: random ${sel.select}`);
      picked.push(p);
      pool = pool.filter((x) => x !== p);
    }
    return picked;
  }
  if (sel.exceptRandom !== undefined) {
    // all but N, the N spared picked at random (each a recorded random choice)
    let kept = ids;
    for (let i = 0; i < sel.exceptRandom && kept.length; i++) {
      const p = pickRandomEntity(g, kept, `${ctx.source.card.name}: random ${sel.select} spared`);
      kept = kept.filter((x) => x !== p);
    }
    return kept;
  }
  return ids;
}

export function evalCondition(ctx: Ctx, c: Condition): boolean {
  const g = ctx.g;
  if ('exists' in c) return select(ctx, c.exists).length > 0;
  if ('notExists' in c) return select(ctx, c.notExists).length === 0;
  if ('countAtLeast' in c) return select(ctx, c.countAtLeast).length >= c.n;
  // "If you're holding a Dragon": another card in the hand (the card being played, still in the hand while its play
  // is checked, does not count for itself: Book Wyrm, a Dragon, takes no target without another Dragon held).
  if ('holdingRace' in c) return g.players[ctx.controller].hand.some((id) => id !== ctx.source.id && entity(g, id).card.race === c.holdingRace);
  if ('test' in c) {
    // reads the entity even when it has left play (Rule 5b "if that kills it")
    const ids = c.test.select === 'target' && ctx.target !== null && ctx.target !== undefined ? [ctx.target] : select(ctx, c.test);
    const result = ids.length > 0 && ids.every((id) => passes(ctx, entity(g, id), c.filter) || (c.filter.mortallyWoundedOrPendingDestroy === true && entity(g, id).zone === 'graveyard'));
    // A Rule 5b reading is recorded with what it found, so a trace shows which branch was taken and why.
    const reads = c.filter.mortallyWoundedOrPendingDestroy;
    if (reads !== undefined && ids.length === 1 && Object.keys(c.filter).length === 1) g.trace.event({ e: 'condition', source: ctx.source.id, subject: ids[0]!, reads: 'mortally_wounded', result: result === reads, rule: '5b' });
    return result;
  }
  if ('boardHasSpace' in c) return sides(ctx, c.boardHasSpace).every((s) => g.players[s].board.length < 7);
  if ('activePlayer' in c) return sides(ctx, c.activePlayer).includes(g.active);
  if ('attacking' in c) return g.attacking !== undefined && select(ctx, c.attacking).includes(g.attacking);
  if ('compare' in c) {
    const v = evalAmount(ctx, c.compare);
    return (c.atLeast === undefined || v >= c.atLeast) && (c.atMost === undefined || v <= c.atMost);
  }
  if ('chance' in c) return randomChance(g, c.chance, `${ctx.source.card.name}: ${c.chance * 100}% chance`);
  if ('all' in c) return c.all.every((x) => evalCondition(ctx, x));
  if ('any' in c) return c.any.some((x) => evalCondition(ctx, x));
  return !evalCondition(ctx, c.not);
}

export function evalAmount(ctx: Ctx, a: Amount): number {
  if (typeof a === 'number') return a;
  if ('count' in a) return select(ctx, a.count).length * (a.times ?? 1) + (a.plus ?? 0);
  if ('if' in a) return evalAmount(ctx, evalCondition(ctx, a.if) ? a.then : a.else);
  if ('stat' in a) {
    const ids = select(ctx, a.of);
    const v = (a.all ? ids : ids.slice(0, 1)).reduce((n: number, id) => n + statOf(ctx.g, entity(ctx.g, id), a.stat), 0);
    return v * (a.times ?? 1) + (a.plus ?? 0);
  }
  if ('sum' in a) return a.sum.reduce((n: number, x) => n + evalAmount(ctx, x), 0);
  if ('eventAmount' in a) return (ctx.event?.amount ?? 0) * (a.times ?? 1) + (a.plus ?? 0);
  if ('recall' in a) return (ctx.memory?.[a.recall] ?? 0) * (a.times ?? 1) + (a.plus ?? 0);
  if ('counter' in a) return sides(ctx, a.player ?? 'friendly').reduce((n: number, s) => n + counter(ctx, a.counter, s), 0) * (a.times ?? 1) + (a.plus ?? 0);
  return randomInt(ctx.g, a.min, a.max, `${ctx.source.card.name}: ${a.min}-${a.max}`);
}

export { health };
