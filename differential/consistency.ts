/**
 * Run-wide consistency of a diagnosis. A final state often comes from breaking any of several rules (a minion that
 * dies at once at 0 Health, or deaths removed one at a time, both leave a Deathrattle to act with the dying minion
 * still in play). A simulator's rule difference shows wherever the rule matters, so the cases it **passed** speak too:
 * a rule break whose mutant changes the outcome of a case the simulator passed is contradicted there. Among the rule
 * breaks that explain a FAIL equally well, the one contradicted by clearly fewer passed cases (half as many, and two
 * fewer at least) is named.
 */
import type { CardPool } from '../engine/state.js';
import { MUTANTS, type CoreMutantName, type MutantName } from '../engine/mutants.js';
import { runScenario } from '../engine/scenario/run.js';
import { comparableFromGame, compareEvents, compareFinal, eventSignature } from './compare.js';
import type { Case, CaseResult } from './verdict.js';
import { UNATTRIBUTED } from './attribute.js';

/** The reference engine's final state of each passed case whose reference run is not random (contradictions). */
export interface PassedFinals { finals: { c: Case; final: ReturnType<typeof comparableFromGame> }[] }

export function passedFinals(passed: readonly Case[], cards: CardPool): PassedFinals {
  const finals: PassedFinals['finals'] = [];
  for (const c of passed) {
    try {
      const r = runScenario(c.scenario, c.origin, { cards });
      if (r.trace.some((x) => x.t === 'event' && x.e === 'random')) continue; // a changed outcome may still be one the case allows
      finals.push({ c, final: comparableFromGame(r.g) });
    } catch { /* not runnable here */ }
  }
  return { finals };
}

/**
 * The passed cases' reference runs (passedFinals), made the first time they are asked for and kept: the run-wide steps
 * (settleCandidates, diagnoseCombined) share one.
 */
export function lazyPassedFinals(results: readonly CaseResult[], cases: readonly Case[], cards: CardPool): () => PassedFinals {
  let made: PassedFinals | undefined;
  return () => {
    if (!made) {
      const passedIds = new Set(results.filter((r) => r.status === 'PASS').map((r) => r.case));
      made = passedFinals(cases.filter((c) => passedIds.has(c.id)), cards);
    }
    return made;
  };
}

/**
 * For each mutant (or set of mutants run together, keyed by their names joined with "+"), how many of the given cases
 * it changes (final state) among those whose reference run is not random.
 */
export function contradictions(mutants: readonly (string | readonly string[])[], passed: readonly Case[] | PassedFinals, cards: CardPool): Map<string, { contradicted: number; of: number }> {
  const refs = 'finals' in passed ? passed.finals : passedFinals(passed, cards).finals;
  const out = new Map<string, { contradicted: number; of: number }>();
  for (const x of mutants) {
    const set = typeof x === 'string' ? [x] : x;
    if (!set.length || !set.every((m) => m in MUTANTS)) continue;
    const m = set.join('+');
    let contradicted = 0;
    for (const { c, final } of refs) {
      try {
        const r = runScenario(c.scenario, c.origin, { cards, mutants: set as MutantName[] });
        if (compareFinal(final, comparableFromGame(r.g)).length) contradicted++;
      } catch { contradicted++; /* the mutant cannot even run a case the simulator passed */ }
    }
    out.set(m, { contradicted, of: refs.length });
  }
  return out;
}

