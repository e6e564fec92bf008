/**
 * Differential runs of Host simulators (`arbiter run --profile host`): each Host case is run on the Host kernel and sent
 * to the simulator's adapter; its final state is compared with the kernel's, its stated outcome is checked against the
 * simulator's answer, and its trace is judged by the host invariants. A FAIL names the rule: the broken invariant's
 * first, else the case's first rule.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TraceRecord } from '../engine/trace/format.js';
import { validate, InputError } from '../engine/validation.js';
import type { HostScenario } from '../engine/host/format.js';
import type { HostCardPool } from '../engine/host/load.js';
import { runHostScenario, type HostFinal, type HostRunResult } from '../engine/host/run.js';
import { checkHostExpect } from '../engine/host/expect.js';
import { AdapterProcess } from './adapter-process.js';
import { applicable } from '../properties/invariants/index.js';

export interface HostCase { id: string; file: string; scenario: HostScenario }
export interface HostCaseResult {
  case: string; status: 'PASS' | 'FAIL' | 'UNSUPPORTED' | 'ERROR'; rule?: string; rules: string[];
  divergences: string[]; violations: { invariant: string; rule: string; message: string }[]; detail?: string;
}

/** Paths where two final states differ ("players.B.damage: 5 vs 4"). */
export function diffFinal(want: HostFinal, got: HostFinal): string[] {
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (a && typeof a === 'object' && !Array.isArray(a)) {
      for (const k of Object.keys(a as object)) walk((a as Record<string, unknown>)[k], b && typeof b === 'object' ? (b as Record<string, unknown>)[k] : undefined, path ? `${path}.${k}` : k);
    } else if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${path}: reference ${JSON.stringify(a)}, simulator ${JSON.stringify(b)}`);
  };
  walk(want, got, '');
  return out;
}

function judge(c: HostCase, ref: HostRunResult, final: HostFinal, trace: TraceRecord[] | undefined): HostCaseResult {
  const divergences = diffFinal(ref.final, final);
  const violations = trace ? applicable('phases', 'host').flatMap((i) => i.check(trace)).map((v) => ({ invariant: v.invariant, rule: v.rule, message: v.message })) : [];
  const labels = new Map<string, number>();
  for (const r of trace ?? []) if (r.t === 'entity' && r.label) labels.set(r.label, r.id);
  const stated = checkHostExpect(c.scenario.expect, { trace: trace ?? [], final, labels, g: ref.g });
  // An action the case marks illegal must be refused: a simulator's trace records the refusal.
  const refused = new Set((trace ?? []).flatMap((r) => (r.t === 'event' && r.e === 'refused' ? [r.action] : [])));
  const took = trace ? c.scenario.actions.flatMap((a, i) => (a.illegal && !refused.has(i) ? [`$.actions[${i}] is illegal but the simulator took it`] : [])) : [];
  const all = [...divergences, ...stated.map((s) => `stated outcome: ${s}`), ...took];
  const ok = all.length === 0 && violations.length === 0;
  return { case: c.id, status: ok ? 'PASS' : 'FAIL', rules: c.scenario.rules, divergences: all, violations, ...(ok ? {} : { rule: violations[0]?.rule ?? c.scenario.rules[0] }) };
}

export async function runHostDifferential(o: { command: string[]; cases: HostCase[]; cards: HostCardPool; timeoutMs: number; startTimeoutMs: number; outDir: string }): Promise<HostCaseResult[]> {
  const proc = new AdapterProcess(o.command);
  const hello = await proc.open(o.startTimeoutMs);
  if (hello.profile !== 'host') { proc.kill(); throw new InputError('--sim', '$', `the adapter's hello says profile "${hello.profile}"; --profile host needs a Host adapter (profile "host")`); }
  const results: HostCaseResult[] = [];
  try {
    for (const c of o.cases) {
      const ref = runHostScenario(c.scenario, c.file, { cards: o.cards });
      const out = await proc.runCase(c.id, { scenario: c.scenario }, o.timeoutMs, o.startTimeoutMs);
      if (out.kind !== 'answer') { results.push({ case: c.id, status: 'ERROR', rules: c.scenario.rules, divergences: [], violations: [], detail: `${out.kind}: ${out.detail}` }); continue; }
      const m = out.msg;
      if (m.type === 'unsupported') { results.push({ case: c.id, status: 'UNSUPPORTED', rules: c.scenario.rules, divergences: [], violations: [], detail: m.reason }); continue; }
      if (m.type !== 'result') { results.push({ case: c.id, status: 'ERROR', rules: c.scenario.rules, divergences: [], violations: [], detail: m.type === 'error' ? m.message : 'unexpected answer' }); continue; }
      let trace: TraceRecord[] | undefined = m.trace;
      if (trace && hello.fidelity !== 'final_state') {
        try { validate(`${c.id} trace`, trace, 'trace.schema.json'); } catch (e) {
          if (!(e instanceof InputError)) throw e;
          results.push({ case: c.id, status: 'ERROR', rules: c.scenario.rules, divergences: [], violations: [], detail: `PROTOCOL_ERROR: ${e.message}` });
          continue;
        }
      } else trace = undefined;
      results.push(judge(c, ref, m.final as unknown as HostFinal, trace));
    }
  } finally { await proc.close(); }
  mkdirSync(o.outDir, { recursive: true });
  writeFileSync(join(o.outDir, 'results.jsonl'), results.map((r) => JSON.stringify(r)).join('\n') + '\n');
  writeFileSync(join(o.outDir, 'summary.md'), hostSummary(results, `${hello.name} ${hello.version}`));
  return results;
}

export function hostSummary(results: HostCaseResult[], sim: string): string {
  const n = (s: HostCaseResult['status']) => results.filter((r) => r.status === s).length;
  const lines = [`# Host profile: ${sim}`, '', `${results.length} cases: ${n('PASS')} pass, ${n('FAIL')} fail, ${n('UNSUPPORTED')} unsupported, ${n('ERROR')} error`, ''];
  for (const r of results.filter((x) => x.status !== 'PASS')) {
    lines.push(`- ${r.status} ${r.case}${r.rule ? ` (rule ${r.rule})` : ''}${r.detail ? `: ${r.detail}` : ''}`);
    for (const v of r.violations.slice(0, 3)) lines.push(`  - invariant ${v.invariant} (rule ${v.rule}): ${v.message}`);
    for (const d of r.divergences.slice(0, 5)) lines.push(`  - ${d}`);
  }
  return lines.join('\n') + '\n';
}
