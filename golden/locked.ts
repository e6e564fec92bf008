/**
 * A golden case's run against its locked trace (golden/traces/<id>.jsonl), for the Hearthstone cases (suite.ts) and
 * the Host cases (host.ts) alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createTwoFilesPatch } from 'diff';
import { jsonlHolds, type TraceRecord } from '../engine/trace/format.js';
import { attributeEvents } from '../differential/attribute.js';

/** The run of one case: its records, and its text (written only when read). */
export interface LockedRun { records: readonly TraceRecord[]; readonly trace: string }

/**
 * What is wrong with a run against its locked trace: the failure line and, when the trace differs, a unified diff;
 * null when it holds. With mutants the meta line (which names them) is left out: the comparison is about behaviour.
 * `engine` names what ran ("reference engine", "host kernel").
 */
export function lockedTraceProblem(file: string, id: string, run: LockedRun, mutants: readonly string[], engine: string): { failure: string; diff?: string; firstDivergence?: string } | null {
  if (!existsSync(file)) return { failure: `no locked trace at golden/traces/${id}.jsonl (run: arbiter golden update ${id})` };
  const old = readFileSync(file, 'utf8');
  // Each record's line is matched in place against the locked text (no whole text built): it holds exactly when the
  // texts are equal (but for the meta lines, with mutants). The text is written only for the diff.
  if (jsonlHolds(old, run.records, mutants.length > 0)) return null;
  const body = (t: string) => t.split('\n').filter((l) => !l.includes('"t":"meta"')).join('\n');
  const now = mutants.length ? `${engine.replace(/^reference /, '')} with mutants ${mutants.join(',')}` : `${engine} now`;
  const diff = createTwoFilesPatch(`golden/traces/${id}.jsonl`, now, body(old), body(run.trace), undefined, undefined, { context: 2 });
  return { failure: 'trace differs from the locked golden trace', diff, ...firstDivergence(old, run.records, engine) };
}

/**
 * The rule of the first divergence of a Hearthstone run from its locked trace (differential/attribute.ts, as a
 * simulator's trace is judged): the rule that actually broke, not every rule the case cites.
 */
function firstDivergence(old: string, records: readonly TraceRecord[], engine: string): { firstDivergence?: string } {
  if (engine !== 'reference engine') return {};
  let locked: TraceRecord[];
  try { locked = old.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as TraceRecord); } catch { return {}; }
  const a = attributeEvents(locked, records, 'phases');
  return a ? { firstDivergence: `rule ${a.rule} at ${a.at}: ${a.step.replace(/the simulator('s)?/g, (_m, s: string | undefined) => (s ? "this run's" : 'this run'))}` } : {};
}
