/**
 * Every outcome the rules allow. When a scenario leaves random choices open and a simulator does not report the
 * choices it made, the reference engine explores every branch of its random choices (depth first, each path once)
 * and the simulator passes when it matches any of them.
 */
import type { Scenario } from './format.js';
import type { CardPool } from '../state.js';
import type { Forced } from '../random.js';
import { runScenario, type RunResult } from './run.js';
import type { TraceRecord } from '../trace/format.js';

export interface Outcomes {
  runs: RunResult[];
  /** true when there were more branches than the limit (then `runs` is a subset). */
  truncated: boolean;
}

function choiceValue(kind: string, v: number): Forced {
  return kind === 'chance' ? v === 1 : v;
}

export function allOutcomes(s: Scenario, origin: string, cards: CardPool, limit = 128, first?: RunResult): Outcomes {
  const runs: RunResult[] = [];
  const { truncated } = forEachOutcome(s, origin, cards, (r) => { runs.push(r); }, limit, first);
  return { runs, truncated };
}

/**
 * Visit every outcome as allOutcomes finds them, one run at a time, without keeping the runs (a judge that reads each
 * once holds no more than one game in memory); `visit` returning true stops the search. `count` is how many runs were
 * visited.
 */
export function forEachOutcome(s: Scenario, origin: string, cards: CardPool, visit: (r: RunResult) => boolean | void, limit = 128, first?: RunResult): { count: number; truncated: boolean } {
  const fixed = s.random ?? [];
  let count = 0;
  const initial = [...fixed];
  const stack: Forced[][] = [initial];
  while (stack.length) {
    if (count >= limit) return { count, truncated: true };
    const prefix = stack.pop()!;
    let r: RunResult;
    try {
      // The first branch is the scenario as written: a run of it the caller already has stands for it.
      r = prefix === initial && first ? first : runScenario({ ...s, random: prefix }, origin, { cards });
    } catch {
      continue; // a branch the engine cannot take (should not happen: options come from the engine itself)
    }
    count++;
    const randoms = r.trace.filter((x) => x.t === 'event' && x.e === 'random') as { kind: string; options: number[]; pick: number }[];
    const taken = randoms.map((x) => choiceValue(x.kind, x.pick));
    // Branch at every choice this run made on its own (after the prefix), over the options it did not take.
    for (let i = randoms.length - 1; i >= prefix.length; i--) {
      const ev = randoms[i]!;
      for (const o of ev.options) {
        if (o === ev.pick) continue;
        stack.push([...taken.slice(0, i), choiceValue(ev.kind, o)]);
      }
    }
    if (visit(r) === true) return { count, truncated: stack.length > 0 };
  }
  return { count, truncated: false };
}

/** Did the run make any random choice of its own (not forced) among more than one option? */
export function hasOpenRandomness(r: RunResult): boolean {
  return r.trace.some((x) => x.t === 'event' && x.e === 'random' && !x.forced && x.options.length > 1);
}

/** The random choices of a run, in the scenario `random` form (labels for labelled entities), so another engine can replay them. */
export function randomChoices(trace: readonly TraceRecord[], labelOf: (id: number) => string | undefined): Forced[] {
  const out: Forced[] = [];
  for (const r of trace) {
    if (r.t !== 'event' || r.e !== 'random') continue;
    if (r.kind === 'chance') out.push(r.pick === 1);
    else if (r.kind === 'int') out.push(r.pick);
    else out.push(labelOf(r.pick) ?? r.pick);
  }
  return out;
}

/** The labels of a trace's entities (entity records), for randomChoices. */
export function traceLabels(trace: readonly TraceRecord[]): (id: number) => string | undefined {
  const labels = new Map<number, string>();
  for (const r of trace) if (r.t === 'entity' && r.label) labels.set(r.id, r.label);
  return (id) => labels.get(id);
}
