/**
 * Which invariants each mutant must break (the mutant-kill table). Every invariant appears at least once: an
 * invariant no mutant can break proves nothing. Partial on purpose: a mutant added to engine/mutants.ts without a
 * row here fails mutants.test.ts (with its name), not the type check of the whole project.
 */
import type { MutantName } from '../engine/mutants.js';

export const KILLS: Partial<Record<MutantName, readonly string[]>> = {
  'die-at-zero-health': ['no-mid-phase-deaths'],
  'queue-by-player': ['queue-order'],
  'mutable-queues': ['immutable-queues'],
  'auras-mid-phase': ['aura-timing'],
  'game-over-at-once': ['game-end'],
  'deaths-one-at-a-time': ['death-creation-complete'],
  'ignore-rule-5': ['negative-triggers'],
  'no-phase-skip': ['phase-skip'],
  'recalculate-health-after-deaths': ['aura-timing'],
  'breadth-first': ['depth-first'],
  'death-phase-once': ['death-phases'],
  'newest-force-play': ['force-play-oldest'],
  'no-board-limit': ['conservation'],
  'unseeded-random': ['determinism'],
  'attack-ignores-game-end': ['game-end'],
  'trigger-keeps-owner': ['trigger-filters'],
  'survives-reads-health': ['survival-check'],
  'aura-loss-takes-health': ['health-arithmetic'],
  'heal-past-maximum': ['health-arithmetic'],
  'attack-past-taunt': ['legality-oracle'],
  'summon-limit-six': ['refusals'],
  'auras-first': ['stat-layers'],
  'deathrattle-summon-right': ['board-positions'],
  'resolve-condition-at-queue': ['condition-timing'],
};
