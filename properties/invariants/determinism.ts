/**
 * Determinism: the same scenario and seed give the same trace, record for record. Unlike the other invariants this
 * one has to run a producer (twice), so it takes the producer as a function and is registered apart from the pure
 * trace checks. spec/rules.json has no rule id for it: it is the architecture's "all randomness comes from one
 * seeded stream per scenario, recorded in the trace", and violations cite the pseudo rule "determinism".
 */
import { recordToLine, sameJson, type TraceRecord } from '../../engine/trace/format.js';
import type { Violation } from './types.js';
import { walk } from './walk.js';

export const ID = 'determinism';

export function checkDeterminism(produce: () => readonly TraceRecord[]): Violation[] {
  const a = produce();
  const b = produce();
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] && b[i] && sameJson(a[i], b[i])) continue;
    const x = a[i] ? recordToLine(a[i]!) : '(end of trace)';
    const y = b[i] ? recordToLine(b[i]!) : '(end of trace)';
    if (x === y) continue;
    let path = '';
    walk(a.slice(0, i), () => undefined, (_r, s) => { path = s.path(); });
    return [{
      invariant: ID, rule: 'determinism', path, entities: [], at: i,
      message: `two runs of the same scenario and seed differ at record ${i}: first ${x}, then ${y}`,
    }];
  }
  return [];
}

export const meta = {
  id: ID, rules: [] as string[], fidelity: 'events' as const, profiles: ['*' as const],
  description: 'the same scenario and seed give the identical trace (runs the producer twice)',
};
