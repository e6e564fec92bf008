/**
 * Judge one generated case: run it on the engine (reference, or with mutants), check the trace against the
 * invariants, and optionally run it a second time for determinism. Engine failures (an exception other than an
 * illegal action) are reported as such: on the reference engine they are bugs too.
 */
import type { CardDef } from '../engine/cards/format.js';
import type { MutantName } from '../engine/mutants.js';
import { runScenario, type RunResult } from '../engine/scenario/run.js';
import type { TraceRecord } from '../engine/trace/format.js';
import { baseCard, poolWith } from './arbitraries/_internals/pool.js';
import { PROPERTY_STEP_BUDGET } from './arbitraries/_internals/legalize.js';
import { LAST_RUN, type GeneratedCase, type WithRun } from './arbitraries/generatedCase.js';
import { INVARIANTS, applicable, checkDeterminism, type Violation } from './invariants/index.js';
import { checkLegality, ID as LEGALITY_ID } from './legality.js';

export { PROPERTY_STEP_BUDGET };

export interface CaseVerdict {
  violations: Violation[];
  trace: TraceRecord[];
  /** The engine threw (not an illegal action): message and first stack lines. */
  crash?: string;
  /** The run stopped at the loop guard. */
  loopGuard?: boolean;
}

/** Card definitions by id, for invariants that read them (Rule 5 class): synthetic cards first, then the pool. */
export function cardLookup(cards: readonly CardDef[]): (id: string) => CardDef | undefined {
  const own = new Map(cards.map((c) => [c.id, c]));
  return (id) => {
    const c = own.get(id);
    if (c) return c;
    try { return baseCard(id); } catch { return undefined; }
  };
}

export function runCase(gc: GeneratedCase, mutants: readonly MutantName[] = []): RunResult {
  const cached = (gc as WithRun)[LAST_RUN];
  const same = cached && sameMutants(cached.g.mutants, mutants);
  if (same) return cached;
  return runScenario(gc.scenario, '<generated>', { cards: poolWith(gc.cards), mutants, stepBudget: PROPERTY_STEP_BUDGET });
}

function sameMutants(a: ReadonlySet<string>, b: readonly string[]): boolean {
  return a.size === b.length && b.every((m) => a.has(m));
}

export interface CheckOptions {
  mutants?: readonly MutantName[];
  /** Invariant ids to check (default: all, plus determinism when `determinism` is set). */
  only?: readonly string[];
  /** Also run the case twice and compare traces. */
  determinism?: boolean;
  /** Also offer every attack and play of the set-up state to the engine and judge it by the legality oracle. */
  legality?: boolean;
}

export function checkCase(gc: GeneratedCase, o: CheckOptions = {}): CaseVerdict {
  const mutants = o.mutants ?? [];
  let run: RunResult;
  try {
    run = runCase(gc, mutants);
  } catch (e) {
    const err = e as Error;
    return { violations: [], trace: [], crash: `${err.name}: ${err.message}\n${(err.stack ?? '').split('\n').slice(1, 6).join('\n')}` };
  }
  const env = { card: cardLookup(gc.cards) };
  const list = o.only ? INVARIANTS.filter((i) => o.only!.includes(i.id)) : applicable('phases', 'hearthstone');
  const violations = list.flatMap((i) => i.check(run.trace, env));
  const wantDeterminism = o.only ? o.only.includes('determinism') : !!o.determinism;
  if (wantDeterminism) {
    // The run above is the first of the two (it ran the same scenario on the same engine); one more run to compare.
    let first = true;
    violations.push(...checkDeterminism(() => {
      if (first) { first = false; return run.trace; }
      return runScenario(gc.scenario, '<generated>', { cards: poolWith(gc.cards), mutants, stepBudget: PROPERTY_STEP_BUDGET }).trace;
    }));
  }
  const wantLegality = o.only ? o.only.includes(LEGALITY_ID) : !!o.legality;
  if (wantLegality) violations.push(...checkLegality(gc.scenario, poolWith(gc.cards), mutants, PROPERTY_STEP_BUDGET));
  return { violations, trace: run.trace, ...(run.error ? { loopGuard: true } : {}) };
}
