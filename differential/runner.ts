/**
 * `arbiter run`: the golden scenarios (and generated ones) against a simulator's adapter, compared with the reference
 * engine at the adapter's fidelity. Results are written case by case to results.jsonl, so a killed run resumes where
 * it stopped; `--jobs` runs several adapter processes; `--shard i/n` splits a run across machines.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CardPool } from '../engine/state.js';
import type { Violation } from '../engine/trace/violation.js';
import type { Scenario } from '../engine/scenario/format.js';
import { traceToJsonl, type Fidelity, type TraceRecord } from '../engine/trace/format.js';
import { MUTANTS, type MutantName } from '../engine/mutants.js';
import { runScenario } from '../engine/scenario/run.js';
import { InputError, validate } from '../engine/validation.js';
import { AdapterProcess, type Outcome } from './adapter-process.js';
import { writeFileAtomic } from '../reports/files.js';
import { comparableFromGame, compareEvents, compareFinal, compareStated, eventSignature, withCardIds, type Divergence } from './compare.js';
import { allOutcomes, hasOpenRandomness } from '../engine/scenario/outcomes.js';
import type { ComparableState, Hello } from './protocol.js';

export type CaseStatus = 'PASS' | 'FAIL' | 'UNSUPPORTED' | 'CRASH' | 'TIMEOUT' | 'PROTOCOL_ERROR' | 'ERROR';

export interface Case {
  id: string;
  scenario: Scenario;
  /** Where it comes from: a golden file path, or "generated:<seed>". */
  origin: string;
}

/** What a result keeps of a violation of the simulator's trace. */
export type TraceViolation = Pick<Violation, 'invariant' | 'rule' | 'message'>;

export interface CaseResult {
  case: string;
  origin: string;
  status: CaseStatus;
  rules: string[];
  title: string;
  simulator: { name: string; version: string; fidelity: Fidelity };
  divergences: Divergence[];
  /** Trace invariants that the simulator's own trace breaks. */
  violations: TraceViolation[];
  /** Mutants of the reference engine that reproduce the simulator's answer: the rules it most likely breaks. */
  diagnosis: { mutant: string; rule: string; text: string }[];
  expected?: ComparableState;
  actual?: ComparableState;
  /** For cases that did not pass: the scenario as sent (card ids), for reports and repro. */
  scenario?: Scenario;
  /** For failures: files under traces/ (reference trace, simulator trace) relative to the report folder. */
  traces?: { reference: string; simulator?: string };
  detail?: string;
  stderr?: string;
  /** What the runner noticed on the way (late or repeated adapter lines dropped). */
  notes?: string[];
}

export interface RunOptions {
  command: string[];
  cases: Case[];
  cards: CardPool;
  outDir: string;
  jobs?: number;
  timeoutMs?: number;
  /** Time allowed for an adapter to start and answer the hello (default: timeoutMs, at least 30 s). */
  startTimeoutMs?: number;
  /** Cap on one adapter message (default 64 MiB). */
  maxLineBytes?: number;
  resume?: boolean;
  shard?: { index: number; count: number };
  /** Judge a simulator trace (invariants at its fidelity). */
  judgeTrace?: (trace: TraceRecord[], fidelity: Fidelity) => TraceViolation[];
  onResult?: (r: CaseResult, done: number, total: number) => void;
}

export const RESULTS_FILE = 'results.jsonl';

/**
 * The results of a report folder, one per case (the last record of a case wins). Each record is one JSON object on
 * one line, appended as the case ends: a record torn by a kill cannot parse (its closing brace is its last
 * character) and is dropped, so that case runs again on --resume.
 */
export function readResults(dir: string): CaseResult[] {
  const f = join(dir, RESULTS_FILE);
  if (!existsSync(f)) return [];
  const byCase = new Map<string, CaseResult>();
  for (const line of readFileSync(f, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line) as CaseResult;
      if (r && typeof r === 'object' && typeof r.case === 'string') byCase.set(r.case, r);
    } catch { /* a line cut by a kill: that case runs again */ }
  }
  return [...byCase.values()];
}

export function shardOf(cases: Case[], shard: { index: number; count: number } | undefined): Case[] {
  const sorted = [...cases].sort((a, b) => a.id.localeCompare(b.id));
  if (!shard) return sorted;
  return sorted.filter((_, i) => i % shard.count === shard.index - 1);
}

function usesOnly(supported: '*' | string[], cards: Record<string, unknown>): string | null {
  if (supported === '*') return null;
  const set = new Set(supported);
  const missing = Object.keys(cards).filter((c) => !set.has(c)).sort();
  return missing.length ? `uses cards the simulator does not support: ${missing.join(', ')}` : null;
}

