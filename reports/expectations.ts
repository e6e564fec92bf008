/**
 * The baseline of known failures per simulator (in the manner of web-platform-tests metadata): each known failure with
 * its status, its reason and an optional bug link. A run is then read as NEW FAIL, NEW PASS, KNOWN and PASS.
 */
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { writeFileAtomic } from './files.js';
import { readJson, InputError } from '../engine/validation.js';
import type { CaseResult, CaseStatus, Cause } from '../differential/runner.js';

/**
 * A known failure: its status and, for a FAIL, its cause (a known card difference that becomes a rule failure is new)
 * and `shows`, a fingerprint of the simulator's answer (`fingerprint`): the same answer is the known failure whatever
 * Arbiter now calls its cause; another answer is a failure the baseline does not know.
 */
export interface KnownFailure { status: CaseStatus; cause?: Cause; reason: string; bug?: string; shows?: string }

/** The simulator's answer on a failing case, as its differing values (paths and the simulator's values), hashed. */
export function fingerprint(r: CaseResult): string | undefined {
  if (r.status !== 'FAIL') return undefined;
  const parts = r.divergences.map((d) => `${d.path}=${JSON.stringify(d.actual) ?? 'undefined'}`).sort();
  for (const v of r.violations) parts.push(`violation ${v.invariant}`);
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
}
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
  if (Array.isArray(d.known)) throw new InputError(file, '$.known', 'expected an object of known failures by case id ({case id: {status, reason, bug?}}), got an array');
  if (typeof d.simulator !== 'string') throw new InputError(file, '$.simulator', 'expected the name of the simulator the baseline was written for (a string)');
  for (const [k, v] of Object.entries(d.known)) {
    if (!v || typeof v.reason !== 'string' || !PROBLEM.includes(v.status)) throw new InputError(file, `$.known[${JSON.stringify(k)}]`, `expected {status: one of ${PROBLEM.join(', ')}, cause?: one of ${CAUSES.join(', ')}, reason: string, bug?: string}`);
    if (v.cause !== undefined && !CAUSES.includes(v.cause)) throw new InputError(file, `$.known[${JSON.stringify(k)}].cause`, `expected one of ${CAUSES.join(', ')}`);
    if (v.shows !== undefined && typeof v.shows !== 'string') throw new InputError(file, `$.known[${JSON.stringify(k)}].shows`, 'expected the fingerprint string a baseline written by --update-expectations holds');
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
  if (known && known.status === r.status) {
    // With a fingerprint, the simulator's answer decides: the same answer is known (Arbiter may label it otherwise
    // now: a card whose own case fails since), another answer is new (a known failure that got worse or moved).
    const shows = known.shows !== undefined ? fingerprint(r) : undefined;
    if (shows !== undefined) return shows === known.shows ? 'KNOWN FAIL' : 'NEW FAIL';
    if (known.cause === undefined || r.cause === undefined || known.cause === r.cause) return 'KNOWN FAIL';
  }
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
    const shows = fingerprint(r);
    const same = prev?.status === r.status && (prev.cause === undefined || prev.cause === r.cause) && (prev.shows === undefined || prev.shows === shows);
    known[r.case] = { status: r.status, ...(r.cause ? { cause: r.cause } : {}), reason: same ? prev.reason : reasonOf(r), ...(prev?.bug ? { bug: prev.bug } : {}), ...(shows ? { shows } : {}) };
  }
  // A run of part of the cases (a shard, --cases) rewrites what it ran: the baseline keeps what it knows of the others.
  const ran = new Set(results.map((r) => r.case));
  for (const [id, k] of Object.entries(old?.known ?? {})) if (!ran.has(id)) known[id] = k;
  const supported = [...results.filter((r) => r.status !== 'UNSUPPORTED').map((r) => r.case), ...(old?.supported ?? []).filter((id) => !ran.has(id))].sort();
  const sortedKnown = Object.fromEntries(Object.entries(known).sort(([a], [b]) => a.localeCompare(b)));
  const doc: Expectations = { format: 'arbiter-expectations/1', simulator, known: sortedKnown, supported };
  writeFileAtomic(file, JSON.stringify(doc, null, 2) + '\n');
}
