/**
 * Host invariants of the game state: game actions are performed at once, even mid-resolution (35.2, 35.4); the game
 * ends at once when a victory condition holds (1.1); power never below 0 (26.2.2); power and health follow the rule's
 * calculation whatever the order of the changes (18.6, 26.1.4.2, 26.2.3.2); a slot never holds two cards (7.2, 14.7.1).
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { count, ev, hostInvariant, label, violation, type HostPass, type HostView, type RecordKind } from './host-walk.js';

/** Records a game action may come with: its own zone move (and a card's return to its owner, 37.1), the lethal batch, the stats it changes. */
const WITH_GAME_ACTION = new Set(['zone', 'control', 'host_stats', 'game_action', 'trigger_wait', 'game_check', 'random']);

export const gameActionsAtOnce: Invariant = hostInvariant(gameActionsPass, {
  id: 'host-game-actions-at-once', rules: ['host/35.2', 'host/35.4', 'host/18.2', 'host/26.1.2'], fidelity: 'phases',
  description: 'an entity whose damage reaches its health, or whose health is 0 or less, leaves play before anything else happens (game actions never wait)',
});

function gameActionsPass(): HostPass {
  const ID = 'host-game-actions-at-once';
  const out: Violation[] = [];
  const lethal = new Map<number, number | null>(); // entity -> the SIMULTANEOUS block it became lethal in (40.4.1, 25.4.2.3)
  const inFront = (v: HostView, id: number) => v.zone.get(id) === 'frontrow' && v.type.get(id) === 'entity';
  const batch = (v: HostView) => [...v.open].reverse().find((b) => b.kind === 'SIMULTANEOUS')?.id ?? null;
  // every record: one that comes while an entity is lethal says that the game action waited
  return {
    visit: (r, v, i) => {
      const e = ev(r);
      if (lethal.size) {
        const sameBatch = r.t === 'close' || [...lethal.values()].every((b) => b !== null && v.open.some((o) => o.id === b));
        if (!sameBatch && !(e && WITH_GAME_ACTION.has(e.e))) {
          const ids = [...lethal.keys()];
          out.push(violation(ID, 'host/35.2', `${ids.map((id) => label(v, id)).join(', ')} should have left play by game action before this ${r.t === 'event' ? r.e : r.t} record`, v, i, ids));
          lethal.clear();
        }
      }
      if (e?.e === 'damage' && inFront(v, e.target) && e.counters !== undefined && e.health !== undefined && e.counters >= e.health) lethal.set(e.target, batch(v));
      if (e?.e === 'host_stats' && inFront(v, e.entity)) {
        if (e.health <= 0 || e.damage >= e.health) lethal.set(e.entity, batch(v));
        else lethal.delete(e.entity);
      }
    },
    after: (_r, v) => {
      if (lethal.size) for (const id of [...lethal.keys()]) if (!inFront(v, id)) lethal.delete(id);
    },
    finish: () => out,
  };
}

export const gameEndsAtOnce: Invariant = hostInvariant(gameEndsPass, {
  id: 'host-game-ends-at-once', rules: ['host/1.1', 'host/1.1.1', 'host/1.1.2', 'host/1.1.3', 'host/35.3.4'], fidelity: 'phases',
  description: 'when a victory condition holds (damage zone reaches the Host\'s health, an empty deck, Host damage with an empty hand) the player loses at once and nothing else happens',
});

const ALLOWED_AFTER_LOSS = new Set(['damage', 'zone', 'control', 'random', 'draw', 'host_stats', 'game_action', 'game_check']);

function gameEndsPass(trace: readonly TraceRecord[]): HostPass {
  const ID = 'host-game-ends-at-once';
  const out: Violation[] = [];
  const hostHealth = new Map<number, number>();
  let met: { player: number; why: string } | null = null;
  let over = false;
  // every record: one that comes after the game ended, or after a loss condition held, is a violation
  return {
    visit: (r, v, i) => {
      const e = ev(r);
      if (over && r.t !== 'close' && !(e?.e === 'game_action' && e.action === 'lose') && e?.e !== 'game_check') { out.push(violation(ID, 'host/1.1', `a ${r.t === 'event' ? r.e : r.t} record after the game ended`, v, i)); over = false; }
      if (met && !over) {
        const allowed = r.t === 'close' || (e && ALLOWED_AFTER_LOSS.has(e.e));
        if (!allowed) { out.push(violation(ID, 'host/1.1', `player ${met.player} met a loss condition (${met.why}) but the game went on with a ${r.t === 'event' ? r.e : r.t} record`, v, i)); met = null; }
      }
      if (e?.e === 'game_check' && e.result !== 'ongoing') { over = true; met = null; }
      if (e?.e === 'damage' && [...v.hosts.values()].includes(e.target)) {
        // A point of Host damage takes a card from the hand (2.1): its zone move comes just before the damage record.
        const p = [...v.hosts].find(([, id]) => id === e.target)![0];
        const prev = trace[i - 1];
        const took = prev?.t === 'event' && prev.e === 'zone' && prev.from === 'hand' && prev.to === 'damage';
        if (!took && count(v, p, 'hand') === 0 && !met) met = { player: p, why: 'Host damage with no card in hand, 1.1.3' };
      }
    },
    after: (r, v) => {
      const e = ev(r);
      if (e?.e === 'host_stats' && v.type.get(e.entity) === 'host') hostHealth.set(v.controller.get(e.entity)!, e.health);
      if (!met && !over) for (const [p] of v.hosts) {
        const h = hostHealth.get(p);
        if (h !== undefined && count(v, p, 'damage') >= h) met = { player: p, why: `${count(v, p, 'damage')} cards in the damage zone, Host health ${h}, 1.1.1` };
        else if (count(v, p, 'deck') === 0 && r.t !== 'entity') met = { player: p, why: 'no card in the deck, 1.1.2' };
      }
    },
    finish: () => out,
  };
}

