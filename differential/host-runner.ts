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
export function toCaseResult(c: HostCase, r: HostCaseResult, sim: { name: string; version: string; fidelity: Fidelity }): CaseResult {
  const status: CaseStatus = r.status;
  return {
    case: r.case, origin: projectPath(c.file), profile: 'host', status, rules: r.rules, title: c.scenario.title, simulator: sim,
    divergences: r.parts ?? r.divergences.map((d) => ({ path: 'final', expected: null, actual: d })),
    violations: r.violations.map((v) => ({ ...v, path: '', entities: [] })), diagnosis: [],
    ...(r.detail ? { detail: r.detail } : {}),
    ...(status === 'FAIL' && r.rule ? { cause: 'rule' as const, attribution: { rule: r.rule, at: r.violations[0] ? `invariant ${r.violations[0].invariant}` : r.divergences[0]?.split(':')[0] ?? 'final', step: r.violations[0]?.message ?? r.divergences[0] ?? '', basis: r.violations.length ? 'invariant' as const : 'final' as const } } : {}),
  };
}

export async function runHostDifferential(o: { command: string[]; cases: HostCase[]; cards: HostCardPool; timeoutMs: number; startTimeoutMs: number; outDir: string }): Promise<{ results: HostCaseResult[]; shared: CaseResult[]; hello: Hello }> {
  const proc = new AdapterProcess(o.command);
  const hello = await proc.open(o.startTimeoutMs);
  if (hello.profile !== 'host') { proc.kill(); throw new InputError('--sim', '$', `the adapter's hello says profile "${hello.profile}"; --profile host needs a Host adapter (profile "host")`); }
  const results: HostCaseResult[] = [];
  const shared: CaseResult[] = [];
  const sim = { name: hello.name, version: hello.version, fidelity: hello.fidelity };
  try {
    for (const c of o.cases) {
      const ref = runHostScenario(c.scenario, c.file, { cards: o.cards });
      const push = (r: HostCaseResult, simTrace?: TraceRecord[]) => {
        results.push(r);
        const cr = toCaseResult(c, r, sim);
        if (r.status === 'FAIL') cr.traces = writeTraces(o.outDir, c.id, ref.trace, simTrace);
        shared.push(cr);
      };
      const out = await proc.runCase(c.id, { scenario: c.scenario }, o.timeoutMs, o.startTimeoutMs);
      if (out.kind !== 'answer') { push({ case: c.id, status: 'ERROR', rules: c.scenario.rules, divergences: [], violations: [], detail: `${out.kind}: ${out.detail}` }); continue; }
      const m = out.msg;
      if (m.type === 'unsupported') { push({ case: c.id, status: 'UNSUPPORTED', rules: c.scenario.rules, divergences: [], violations: [], detail: m.reason }); continue; }
      if (m.type !== 'result') { push({ case: c.id, status: 'ERROR', rules: c.scenario.rules, divergences: [], violations: [], detail: m.type === 'error' ? m.message : 'unexpected answer' }); continue; }
      let trace: TraceRecord[] | undefined = m.trace;
      if (trace && hello.fidelity !== 'final_state') {
        try { validate(`${c.id} trace`, trace, 'trace.schema.json'); } catch (e) {
          if (!(e instanceof InputError)) throw e;
          push({ case: c.id, status: 'ERROR', rules: c.scenario.rules, divergences: [], violations: [], detail: `PROTOCOL_ERROR: ${e.message}` });
          continue;
        }
      } else trace = undefined;
      push(judge(c, ref, m.final as unknown as HostFinal, trace), trace);
    }
  } finally { await proc.close(); }
  mkdirSync(o.outDir, { recursive: true });
  return { results, shared, hello };
}
