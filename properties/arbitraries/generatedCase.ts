/**
 * A generated case: a valid game state BY CONSTRUCTION (0–7 minions a side from the pool or synthetic, damage below
 * Health, enchantments, unique secrets, weapons, hands ≤ 10 and decks, a shuffled order of play over every label in
 * play) plus 1–4 LEGAL player actions, as a Scenario (engine/scenario/format.ts) and the synthetic cards it uses.
 * Built by map and repair, never by filtering: out-of-range numbers are taken modulo what fits, and intents become
 * legal actions by running the engine the case is for (constraints.mutants).
 */
import type fc from 'fast-check';
import type { CardDef } from '../../engine/cards/format.js';
import type { Scenario } from '../../engine/scenario/format.js';
import type { RunResult } from '../../engine/scenario/run.js';
import { resolveConstraints, type GenConstraints } from './constraints.js';
import { rawCaseArb } from './rawCase.js';
import { buildCase } from './_internals/build.js';
import { legalize } from './_internals/legalize.js';
import { poolWith } from './_internals/pool.js';
import type { RawCase } from './_internals/raw.js';

export interface GeneratedCase {
  scenario: Scenario;
  /** Synthetic cards the scenario uses (ids syn-<n>), in the card format. */
  cards: CardDef[];
}

/** The run that legalised the case, kept (not enumerable) so a check on the same engine need not run it again. */
export const LAST_RUN: unique symbol = Symbol('lastRun');
export type WithRun = GeneratedCase & { [LAST_RUN]?: RunResult };

export function toCase(raw: RawCase, c: GenConstraints = {}): WithRun {
  const r = resolveConstraints(c);
  const built = buildCase(raw);
  const { scenario, run } = legalize(built.scenario, raw.intents, poolWith(built.cards), r.mutants);
  const out: WithRun = { scenario, cards: built.cards };
  if (run) Object.defineProperty(out, LAST_RUN, { value: run, enumerable: false });
  return out;
}

export function generatedCaseArb(c: GenConstraints = {}): fc.Arbitrary<WithRun> {
  return rawCaseArb(c).map((raw) => toCase(raw, c));
}
