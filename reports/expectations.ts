/**
 * The baseline of known failures per simulator (in the manner of web-platform-tests metadata): each known failure with
 * its status, its reason and an optional bug link. A run is then read as NEW FAIL, NEW PASS, KNOWN and PASS.
 */
import { existsSync } from 'node:fs';
import { writeFileAtomic } from './files.js';
import { readJson, InputError } from '../engine/validation.js';
import type { CaseResult, CaseStatus } from '../differential/runner.js';

export interface KnownFailure { status: CaseStatus; reason: string; bug?: string }
export interface Expectations { format: 'arbiter-expectations/1'; simulator: string; known: Record<string, KnownFailure> }

export type Verdict = 'PASS' | 'NEW FAIL' | 'NEW PASS' | 'KNOWN FAIL' | 'UNSUPPORTED' | 'ERROR';

const PROBLEM: CaseStatus[] = ['FAIL', 'CRASH', 'TIMEOUT', 'PROTOCOL_ERROR', 'ERROR'];

export function loadExpectations(file: string | undefined): Expectations | null {
  if (!file || !existsSync(file)) return null;
  const d = readJson(file) as Partial<Expectations>;
  if (d.format !== 'arbiter-expectations/1' || typeof d.known !== 'object' || d.known === null) {
    throw new InputError(file, '$', 'expected {"format": "arbiter-expectations/1", "simulator": ..., "known": {case id: {status, reason, bug?}}}');
  }
  for (const [k, v] of Object.entries(d.known)) {
    if (!v || typeof v.reason !== 'string' || !PROBLEM.includes(v.status)) throw new InputError(file, `$.known[${JSON.stringify(k)}]`, `expected {status: one of ${PROBLEM.join(', ')}, reason: string, bug?: string}`);
  }
  return d as Expectations;
}

export function verdict(r: CaseResult, exp: Expectations | null): Verdict {
  const known = exp?.known[r.case];
  if (r.status === 'UNSUPPORTED') return 'UNSUPPORTED';
  if (r.status === 'PASS') return known ? 'NEW PASS' : 'PASS';
  if (known && known.status === r.status) return 'KNOWN FAIL';
  return r.status === 'FAIL' ? 'NEW FAIL' : 'ERROR';
}

function reasonOf(r: CaseResult): string {
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
    known[r.case] = { status: r.status, reason: prev?.status === r.status ? prev.reason : reasonOf(r), ...(prev?.bug ? { bug: prev.bug } : {}) };
  }
  const doc: Expectations = { format: 'arbiter-expectations/1', simulator, known };
  writeFileAtomic(file, JSON.stringify(doc, null, 2) + '\n');
}
