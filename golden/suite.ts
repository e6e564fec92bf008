/**
 * The golden suite: every rulebook example as a scenario (golden/cases/*.json) with its stated outcome, and the
 * reference engine's trace locked beside it (golden/traces/<id>.jsonl). Verify re-runs all of them; update rewrites
 * traces after a reviewed change.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { ROOT, InputError, jsonFilesIn, readJson } from '../engine/validation.js';
import { lockedTraceProblem } from './locked.js';
import { loadScenario, parseScenario } from '../engine/scenario/load.js';
import { judgeScenario, type Judgement } from '../engine/scenario/judge.js';
import { withVariants } from '../engine/scenario/variants.js';
import { traceJudge } from '../properties/invariants/index.js';
import type { CardPool } from '../engine/state.js';
import type { MutantName } from '../engine/mutants.js';
import type { Scenario } from '../engine/scenario/format.js';
import type { HostMutant } from '../engine/host/mutants.js';
import { isHostScenario } from '../engine/host/load.js';
import { updateHostTrace, verifyHostCase } from './host.js';

export const CASES_DIR = join(ROOT, 'golden', 'cases');
export const TRACES_DIR = join(ROOT, 'golden', 'traces');

export type GoldenStatus = 'pass' | 'fail' | 'expected-fail' | 'unexpected-pass' | 'error';

/**
 * A scenario's status from its failures and its marking: a file marked `"status": "expected-fail"` (the reference
 * engine cannot do this yet; its `reason` says why) that fails is an expected failure (XFAIL), not a failure; one that
 * passes is an unexpected pass (XPASS), which fails a run like a failure: the marking is out of date.
 */
export function statusOf(marked: 'pass' | 'expected-fail' | undefined, failures: readonly string[]): Exclude<GoldenStatus, 'error'> {
  const ok = failures.length === 0;
  return marked === 'expected-fail' ? (ok ? 'unexpected-pass' : 'expected-fail') : ok ? 'pass' : 'fail';
}

export interface GoldenResult {
  id: string;
  file: string;
  status: GoldenStatus;
  rules: string[];
  /** Stated-outcome failures, one readable line each (with the order of play when allOrders varies it). */
  failures: string[];
  /** Unified diff of the locked trace against the new one, when they differ. */
  diff?: string;
  reason?: string;
}

/** The case files of a profile: Hearthstone ones (the default), Host ones (`"profile": "host"`), or all. */
export function caseFiles(dir = CASES_DIR, profile: 'hearthstone' | 'host' | 'all' = 'hearthstone'): string[] {
  const all = jsonFilesIn(dir).map((f) => join(dir, f));
  return profile === 'all' ? all : all.filter((f) => (profileOf(f) === 'host') === (profile === 'host'));
}

/** A file's `profile` (a file that does not parse counts as Hearthstone: its loader reports the error). */
export function profileOf(file: string): string {
  try { return isHostScenario(readJson(file)) ? 'host' : 'hearthstone'; } catch { return 'hearthstone'; }
}

export function tracePath(id: string, dir = TRACES_DIR): string {
  return join(dir, `${id}.jsonl`);
}

/** Judge one golden scenario (engine/scenario/judge.ts, with the trace invariants). */
export function runCase(s: Scenario, file: string, cards: CardPool, mutants: MutantName[] = []): Judgement {
  return judgeScenario(s, file, cards, { mutants, invariants: traceJudge });
}

