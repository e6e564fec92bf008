/**
 * Where a failing case first differs, for a simulator that reports only a final state: a FAIL whose first divergence
 * no rule names (unattributed) is sent again cut after each prefix of its actions (`<id>#probe=first-k`, the second
 * round of a run: differential/cases.ts followUpCases). The shortest prefix that fails shows the first action after
 * which the simulator's state differs, and its own first divergence, nearer the cause, often names the rule.
 */
import type { CaseResult } from './verdict.js';
import { UNATTRIBUTED } from './attribute.js';

/** Is this FAIL's first divergence unattributed (no rule named, no step located)? */
export const unlocated = (r: CaseResult): boolean => r.status === 'FAIL' && (!r.attribution || r.attribution.rule === UNATTRIBUTED);

const PREFIX = /#probe=first-(\d+)$/;

/**
 * Each unlocated FAIL takes what its prefix probes show: the shortest failing prefix's attribution when that names a
 * rule (its step says after which action), else a note of where the states first differ. Results are changed in place.
 */
export function locateFailures(results: CaseResult[]): void {
  const probes = new Map<string, { k: number; r: CaseResult }[]>();
  for (const r of results) {
    const m = PREFIX.exec(r.case);
    if (!m) continue;
    const base = r.case.slice(0, m.index);
    const list = probes.get(base) ?? [];
    list.push({ k: Number(m[1]), r });
    probes.set(base, list);
  }
  for (const r of results) {
    // (a result located before, kept by a resumed run, is located once)
    if (!unlocated(r) || !r.attribution || r.attribution.located !== undefined) continue;
    const list = probes.get(r.case);
    if (!list?.length) continue;
    const n = r.scenario?.actions.length ?? list.length + 1;
    const first = list.filter((p) => p.r.status === 'FAIL').sort((a, b) => a.k - b.k)[0];
    const where = first ? `after the first ${first.k} of ${n} actions (${first.r.case} differs there)` : `at its last action (#${n - 1}: every shorter prefix of its actions holds)`;
    const a = first?.r.attribution;
    if (a && a.rule !== UNATTRIBUTED) {
      r.attribution = { ...a, step: `the states first differ ${where}: ${a.step}`, located: first!.k };
    } else {
      r.attribution = { ...r.attribution, step: `${r.attribution.step}; the states first differ ${where}`, located: first?.k ?? n };
    }
  }
}
