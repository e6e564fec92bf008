/**
 * Rule 6: later Phases of a Sequence do not run when their subject is no longer in play. A phase that names a
 * `subject` (the entity the rulebook requires in play) opens only while that subject is in play (per the zone,
 * summon and death records); and a `phase_skipped` event is only made for a subject that really left play.
 * The trace names one subject per phase: the defender of an attack (also a subject of Combat) is not recorded,
 * so only the attacker is checked there.
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, type RecordKind } from './walk.js';

export const ID = 'phase-skip';

const READS: readonly RecordKind[] = ['open', 'phase_skipped'];

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  return {
    reads: READS,
    visit: (r, s, at) => {
    if (r.t === 'open' && r.block === 'phase' && r.subject !== undefined && s.entities.has(r.subject) && !s.inPlay(r.subject)) {
      out.push({
        invariant: ID, rule: '6', at, path: s.path(), entities: [r.subject],
        message: `phase ${r.kind}#${r.id} ran for ${s.name(r.subject)}, which had left play (${s.entities.get(r.subject)!.zone}): a later Phase is skipped when its subject is gone`,
      });
    }
    if (r.t === 'event' && r.e === 'phase_skipped' && r.subject !== undefined && s.inPlay(r.subject)) {
      out.push({
        invariant: ID, rule: '6', at, path: s.path(), entities: [r.subject],
        message: `phase ${r.kind} was skipped for ${s.name(r.subject)}, which is still in play: only a missing subject skips a Phase`,
      });
    }
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['6'], fidelity: 'phases', profiles: ['hearthstone', 'hearthtop'],
  description: 'a Phase whose subject has left play is skipped, and only then',
  check,
  pass,
};