/**
 * Which mutants of the reference engine give the simulator's answer (diagnosis by rule)? A mutant matches when it
 * reproduces the simulator's final state and, at fidelity events/phases, its events; a mutant that behaves like the
 * reference engine on this case explains nothing and is left out.
 */
export function diagnose(c: Case, cards: CardPool, actual: ComparableState, sim?: { trace: TraceRecord[]; fidelity: Fidelity }): CaseResult['diagnosis'] {
  const out: CaseResult['diagnosis'] = [];
  const useEvents = sim && sim.fidelity !== 'final_state';
  const ref = runScenario(c.scenario, c.origin, { cards });
  const refFinal = comparableFromGame(ref.g);
  const refEvents = useEvents ? eventSignature(ref.trace, sim.fidelity) : [];
  const simEvents = useEvents ? eventSignature(sim.trace, sim.fidelity) : [];
  for (const [m, info] of Object.entries(MUTANTS)) {
    if (m === 'unseeded-random') continue; // matches only by chance: no diagnosis
    try {
      const r = runScenario(c.scenario, c.origin, { cards, mutants: [m as MutantName] });
      const final = comparableFromGame(r.g);
      const events = useEvents ? eventSignature(r.trace, sim.fidelity) : [];
      const sameAsRef = compareFinal(refFinal, final).length === 0 && compareEvents(refEvents, events).length === 0;
      if (sameAsRef) continue;
      if (compareFinal(final, actual).length === 0 && compareEvents(events, simEvents).length === 0) out.push({ mutant: m, rule: info.rule, text: info.text });
    } catch { /* the mutant cannot run it */ }
  }
  return out;
}

export interface Judged { result: CaseResult; refTrace?: TraceRecord[]; simTrace?: TraceRecord[] }

export function judgeCase(c: Case, hello: Hello, outcome: Outcome, cards: CardPool, judgeTrace?: RunOptions['judgeTrace']): Judged {
  const j = judgeOutcome(c, hello, outcome, cards, judgeTrace);
  if (j.result.status !== 'PASS') j.result.scenario = c.scenario;
  return j;
}

function judgeOutcome(c: Case, hello: Hello, outcome: Outcome, cards: CardPool, judgeTrace?: RunOptions['judgeTrace']): Judged {
  const notes = outcome.notes?.length ? { notes: outcome.notes } : {};
  const judged = judgeAnswer(c, hello, outcome, cards, judgeTrace);
  Object.assign(judged.result, notes);
  return judged;
}

function judgeAnswer(c: Case, hello: Hello, outcome: Outcome, cards: CardPool, judgeTrace?: RunOptions['judgeTrace']): Judged {
  const base = { case: c.id, origin: c.origin, rules: c.scenario.rules, title: c.scenario.title, simulator: { name: hello.name, version: hello.version, fidelity: hello.fidelity }, divergences: [], violations: [], diagnosis: [] };
  if (outcome.kind !== 'answer') return { result: { ...base, status: outcome.kind, detail: outcome.detail, ...(outcome.stderr ? { stderr: outcome.stderr.trim() } : {}) } };
  const msg = outcome.msg;
  if (msg.type === 'unsupported') return { result: { ...base, status: 'UNSUPPORTED', detail: msg.reason } };
  if (msg.type === 'error') return { result: { ...base, status: 'CRASH', detail: msg.message, ...(outcome.stderr ? { stderr: outcome.stderr.trim() } : {}) } };
  if (msg.type !== 'result') return { result: { ...base, status: 'PROTOCOL_ERROR', detail: `unexpected ${msg.type}` } };
  if (msg.trace) {
    // A simulator's trace is validated once, here at the edge (spec/schema/trace.schema.json).
    try {
      validate(`trace of case ${c.id}`, msg.trace, 'trace.schema.json');
    } catch (e) {
      if (e instanceof InputError) return { result: { ...base, status: 'PROTOCOL_ERROR', detail: e.message } };
      throw e;
    }
  }
  // The reference engine replays the simulator's own random choices, so random cards compare exactly. When the
  // simulator reports none and the scenario leaves choices open, every outcome the rules allow is acceptable.
  const replay = msg.random && msg.random.length ? { ...c.scenario, random: msg.random } : null;
  const replayed = (() => {
    if (!replay) return null;
    try { return runScenario(replay, c.origin, { cards }); } catch { return null; /* its choices cannot happen here */ }
  })();
  let ref = replayed ?? runScenario(c.scenario, c.origin, { cards });
  const compareWith = (r: typeof ref) => {
    if (c.scenario.compare === 'stated') return compareStated(c.scenario.expect, msg.final, cards);
    const d = compareFinal(comparableFromGame(r.g), msg.final);
    if (hello.fidelity !== 'final_state' && msg.trace) d.push(...compareEvents(eventSignature(r.trace, hello.fidelity), eventSignature(msg.trace, hello.fidelity)));
    return d;
  };
  let divergences = compareWith(ref);
  let outcomesNote: string | undefined;
  if (divergences.length && !replay && hasOpenRandomness(ref)) {
    const all = allOutcomes(c.scenario, c.origin, cards);
    const match = all.runs.find((r) => compareWith(r).length === 0);
    if (match) { ref = match; divergences = []; }
    outcomesNote = `the scenario leaves random choices open and the simulator reports none: compared with all ${all.runs.length}${all.truncated ? '+ (truncated)' : ''} outcomes the reference engine allows`;
  }
  const expected = comparableFromGame(ref.g);
  const violations = judgeTrace && msg.trace ? judgeTrace(msg.trace, hello.fidelity) : [];
  const failed = divergences.length > 0 || violations.length > 0;
  return {
    result: {
      ...base,
      ...(outcomesNote ? { detail: outcomesNote } : {}),
      status: failed ? 'FAIL' : 'PASS',
      divergences,
      violations,
      diagnosis: failed ? diagnose(c, cards, msg.final, msg.trace ? { trace: msg.trace, fidelity: hello.fidelity } : undefined) : [],
      expected,
      actual: msg.final,
    },
    refTrace: ref.trace,
    simTrace: msg.trace,
  };
}

