/**
 * `arbiter run`: the golden scenarios (and generated ones) against a simulator's adapter, compared with the reference
 * engine at the adapter's fidelity. Results are written case by case to results.jsonl, so a killed run resumes where
 * it stopped; `--jobs` runs several adapter processes; `--shard i/n` splits a run across machines.
 */
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CardPool } from '../engine/state.js';
import { traceToJsonl, type TraceRecord } from '../engine/trace/format.js';
import { AdapterProcess, inTurn, type Outcome } from './adapter-process.js';
import { LineReader, OVERFLOW } from './line-reader.js';
import { InputError, regularFileSize } from '../engine/validation.js';
import { TIMINGS_FILE, writeFileAtomic } from '../reports/files.js';
import { withCardIds } from './compare.js';
import type { Hello } from './protocol.js';
import { locateFailures, unlocated } from './locate.js';
import { diagnoseCombined, lazyPassedFinals, settleCandidates } from './consistency.js';
import { classifyCardCauses, judgeCase, type Case, type CaseResult, type TraceJudgeFn } from './verdict.js';

export { judgeCase, diagnose, type Case, type CaseResult, type CaseStatus, type Cause, type TraceViolation, type Judged } from './verdict.js';

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
  judgeTrace?: TraceJudgeFn;
  /** The cases to send once the simulator's hello is known (sent variants, card conformance cases). */
  expand?: (cases: Case[], hello: Hello) => Case[];
  /** Cases for a second round, from the cases of the first round that passed (probes for final-state simulators). */
  /** The second round's cases, from the cases that passed and the FAILs no rule names (differential/cases.ts followUpCases). */
  followUp?: (passed: Case[], hello: Hello, unlocated: Case[]) => Case[];
  onResult?: (r: CaseResult, done: number, total: number) => void;
}

export const RESULTS_FILE = 'results.jsonl';

const STATUSES: ReadonlySet<string> = new Set<CaseResult['status']>(['PASS', 'FAIL', 'UNSUPPORTED', 'CRASH', 'TIMEOUT', 'PROTOCOL_ERROR', 'ERROR']);
const isStrings = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === 'string');
const isObjects = (x: unknown) => Array.isArray(x) && x.every((o) => o !== null && typeof o === 'object' && !Array.isArray(o));

/**
 * Does a parsed record have the shape of a result as the runner writes it (the fields reports, --resume and merge
 * read)? A record changed by hand or by another tool into another shape is not a result.
 */
export function isResultRecord(r: unknown): r is CaseResult {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return false;
  const x = r as Record<string, unknown>;
  const sim = x.simulator as Record<string, unknown> | null | undefined;
  return typeof x.case === 'string' && x.case.length > 0 && typeof x.status === 'string' && STATUSES.has(x.status)
    && isStrings(x.rules) && typeof x.title === 'string' && typeof x.origin === 'string'
    && !!sim && typeof sim === 'object' && typeof sim.name === 'string' && typeof sim.version === 'string' && typeof sim.fidelity === 'string'
    && isObjects(x.divergences) && isObjects(x.violations) && isObjects(x.diagnosis)
    && (x.notes === undefined || isStrings(x.notes)) && (x.detail === undefined || typeof x.detail === 'string');
}

/** A line of results.jsonl longer than this is no result (a result holds no trace: those are in traces/). */
const MAX_RESULT_LINE_BYTES = 128 * 1024 * 1024;

/**
 * The results of a report folder, one per case (the last record of a case wins), and the number of lines that are no
 * result. Each record is one JSON object on one line, appended as the case ends: a record torn by a kill cannot parse
 * (its closing brace is its last character), and a record that is not a result's shape (isResultRecord) is no result
 * either; both are left out, so that case runs again on --resume (and a merge finds it missing).
 */
export function readResultsFile(dir: string, maxLineBytes = MAX_RESULT_LINE_BYTES): { results: CaseResult[]; dropped: number } {
  const f = join(dir, RESULTS_FILE);
  if (!existsSync(f)) return { results: [], dropped: 0 };
  const byCase = new Map<string, CaseResult>();
  let dropped = 0;
  // Read in chunks, line by line: a results file of any size (a long run, or one grown by something else) is never
  // one string; a line over the cap is dropped like a line that does not parse.
  const lines = new LineReader(maxLineBytes, (line) => {
    if (line === OVERFLOW) { dropped++; return; }
    if (!line.trim()) return;
    let r: unknown;
    try { r = JSON.parse(line); } catch { r = undefined; /* a line cut by a kill */ }
    if (isResultRecord(r)) byCase.set(r.case, r);
    else dropped++;
  });
  regularFileSize(f);
  const fd = openSync(f, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    for (let n = readSync(fd, buf, 0, buf.length, null); n > 0; n = readSync(fd, buf, 0, buf.length, null)) lines.push(buf.subarray(0, n));
    lines.end();
  } finally {
    closeSync(fd);
  }
  return { results: [...byCase.values()], dropped };
}

