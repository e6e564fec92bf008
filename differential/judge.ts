/** The trace invariants (properties/invariants) a simulator's own trace is judged by, at the simulator's fidelity. */
import type { Fidelity, TraceRecord } from '../engine/trace/format.js';
import { loadCardPool } from '../engine/cards/pool.js';
import type { CardPool } from '../engine/state.js';
import { applicable, checkAll } from '../properties/invariants/index.js';
import type { TraceViolation } from './runner.js';

/** `cards`: the run's card pool (a `--cards` override included); the built-in pool when not given. */
export function judgeTrace(trace: TraceRecord[], fidelity: Fidelity, cards?: CardPool): TraceViolation[] {
  const pool = cards ?? loadCardPool();
  const env = { card: (id: string) => (pool.has(id) ? pool.get(id) : undefined) };
  // The rule profile the trace says it follows (its meta record); a trace without one is a Hearthstone trace.
  const meta = trace.find((r) => r.t === 'meta');
  const profile = meta?.t === 'meta' ? meta.profile : 'hearthstone';
  return checkAll(applicable(fidelity, profile), trace, env).map((v) => ({ invariant: v.invariant, rule: v.rule, message: v.message, ...(v.at !== undefined ? { at: v.at } : {}) }));
}
