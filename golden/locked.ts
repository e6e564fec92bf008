/**
 * A golden case's run against its locked trace (golden/traces/<id>.jsonl), for the Hearthstone cases (suite.ts) and
 * the Host cases (host.ts) alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createTwoFilesPatch } from 'diff';
import { jsonlHolds, type TraceRecord } from '../engine/trace/format.js';

/** The run of one case: its records, and its text (written only when read). */
export interface LockedRun { records: readonly TraceRecord[]; readonly trace: string }

/**
 * What is wrong with a run against its locked trace: the failure line and, when the trace differs, a unified diff;
 * null when it holds. With mutants the meta line (which names them) is left out: the comparison is about behaviour.
 * `engine` names what ran ("reference engine", "host kernel").
 */
export function lockedTraceProblem(file: string, id: string, run: LockedRun, mutants: readonly string[], engine: string): { failure: string; diff?: string } | null {
  if (!existsSync(file)) return { failure: `no locked trace at golden/traces/${id}.jsonl (run: arbiter golden update ${id})` };
  const old = readFileSync(file, 'utf8');
  // Each record's line is matched in place against the locked text (no whole text built): it holds exactly when the
  // texts are equal (but for the meta lines, with mutants). The text is written only for the diff.
  if (jsonlHolds(old, run.records, mutants.length > 0)) return null;
  const body = (t: string) => t.split('\n').filter((l) => !l.includes('"t":"meta"')).join('\n');
  const now = mutants.length ? `${engine.replace(/^reference /, '')} with mutants ${mutants.join(',')}` : `${engine} now`;
  return { failure: 'trace differs from the locked golden trace', diff: createTwoFilesPatch(`golden/traces/${id}.jsonl`, now, body(old), body(run.trace), undefined, undefined, { context: 2 }) };
}
