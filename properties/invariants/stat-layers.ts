/**
 * Rule 4d and the aura priority note: a character's Attack and Health are its printed stats, then its enchantments in
 * the order they were played, then its Health/Attack auras in priority order (lower first; equal priority by order of
 * play); a card's mana cost is its printed cost with its cost changes (enchantments, the card's own, mana cost auras)
 * applied together by priority, then order of play ("Mana Cost Auras have no special priority compared to Mana Cost
 * Enchantments"). Every `stats` record that states its `layers` (set-up, Aura Update (Health/Attack)) and every
 * `status` record that states `costLayers` is checked:
 * - the order of the layers as stated (enchantments before auras, enchantments by order, auras by priority/order);
 * - the stated values are what the layers give in that order (set, then add; Attack equal to Health reads the
 *   stated Health; Attack never below 0; a cost change below 0 stops at its minimum; cost never below 0);
 * - each enchantment layer is an enchantment the trace attached to that character, each aura source is in play;
 * The printed base is the producer's own: a base that differs from Arbiter's card text is a card difference (the card
 * conformance cases judge it), not a break of Rule 4d.
 */
import type { CostLayerRecord, StatLayerRecord, TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, InvariantEnv, Violation } from './types.js';
import { checkOf, type WalkPass, IN_PLAY, type TraceState, type RecordKind } from './walk.js';

export const ID = 'stat-layers';

function foldStats(base: { attack: number; health: number }, layers: readonly StatLayerRecord[], health: number): { attack: number; maxHealth: number } {
  let a = base.attack;
  let h = base.health;
  for (const l of layers) {
    if (l.setHealth !== undefined) h = l.setHealth;
    if (l.health !== undefined) h += l.health;
    if (l.setAttack !== undefined) a = l.setAttack;
    if (l.attack !== undefined) a += l.attack;
    if (l.attackTimes !== undefined) a *= l.attackTimes;
    if (l.attackEqualsHealth) a = health;
  }
  return { attack: Math.max(0, a), maxHealth: h };
}

function foldCost(base: number, layers: readonly CostLayerRecord[]): number {
  let c = base;
  for (const m of layers) c = m.amount >= 0 ? c + m.amount : Math.min(c, Math.max(m.minimum ?? 0, c + m.amount));
  return Math.max(0, c);
}

const byPriority = (a: { priority?: number; order: number }, b: { priority?: number; order: number }) => (a.priority ?? 0) - (b.priority ?? 0) || a.order - b.order;

function sorted<T>(list: readonly T[], cmp: (a: T, b: T) => number): boolean {
  for (let i = 1; i < list.length; i++) if (cmp(list[i - 1]!, list[i]!) > 0) return false;
  return true;
}

const READS: readonly RecordKind[] = ['stats', 'status'];

export function pass(trace: readonly TraceRecord[], env?: InvariantEnv): WalkPass {
  const out: Violation[] = [];
  const flag = (s: TraceState, at: number, rule: string, id: number, message: string) => out.push({ invariant: ID, rule, at, path: s.path(), entities: [id], message: `${s.name(id)}: ${message}` });
  return {
    reads: READS,
    visit: (r, s, at) => {
      if (r.t !== 'event') return;
      if (r.e === 'stats' && r.layers && r.base) {
        const e = s.entities.get(r.entity);
        if (!e) return;
        const layers = r.layers;
        const firstAura = layers.findIndex((l) => l.kind === 'aura');
        if (firstAura >= 0 && layers.slice(firstAura).some((l) => l.kind === 'enchantment')) flag(s, at, '4d', r.entity, `an enchantment is applied after a Health/Attack aura (layers ${layers.map((l) => `${l.kind} #${l.source}`).join(', ')}); auras come after enchantments`);
        const ench = layers.filter((l) => l.kind === 'enchantment');
        if (!sorted(ench, (a, b) => a.order - b.order)) flag(s, at, '4d', r.entity, `enchantments applied out of the order they were played (orders ${ench.map((l) => l.order).join(', ')})`);
        const auras = layers.filter((l) => l.kind === 'aura');
        if (!sorted(auras, byPriority)) flag(s, at, '4-aura-priority', r.entity, `Health/Attack auras applied out of priority order (priority/order ${auras.map((l) => `${l.priority ?? 0}/${l.order}`).join(', ')})`);
        for (const l of ench) {
          const en = s.entities.get(l.source);
          if (en && (en.attachedTo !== r.entity || !IN_PLAY.has(en.zone))) flag(s, at, '4d', r.entity, `layer of ${s.name(l.source)}, which is not an enchantment attached to it`);
        }
        for (const l of auras) if (s.entities.has(l.source) && !s.inPlay(l.source)) flag(s, at, '4d', r.entity, `aura layer of ${s.name(l.source)}, which is not in play`);
        const got = foldStats(r.base, layers, r.health);
        if (got.maxHealth !== r.maxHealth) flag(s, at, '4d', r.entity, `maximum Health ${r.maxHealth} stated, but its printed ${r.base.health} with its layers in order gives ${got.maxHealth}`);
        if (e.type === 'minion' && got.attack !== r.attack) flag(s, at, '4d', r.entity, `Attack ${r.attack} stated, but its printed ${r.base.attack} with its layers in order gives ${got.attack}`);
      }
      if (r.e === 'status' && r.costLayers && r.cost !== undefined && r.baseCost !== undefined) {
        const list = r.costLayers;
        if (!sorted(list, byPriority)) flag(s, at, '4-aura-priority', r.entity, `mana cost changes applied out of priority order (priority/order ${list.map((l) => `${l.priority ?? 0}/${l.order}`).join(', ')})`);
        const got = foldCost(r.baseCost, list);
        if (got !== r.cost) flag(s, at, '4d', r.entity, `cost ${r.cost} stated, but its printed ${r.baseCost} with its cost changes in order gives ${got}`);
      }
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['4d', '4-aura-priority'], fidelity: 'events', profiles: ['hearthstone'], uses: ['cards'],
  description: 'stated Attack/Health = printed + enchantments in play order + auras in priority order, and cost = printed + cost changes by priority then order, at every stated update (Rule 4d)',
  check,
  pass,
};