/** Settle FAILs whose attribution lists several equally good rule breaks (Attribution.candidates), in place. */
export function settleCandidates(results: CaseResult[], cases: readonly Case[], cards: CardPool, finals = lazyPassedFinals(results, cases, cards)): void {
  const open = results.filter((r) => r.status === 'FAIL' && r.attribution?.candidates && r.attribution.candidates.length > 1);
  if (!open.length) return;
  const mutants = [...new Set(open.flatMap((r) => r.attribution!.candidates!.map((x) => x.mutant)))];
  const score = contradictions(mutants, finals(), cards);
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

/**
 * How many cases a simulator passed that a rule break must change, at least, before it is taken as contradicted there
 * (the other break of a pair, diagnoseCombined).
 */
export const CONTRADICTED_AT = 3;

/** At most this many FAILs of a run are tried with pairs of rule breaks (each costs some 130 runs of its case). */
export const PAIR_SEARCH_LIMIT = 100;

/** How many of a run's failing cases a rule break must explain alone before it counts as the simulator's own. */
export const ESTABLISHED_AT = 2;

/**
 * Two rule breaks at once. A simulator often has more than one: a new bug then shows combined with one it already
 * has, and no single mutant gives its answer. A rule break the run has already shown (the mutant that alone gives the
 * simulator's answer on at least ESTABLISHED_AT failing cases, or groups of them) is taken as the simulator's; each
 * final-state FAIL that no mutant explains is run with that break and each other mutant, and a pair that gives the
 * simulator's whole final state explains it, unless the pair is contradicted by the cases the simulator passed (the two
 * together would change at least CONTRADICTED_AT of them, and more than the failing cases the other explains alone).
 * Of the pair, the rule named is that of the break whose own run leaves
 * the reference engine's events first (the first divergence); the other is named beside it. In place, before the
 * card causes.
 */
export function diagnoseCombined(results: CaseResult[], cases: readonly Case[], cards: CardPool, limit = PAIR_SEARCH_LIMIT, finals = lazyPassedFinals(results, cases, cards)): void {
  const shown = new Map<string, Set<string>>();
  for (const r of results) {
    if (r.status !== 'FAIL' || r.diagnosis.length !== 1) continue;
    const m = r.diagnosis[0]!.mutant;
    if (!(m in MUTANTS)) continue;
    const groups = shown.get(m) ?? new Set<string>();
    groups.add(r.group ?? r.case);
    shown.set(m, groups);
  }
  const established = [...shown].filter(([, g]) => g.size >= ESTABLISHED_AT).sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0])).slice(0, 3);
  if (!established.length) return;
  const byId = new Map(cases.map((c) => [c.id, c]));
  const others = (Object.keys(MUTANTS) as CoreMutantName[]).filter((m) => m !== 'unseeded-random');
  // Whether a pair is contradicted by the passed cases (worked out for each the first time): a simulator with both
  // breaks passes only where the two together give the reference engine's answer.
  const plausible = new Map<string, boolean>();
  const isPlausible = (e: CoreMutantName, m: CoreMutantName) => {
    const key = `${e}+${m}`;
    let ok = plausible.get(key);
    if (ok === undefined) {
      const n = contradictions([[e, m]], finals(), cards).get(key)?.contradicted ?? 0;
      const explained = results.filter((r) => r.status === 'FAIL' && r.diagnosis.some((d) => d.mutant === m)).length;
      ok = !(n >= CONTRADICTED_AT && n > explained);
      plausible.set(key, ok);
    }
    return ok;
  };
  // The FAILs tried, in case order (the results' order is the run's, and a run's output must not depend on it), at
  // most PAIR_SEARCH_LIMIT of them: a simulator that fails most cases would otherwise cost a run minutes here.
  const open = results.filter((r) => r.status === 'FAIL' && !r.diagnosis.length && r.actual && r.simulator.fidelity === 'final_state' && r.cause !== 'assumption' && (!r.profile || r.profile === 'hearthstone') && byId.has(r.case));
  open.sort((a, b) => a.case.localeCompare(b.case));
  for (const r of open.slice(limit)) {
    r.notes = [...(r.notes ?? []), `not tried with pairs of rule breaks: ${open.length} FAILs of this run no single mutant explains, the first ${limit} (in case order) are`];
  }
  for (const r of open.slice(0, limit)) {
    const c = byId.get(r.case)!;
    const found: { m: CoreMutantName; e: CoreMutantName; n: number }[] = [];
    for (const [name, groups] of established) {
      const e = name as CoreMutantName;
      for (const m of others) {
        if (m === e) continue;
        let final;
        try { final = comparableFromGame(runScenario(c.scenario, c.origin, { cards, mutants: [e, m] }).g); } catch { continue; }
        if (compareFinal(final, r.actual!).length === 0 && isPlausible(e, m)) found.push({ m, e, n: groups.size - (groups.has(r.group ?? r.case) ? 1 : 0) });
      }
    }
    if (!found.length) continue;
    // Which break of each pair leaves the reference engine's events first (its own run, alone).
    const leaves = firstDivergences(c, cards, [...new Set(found.flatMap((f) => [f.m, f.e]))]);
    const pairs = found.map((f) => ((leaves.get(f.e) ?? Infinity) < (leaves.get(f.m) ?? Infinity) ? { first: f.e, then: f.m, f } : { first: f.m, then: f.e, f }));
    r.diagnosis = pairs.map(({ first, then, f }) => ({ mutant: `${first}+${then}`, rule: MUTANTS[first].rule, text: `${MUTANTS[first].text}, together with ${then} (rule ${MUTANTS[then].rule}: ${MUTANTS[then].text}); ${f.e} alone gives the simulator's answer in ${f.n} other failing case(s) of this run` }));
    const top = pairs[0]!;
    // Both breaks of each pair are candidates: the first divergence is the first one's, the other is as real.
    const both = pairs.flatMap((p) => [p.first, p.then].map((m) => ({ rule: MUTANTS[m].rule, mutant: `${p.first}+${p.then}` })));
    const rules = [...new Set(both.map((p) => p.rule))];
    r.attribution = {
      rule: MUTANTS[top.first].rule,
      at: r.attribution?.at ?? r.divergences[0]?.path ?? 'final',
      step: `the reference engine gives this final state with two rule breaks at once: ${top.first} (rule ${MUTANTS[top.first].rule}), whose own run differs first, and ${top.then} (rule ${MUTANTS[top.then].rule}); ${top.f.e} alone gives the simulator's answer in ${top.f.n} other failing case(s) of this run${r.attribution && r.attribution.rule !== UNATTRIBUTED ? `; without the pair the first divergence was charged to rule ${r.attribution.rule} (${r.attribution.basis})` : ''}`,
      basis: 'mutant',
      ...(rules.length > 1 ? { candidates: both.filter((x, k) => both.findIndex((y) => y.rule === x.rule) === k) } : {}),
    };
    // a card conformance case is the card's only when no rule break explains it (differential/verdict.ts judgeCase)
    if (r.cause === 'card' && r.conformance) { r.cause = 'rule'; delete r.causeDetail; }
  }
}

/** For each mutant, the index of the first event (fidelity phases) where its run of the case leaves the reference run's. */
function firstDivergences(c: Case, cards: CardPool, mutants: readonly CoreMutantName[]): Map<string, number> {
  const out = new Map<string, number>();
  let ref: string[];
  try { ref = eventSignature(runScenario(c.scenario, c.origin, { cards }).trace, 'phases'); } catch { return out; }
  for (const m of mutants) {
    try {
      const d = compareEvents(ref, eventSignature(runScenario(c.scenario, c.origin, { cards, mutants: [m] }).trace, 'phases'))[0];
      if (d) out.set(m, Number(/\d+/.exec(d.path)![0]));
    } catch { /* a break the case cannot run with alone */ }
  }
  return out;
}
