/**
 * Offering illegal actions (rule `legality`). The fuzzer's own actions are made legal by the engine under test, so
 * on their own they never show an engine that allows too much. For a generated case, the set-up state is read from
 * the TRACE of a run with no actions (invariants/legality-state.ts: keywords, Frozen, summoning sickness, attacks
 * made, mana, costs, the board), every attack and every play of a card in hand that the trace state forbids is
 * offered to the engine one at a time, and the run that follows is judged by the legality invariant over its trace
 * (invariants/legality.ts): an engine that takes such an action breaks it. The engine's state objects are never read.
 * (An action the trace allows that the engine refuses is not judged: card target requirements are the engine's.)
 */
import type { CardPool } from '../engine/state.js';
import type { MutantName } from '../engine/mutants.js';
import type { Scenario, ScenarioAction } from '../engine/scenario/format.js';
import { startRun, tryAction, type LiveRun } from '../engine/scenario/run.js';
import type { TraceRecord } from '../engine/trace/format.js';
import type { Violation } from './invariants/index.js';
import { walk, IN_PLAY, type TraceState } from './invariants/walk.js';
import { LegalityState } from './invariants/legality-state.js';
import { check as checkLegalityTrace, ID } from './invariants/legality.js';

export { ID };

interface Candidate { action: ScenarioAction; refusal: string | null }

/** Every attack and every play (untargeted, and at each character) the active player could try, from a trace. */
export function candidatesFromTrace(trace: readonly TraceRecord[], targeted: (card: string) => boolean): Candidate[] {
  const ls = new LegalityState();
  const s: TraceState = walk(trace, (r, st) => ls.apply(r, st));
  const side = ls.active;
  if (side === undefined) return [];
  const chars = (p: number) => [...s.entities.values()].filter((e) => IN_PLAY.has(e.zone) && (e.type === 'hero' || e.type === 'minion') && e.controller === p && e.label);
  const out: Candidate[] = [];
  for (const a of chars(side)) {
    for (const d of chars(1 - side)) out.push({ action: { attack: a.label!, defender: d.label! }, refusal: ls.attackerRefusal(s, a.id) ?? ls.defenderRefusal(s, a.id, d.id) });
  }
  const hand = [...s.entities.values()].filter((e) => e.zone === 'hand' && e.controller === side && e.label).slice(0, 3);
  for (const c of hand) {
    const own = ls.playRefusal(s, c.id, ls.mana[side as 0 | 1]);
    if (!targeted(c.card)) out.push({ action: { play: c.label! }, refusal: own });
    else for (const t of [...chars(0), ...chars(1)]) out.push({ action: { play: c.label!, target: t.label! }, refusal: own ?? ls.targetRefusal(s, side, t.id) });
  }
  return out;
}

/**
 * Offer each action the set-up trace forbids to the engine: the trace of one it takes breaks the legality invariant.
 * One set-up game serves every offer the engine refuses: a refusal comes before the engine changes anything
 * (engine/scenario/run.ts `tryAction`), so its records are dropped and the next offer is made to the same game; a
 * new set-up game is built only after an offer was taken.
 */
export function checkLegality(s: Scenario, cards: CardPool, mutants: readonly MutantName[] = [], stepBudget?: number): Violation[] {
  const setUp = (): LiveRun => startRun({ ...s, actions: [] }, '<legality>', { cards, mutants, stepBudget });
  let run: LiveRun | undefined;
  try { run = setUp(); } catch { return []; }
  const start = run.g.trace.records;
  if (start.some((r) => r.t === 'event' && r.e === 'game_check' && r.result !== 'ongoing')) return [];
  const targeted = (id: string) => cards.has(id) && !!cards.get(id).target;
  const out: Violation[] = [];
  for (const { action, refusal } of candidatesFromTrace(start, targeted)) {
    if (!refusal) continue;
    try {
      run ??= setUp();
    } catch {
      return out;
    }
    const mark = run.g.trace.mark();
    let refused: string | null;
    try {
      refused = tryAction(run, '<legality>', action, 0);
    } catch {
      run = undefined; // another failure, which is not a legality verdict
      continue;
    }
    if (refused !== null) {
      // refused, as it must be
      try { run.g.trace.rewind(mark); } catch { run = undefined; }
      continue;
    }
    const found = checkLegalityTrace(run.g.trace.records).map((v) => ({ ...v, message: `${v.message} (offered ${JSON.stringify(action)})` }));
    run = undefined;
    out.push(...found);
    if (out.length >= 3) break;
  }
  return out;
}
