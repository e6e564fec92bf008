/** The trace invariants (properties/invariants) that a simulator's own trace can be judged by, at its fidelity. */
import type { Fidelity, TraceRecord } from '../engine/trace/format.js';
import type { TraceViolation } from './runner.js';

export function judgeTrace(_trace: TraceRecord[], _fidelity: Fidelity): TraceViolation[] {
  return [];
}
