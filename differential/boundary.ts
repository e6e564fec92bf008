/**
 * Step-boundary attribution for final-state simulators: the reference engine's state is read at the start and end of
 * every Step it runs after the set-up (Aura Updates, the Death Creation Step, the game-end check). When the
 * simulator's values at every diverging path are the reference's values just before one Step, and that Step is what
 * changes them, the simulator left that Step's work undone: the divergence breaks the rule of that Step (its record's
 * rule id), whatever the case's cards are. The values must differ from the state as set up, so a simulator that did
 * nothing at all (a card whose text did nothing) is not taken for one that skipped a Step.
 */
import type { CardPool, Game } from '../engine/state.js';
import type { OpenRecord } from '../engine/trace/format.js';
import type { Scenario } from '../engine/scenario/format.js';
import { runScenario } from '../engine/scenario/run.js';
import { comparableFromGame, compareFinal, type Divergence } from './compare.js';
import type { ComparableState } from './protocol.js';

/** A Step of the reference engine whose work the simulator's final state lacks. */
export interface SkippedStep {
  /** The Step's rule id (its trace record's). */
  rule: string;
  /** The Step's kind and where it is (the enclosing Sequence). */
  step: string;
  /** Index of the Step's open record in the reference trace. */
  at: number;
  /** The diverging paths it explains (all of them). */
  paths: string[];
}

/** The Steps whose skipping is looked for: the rulebook's steps after the outermost Phase (Rules 3, 4a, 9). */
const STEPS = new Set(['AURA_UPDATE_HEALTH_ATTACK', 'DEATH_CREATION', 'AURA_UPDATE_OTHER', 'GAME_END_CHECK']);

interface Boundary { rec: OpenRecord; index: number; sequence: string; before: ComparableState; after?: ComparableState }

/** The reference engine's state at each Step boundary of a scenario's actions, and the state as set up. */
export function stepBoundaries(s: Scenario, origin: string, cards: CardPool): { setup: ComparableState; steps: Boundary[] } | null {
  const steps: Boundary[] = [];
  let setup: ComparableState | undefined;
  const open: Boundary[] = [];
  let sequence = '';
  const close = (g: Game) => {
    // A Step has ended once a block opens that is not inside it: the state then is its "after".
    const now = comparableFromGame(g);
    for (const b of open.splice(0)) b.after = now;
  };
  try {
    const run = runScenario(s, origin, {
      cards,
      onOpen: (rec, g, index) => {
        if (!setup) setup = comparableFromGame(g);
        close(g);
        if (rec.block === 'sequence') sequence = rec.kind;
        if (rec.block === 'step' && STEPS.has(rec.kind)) {
          const b = { rec, index, sequence, before: comparableFromGame(g) };
          steps.push(b);
          open.push(b);
        }
      },
    });
    close(run.g);
    return { setup: setup ?? comparableFromGame(run.g), steps };
  } catch {
    return null;
  }
}

const under = (p: string, q: string) => q === p || q.startsWith(`${p}.`) || q.startsWith(`${p}[`) || p.startsWith(`${q}.`) || p.startsWith(`${q}[`);

/**
 * The first Step of the reference run whose "before" state is the simulator's at every diverging final-state path,
 * that changes those values itself, and whose values differ from the set-up's. Null when none does.
 */
export function skippedStep(s: Scenario, origin: string, cards: CardPool, actual: ComparableState, divergences: readonly Divergence[]): SkippedStep | null {
  const paths = divergences.filter((d) => d.path.startsWith('final.')).map((d) => d.path);
  if (!paths.length || paths.length !== divergences.length) return null;
  const b = stepBoundaries(s, origin, cards);
  if (!b) return null;
  const touches = (diffs: Divergence[]) => diffs.some((d) => paths.some((p) => under(p, d.path)));
  // The simulator shows something the actions did: at the diverging paths it is not the state as set up.
  if (!touches(compareFinal(b.setup, actual))) return null;
  for (const st of b.steps) {
    if (!st.after) continue;
    if (touches(compareFinal(st.before, actual))) continue;
    if (!touches(compareFinal(st.before, st.after))) continue;
    return { rule: st.rec.rule ?? '4a', step: `${st.rec.kind} in Sequence ${st.sequence || '?'}`, at: st.index, paths };
  }
  return null;
}
