/**
 * Differential runs of Host simulators (`arbiter run --profile host`): each Host case is run on the Host kernel and sent
 * to the simulator's adapter; its final state is compared with the kernel's, its stated outcome is checked against the
 * simulator's answer, and its trace is judged by the host invariants. A FAIL names the rule: the broken invariant's
 * first, else the case's first rule.
 */
import { mkdirSync } from 'node:fs';
import type { Fidelity, TraceRecord } from '../engine/trace/format.js';
import { validate, InputError, projectPath } from '../engine/validation.js';
import type { HostScenario } from '../engine/host/format.js';
import type { HostCardPool } from '../engine/host/load.js';
import { runHostScenario, type HostFinal, type HostRunResult } from '../engine/host/run.js';
import { checkHostExpect } from '../engine/host/expect.js';
import { AdapterProcess } from './adapter-process.js';
import { writeTraces } from './runner.js';
import type { Hello } from './protocol.js';
import type { CaseResult, CaseStatus } from './verdict.js';
import type { Divergence } from './compare.js';
import { applicable, checkAll } from '../properties/invariants/index.js';

export interface HostCase { id: string; file: string; scenario: HostScenario }
export interface HostCaseResult {
  case: string; status: 'PASS' | 'FAIL' | 'UNSUPPORTED' | 'ERROR'; rule?: string; rules: string[];
  divergences: string[]; violations: { invariant: string; rule: string; message: string }[]; detail?: string;
  /** The divergences with both values, for the shared reports (final state paths; `expect` for a stated outcome). */
  parts?: Divergence[];
  /** What the runner noticed on the way (lines dropped, a run again on a fresh adapter: AdapterProcess.runCase). */
  notes?: string[];
}

/** Where two final states differ, with both values. */
export function finalDivergences(want: HostFinal, got: HostFinal): Divergence[] {
  const out: Divergence[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (a && typeof a === 'object' && !Array.isArray(a)) {
      for (const k of Object.keys(a as object)) walk((a as Record<string, unknown>)[k], b && typeof b === 'object' ? (b as Record<string, unknown>)[k] : undefined, path ? `${path}.${k}` : k);
    } else if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path, expected: a ?? null, actual: b ?? null });
  };
  walk(want, got, '');
  return out;
}

/** Paths where two final states differ ("players.B.damage: reference 5, simulator 4"). */
export function diffFinal(want: HostFinal, got: HostFinal): string[] {
  return finalDivergences(want, got).map((d) => `${d.path}: reference ${JSON.stringify(d.expected)}, simulator ${JSON.stringify(d.actual)}`);
}

function judge(c: HostCase, ref: HostRunResult, final: HostFinal, trace: TraceRecord[] | undefined): HostCaseResult {
  const divergences = diffFinal(ref.final, final);
  const violations = trace ? checkAll(applicable('phases', 'host'), trace).map((v) => ({ invariant: v.invariant, rule: v.rule, message: v.message })) : [];
  const labels = new Map<string, number>();
  for (const r of trace ?? []) if (r.t === 'entity' && r.label) labels.set(r.label, r.id);
  const stated = checkHostExpect(c.scenario.expect, { trace: trace ?? [], final, labels, g: ref.g });
  // An action the case marks illegal must be refused: a simulator's trace records the refusal.
  const refused = new Set((trace ?? []).flatMap((r) => (r.t === 'event' && r.e === 'refused' ? [r.action] : [])));
  const took = trace ? c.scenario.actions.flatMap((a, i) => (a.illegal && !refused.has(i) ? [`$.actions[${i}] is illegal but the simulator took it`] : [])) : [];
  const all = [...divergences, ...stated.map((s) => `stated outcome: ${s}`), ...took];
  const parts: Divergence[] = [...finalDivergences(ref.final, final), ...[...stated, ...took].map((s) => ({ path: 'expect', expected: 'as the case states', actual: s }))];
  const ok = all.length === 0 && violations.length === 0;
  return { case: c.id, status: ok ? 'PASS' : 'FAIL', rules: c.scenario.rules, divergences: all, parts, violations, ...(ok ? {} : { rule: violations[0]?.rule ?? c.scenario.rules[0] }) };
}

/** A Host result in the shared result shape (differential/verdict.ts), so the shared reports read it (reports/). */
export function toCaseResult(c: HostCase, r: HostCaseResult, sim: { name: string; version: string; fidelity: Fidelity }, run?: { ref: HostRunResult; final?: HostFinal }): CaseResult {
  const status: CaseStatus = r.status;
  return {
    case: r.case, origin: projectPath(c.file), profile: 'host', status, rules: r.rules, title: c.scenario.title, simulator: sim,
    divergences: r.parts ?? r.divergences.map((d) => ({ path: 'final', expected: null, actual: d })),
    violations: r.violations.map((v) => ({ ...v, path: '', entities: [] })), diagnosis: [],
    ...(r.detail ? { detail: r.detail } : {}),
    ...(r.notes?.length ? { notes: r.notes } : {}),
    // A result that did not pass keeps the scenario as sent and both final states (repro, the issue report).
    ...(status !== 'PASS' && run ? { host: { scenario: c.scenario, expected: run.ref.final, ...(run.final ? { actual: run.final } : {}) } } : {}),
    ...(status === 'FAIL' && r.rule ? { cause: 'rule' as const, attribution: { rule: r.rule, at: r.violations[0] ? `invariant ${r.violations[0].invariant}` : r.divergences[0]?.split(':')[0] ?? 'final', step: r.violations[0]?.message ?? r.divergences[0] ?? '', basis: r.violations.length ? 'invariant' as const : 'final' as const } } : {}),
  };
}