export function verifyCase(file: string, cards: CardPool, mutants: MutantName[] = [], tracesDir = TRACES_DIR, data?: unknown): GoldenResult {
  let s: Scenario;
  try {
    s = data === undefined ? loadScenario(file, cards) : parseScenario(file, data, cards);
  } catch (e) {
    if (e instanceof InputError) return { id: file, file, status: 'error', rules: [], failures: [e.message] };
    throw e;
  }
  const base = { id: s.id, file, rules: s.rules, ...(s.reason ? { reason: s.reason } : {}) };
  let run: ReturnType<typeof runCase>;
  try {
    run = runCase(s, file, cards, mutants);
    // Variants in the file: each stated outcome must hold too (their traces are not locked).
    for (const v of withVariants(s).slice(1)) for (const f of runCase(v, file, cards, mutants).failures) run.failures.push(`[variant ${v.id}] ${f}`);
  } catch (e) {
    const msg = e instanceof InputError ? e.message : `engine error: ${(e as Error).message}`;
    return { ...base, status: s.status === 'expected-fail' ? 'expected-fail' : 'error', failures: [msg] };
  }
  const problem = lockedTraceProblem(tracePath(s.id, tracesDir), s.id, run, mutants, 'reference engine');
  if (problem) run.failures.push(problem.failure);
  const diff = problem?.diff;
  if (problem?.firstDivergence) run.failures.push(`first divergence from the locked trace: ${problem.firstDivergence}`);
  return { ...base, status: statusOf(s.status, run.failures), failures: run.failures, ...(diff ? { diff } : {}) };
}

export function verifyAll(cards: CardPool, opts: { ids?: string[]; mutants?: MutantName[]; hostMutants?: HostMutant[]; dir?: string } = {}): GoldenResult[] {
  const files = caseFiles(opts.dir, 'all');
  checkIds(files, opts.ids ?? []);
  const wanted = opts.ids?.length ? files.filter((f) => opts.ids!.some((id) => f.endsWith(`/${id}.json`))) : files;
  return wanted.map((f) => {
    // Each file is read once here: its profile, and the Hearthstone scenario from the same value.
    let data: unknown;
    try { data = readJson(f); } catch { data = undefined; /* the loader reads it again and words the error */ }
    return data !== undefined && isHostScenario(data) ? verifyHostCase(f, (id) => tracePath(id), opts.hostMutants ?? [], data) : verifyCase(f, cards, opts.mutants ?? [], TRACES_DIR, data);
  });
}

/** Rewrite locked traces; returns a line per case saying what changed. */
/** Unknown scenario ids are bad input, not an empty selection. */
function checkIds(files: string[], ids: string[]): void {
  const known = new Set(files.map((f) => f.slice(f.lastIndexOf('/') + 1, -'.json'.length)));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw new InputError(unknown.join(', '), '$', `no such golden scenario (ids are the file names in golden/cases/, e.g. ${[...known][0]})`);
}

export function updateTraces(cards: CardPool, ids: string[] = []): string[] {
  checkIds(caseFiles(CASES_DIR, 'all'), ids);
  mkdirSync(TRACES_DIR, { recursive: true });
  const out: string[] = [];
  for (const file of caseFiles(CASES_DIR, 'host')) {
    if (ids.length && !ids.some((id) => file.endsWith(`/${id}.json`))) continue;
    const line = updateHostTrace(file, (id) => tracePath(id));
    if (line) out.push(line);
  }
  for (const file of caseFiles()) {
    const s = loadScenario(file, cards);
    if (ids.length && !ids.includes(s.id)) continue;
    const { trace } = runCase(s, file, cards);
    const p = tracePath(s.id);
    const old = existsSync(p) ? readFileSync(p, 'utf8') : null;
    if (old === trace) continue;
    writeFileSync(p, trace);
    if (old === null) out.push(`${s.id}: new trace (${trace.split('\n').length - 1} records)`);
    else {
      const patch = createTwoFilesPatch(p, p, old, trace, undefined, undefined, { context: 0 });
      const changed = patch.split('\n').filter((l) => /^[+-][^+-]/.test(l)).length;
      out.push(`${s.id}: trace changed (${changed} lines)`);
    }
  }
  return out;
}

export function summarize(results: readonly { status: GoldenStatus }[]): Record<GoldenStatus, number> {
  const c: Record<GoldenStatus, number> = { pass: 0, fail: 0, 'expected-fail': 0, 'unexpected-pass': 0, error: 0 };
  for (const r of results) c[r.status]++;
  return c;
}
