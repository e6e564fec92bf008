/**
 * Rule 4a/4b/4d: Aura Updates. Auras are evaluated only here, never in the middle of a Phase (Rule 1c).
 * - Aura Update (Health/Attack) runs before the Death Creation Step: every character's Health/Attack aura layer is
 *   rebuilt from the auras in play (mortally wounded emitters still share auras until removed), placed after its
 *   enchantments (4d). Losing a Health aura lowers max Health, and current Health only down to the new max.
 * - Aura Update (Other) runs after the Death Creation Step: keywords (Immune), healing-becomes-damage, Deathrattles or
 *   Battlecries twice, spell damage and mana costs are snapshotted, with the entities they affect.
 * Because nothing recalculates Health after the Death Creation Step, Health from lost auras lingers through the
 * following Death Phase (4b), while other effects stop at once.
 */
import type { Aura, Mods } from '../cards/format.js';
import { entity, isCharacter, maxHealth, attack, health, type AuraMod, type Entity, type Game, type OtherAuraSnap } from '../state.js';
import type { Ctx } from './context.js';
import { recordStatus, statLayerRecords } from '../status.js';

function auraSources(g: Game): { src: Entity; aura: Aura }[] {
  const out: { src: Entity; aura: Aura }[] = [];
  for (const p of g.players) {
    // hero, board in order, weapon (without building the list)
    const n = p.board.length + (p.weapon !== null ? 2 : 1);
    for (let i = 0; i < n; i++) {
      const e = entity(g, i === 0 ? p.hero : i <= p.board.length ? p.board[i - 1]! : p.weapon!);
      // a Silenced minion grants no aura (rule silence; mutant silence-keeps-auras: it still does)
      if (e.zone !== 'play' || (e.silenced && !g.mutants.has('silence-keeps-auras'))) continue;
      if (e.card.auras) for (const aura of e.card.auras) out.push({ src: e, aura });
      // An enchantment's auras are on while it is attached to an entity in play (a player-level effect on the hero).
      for (const en of e.enchantments) {
        const x = entity(g, en);
        if (x.zone === 'play' && x.card.auras) for (const aura of x.card.auras) out.push({ src: x, aura });
      }
    }
  }
  return out;
}

function auraCtx(g: Game, src: Entity): Ctx {
  const self = src.attachedTo !== undefined ? entity(g, src.attachedTo) : src;
  return { g, source: src, self, controller: src.controller, cls: 'neutral', isTrigger: false, summoned: [] };
}

function affected(g: Game, src: Entity, aura: Aura): number[] {
  const ctx = auraCtx(g, src);
  if (aura.condition && !ctx.g.effects.evalCondition(ctx, aura.condition)) return [];
  return ctx.g.effects.select(ctx, aura.selector);
}

/** The aura's mods, multiplied by its `times` amount when it has one (evaluated at this Aura Update). */
function modsOf(g: Game, src: Entity, aura: Aura): Mods {
  if (aura.times === undefined) return aura.mods;
  const n = g.effects.evalAmount(auraCtx(g, src), aura.times);
  const m: Mods = { ...aura.mods };
  for (const k of ['attack', 'health', 'cost', 'spellDamage'] as const) if (m[k] !== undefined) m[k] = m[k]! * n;
  return m;
}

/** Characters and weapons in play: what a Health/Attack aura can change (Spiteful Smith: "your weapon has +2 Attack"). */
function characters(g: Game): Entity[] {
  const out: Entity[] = [];
  for (const p of g.players) {
    const n = p.board.length + (p.weapon !== null ? 2 : 1);
    for (let i = 0; i < n; i++) {
      const e = entity(g, i === 0 ? p.hero : i <= p.board.length ? p.board[i - 1]! : p.weapon!);
      if (e.zone === 'play' && (isCharacter(e) || e.card.type === 'weapon')) out.push(e);
    }
  }
  return out;
}

const byPriorityThenOrder = (a: AuraMod, b: AuraMod) => a.priority - b.priority || a.order - b.order;

export function auraUpdateHealthAttack(g: Game): void {
  const b = g.trace.openBlock({ block: 'step', kind: 'AURA_UPDATE_HEALTH_ATTACK', rule: '4a' });
  let layers: Map<number, AuraMod[]> | null = null;
  for (const { src, aura } of auraSources(g)) {
    if (aura.kind !== 'health_attack') continue;
    const mods = modsOf(g, src, aura);
    for (const id of affected(g, src, aura)) {
      layers ??= new Map();
      const list = layers.get(id);
      const mod = { source: src.id, mods, priority: aura.priority ?? 0, order: src.order };
      if (list) list.push(mod); else layers.set(id, [mod]);
    }
  }
  for (const e of characters(g)) {
    const next = layers?.get(e.id);
    // No aura on it now: an unchanged empty layer is left as it is (no new array per character per Aura Update).
    if (next === undefined) { if (e.auraLayer.length !== 0) applyAuraLayer(g, e, []); continue; }
    applyAuraLayer(g, e, next.sort(byPriorityThenOrder));
  }
  g.trace.closeBlock(b);
}

/** Replace an entity's Health/Attack aura layer (Rule 4d: after its enchantments), keeping Health consistent. */
export function applyAuraLayer(g: Game, e: Entity, next: AuraMod[]): void {
  const same = next.length === e.auraLayer.length && next.every((a, i) => a.source === e.auraLayer[i]!.source && (a.mods === e.auraLayer[i]!.mods || JSON.stringify(a.mods) === JSON.stringify(e.auraLayer[i]!.mods)));
  if (same) return;
  const oldMax = maxHealth(g, e);
  const oldAtk = attack(g, e);
  e.auraLayer = next;
  const newMax = maxHealth(g, e);
  // Losing max Health lowers current Health only as far as the new maximum (seed 003 change_health; Rule 4b example).
  if (newMax < oldMax && !g.mutants.has('aura-loss-takes-health')) e.damage = Math.max(0, e.damage - (oldMax - newMax));
  if (newMax !== oldMax || attack(g, e) !== oldAtk) {
    const { base, layers } = statLayerRecords(g, e);
    g.trace.event({ e: 'stats', entity: e.id, attack: attack(g, e), health: health(g, e), maxHealth: newMax, why: 'aura', base, layers });
  }
}

export function auraUpdateOther(g: Game): void {
  const b = g.trace.openBlock({ block: 'step', kind: 'AURA_UPDATE_OTHER', rule: '4a' });
  const snap: OtherAuraSnap[] = [];
  for (const { src, aura } of auraSources(g)) {
    if (aura.kind === 'health_attack') continue;
    snap.push({ source: src.id, kind: aura.kind, mods: modsOf(g, src, aura), priority: aura.priority ?? 0, order: src.order, affected: new Set(affected(g, src, aura)) });
  }
  g.otherAuras = snap;
  // What legality depends on (keywords, costs, Frozen, attacks), as it stands once auras are settled.
  recordStatus(g);
  g.trace.closeBlock(b);
}
