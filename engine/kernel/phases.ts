/**
 * Sequences, Phases and the Steps after the outermost Phase.
 * Rule 3: nested Phases start and end inside a Phase, but only the outermost Phase ending starts the Death
 * Creation Step. Rule 4a: after it ends: Aura Update (Health/Attack), Death Creation Step, Aura Update (Other).
 * Rule 7/8: if anything died, a Death Phase (itself an outermost Phase) resolves the Deaths, and this repeats until
 * no new Deaths occur. Rule 9: the game result is checked when the Sequence ends.
 */
import type { PhaseKind, BlockType, SequenceKind, OpenRecord } from '../trace/format.js';
import { entity, inPlay, type Game, type Side } from '../state.js';
import { auraUpdateHealthAttack, auraUpdateOther } from './auras.js';
import { deathCreationStep, resolveDeathPhase } from './deaths.js';
import { LoopGuardError } from './queue.js';

/**
 * An answer the engine unwinds with, not a failure (the game ended, an action is refused): no stack is captured
 * (legality checks offer thousands of actions).
 */
export class Signal extends Error {
  constructor(message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

/** The game ended in the middle of a Sequence: unwinds to the Sequence, which checks the result (Rule 9). */
export class GameOverSignal extends Signal {
  constructor() {
    super('game over');
  }
}

const NONE: readonly number[] = [];

export interface PhaseSpec {
  kind: PhaseKind;
  type: BlockType;
  /** Rule 6: the subjects that must still be in play for this Phase to run. */
  subjects?: number[];
  target?: number | null;
  player?: Side;
}

/** Run a Phase. Returns false when it was skipped because a required subject left play (Rule 6). */
export function runPhase(g: Game, spec: PhaseSpec, body: () => void, afterwards = true): boolean {
  const subjects = spec.subjects ?? NONE;
  let missing: number | undefined;
  for (const id of subjects) if (!inPlay(entity(g, id))) { missing = id; break; }
  if (missing !== undefined && !g.mutants.has('no-phase-skip')) {
    g.trace.event({ e: 'phase_skipped', kind: spec.kind, subject: missing, reason: `subject #${missing} ${entity(g, missing).card.name} is no longer in play`, rule: '6' });
    return false;
  }
  const outermost = g.depth === 0;
  // Fields set one by one in the order the record lists them (no object spread per Phase).
  const rec: Omit<OpenRecord, 't' | 'id'> = { block: 'phase', kind: spec.kind, type: spec.type, outermost };
  if (subjects.length) rec.subject = subjects[0];
  if (spec.target !== undefined && spec.target !== null) rec.target = spec.target;
  if (spec.player !== undefined) rec.player = spec.player;
  const id = g.trace.openBlock(rec);
  g.depth++;
  try {
    body();
  } finally {
    g.depth--;
    g.trace.closeBlock(id);
  }
  if (outermost && afterwards) afterOutermostPhase(g);
  return true;
}

/** Rule 4a, then Rule 7/8: Death Phases until no new Deaths (a loop, so an endless chain meets the step budget). */
export function afterOutermostPhase(g: Game): void {
  deathsUntilSettled(g);
  g.effects.settle?.(g);
}

function deathsUntilSettled(g: Game): void {
  for (let round = 0; ; round++) {
    auraUpdateHealthAttack(g);
    const dead = deathCreationStep(g);
    if (g.mutants.has('recalculate-health-after-deaths')) auraUpdateHealthAttack(g);
    auraUpdateOther(g);
    if (dead.length === 0) return;
    if (g.mutants.has('death-phase-once') && round > 0) return;
    if (round > g.stepBudget) throw new LoopGuardError(`more than ${g.stepBudget} Death Phases in a row: endless chain of deaths? last: ${dead.map((d) => d.card.name).join(', ')}`);
    // Each Death Phase is itself an outermost Phase (Rule 8); its own Steps are this loop's next round.
    runPhase(g, { kind: 'DEATH', type: 'DEATHS' }, () => resolveDeathPhase(g, dead), false);
  }
}

/** Rule 9: decide win / loss / draw. */
export function checkGameEnd(g: Game, rule: string): void {
  const deadA = entity(g, g.players[0].hero).zone !== 'play';
  const deadB = entity(g, g.players[1].hero).zone !== 'play';
  const result = deadA && deadB ? 'draw' : deadA ? 'B_wins' : deadB ? 'A_wins' : 'ongoing';
  g.result = result;
  const b = g.trace.openBlock({ block: 'step', kind: 'GAME_END_CHECK', rule });
  g.trace.event(result === 'A_wins' || result === 'B_wins'
    ? { e: 'game_check', result: 'win', winner: result === 'A_wins' ? 0 : 1, rule }
    : { e: 'game_check', result, rule });
  g.trace.closeBlock(b);
}

/** A Sequence: what begins when a Player Action is taken. The game result is checked when it ends (Rule 9). */
export function runSequence(g: Game, kind: SequenceKind, player: Side, subject: number | undefined, body: () => void): void {
  const rec: Omit<OpenRecord, 't' | 'id'> = { block: 'sequence', kind, player };
  if (subject !== undefined) rec.subject = subject;
  const id = g.trace.openBlock(rec);
  let over = false;
  try {
    body();
  } catch (e) {
    if (!(e instanceof GameOverSignal)) throw e;
    over = true;
  } finally {
    g.trace.closeBlock(id);
  }
  if (!over) checkGameEnd(g, '9');
}
