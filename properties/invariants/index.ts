/**
 * The invariant registry. Each invariant is a pure function trace → violations, registered with its rule ids
 * (spec/rules.json), the trace fidelity it needs, the profiles it holds for and a one-line description.
 * Determinism is apart: it runs a producer twice (see determinism.ts).
 */
import type { TraceRecord, Fidelity } from '../../engine/trace/format.js';
import type { CardDef } from '../../engine/cards/format.js';
import type { Invariant, InvariantEnv, Violation } from './types.js';
import { walkPasses, type WalkPass } from './walk.js';
import { hostWalk, type HostPass } from './host-walk.js';
import * as noMidPhaseDeaths from './no-mid-phase-deaths.js';
import * as queueOrder from './queue-order.js';
import * as immutableQueues from './immutable-queues.js';
import * as auraTiming from './aura-timing.js';
import * as depthFirst from './depth-first.js';
import * as deathPhases from './death-phases.js';
import * as deathCreation from './death-creation.js';
import * as gameEnd from './game-end.js';
import * as negativeTriggers from './negative-triggers.js';
import * as phaseSkip from './phase-skip.js';
import * as forcePlay from './force-play.js';
import * as conservation from './conservation.js';
import * as triggerFilters from './trigger-filters.js';
import * as survivalCheck from './survival-check.js';
import * as healthArithmetic from './health-arithmetic.js';
import * as legality from './legality.js';
import * as refusals from './refusals.js';
import * as secretRevealed from './secret-revealed.js';
import * as statLayers from './stat-layers.js';
import * as boardPositions from './board-positions.js';
import * as conditionTiming from './condition-timing.js';
import * as resources from './resources.js';
import * as determinism from './determinism.js';
import { HEARTHTOP_INVARIANTS } from './hearthtop.js';
import * as hostStack from './host-stack.js';
import * as hostState from './host-state.js';
import * as hostPersist from './host-persist.js';
import * as hostSetup from './host-setup.js';
import * as hostSeen from './host-seen.js';

export type { Invariant, InvariantEnv, Violation } from './types.js';
export { checkDeterminism } from './determinism.js';

export const INVARIANTS: readonly Invariant[] = [
  noMidPhaseDeaths.invariant,
  queueOrder.invariant,
  immutableQueues.invariant,
  auraTiming.invariant,
  depthFirst.invariant,
  deathPhases.invariant,
  deathCreation.invariant,
  gameEnd.invariant,
  negativeTriggers.invariant,
  phaseSkip.invariant,
  forcePlay.invariant,
  conservation.invariant,
  triggerFilters.invariant,
  survivalCheck.invariant,
  healthArithmetic.invariant,
  legality.invariant,
  refusals.invariant,
  secretRevealed.invariant,
  statLayers.invariant,
  boardPositions.invariant,
  conditionTiming.invariant,
  resources.invariant,
  ...HEARTHTOP_INVARIANTS,
  // The Host profile (seed 002): they run on Host traces only, and the Hearthstone ones never do.
  hostStack.lifo,
  hostStack.noTriggerMidResolution,
  hostStack.invalidTarget,
  hostStack.noInfiniteLoop,
  hostState.gameActionsAtOnce,
  hostState.gameEndsAtOnce,
  hostState.powerNonNegative,
  hostState.statOrder,
  hostState.oneCardPerSlot,
  hostPersist.tokensDoNotPersist,
  hostPersist.ownerZones,
  hostSetup.mulligan,
  hostSeen.hiddenStaysHidden,
];

/** Checks that run a producer instead of reading one trace. */
export const REPLAY_CHECKS = [determinism.meta] as const;

/** The legality oracle is an invariant over the trace (legality.ts); properties/legality.ts offers it illegal actions. */
export const LEGALITY_ORACLE_ID = legality.ID;

export const INVARIANT_IDS: readonly string[] = [...INVARIANTS.map((i) => i.id), determinism.ID];

export function invariantById(id: string): Invariant | undefined {
  return INVARIANTS.find((i) => i.id === id);
}

const RANK: Record<Fidelity, number> = { final_state: 0, events: 1, phases: 2 };

/** The invariants a trace of this fidelity and profile can be judged by. */
export function applicable(fidelity: Fidelity, profile = 'hearthstone'): Invariant[] {
  return INVARIANTS.filter((i) => RANK[i.fidelity] <= RANK[fidelity] && (i.profiles.includes('*') || i.profiles.includes(profile as never)));
}

/**
 * Check a trace against invariants (all, or those named). The trace's meta record decides fidelity and profile
 * unless `only` names the invariants.
 */
export function checkTrace(trace: readonly TraceRecord[], opts: { only?: readonly string[]; env?: InvariantEnv } = {}): Violation[] {
  const meta = trace.find((r) => r.t === 'meta');
  const list = opts.only
    ? INVARIANTS.filter((i) => opts.only!.includes(i.id))
    : applicableOnce(meta?.t === 'meta' ? meta.fidelity : 'phases', meta?.t === 'meta' ? meta.profile : 'hearthstone');
  return checkAll(list, trace, opts.env);
}

/** `applicable`, worked out once per fidelity and profile (the list is only read; a trace's own odd names are not kept). */
const APPLICABLE = new Map<Fidelity, Map<string, readonly Invariant[]>>();
function applicableOnce(fidelity: Fidelity, profile: string): readonly Invariant[] {
  let byProfile = APPLICABLE.get(fidelity);
  if (!byProfile) { byProfile = new Map(); if (APPLICABLE.size < 8) APPLICABLE.set(fidelity, byProfile); }
  let list = byProfile.get(profile);
  if (!list) { list = applicable(fidelity, profile); if (byProfile.size < 16) byProfile.set(profile, list); }
  return list;
}

/**
 * Every listed invariant's violations, in the order of the list (as `list.flatMap((i) => i.check(trace, env))`),
 * with one walk of the trace shared by all the invariants that ride a walk (`pass`), and one Host walk shared by
 * the Host invariants (`hostPass`).
 */
export function checkAll(list: readonly Invariant[], trace: readonly TraceRecord[], env?: InvariantEnv): Violation[] {
  const passes: WalkPass[] = [];
  const hostPasses: HostPass[] = [];
  for (const i of list) {
    if (i.pass) passes.push(i.pass(trace, env));
    else if (i.hostPass) hostPasses.push(i.hostPass(trace, env));
  }
  const found = passes.length ? walkPasses(trace, passes) : [];
  const hostFound = hostPasses.length ? hostWalk(trace, hostPasses) : [];
  const out: Violation[] = [];
  let k = 0;
  let h = 0;
  for (const i of list) {
    // one at a time, not spread as arguments: a trace may break an invariant at every one of its records
    for (const v of i.pass ? found[k++]! : i.hostPass ? hostFound[h++]! : i.check(trace, env)) out.push(v);
  }
  return out;
}

/** The invariants as the scenario judge takes them (engine/scenario/judge.ts): every one that applies to the trace. */
export function traceJudge(trace: readonly TraceRecord[], cards: { has(id: string): boolean; get(id: string): CardDef }): Violation[] {
  return checkTrace(trace, { env: { card: (id: string) => (cards.has(id) ? cards.get(id) : undefined) } });
}