/** The results of a report folder (readResultsFile, without the count of lines left out). */
export function readResults(dir: string): CaseResult[] {
  return readResultsFile(dir).results;
}

export function shardOf(cases: Case[], shard: { index: number; count: number } | undefined): Case[] {
  const sorted = [...cases].sort((a, b) => a.id.localeCompare(b.id));
  if (!shard) return sorted;
  return sorted.filter((_, i) => i % shard.count === shard.index - 1);
}

const UNSUPPORTED_CARDS = 'uses cards the simulator does not support: ';

function usesOnly(supported: '*' | string[], cards: Record<string, unknown>): string | null {
  if (supported === '*') return null;
  const set = new Set(supported);
  const missing = Object.keys(cards).filter((c) => !set.has(c)).sort();
  return missing.length ? unsupportedCardsDetail(missing) : null;
}

/** The detail of a case UNSUPPORTED because the adapter's hello leaves out cards it uses, and back (missingCards). */
export function unsupportedCardsDetail(missing: readonly string[]): string {
  return UNSUPPORTED_CARDS + missing.join(', ');
}

/** The card ids an UNSUPPORTED case's detail names as missing from the hello (none for another reason). */
export function missingCards(detail: string | undefined): string[] {
  return detail?.startsWith(UNSUPPORTED_CARDS) ? detail.slice(UNSUPPORTED_CARDS.length).split(', ') : [];
}

/** Write a case's reference and simulator traces under `<dir>/traces/`; the paths are relative to `dir`. */
export function writeTraces(dir: string, id: string, ref: TraceRecord[], sim: TraceRecord[] | undefined): NonNullable<CaseResult['traces']> {
  mkdirSync(join(dir, 'traces'), { recursive: true });
  const reference = `traces/${id}.reference.jsonl`;
  writeFileSync(join(dir, reference), traceToJsonl(ref));
  if (!sim) return { reference };
  const simulator = `traces/${id}.simulator.jsonl`;
  writeFileSync(join(dir, simulator), traceToJsonl(sim));
  return { reference, simulator };
}

/**
 * The statuses of a case cut short rather than judged (the adapter hung or died, or the case could not be run): a
 * resumed run runs these again. A machine that crashed or was overloaded leaves such results; a case that truly
 * times out or crashes does so again.
 */
const RETRIED_ON_RESUME: readonly CaseResult['status'][] = ['TIMEOUT', 'CRASH', 'ERROR'];

