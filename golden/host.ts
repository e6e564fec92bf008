/**
 * Host golden cases (golden/cases/host-*.json, `"profile": "host"`): each rulebook example of seed 002 and each rule
 * with a checkable outcome, judged on the Host kernel with the host invariants, its trace locked in golden/traces.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { InputError } from '../engine/validation.js';
import { loadHostCards, loadHostScenario, parseHostScenario, type HostCardPool } from '../engine/host/load.js';
import { judgeHostScenario } from '../engine/host/judge.js';
import type { HostMutant } from '../engine/host/mutants.js';
import type { HostScenario } from '../engine/host/format.js';
import { checkTrace } from '../properties/invariants/index.js';
import { lockedTraceProblem } from './locked.js';

/** The shape of golden/suite.ts GoldenResult (declared here so that the two files do not import each other). */
export interface GoldenResult { id: string; file: string; status: 'pass' | 'fail' | 'error'; rules: string[]; failures: string[]; diff?: string }

let pool: HostCardPool | null = null;
const cards = () => (pool ??= loadHostCards());

export function runHostCase(s: HostScenario, file: string, mutants: HostMutant[] = []) {
  return judgeHostScenario(s, file, cards(), { mutants, invariants: (t) => checkTrace(t) });
}

/** Judge one Host case against its stated outcome and locked trace; `data` is the file's parsed content when read already. */
export function verifyHostCase(file: string, tracePath: (id: string) => string, mutants: HostMutant[] = [], data?: unknown): GoldenResult {
  let s: HostScenario;
  try { s = data === undefined ? loadHostScenario(file, cards()) : parseHostScenario(file, data, cards()); } catch (e) {
    if (e instanceof InputError) return { id: file, file, status: 'error', rules: [], failures: [e.message] };
    throw e;
  }
  const base = { id: s.id, file, rules: s.rules };
  let run: ReturnType<typeof runHostCase>;
  try { run = runHostCase(s, file, mutants); } catch (e) {
    return { ...base, status: 'error', failures: [e instanceof InputError ? e.message : `engine error: ${(e as Error).message}`] };
  }
  const problem = lockedTraceProblem(tracePath(s.id), s.id, run, mutants, 'host kernel');
  if (problem) run.failures.push(problem.failure);
  const diff = problem?.diff;
  return { ...base, status: run.failures.length ? 'fail' : 'pass', failures: run.failures, ...(diff ? { diff } : {}) };
}

/** Rewrite one Host case's locked trace; a line saying what changed, or null. */
export function updateHostTrace(file: string, tracePath: (id: string) => string): string | null {
  const s = loadHostScenario(file, cards());
  const { trace } = runHostCase(s, file);
  const p = tracePath(s.id);
  const old = existsSync(p) ? readFileSync(p, 'utf8') : null;
  if (old === trace) return null;
  writeFileSync(p, trace);
  return old === null ? `${s.id}: new trace (${trace.split('\n').length - 1} records)` : `${s.id}: trace changed`;
}

export function lintHostCase(file: string, name: string, tracePath: (id: string) => string): string[] {
  const out: string[] = [];
  try {
    const s = loadHostScenario(file, cards());
    if (`${s.id}.json` !== name) out.push(`${name}: $.id: "${s.id}" does not match the file name`);
    if (!s.source.quote.trim()) out.push(`${name}: $.source.quote: empty (quote the rulebook text)`);
    if (!existsSync(tracePath(s.id))) out.push(`${name}: no locked trace golden/traces/${s.id}.jsonl (run: arbiter golden update ${s.id})`);
    const x = s.expect;
    if (!x.entities && !x.players && !x.result && !x.events && !x.absent) out.push(`${name}: $.expect: states no outcome`);
  } catch (e) {
    if (e instanceof InputError) out.push(`${name}: ${e.message.slice(e.file.length + 2)}`);
    else throw e;
  }
  return out;
}
