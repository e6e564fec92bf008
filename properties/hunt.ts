/**
 * Hunt a mutant: a fast-check property over generated cases on the mutated engine that fails when the invariants
 * the mutant must break (kills.ts) report a violation; fast-check then shrinks the case. Used by mutants.test.ts
 * and the kill-table script.
 */
import fc from 'fast-check';
import type { MutantName } from '../engine/mutants.js';
import { generatedCaseArb, type GeneratedCase } from './arbitraries/generatedCase.js';
import { checkCase } from './check.js';
import { KILLS } from './kills.js';
import { sizeOf, type CaseSize } from './size.js';
import type { Violation } from './invariants/index.js';

export const HUNT_SEED = 20251121;

export interface Hunt {
  mutant: MutantName;
  invariants: readonly string[];
  found: boolean;
  /** Cases generated until the first failure (1-based). */
  runs: number;
  shrinks: number;
  size?: CaseSize;
  violations: Violation[];
  case?: GeneratedCase;
  path?: string;
  ms: number;
  interrupted: boolean;
}

export function huntMutant(mutant: MutantName, o: { seed?: number; numRuns?: number; timeLimitMs?: number } = {}): Hunt {
  const invariants = KILLS[mutant] ?? [];
  const mutants = [mutant];
  const t0 = performance.now();
  // Keep what the last failing call saw: that is the shrunk case's verdict (re-checking a nondeterministic mutant
  // such as unseeded-random could see nothing).
  let last: Violation[] = [];
  const property = fc.property(generatedCaseArb({ mutants }), (gc) => {
    const v = checkCase(gc, { mutants, only: invariants }).violations;
    if (v.length) last = v;
    return v.length === 0;
  });
  const r = fc.check(property, { seed: o.seed ?? HUNT_SEED, numRuns: o.numRuns ?? 2000, ...(o.timeLimitMs ? { interruptAfterTimeLimit: o.timeLimitMs } : {}) });
  const ms = performance.now() - t0;
  if (!r.failed || !r.counterexample) return { mutant, invariants, found: false, runs: r.numRuns, shrinks: 0, violations: [], ms, interrupted: r.interrupted };
  const gc = r.counterexample[0] as GeneratedCase;
  return {
    mutant, invariants, found: true, runs: r.numRuns, shrinks: r.numShrinks, size: sizeOf(gc),
    violations: last, case: gc, path: r.counterexamplePath ?? undefined, ms, interrupted: r.interrupted,
  };
}