export async function runDifferential(o: RunOptions): Promise<{ results: CaseResult[]; hello: Hello }> {
  mkdirSync(o.outDir, { recursive: true });
  const resultsFile = join(o.outDir, RESULTS_FILE);
  const previous = o.resume ? readResults(o.outDir).filter((r) => !RETRIED_ON_RESUME.includes(r.status)) : [];
  if (!o.resume) writeFileSync(resultsFile, '');
  const timingsFile = join(o.outDir, TIMINGS_FILE);
  if (!o.resume) writeFileSync(timingsFile, '');
  const done = new Map(previous.map((r) => [r.case, r]));
  const timeout = o.timeoutMs ?? 10_000;
  const startTimeout = o.startTimeoutMs ?? Math.max(timeout, 30_000);
  const first = new AdapterProcess(o.command, { maxLineBytes: o.maxLineBytes });
  let hello: Hello;
  try {
    hello = await first.open(startTimeout);
  } catch (e) {
    first.kill();
    throw e;
  }
  // Kept results must be this simulator's: another name or version behind the same command is another run.
  const other = previous.find((r) => r.simulator?.name !== hello.name || r.simulator?.version !== hello.version);
  if (other) {
    first.kill();
    throw new InputError(resultsFile, '$', `--resume: holds results of simulator ${JSON.stringify(`${other.simulator?.name} ${other.simulator?.version}`)}, this run's simulator is ${JSON.stringify(`${hello.name} ${hello.version}`)}: use another report folder, or run without --resume`);
  }
  // Card conformance cases go first, so a card difference is known before the cases that use the card.
  const all = o.expand ? o.expand(o.cases, hello) : o.cases;
  const todo = shardOf(all, o.shard).filter((c) => !done.has(c.id)).sort((a, b) => Number(!a.conformance) - Number(!b.conformance));
  const jobs = Math.max(1, Math.min(o.jobs ?? 1, todo.length || 1));
  const procs = [first, ...Array.from({ length: jobs - 1 }, () => new AdapterProcess(o.command, { maxLineBytes: o.maxLineBytes }))];
  try {
    await Promise.all(procs.slice(1).map((p) => p.open(startTimeout)));
  } catch (e) {
    procs.forEach((p) => p.kill());
    throw e;
  }
  let next = 0;
  let round: Case[] = todo;
  let finished = previous.length;
  let total = previous.length + todo.length;
  const results: CaseResult[] = [...previous];
  /** Record a case's result; `ms`: its time (timings.jsonl, junit.xml). */
  const record = (c: Case, r: CaseResult, ms: number) => {
    appendFileSync(resultsFile, JSON.stringify(r) + '\n');
    appendFileSync(timingsFile, JSON.stringify({ case: c.id, ms: Math.round(ms * 1000) / 1000 }) + '\n');
    results.push(r);
    finished++;
    o.onResult?.(r, finished, total);
  };
  const errorResult = (c: Case, e: unknown): CaseResult => ({ case: c.id, origin: c.origin, ...(c.scenario.profile && c.scenario.profile !== 'hearthstone' ? { profile: c.scenario.profile } : {}), ...(c.group && c.group !== c.id ? { group: c.group } : {}), status: 'ERROR', rules: c.scenario.rules, title: c.scenario.title, simulator: { name: hello.name, version: hello.version, fidelity: hello.fidelity }, divergences: [], violations: [], diagnosis: [], detail: (e as Error).message });
  const judged = (c: Case, outcome: Outcome): CaseResult => {
    const j = judgeCase(c, hello, outcome, o.cards, o.judgeTrace);
    const r = j.result;
    if (r.status === 'FAIL' && j.refTrace) r.traces = writeTraces(o.outDir, c.id, j.refTrace, j.simTrace);
    return r;
  };
  /** Set when a worker fails (a result that cannot be written): the others send no more cases. */
  let aborted = false;
  interface Sent { c: Case; sent: number; answered: number }
  /**
   * The next case of the round sent to the adapter: its outcome to come, or null when the round is done. A case the
   * hello's cards leave out, or one that cannot be prepared, is recorded at once without being sent.
   */
  const sendNext = (p: AdapterProcess): { item: Sent; outcome: Promise<Outcome> } | null => {
    while (next < round.length && !aborted) {
      const c = round[next++]!;
      const t0 = performance.now();
      let r: CaseResult;
      try {
        const { scenario, cards } = withCardIds(c.scenario, o.cards);
        const unsupported = usesOnly(hello.cards, cards);
        if (!unsupported) {
          const item: Sent = { c, sent: t0, answered: t0 };
          return { item, outcome: p.runCase(c.id, { scenario, cards }, timeout, startTimeout).finally(() => { item.answered = performance.now(); }) };
        }
        r = judged(c, { kind: 'answer', msg: { type: 'unsupported', case: c.id, reason: unsupported }, stderr: '' });
      } catch (e) {
        r = errorResult(c, e);
      }
      record(c, r, performance.now() - t0);
    }
    return null;
  };
  // One case at a time in each adapter; the runner judges an answer while its adapter runs the next case. A case's
  // time is its adapter's, from the request (or from the end of the previous judgement, which it overlapped) to the
  // answer read, plus its own judgement: with --jobs 1 the times of a run add up to its length.
  const worker = (p: AdapterProcess) => {
    let free = 0;
    return inTurn(() => sendNext(p), ({ c, sent, answered }, outcome) => {
      const t = performance.now();
      let r: CaseResult;
      try { r = outcome instanceof Error ? errorResult(c, outcome) : judged(c, outcome); } catch (e) { r = errorResult(c, e); }
      const end = performance.now();
      record(c, r, Math.max(0, answered - Math.max(sent, free)) + (end - t));
      free = end;
    }).catch((e: unknown) => { aborted = true; throw e; });
  };
  try {
    await Promise.all(procs.map(worker));
    // A second round for the cases that passed: probes that show what their final state hides.
    if (o.followUp) {
      const status = new Map(results.map((r) => [r.case, r.status]));
      const mine = new Set(shardOf(all, o.shard).map((c) => c.id));
      const weak = new Set(results.filter(unlocated).map((r) => r.case));
      round = o.followUp(all.filter((c) => mine.has(c.id) && status.get(c.id) === 'PASS'), hello, all.filter((c) => mine.has(c.id) && weak.has(c.id))).filter((c) => !done.has(c.id));
      next = 0;
      total += round.length;
      await Promise.all(procs.map(worker));
    }
  } finally {
    await Promise.all(procs.map((p) => p.close()));
  }
  // Deterministic output: the file is rewritten in case order once the run is complete (atomically: a kill during
  // the rewrite leaves the appended file as it was).
  // where each FAIL no rule names first differs (its prefix probes of the second round)
  locateFailures(results);
  // one set of the passed cases' reference runs for both run-wide steps, made only if one of them needs it
  const finals = lazyPassedFinals(results, all, o.cards);
  settleCandidates(results, all, o.cards, finals);
  diagnoseCombined(results, all, o.cards, undefined, finals);
  classifyCardCauses(results, o.cards);
  results.sort((a, b) => a.case.localeCompare(b.case));
  writeFileAtomic(resultsFile, results.map((r) => JSON.stringify(r)).join('\n') + (results.length ? '\n' : ''));
  return { results, hello };
}
