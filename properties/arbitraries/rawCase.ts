/**
 * The raw material of a case, before it is built: seed, active player, both players' set-ups and the action
 * intents. generatedCase.ts maps it to a scenario.
 */
import fc from 'fast-check';
import { resolveConstraints, type GenConstraints } from './constraints.js';
import { playerSetupArb } from './playerSetup.js';
import { actionIntentsArb } from './actionIntents.js';
import type { RawCase } from './_internals/raw.js';

export function rawCaseArb(c: GenConstraints = {}): fc.Arbitrary<RawCase> {
  const r = resolveConstraints(c);
  const p = playerSetupArb(r);
  return fc.record({ seed: fc.nat({ max: 9999 }), active: fc.constantFrom<'A' | 'B'>('A', 'B'), A: p, B: p, intents: actionIntentsArb(r) });
}
