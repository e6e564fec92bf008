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
  // A trace that breaks an invariant at every record (a flood of records) is reported by its first violations of
  // each invariant and a count of the rest: a result stays readable, and small enough to write.
  const out: TraceViolation[] = [];
  const seen = new Map<string, number>();
  for (const v of checkAll(applicable(fidelity, profile), trace, env)) {
    const n = (seen.get(v.invariant) ?? 0) + 1;
    seen.set(v.invariant, n);
    if (n <= MAX_VIOLATIONS_LISTED) out.push({ invariant: v.invariant, rule: v.rule, message: v.message, ...(v.at !== undefined ? { at: v.at } : {}) });
  }
  for (const [invariant, n] of seen) {
    if (n <= MAX_VIOLATIONS_LISTED) continue;
    const first = out.find((v) => v.invariant === invariant)!;
    out.push({ invariant, rule: first.rule, message: `and ${n - MAX_VIOLATIONS_LISTED} more violation(s) of ${invariant} in this trace, not listed` });
  }
  return out;
}

/** Violations of one invariant listed per trace; the rest are counted. */
export const MAX_VIOLATIONS_LISTED = 20;