const POWER = 'host-power-non-negative';
const STATS_READS: readonly RecordKind[] = ['host_stats'];

function powerPass(): HostPass {
  const out: Violation[] = [];
  return {
    reads: STATS_READS,
    visit: (r, v, i) => {
      const e = ev(r);
      if (e?.e === 'host_stats' && e.power < 0) out.push(violation(POWER, 'host/26.2.2', `${label(v, e.entity)} has power ${e.power}`, v, i, [e.entity]));
    },
    finish: () => out,
  };
}

export const powerNonNegative: Invariant = hostInvariant(powerPass, {
  id: POWER, rules: ['host/26.2.2'], fidelity: 'events',
  description: 'an Entity\'s power is never below 0',
});

/** 18.6 / 26.1.4.1 / 26.2.3.1: (base + increases) - decreases, then the sets in the order given; power at least 0. */
function byTheRule(base: { power: number; health: number }, mods: { kind: string; power?: number; health?: number }[]): { power: number; health: number } {
  const sum = (k: 'power' | 'health', sign: 1 | -1) => mods.filter((m) => m.kind === 'add').reduce((s, m) => s + ((m[k] ?? 0) * sign > 0 ? m[k]! : 0), 0);
  let power = base.power + sum('power', 1) + sum('power', -1);
  let health = base.health + sum('health', 1) + sum('health', -1);
  for (const m of mods) if (m.kind === 'set') { if (m.power !== undefined) power = m.power; if (m.health !== undefined) health = m.health; }
  return { power: Math.max(0, power), health };
}

const STAT_ORDER = 'host-stat-order';

function statOrderPass(): HostPass {
  const out: Violation[] = [];
  return {
    reads: STATS_READS,
    visit: (r, v, i) => {
      const e = ev(r);
      if (e?.e === 'host_stats') {
        const want = byTheRule(e.base, e.mods);
        if (want.health !== e.health || Math.max(0, want.power) !== Math.max(0, e.power)) out.push(violation(STAT_ORDER, v.type.get(e.entity) === 'host' ? 'host/20.1' : e.mods.some((m) => m.kind === 'set') ? 'host/18.6' : 'host/26.2.3.2', `${label(v, e.entity)} has ${e.power} power / ${e.health} health; base ${e.base.power}/${e.base.health} with ${JSON.stringify(e.mods)} gives ${want.power}/${want.health}`, v, i, [e.entity]));
      }
    },
    finish: () => out,
  };
}

export const statOrder: Invariant = hostInvariant(statOrderPass, {
  id: STAT_ORDER, rules: ['host/18.6', 'host/20.1', 'host/26.1.4.2', 'host/26.2.3.2'], fidelity: 'events',
  description: 'power and health are the base plus all increases, then all decreases, then sets in the order given: the order of increases and decreases does not matter',
});

const SLOT = 'host-one-card-per-slot';
const SLOT_READS: readonly RecordKind[] = ['entity', 'zone'];

function slotPass(trace: readonly TraceRecord[]): HostPass {
  const out: Violation[] = [];
  /** The last record that is not an entity record (the set-up's entity records may share slots until the game starts). */
  let lastNonEntity = -1;
  for (let j = trace.length - 1; j >= 0; j--) if (trace[j]!.t !== 'entity') { lastNonEntity = j; break; }
  const occupant = (v: HostView, id: number, zone: string, slot: number | undefined) => [...v.zone].find(([o, z]) => o !== id && z === zone && v.slot.get(o) === slot && v.controller.get(o) === v.controller.get(id));
  return {
    reads: SLOT_READS,
    visit: () => undefined,
    // after the record: where it put the card
    after: (r, v, i) => {
      const e = ev(r);
      const id = r.t === 'entity' ? r.id : e?.e === 'zone' ? e.entity : null;
      if (id === null) return;
      const zone = v.zone.get(id)!;
      if (zone !== 'frontrow' && zone !== 'backrow') return;
      const o = occupant(v, id, zone, v.slot.get(id));
      if (o && (r.t !== 'entity' || lastNonEntity > i)) out.push(violation(SLOT, 'host/14.7.1', `${label(v, id)} enters ${zone} slot ${v.slot.get(id)}, which ${label(v, o[0])} holds`, v, i, [id, o[0]]));
    },
    finish: () => out,
  };
}

export const oneCardPerSlot: Invariant = hostInvariant(slotPass, {
  id: SLOT, rules: ['host/7.2', 'host/14.7.1', 'host/18.7'], fidelity: 'events',
  description: 'a frontrow or backrow slot never holds two cards',
});
