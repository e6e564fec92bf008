/**
 * Rule 5b: "if it survives" and "if that kills it" read mortally wounded (0 or less Health) and pending destroy as
 * dead, not the Health alone. A `condition` record states what a producer found when it read that; it must agree
 * with the trace: the subject is dead when it has left play, is marked for destruction, or its last stated Health is
 * 0 or less. A subject whose Health the trace has not stated is judged only on the mark and its zone.
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, IN_PLAY, type RecordKind } from './walk.js';

export const ID = 'survival-check';

const READS: readonly RecordKind[] = ['condition'];

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  return {
    reads: READS,
    visit: (r, s, at) => {
    if (r.t !== 'event' || r.e !== 'condition' || r.reads !== 'mortally_wounded') return;
    const e = s.entities.get(r.subject);
    if (!e) return;
    const gone = !IN_PLAY.has(e.zone);
    const dead = gone || e.destroyMarked || (e.health !== undefined && e.health <= 0);
    const known = gone || e.destroyMarked || e.health !== undefined;
    if (!known || dead === r.result) return;
    const why = gone ? `it is in ${e.zone}` : e.destroyMarked ? 'it is marked for destruction' : `its Health is ${e.health}`;
    out.push({
      invariant: ID, rule: '5b', at, path: s.path(), entities: [r.subject],
      message: `${s.name(r.source)} read ${s.name(r.subject)} as ${r.result ? 'dead' : 'alive'}, but ${why}: "if it survives" reads mortally wounded and pending destroy as dead`,
    });
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['5b'], fidelity: 'events', profiles: ['hearthstone', 'hearthtop'],
  description: '"if it survives" / "if that kills it" read mortally wounded and pending-destroy entities as dead',
  check,
  pass,
};
