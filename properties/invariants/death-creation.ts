/**
 * Rule 4a: the Death Creation Step "looks for all mortally wounded (0 or less Health) / pending destroy Entities
 * and kills them, removing them from play simultaneously". When a DEATH_CREATION step ends, no character in play
 * may still be at 0 or less Health (as the trace last stated it) or marked for destruction.
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, type RecordKind } from './walk.js';

export const ID = 'death-creation-complete';

const READS: readonly RecordKind[] = ['close'];

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  return {
    reads: READS,
    visit: (r, s, at) => {
    if (r.t !== 'close') return;
    const b = s.blocks.get(r.id);
    if (!b || b.block !== 'step' || b.kind !== 'DEATH_CREATION') return;
    for (const e of s.entities.values()) {
      if (e.zone !== 'play' || (e.type !== 'minion' && e.type !== 'hero') || !s.mortallyWounded(e.id)) continue;
      out.push({
        invariant: ID, rule: '4a', at, path: s.path(), entities: [e.id],
        message: `${s.name(e.id)} is still in play after DEATH_CREATION#${b.id} although it is ${e.destroyMarked ? 'marked for destruction' : `at ${e.health} Health`}: the step removes every mortally wounded and pending-destroy entity at once`,
      });
    }
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['4a'], fidelity: 'phases', profiles: ['hearthstone', 'hearthtop'],
  description: 'a Death Creation Step removes every mortally wounded and pending-destroy character at once',
  check,
  pass,
};
