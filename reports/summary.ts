/** The numbers of a run: per verdict and per rule. Shared by summary.md, junit.xml, report.html and the CLI. */
import { rule } from '../engine/rules.js';
import { UNATTRIBUTED } from '../differential/attribute.js';
import { missingCards } from '../differential/runner.js';
import { adapterOutput } from '../differential/adapter-process.js';
import type { CaseResult } from '../differential/runner.js';
import type { Hello } from '../differential/protocol.js';
import type { Verdict } from './expectations.js';

export interface Summary {
  simulator: string;
  /** The simulator the baseline was written for, when that is not this run's simulator (its known failures are another's). */
  baselineOf?: string;
  total: number;
  pass: number;
  newFail: number;
  newPass: number;
  knownFail: number;
  unsupported: number;
  /** Supported in the baseline, UNSUPPORTED now. */
  lost: number;
  errors: number;
  /** FAILs by cause (rule, card, assumption). */
  causes: Record<string, number>;
  /** Cases a simulator passed with differences the protocol defines as equivalent. */
  equivalent: number;
  /** Cases (variants rolled up into their case) with at least one FAIL or error. */
  groups: { total: number; failing: number };
  verdicts: Record<string, Verdict>;
}

export interface ReportOptions {
  simulator: Pick<Hello, 'name' | 'version' | 'fidelity'>;
  expectationsFile?: string;
  updateExpectations?: boolean;
  command: string;
}

export function summarize(results: CaseResult[], verdicts: Record<string, Verdict>, simulator: string): Summary {
  const s: Summary = { simulator, total: results.length, pass: 0, newFail: 0, newPass: 0, knownFail: 0, unsupported: 0, lost: 0, errors: 0, causes: {}, equivalent: 0, groups: { total: 0, failing: 0 }, verdicts };
  const groups = new Map<string, boolean>();
  for (const r of results) {
    const v = verdicts[r.case]!;
    if (v === 'PASS') s.pass++;
    else if (v === 'NEW FAIL') s.newFail++;
    else if (v === 'NEW PASS') s.newPass++;
    else if (v === 'KNOWN FAIL') s.knownFail++;
    else if (v === 'UNSUPPORTED') s.unsupported++;
    else if (v === 'LOST') s.lost++;
    else s.errors++;
    if (r.status === 'FAIL') s.causes[r.cause ?? 'rule'] = (s.causes[r.cause ?? 'rule'] ?? 0) + 1;
    if (r.equivalent?.length) s.equivalent++;
    const g = r.group ?? r.case;
    groups.set(g, (groups.get(g) ?? false) || !['PASS', 'UNSUPPORTED'].includes(r.status));
  }
  s.groups = { total: groups.size, failing: [...groups.values()].filter(Boolean).length };
  return s;
}

/**
 * When at least half the cases are UNSUPPORTED because the adapter's hello does not list their cards: one notice naming
 * the cards most often missing (an adapter that leaves out the default hero makes nearly every case UNSUPPORTED and
 * would otherwise pass quietly); null otherwise.
 */
export function unsupportedNotice(results: readonly Pick<CaseResult, 'status' | 'detail'>[]): string | null {
  const unsupported = results.filter((r) => r.status === 'UNSUPPORTED');
  if (!unsupported.length || unsupported.length * 2 < results.length) return null;
  const missing = new Map<string, number>();
  for (const r of unsupported) {
    for (const id of missingCards(r.detail)) missing.set(id, (missing.get(id) ?? 0) + 1);
  }
  const top = [...missing].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5);
  const cards = top.length ? `; the cards most often missing from the adapter's hello: ${top.map(([id, n]) => `${id} (${n})`).join(', ')} (list them in its "cards", or answer "*": spec/protocol.md)` : '';
  return `${unsupported.length} of ${results.length} cases are UNSUPPORTED${cards}`;
}

/**
 * A notice when the adapter wrote on stdout more than its answers: lines after an answer (dropped), or cases that
 * ended otherwise when run again on a fresh adapter (output or an exit after an answer, or state kept between cases).
 * Each part names its first case and quotes its note.
 */
export function adapterOutputNotice(results: readonly Pick<CaseResult, 'case' | 'notes'>[]): string | null {
  const parts: string[] = [];
  const said = results.map((r) => ({ id: r.case, ...adapterOutput(r.notes) }));
  const stray = said.filter((x) => x.stray);
  if (stray.length) parts.push(`in ${stray.length} case(s) the adapter had written lines on stdout after its previous answer or its hello, which were dropped (first, ${stray[0]!.id}: ${stray[0]!.stray})`);
  const fresh = said.filter((x) => x.fresh);
  if (fresh.length) parts.push(`${fresh.length} case(s) ended otherwise when run again on a fresh adapter (first, ${fresh[0]!.id}: ${fresh[0]!.fresh})`);
  if (!parts.length) return null;
  return `${parts.join('; ')}. Only answers go to stdout (write logs to stderr); an adapter neither exits after answering nor keeps state from one case to the next (spec/protocol.md, Robustness)`;
}

/**
 * The cases that fail the run (their verdict is one of `failing`: NEW FAIL and ERROR, and LOST unless the command lets
 * it pass), one line each in the order of the results (the verdict, the case, what differed first), at most `limit`
 * of them, then how many more and where they all are; empty when none fails the run.
 */
