/**
 * Shrinking a Host fuzz finding to a smaller scenario that still fails the same way: the shortest prefix of the
 * script, then single decisions and single set-up cards left out one at a time (greedy, in a fixed order, so the same
 * finding always shrinks to the same scenario). A candidate counts only when it is still a valid scenario (the loader
 * accepts it and its script answers every choice the game asks) and still breaks one of the same invariants, or
 * crashes the kernel with the same error. The candidate order is one generator; `shrinkHost` asks a synchronous oracle
 * (the kernel in process), `shrinkHostAsync` an asynchronous one (a simulator behind its adapter, repro/host.ts).
 */
import { InputError } from '../engine/validation.js';
import type { HostCardSetup, HostScenario, Side } from '../engine/host/format.js';
import { parseHostScenario, type HostCardPool } from '../engine/host/load.js';
import type { HostMutant } from '../engine/host/mutants.js';
import { runHostScenario } from '../engine/host/run.js';
import { applicable } from './invariants/index.js';

export type HostOracle = (s: HostScenario) => boolean;
export type AsyncHostOracle = (s: HostScenario) => Promise<boolean>;

/**
 * Does this scenario still break one of `invariants` (or crash with `crash`) on the kernel with `mutants`? With
 * `reference` (the default), only when its script is also a valid script on the reference kernel.
 */
export function hostOracle(cards: HostCardPool, mutants: readonly HostMutant[], invariants: readonly string[], crash?: string, o: { reference?: boolean } = {}): HostOracle {
  return (s) => {
    try {
      const parsed = parseHostScenario('<shrink>', JSON.parse(JSON.stringify(s)), cards);
      const run = runHostScenario(parsed, '<shrink>', { cards, mutants });
      if (run.error) return false;
      if (crash) return false;
      if (!applicable('phases', 'host').some((i) => invariants.includes(i.id) && i.check(run.trace).length > 0)) return false;
      // The shrunk game must stay a valid script on the reference kernel too (a repro it refuses as bad input, e.g. one
      // that ends with a choice open there, compares nothing): throws an InputError when it is not.
      if (mutants.length > 0 && o.reference !== false) runHostScenario(parsed, '<shrink>', { cards });
      return true;
    } catch (e) {
      if (e instanceof InputError) return false;
      return crash !== undefined && `${(e as Error).name}: ${(e as Error).message}` === crash;
    }
  };
}

const ZONES = ['markers', 'frontrow', 'backrow', 'form', 'hand', 'damage', 'drop', 'deck'] as const;

/** How big a scenario is: its decisions and its set-up cards (copies counted). */
export function hostSize(s: HostScenario): { actions: number; cards: number } {
  let n = 0;
  for (const side of ['A', 'B'] as Side[]) for (const z of ZONES) for (const x of s.setup[side][z] ?? []) n += typeof x === 'string' ? 1 : (x as HostCardSetup).copies ?? 1;
  return { actions: s.actions.length, cards: n };
}

/**
 * The candidates, in the one fixed order both shrinkers use: each is the best scenario so far with one part left out;
 * the caller answers each with whether it still fails (then it becomes the best).
 */
function* hostCandidates(s0: HostScenario): Generator<HostScenario, void, boolean> {
  let best: HostScenario = s0;
  const attempt = function* (c: HostScenario): Generator<HostScenario, boolean, boolean> { const ok = yield c; if (ok) best = c; return ok; };
  // 1. the shortest prefix of the script that still fails
  for (let n = 0; n < best.actions.length; n++) if (yield* attempt({ ...best, actions: best.actions.slice(0, n) })) break;
  for (let changed = true; changed;) {
    changed = false;
    // 2. pairs of decisions (a pass and the answering pass), then single decisions left out, last first
    for (const width of [2, 1]) {
      for (let i = best.actions.length - width; i >= 0; i--) if (yield* attempt({ ...best, actions: best.actions.filter((_, k) => k < i || k >= i + width) })) changed = true;
    }
    // 3. single set-up cards left out (one copy at a time)
    for (const side of ['A', 'B'] as Side[]) for (const z of ZONES) {
      for (let i = (best.setup[side][z] ?? []).length - 1; i >= 0; i--) {
        const list = [...(best.setup[side][z] ?? [])] as (string | HostCardSetup)[];
        const x = list[i]!;
        if (typeof x === 'object' && (x.copies ?? 1) > 1) list[i] = { ...x, copies: x.copies! - 1 };
        else list.splice(i, 1);
        const setup = { ...best.setup, [side]: { ...best.setup[side], [z]: list } };
        if (yield* attempt({ ...best, setup })) { changed = true; if (typeof x === 'object' && (x.copies ?? 1) > 1) i++; }
      }
    }
  }
}

export interface HostShrinkResult { scenario: HostScenario; tries: number }

/**
 * Shrink a fuzz finding of the kernel with `mutants`. A mutant changes what the game asks (a trigger order it alone
 * asks for, a choice the reference kernel does not open), so the script found on it may be no valid script on the
 * reference kernel. The shrunk game stays a valid script on both kernels when it can; when the finding is not, and no
 * smaller game valid on both fails too, it is shrunk as a game of the mutated kernel alone (`reference: false`: only
 * the mutated kernel replays it). A finding that does not fail again (a determinism finding) is left as it is.
 */
export function shrinkHostFinding(s: HostScenario, cards: HostCardPool, mutants: readonly HostMutant[], invariants: readonly string[], crash?: string): HostShrinkResult & { reference: boolean } {
  const both = hostOracle(cards, mutants, invariants, crash);
  const alone = hostOracle(cards, mutants, invariants, crash, { reference: false });
  let r: HostShrinkResult;
  if (both(s)) r = shrinkHost(s, both);
  else if (!alone(s)) r = { scenario: s, tries: 0 };
  else {
    const first = shrinkHost(s, both);
    const second = both(first.scenario) ? null : shrinkHost(s, alone);
    r = second ? { scenario: second.scenario, tries: first.tries + second.tries } : first;
  }
  return { ...r, reference: validOnReference(r.scenario, cards) };
}

/** Is this a valid scenario, its script answering every choice, on the reference kernel? */
export function validOnReference(s: HostScenario, cards: HostCardPool): boolean {
  try {
    runHostScenario(parseHostScenario('<shrink>', JSON.parse(JSON.stringify(s)), cards), '<shrink>', { cards });
    return true;
  } catch {
    return false;
  }
}

/** Shrink with a synchronous oracle (the Host kernel in process: fuzz findings). */
export function shrinkHost(s0: HostScenario, fails: HostOracle, maxTries = 3000): HostShrinkResult {
  let best: HostScenario = JSON.parse(JSON.stringify(s0));
  let tries = 0;
  const gen = hostCandidates(best);
  for (let c = gen.next(); !c.done && tries < maxTries; ) {
    tries++;
    const ok = fails(c.value);
    if (ok) best = c.value;
    c = gen.next(ok);
  }
  return { scenario: best, tries };
}

/** Shrink with an asynchronous oracle (a simulator behind its adapter): the same candidates in the same order. */
export async function shrinkHostAsync(s0: HostScenario, fails: AsyncHostOracle, maxTries = 3000): Promise<HostShrinkResult> {
  let best: HostScenario = JSON.parse(JSON.stringify(s0));
  let tries = 0;
  const gen = hostCandidates(best);
  for (let c = gen.next(); !c.done && tries < maxTries; ) {
    tries++;
    const ok = await fails(c.value);
    if (ok) best = c.value;
    c = gen.next(ok);
  }
  return { scenario: best, tries };
}