function writeTraces(dir: string, id: string, ref: TraceRecord[], sim: TraceRecord[] | undefined): NonNullable<CaseResult['traces']> {
  mkdirSync(join(dir, 'traces'), { recursive: true });
  const reference = `traces/${id}.reference.jsonl`;
  writeFileSync(join(dir, reference), traceToJsonl(ref));
  if (!sim) return { reference };
  const simulator = `traces/${id}.simulator.jsonl`;
  writeFileSync(join(dir, simulator), traceToJsonl(sim));
  return { reference, simulator };
}

export async function runDifferential(o: RunOptions): Promise<{ results: CaseResult[]; hello: Hello }> {
  mkdirSync(o.outDir, { recursive: true });
  const resultsFile = join(o.outDir, RESULTS_FILE);
  const previous = o.resume ? readResults(o.outDir) : [];
  if (!o.resume) writeFileSync(resultsFile, '');
  const done = new Map(previous.map((r) => [r.case, r]));
  const todo = shardOf(o.cases, o.shard).filter((c) => !done.has(c.id));
  const timeout = o.timeoutMs ?? 10_000;
  const startTimeout = o.startTimeoutMs ?? Math.max(timeout, 30_000);
  const jobs = Math.max(1, Math.min(o.jobs ?? 1, todo.length || 1));
  const procs = Array.from({ length: jobs }, () => new AdapterProcess(o.command, { maxLineBytes: o.maxLineBytes }));
  let hello: Hello;
  try {
    hello = await procs[0]!.open(startTimeout);
    await Promise.all(procs.slice(1).map((p) => p.open(startTimeout)));
  } catch (e) {
    procs.forEach((p) => p.kill());
    throw e;
  }
  let next = 0;
  let finished = previous.length;
  const total = previous.length + todo.length;
  const results: CaseResult[] = [...previous];
  const worker = async (p: AdapterProcess) => {
    while (next < todo.length) {
      const c = todo[next++]!;
      let r: CaseResult;
      try {
        const { scenario, cards } = withCardIds(c.scenario, o.cards);
        const unsupported = usesOnly(hello.cards, cards);
        const j = unsupported
          ? judgeCase(c, hello, { kind: 'answer', msg: { type: 'unsupported', case: c.id, reason: unsupported }, stderr: '' }, o.cards)
          : judgeCase(c, hello, await p.runCase(c.id, { scenario, cards }, timeout, startTimeout), o.cards, o.judgeTrace);
        r = j.result;
        if (r.status === 'FAIL' && j.refTrace) r.traces = writeTraces(o.outDir, c.id, j.refTrace, j.simTrace);
      } catch (e) {
        r = { case: c.id, origin: c.origin, status: 'ERROR', rules: c.scenario.rules, title: c.scenario.title, simulator: { name: hello.name, version: hello.version, fidelity: hello.fidelity }, divergences: [], violations: [], diagnosis: [], detail: (e as Error).message };
      }
      appendFileSync(resultsFile, JSON.stringify(r) + '\n');
      results.push(r);
      finished++;
      o.onResult?.(r, finished, total);
    }
  };
  try {
    await Promise.all(procs.map(worker));
  } finally {
    await Promise.all(procs.map((p) => p.close()));
  }
  // Deterministic output: the file is rewritten in case order once the run is complete (atomically: a kill during
  // the rewrite leaves the appended file as it was).
  results.sort((a, b) => a.case.localeCompare(b.case));
  writeFileAtomic(resultsFile, results.map((r) => JSON.stringify(r)).join('\n') + (results.length ? '\n' : ''));
  return { results, hello };
}