/** What one Host case gives: the verdict, the reference run, and the simulator's trace and final state (when it answered). */
export interface HostCaseRun { result: HostCaseResult; ref: HostRunResult; trace?: TraceRecord[]; final?: HostFinal }

/**
 * Run one Host case on the Host kernel and on the simulator (an open adapter process, restarted by it after a crash
 * or a hang), and judge the simulator's answer. The one path of `arbiter run --profile host` and of Host repro
 * shrinking (HostOneCaseRunner).
 */
export async function runHostCase(proc: AdapterProcess, hello: Hello, c: HostCase, cards: HostCardPool, timeoutMs: number, startTimeoutMs: number): Promise<HostCaseRun> {
  const ref = runHostScenario(c.scenario, c.file, { cards });
  const out = await proc.runCase(c.id, { scenario: c.scenario }, timeoutMs, startTimeoutMs);
  const base = { case: c.id, rules: c.scenario.rules, divergences: [], violations: [], ...(out.notes?.length ? { notes: out.notes } : {}) };
  if (out.kind !== 'answer') return { ref, result: { ...base, status: 'ERROR', detail: `${out.kind}: ${out.detail}` } };
  const m = out.msg;
  if (m.type === 'unsupported') return { ref, result: { ...base, status: 'UNSUPPORTED', detail: m.reason } };
  if (m.type !== 'result') return { ref, result: { ...base, status: 'ERROR', detail: m.type === 'error' ? m.message : 'unexpected answer' } };
  let trace: TraceRecord[] | undefined = m.trace;
  if (trace && hello.fidelity !== 'final_state') {
    try { validate(`${c.id} trace`, trace, 'trace.schema.json'); } catch (e) {
      if (!(e instanceof InputError)) throw e;
      return { ref, result: { ...base, status: 'ERROR', detail: `PROTOCOL_ERROR: ${e.message}` } };
    }
  } else trace = undefined;
  const final = m.final as unknown as HostFinal;
  // The answer's schema takes a Hearthstone final state (players as a list) or a Host one (players by side, entities by
  // label): a Host answer must have the Host one.
  if (Array.isArray((final as { players?: unknown }).players)) {
    return { ref, result: { ...base, status: 'ERROR', detail: 'PROTOCOL_ERROR: the final state is not a Host final state (players by side "A" and "B", entities by label: spec/schema/adapter-response.schema.json HostFinalState)' } };
  }
  let result: HostCaseResult;
  try {
    result = judge(c, ref, final, trace);
  } catch (e) {
    // An answer the judge cannot read is that case's error, never the run's.
    return { ref, result: { ...base, status: 'ERROR', detail: `the answer could not be judged: ${(e as Error).message}` } };
  }
  return { ref, trace, final, result: out.notes?.length ? { ...result, notes: out.notes } : result };
}

export async function runHostDifferential(o: { command: string[]; cases: HostCase[]; cards: HostCardPool; timeoutMs: number; startTimeoutMs: number; outDir: string }): Promise<{ results: HostCaseResult[]; shared: CaseResult[]; hello: Hello }> {
  const proc = new AdapterProcess(o.command);
  const hello = await openHost(proc, o.startTimeoutMs);
  const results: HostCaseResult[] = [];
  const shared: CaseResult[] = [];
  const sim = { name: hello.name, version: hello.version, fidelity: hello.fidelity };
  try {
    for (const c of o.cases) {
      const run = await runHostCase(proc, hello, c, o.cards, o.timeoutMs, o.startTimeoutMs);
      results.push(run.result);
      const cr = toCaseResult(c, run.result, sim, run);
      if (run.result.status === 'FAIL') cr.traces = writeTraces(o.outDir, c.id, run.ref.trace, run.trace);
      shared.push(cr);
    }
  } finally { await proc.close(); }
  mkdirSync(o.outDir, { recursive: true });
  return { results, shared, hello };
}

/** Open a Host adapter: its hello must say profile "host". */
export async function openHost(proc: AdapterProcess, startTimeoutMs: number): Promise<Hello> {
  const hello = await proc.open(startTimeoutMs);
  if (hello.profile !== 'host') { proc.kill(); throw new InputError('--sim', '$', `the adapter's hello says profile "${hello.profile}"; --profile host needs a Host adapter (profile "host")`); }
  return hello;
}
