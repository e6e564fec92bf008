/**
 * Rule 3 (and 1c): "you will NEVER see an Entity be killed in the middle of a Phase". The `death` event of a
 * character or a weapon may only stand inside a DEATH_CREATION step (which runs after the outermost Phase ended,
 * Rule 4a), or be one of the deaths of a Forced Death Phase (Rule 3 exceptions): the reference engine records those
 * deaths right before the FORCED_DEATH phase that resolves them, so deaths immediately followed by a FORCED_DEATH open
 * are accepted. A weapon replaced by a newer one is destroyed like any other: marked, and removed in the next Death
 * Creation Step (rule weapon-replace), so its removal in the middle of a Phase is charged to that rule.
 * A hero that dies there is the game ending at once, charged to Rule 9 (the result waits for the Sequence's end).
 * Also: a phase says it is `outermost` exactly when no other phase is open around it (only the outermost Phase
 * ending starts the Death Creation Step).
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, blockName, type RecordKind } from './walk.js';

export const ID = 'no-mid-phase-deaths';

function forcedDeathFollows(trace: readonly TraceRecord[], i: number): boolean {
  let j = i + 1;
  while (j < trace.length && trace[j]!.t === 'event' && (trace[j] as { e: string }).e === 'death') j++;
  const r = trace[j];
  return !!r && r.t === 'open' && r.block === 'phase' && r.kind === 'FORCED_DEATH';
}

const READS: readonly RecordKind[] = ['open', 'death'];

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  return {
    reads: READS,
    visit: (r, s, at) => {
    if (r.t === 'open' && r.block === 'phase') {
      const nested = s.inPhase();
      if (r.outermost !== undefined && !!r.outermost === nested) {
        out.push({
          invariant: ID, rule: '3', at, path: s.path(), entities: [],
          message: nested
            ? `phase ${r.kind}#${r.id} says it is outermost, but it opened inside ${blockName(s.nearest('phase')!)}`
            : `phase ${r.kind}#${r.id} is the outermost Phase (no Phase is open around it) but is not marked outermost`,
        });
      }
      return;
    }
    if (r.t !== 'event' || r.e !== 'death') return;
    const weapon = s.isWeapon(r.entity);
    if (!weapon && !s.isCharacter(r.entity)) return;
    const top = s.top();
    if (top && top.block === 'step' && top.kind === 'DEATH_CREATION') return;
    if (forcedDeathFollows(trace, at)) return;
    const phase = s.nearest('phase');
    // A hero removed at once is the game ending in the middle of a Sequence: the result waits for its end (Rule 9).
    const hero = s.isHero(r.entity);
    out.push({
      invariant: ID, rule: hero ? '9' : weapon ? 'weapon-replace' : '3', at, path: s.path(), entities: [r.entity],
      message: phase
        ? `${s.name(r.entity)} died inside phase ${phase.kind}#${phase.id}, before that phase ended${hero ? ' (the game ended in the middle of a Sequence)' : ''}`
        : `${s.name(r.entity)} died outside a Death Creation Step${top ? ` (in ${blockName(top)})` : ' (at the top level)'}`,
    });
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['3', '1c', '9'], fidelity: 'phases', profiles: ['hearthstone', 'hearthtop'],
  description: 'characters die only in a Death Creation Step (or a Forced Death Phase), never in the middle of a Phase',
  check,
  pass,
};
