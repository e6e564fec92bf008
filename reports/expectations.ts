/**
 * The baseline of known failures per simulator (in the manner of web-platform-tests metadata): each known failure with
 * its status, its reason and an optional bug link. A run is then read as NEW FAIL, NEW PASS, KNOWN and PASS.
 */
import { existsSync } from 'node:fs';
import { writeFileAtomic } from './files.js';
import { readJson, InputError } from '../engine/validation.js';
import type { CaseResult, CaseStatus, Cause } from '../differential/runner.js';

/** A known failure: its status and, for a FAIL, its cause (a known card difference that becomes a rule failure is new). */
export interface KnownFailure { status: CaseStatus; cause?: Cause; reason: string; bug?: string }
export interface Expectations {
  format: 'arbiter-expectations/1';
  simulator: string;
  known: Record<string, KnownFailure>;
  /** Cases the simulator ran (not UNSUPPORTED) when the baseline was written: one that becomes UNSUPPORTED is LOST. */
  supported?: string[];
}

export type Verdict = 'PASS' | 'NEW FAIL' | 'NEW PASS' | 'KNOWN FAIL' | 'UNSUPPORTED' | 'LOST' | 'ERROR';

const CAUSES: Cause[] = ['rule', 'card', 'assumption'];

const PROBLEM: CaseStatus[] = ['FAIL', 'CRASH', 'TIMEOUT', 'PROTOCOL_ERROR', 'ERROR'];

export function loadExpectations(file: string | undefined): Expectations | null {
  if (!file || !existsSync(file)) return null;
  const d = readJson(file) as Partial<Expectations>;
  if (d.format !== 'arbiter-expectations/1' || typeof d.known !== 'object' || d.known === null) {
    throw new InputError(file, '$', 'expected {"format": "arbiter-expectations/1", "simulator": ..., "known": {case id: {status, reason, bug?}}}');
  }
  for (const [k, v] of Object.entries(d.known)) {
    if (!v || typeof v.reason !== 'string' || !PROBLEM.includes(v.status)) throw new InputError(file, `$.known[${JSON.stringify(k)}]`, `expected {status: one of ${PROBLEM.join(', ')}, cause?: one of ${CAUSES.join(', ')}, reason: string, bug?: string}`);
    if (v.cause !== undefined && !CAUSES.includes(v.cause)) throw new InputError(file, `$.known[${JSON.stringify(k)}].cause`, `expected one of ${CAUSES.join(', ')}`);
  }
  if (d.supported !== undefined && (!Array.isArray(d.supported) || d.supported.some((x) => typeof x !== 'string'))) throw new InputError(file, '$.supported', 'expected an array of case ids');
  return d as Expectations;
}

let supportedCache: { exp: Expectations; set: Set<string> } | null = null;

export function verdict(r: CaseResult, exp: Expectations | null): Verdict {
  const known = exp?.known[r.case];
  if (r.status === 'UNSUPPORTED') {
    if (exp?.supported && supportedCache?.exp !== exp) supportedCache = { exp, set: new Set(exp.supported) };
    return exp?.supported && supportedCache!.set.has(r.case) ? 'LOST' : 'UNSUPPORTED';
  }
  if (r.status === 'PASS') return known ? 'NEW PASS' : 'PASS';
  if (known && known.status === r.status && (known.cause === undefined || r.cause === undefined || known.cause === r.cause)) return 'KNOWN FAIL';
  return r.status === 'FAIL' ? 'NEW FAIL' : 'ERROR';
}

function reasonOf(r: CaseResult): string {
  if (r.cause === 'card') return `card difference: ${r.causeDetail ?? '?'} fails its card conformance case`;
  if (r.cause === 'assumption') return `rests on an assumption of the case: ${r.causeDetail ?? '?'}`;
  if (r.attribution) return `rule ${r.attribution.rule} at ${r.attribution.at}: ${r.attribution.step}`;
  if (r.diagnosis.length) return `matches reference-engine mutant(s) ${r.diagnosis.map((d) => `${d.mutant} (rule ${d.rule})`).join(', ')}`;
  if (r.divergences.length) return `diverges at ${r.divergences[0]!.path}`;
  return r.detail ?? r.status;
}

/** Rewrite the baseline from a run, deterministically (sorted keys), keeping reasons and bug links already written. */
export function writeExpectations(file: string, results: CaseResult[], simulator: string, old: Expectations | null): void {
  const known: Record<string, KnownFailure> = {};
  for (const r of [...results].sort((a, b) => a.case.localeCompare(b.case))) {
    if (!PROBLEM.includes(r.status)) continue;
    const prev = old?.known[r.case];
    const same = prev?.status === r.status && (prev.cause === undefined || prev.cause === r.cause);
    known[r.case] = { status: r.status, ...(r.cause ? { cause: r.cause } : {}), reason: same ? prev.reason : reasonOf(r), ...(prev?.bug ? { bug: prev.bug } : {}) };
  }
  const supported = results.filter((r) => r.status !== 'UNSUPPORTED').map((r) => r.case).sort();
  const doc: Expectations = { format: 'arbiter-expectations/1', simulator, known, supported };
  writeFileAtomic(file, JSON.stringify(doc, null, 2) + '\n');
}
