/**
 * Health arithmetic (seed 003 "Heal", "Change Health"; Rule 4b): every record that states a character's Health
 * agrees with the Health the trace stated before it and the amount.
 * - damage: Health after = Health before - amount (the amount after Armor);
 * - heal: Health after = Health before + amount, and never above the maximum Health ("A character cannot be healed
 *   past its maximum health");
 * - an aura's stats change: a higher maximum raises Health by as much; a lower maximum lowers Health only as far as
 *   the new maximum (change_health undone; Rule 4b: Health from lost auras is not taken away again).
 * Only values the trace states are compared: after an enchantment is attached or removed, or a zone change, Health
 * and maximum are unknown until a record states them again, so a silent change is never charged.
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, type TraceState, type RecordKind } from './walk.js';

export const ID = 'health-arithmetic';

const READS: readonly RecordKind[] = ['damage', 'heal', 'stats'];

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  const v = (s: TraceState, at: number, rule: string, id: number, message: string) => out.push({ invariant: ID, rule, message: `${s.name(id)}: ${message}`, path: s.path(), entities: [id], at });
  return {
    reads: READS,
    visit: (r, s, at) => {
    if (r.t !== 'event') return;
    if ((r.e === 'damage' || r.e === 'heal') && r.health !== undefined) {
      const e = s.entities.get(r.target);
      if (!e || e.health === undefined) return;
      const want = r.e === 'damage' ? e.health - r.amount : e.health + r.amount;
      if (r.health !== want) v(s, at, 'health', r.target, `${r.e} of ${r.amount} takes Health from ${e.health} to ${r.health}, not ${want}`);
      if (r.e === 'heal' && e.maxHealth !== undefined && r.health > e.maxHealth) v(s, at, 'health', r.target, `healed to ${r.health}, above its maximum Health ${e.maxHealth}: a character cannot be healed past its maximum`);
    }
    if (r.e === 'stats' && r.why === 'aura') {
      const e = s.entities.get(r.entity);
      // a weapon has no Health: its aura records state Attack (its Durability is read from durability records)
      if (!e || e.type === 'weapon' || e.health === undefined || e.maxHealth === undefined) return;
      const want = r.maxHealth < e.maxHealth ? Math.min(e.health, r.maxHealth) : e.health + (r.maxHealth - e.maxHealth);
      if (r.health !== want) {
        v(s, at, r.maxHealth < e.maxHealth ? '4b' : 'health', r.entity, `its maximum Health goes from ${e.maxHealth} to ${r.maxHealth} by an aura and its Health from ${e.health} to ${r.health}, not ${want}${r.maxHealth < e.maxHealth ? ': Health from a lost aura is taken away only as far as the new maximum' : ''}`);
      }
    }
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['health', '4b'], fidelity: 'events', profiles: ['hearthstone', 'hearthtop'],
  description: 'every damage, heal and aura stats record agrees with the Health the trace stated before and the amount; no heal past the maximum',
  check,
  pass,
};