export function failingLines(results: readonly CaseResult[], s: Pick<Summary, 'verdicts'>, failing: readonly Verdict[], limit = 10): string {
  const failed = results.filter((r) => failing.includes(s.verdicts[r.case]!));
  if (!failed.length) return '';
  const cut = (t: string) => (t.length > 200 ? `${t.slice(0, 199)}…` : t).replace(/\s*\n\s*/g, ' ');
  const lines = failed.slice(0, limit).map((r) => {
    const v = s.verdicts[r.case]!;
    const why = v === 'LOST' ? `supported in the baseline, unsupported now${r.detail ? `: ${r.detail}` : ''}` : failureMessage(r);
    return `  ${v.padEnd(8)} ${r.case}  ${cut(why)}`;
  });
  const more = failed.length > limit ? [`  ... and ${failed.length - limit} more (summary-short.md and summary.md list every one)`] : [];
  return `${[`failing the run (${failed.length}):`, ...lines, ...more].join('\n')}\n`;
}

export function summaryLine(s: Summary): string {
  const causes = Object.keys(s.causes).length ? ` (fail causes: ${Object.entries(s.causes).sort().map(([c, n]) => `${n} ${c}`).join(', ')})` : '';
  return `${s.simulator}: ${s.total} cases: ${s.pass} pass, ${s.newFail} NEW FAIL, ${s.newPass} NEW PASS, ${s.knownFail} known fail, ${s.unsupported} unsupported, ${s.lost ? `${s.lost} LOST, ` : ''}${s.errors} error${causes}`;
}

/**
 * rule → pass / fail / unsupported / error counts. A FAIL counts once, under the rule of its first divergence, and
 * only when its cause is a rule (card and assumption differences have rows of their own in the reports); passes,
 * unsupported cases and errors count under the rules their case cites.
 */
export function ruleMatrix(results: CaseResult[]): Map<string, { pass: number; fail: number; unsupported: number; error: number; cases: string[] }> {
  const m = new Map<string, { pass: number; fail: number; unsupported: number; error: number; cases: string[] }>();
  const row = (id: string) => {
    const x = m.get(id) ?? { pass: 0, fail: 0, unsupported: 0, error: 0, cases: [] };
    m.set(id, x);
    return x;
  };
  for (const r of results) {
    if (r.status === 'FAIL') {
      if ((r.cause ?? 'rule') !== 'rule') continue;
      const x = row(r.attribution?.rule ?? r.rules[0] ?? 'sequence');
      x.fail++;
      x.cases.push(r.case);
      continue;
    }
    // A simulator that stopped at an action the rules allow counts under the rule that allows it (refusalDiagnosis).
    for (const id of r.status === 'CRASH' && r.attribution ? [r.attribution.rule] : r.rules) {
      const x = row(id);
      if (r.status === 'PASS') x.pass++;
      else if (r.status === 'UNSUPPORTED') x.unsupported++;
      else { x.error++; x.cases.push(r.case); }
    }
  }
  return new Map([...m.entries()].sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true })));
}

/** A rule row's title: the catalog's, or what an unattributed row means. */
export function ruleTitle(id: string): string {
  if (id === UNATTRIBUTED) return 'first divergence not located: a final state that no single step explains';
  return rule(id)?.title ?? '';
}

/** The one-line message of a failure: what differed first (a divergence, a broken invariant, or the status detail). */
export function failureMessage(r: CaseResult): string {
  const d = r.divergences[0];
  // the rule of the first divergence, or the card that differs
  const detail = r.cause === 'rule' ? r.attribution?.rule : r.cause === 'card' ? r.causeDetail : undefined;
  const why = r.cause ? `[${r.cause}${detail ? ` ${detail}` : ''}] ` : r.status === 'CRASH' && r.attribution ? `[rule ${r.attribution.rule}] ` : '';
  const note = r.baselineNote ? ` (${r.baselineNote})` : '';
  if (d) return `${why}${d.path}: expected ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}${note}`;
  const v = r.violations[0];
  if (v) return `${why}invariant ${v.invariant} (rule ${v.rule}): ${v.message}${note}`;
  return r.detail ? `${why}${r.detail}` : r.status;
}

/**
 * The first divergences that many FAILs share: the same value (path, expected and actual) differing first in `least`
 * cases or more (a case and its variants count once), most cases first. One broad bug (Mana Crystals that grow past 10) fails hundreds of cases with one
 * difference; this says so in one line.
 */
export function commonDivergences(results: readonly CaseResult[], least = 3, most = 10): { path: string; expected: string; actual: string; cases: string[] }[] {
  const groups = new Map<string, { path: string; expected: string; actual: string; cases: string[]; seen: Set<string> }>();
  const shown = (t: string) => (t.length > 80 ? `${t.slice(0, 77)}...` : t);
  for (const r of results) {
    const d = r.status === 'FAIL' ? r.divergences[0] : undefined;
    if (!d) continue;
    // grouped by the whole values (shortened only when shown); a case's variants count once, as their case
    const expected = JSON.stringify(d.expected) ?? 'undefined';
    const actual = JSON.stringify(d.actual) ?? 'undefined';
    const key = `${d.path}\u0000${expected}\u0000${actual}`;
    const found = groups.get(key) ?? { path: d.path, expected, actual, cases: [], seen: new Set<string>() };
    const group = r.group ?? r.case;
    if (!found.seen.has(group)) { found.seen.add(group); found.cases.push(r.case); }
    groups.set(key, found);
  }
  return [...groups.values()]
    .filter((g) => g.cases.length >= least)
    .sort((a, b) => b.cases.length - a.cases.length || a.path.localeCompare(b.path) || a.expected.localeCompare(b.expected) || a.actual.localeCompare(b.actual))
    .slice(0, most)
    .map(({ path, expected, actual, cases }) => ({ path, expected: shown(expected), actual: shown(actual), cases }));
}
