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
import type { Aura } from '../cards/format.js';
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
      if (e.zone !== 'play' || e.silenced || !e.card.auras) continue;
      for (const aura of e.card.auras) out.push({ src: e, aura });
    }
  }
  return out;
}

function affected(g: Game, src: Entity, aura: Aura): number[] {
  const ctx: Ctx = { g, source: src, self: src, controller: src.controller, cls: 'neutral', isTrigger: false, summoned: [] };
  if (aura.condition && !ctx.g.effects.evalCondition(ctx, aura.condition)) return [];
  return ctx.g.effects.select(ctx, aura.selector);
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

export function auraUpdateHealthAttack(g: Game): void {
  const b = g.trace.openBlock({ block: 'step', kind: 'AURA_UPDATE_HEALTH_ATTACK', rule: '4a' });
  const layers = new Map<number, AuraMod[]>();
  for (const { src, aura } of auraSources(g)) {
    if (aura.kind !== 'health_attack') continue;
    for (const id of affected(g, src, aura)) {
      const list = layers.get(id) ?? [];
      list.push({ source: src.id, mods: aura.mods, priority: aura.priority ?? 0, order: src.order });
      layers.set(id, list);
    }
  }
  for (const e of characters(g)) {
    const next = (layers.get(e.id) ?? []).sort((a, b) => a.priority - b.priority || a.order - b.order);
    applyAuraLayer(g, e, next);
  }
  g.trace.closeBlock(b);
}

/** Replace an entity's Health/Attack aura layer (Rule 4d: after its enchantments), keeping Health consistent. */
export function applyAuraLayer(g: Game, e: Entity, next: AuraMod[]): void {
  const same = next.length === e.auraLayer.length && next.every((a, i) => a.source === e.auraLayer[i]!.source && a.mods === e.auraLayer[i]!.mods);
  if (same) return;
  const oldMax = maxHealth(g, e);
  const oldAtk = attack(g, e);
  e.auraLayer = next;
  const newMax = maxHealth(g, e);
  // Losing max Health lowers current Health only as far as the new maximum (seed 003 change_health; Rule 4b example).
  if (newMax < oldMax && !g.mutants.has('aura-loss-takes-health')) e.damage = Math.max(0, e.damage - (oldMax - newMax));
  if (newMax !== oldMax || attack(g, e) !== oldAtk) {
    g.trace.event({ e: 'stats', entity: e.id, attack: attack(g, e), health: health(g, e), maxHealth: newMax, why: 'aura', ...statLayerRecords(g, e) });
  }
}

export function auraUpdateOther(g: Game): void {
  const b = g.trace.openBlock({ block: 'step', kind: 'AURA_UPDATE_OTHER', rule: '4a' });
  const snap: OtherAuraSnap[] = [];
  for (const { src, aura } of auraSources(g)) {
    if (aura.kind === 'health_attack') continue;
    snap.push({ source: src.id, kind: aura.kind, mods: aura.mods, priority: aura.priority ?? 0, order: src.order, affected: new Set(affected(g, src, aura)) });
  }
  g.otherAuras = snap;
  // What legality depends on (keywords, costs, Frozen, attacks), as it stands once auras are settled.
  recordStatus(g);
  g.trace.closeBlock(b);
}
