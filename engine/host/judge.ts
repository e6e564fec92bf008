/**
 * The judge of a Host scenario on the reference Host kernel: its stated outcome and the trace invariants passed in
 * (they live in properties/, which the engine does not import).
 */
import type { TraceRecord } from '../trace/format.js';
import type { Violation } from '../trace/violation.js';
import { traceToJsonl } from '../trace/format.js';
import type { HostScenario } from './format.js';
import type { HostCardPool } from './load.js';
import type { HostMutant } from './mutants.js';
import { runHostScenario, type HostFinal } from './run.js';
import { checkHostExpect } from './expect.js';

export type HostTraceJudge = (trace: TraceRecord[]) => Violation[];

export interface HostJudgement {
  failures: string[];
  /** The trace as JSON lines (written when first read). */
  readonly trace: string;
  /** The trace records. */
  records: TraceRecord[];
  final: HostFinal;
}

export function judgeHostScenario(s: HostScenario, file: string, cards: HostCardPool, o: { mutants?: HostMutant[]; invariants?: HostTraceJudge } = {}): HostJudgement {
  const run = runHostScenario(s, file, { cards, mutants: o.mutants ?? [] });
  const failures = checkHostExpect(s.expect, run);
  for (const v of o.invariants?.(run.trace) ?? []) failures.push(`invariant ${v.invariant} (rule ${v.rule}): ${v.message}`);
  let text: string | undefined;
  return { failures: [...new Set(failures)], get trace() { return (text ??= traceToJsonl(run.trace)); }, records: run.trace, final: run.final };
}
