/**
 * Run-wide consistency of a diagnosis. A final state often comes from breaking any of several rules (a minion that
 * dies at once at 0 Health, or deaths removed one at a time, both leave a Deathrattle to act with the dying minion
 * still in play). A simulator's rule difference shows wherever the rule matters, so the cases it **passed** speak too:
 * a rule break whose mutant changes the outcome of a case the simulator passed is contradicted there. Among the rule
 * breaks that explain a FAIL equally well, the one contradicted by clearly fewer passed cases (half as many, and two
 * fewer at least) is named.
 */
import type { CardPool } from '../engine/state.js';
import { MUTANTS, type MutantName } from '../engine/mutants.js';
import { runScenario } from '../engine/scenario/run.js';
import { comparableFromGame, compareFinal } from './compare.js';
import type { Case, CaseResult } from './verdict.js';

/** For each mutant, how many of the given cases it changes (final state) among those whose reference run is not random. */
export function contradictions(mutants: readonly string[], passed: readonly Case[], cards: CardPool): Map<string, { contradicted: number; of: number }> {
  const refs: { c: Case; final: ReturnType<typeof comparableFromGame> }[] = [];
  for (const c of passed) {
    try {
      const r = runScenario(c.scenario, c.origin, { cards });
      if (r.trace.some((x) => x.t === 'event' && x.e === 'random')) continue; // a changed outcome may still be one the case allows
      refs.push({ c, final: comparableFromGame(r.g) });
    } catch { /* not runnable here */ }
  }
  const out = new Map<string, { contradicted: number; of: number }>();
  for (const m of mutants) {
    if (!(m in MUTANTS)) continue;
    let contradicted = 0;
    for (const { c, final } of refs) {
      try {
        const r = runScenario(c.scenario, c.origin, { cards, mutants: [m as MutantName] });
        if (compareFinal(final, comparableFromGame(r.g)).length) contradicted++;
      } catch { contradicted++; /* the mutant cannot even run a case the simulator passed */ }
    }
    out.set(m, { contradicted, of: refs.length });
  }
  return out;
}

/** Settle FAILs whose attribution lists several equally good rule breaks (Attribution.candidates), in place. */
export function settleCandidates(results: CaseResult[], cases: readonly Case[], cards: CardPool): void {
  const open = results.filter((r) => r.status === 'FAIL' && r.attribution?.candidates && r.attribution.candidates.length > 1);
  if (!open.length) return;
  const passedIds = new Set(results.filter((r) => r.status === 'PASS').map((r) => r.case));
  const passed = cases.filter((c) => passedIds.has(c.id));
  const mutants = [...new Set(open.flatMap((r) => r.attribution!.candidates!.map((x) => x.mutant)))];
  const score = contradictions(mutants, passed, cards);
  for (const r of open) {
    const a = r.attribution!;
    const ranked = a.candidates!.filter((x) => score.has(x.mutant)).sort((x, y) => score.get(x.mutant)!.contradicted - score.get(y.mutant)!.contradicted);
    const best = ranked[0];
    if (!best) continue;
    const n = (m: string) => score.get(m)!.contradicted;
    const of = score.get(best.mutant)!.of;
    a.step += `; of these, ${best.mutant} (rule ${best.rule}) changes the fewest of the ${of} non-random cases this simulator passed (${ranked.map((x) => `${x.mutant} ${n(x.mutant)}`).join(', ')})`;
    // One passed case either way is no evidence: the named rule changes only when the named one is contradicted by at
    // least twice as many passed cases, and by at least two more.
    const current = Math.min(...a.candidates!.filter((x) => x.rule === a.rule && score.has(x.mutant)).map((x) => n(x.mutant)), Infinity);
    if (best.rule !== a.rule && n(best.mutant) * 2 < current && current - n(best.mutant) >= 2) {
      a.step += `: rule ${best.rule} is named instead of ${a.rule}`;
      a.rule = best.rule;
    }
  }
}
