/**
 * The one judge of a scenario on the reference engine: its stated outcome (`expect`), the trace invariants, every
 * random outcome it leaves open and every order of play it asks for (`allOrders`). Used by `run-scenario`, the golden
 * suite and the repro checks. The invariants come in as a function (they live in properties/, which the engine does
 * not import): `properties/invariants` `checkTrace` is the one to pass.
 */
import type { CardPool } from '../state.js';
import type { MutantName } from '../mutants.js';
import type { Scenario } from './format.js';
import type { TraceRecord } from '../trace/format.js';
import type { Violation } from '../trace/violation.js';
import { runScenario, type RunResult } from './run.js';
import { checkExpectations } from './expect.js';
import { orderings } from './load.js';
import { traceToJsonl } from '../trace/format.js';
import { forEachOutcome, hasOpenRandomness } from './outcomes.js';

export type TraceJudge = (trace: TraceRecord[], cards: CardPool) => Violation[];

export interface Judgement {
  /** Stated-outcome failures and broken invariants, one readable line each (with the order of play or random picks). */
  failures: string[];
  /** The main run's trace as JSON lines (written when first read). */
  readonly trace: string;
  /** The main run's trace records. */
  records: TraceRecord[];
  final: RunResult['final'];
}

export function judgeScenario(s: Scenario, file: string, cards: CardPool, o: { mutants?: MutantName[]; invariants?: TraceJudge } = {}): Judgement {
  const mutants = o.mutants ?? [];
  const failures: string[] = [];
  const main = runScenario(s, file, { cards, mutants });
  failures.push(...checkExpectations(s.expect, main));
  for (const i of main.acceptedIllegal ?? []) failures.push(`$.actions[${i}] is illegal (the game's rules forbid it) but the engine took it`);
  // The trace invariants too: a replayed fuzz case (empty `expect`) fails here when the engine breaks a rule.
  for (const v of o.invariants?.(main.trace, cards) ?? []) failures.push(`invariant ${v.invariant} (rule ${v.rule}): ${v.message}`);
  // Random choices the scenario leaves open: its stated outcome must hold for every one of them.
  if (mutants.length === 0 && hasOpenRandomness(main)) {
    // One run at a time, none kept; the failures are numbered once the number of outcomes is known.
    const found: { k: number; picks: string; f: string }[] = [];
    let k = 0;
    const { count } = forEachOutcome(s, file, cards, (r) => {
      k++;
      const failed = checkExpectations(s.expect, r);
      if (!failed.length) return;
      const picks = r.trace.filter((x) => x.t === 'event' && x.e === 'random').map((x) => (x as { pick: number }).pick).join(',');
      for (const f of failed) found.push({ k, picks, f });
    }, undefined, main);
    for (const x of found) failures.push(`[random outcome ${x.k}/${count}: picks ${x.picks}] ${x.f}`);
  }
  if (s.allOrders && s.allOrders.length > 1) {
    const base = s.setup.order ?? [];
    for (const ord of orderings(s.allOrders)) {
      const order = [...base.filter((l) => !ord.includes(l)), ...ord];
      const r = runScenario(s, file, { cards, mutants, order });
      for (const f of checkExpectations(s.expect, r)) failures.push(`[order of play ${ord.join(' < ')}] ${f}`);
    }
  }
  let text: string | undefined;
  return { failures: [...new Set(failures)], get trace() { return (text ??= traceToJsonl(main.trace)); }, records: main.trace, final: main.final };
}
