/**
 * Generated cases for differential runs: the property suite's arbitraries (properties/arbitraries) with cards from the
 * pool only (no synthetic cards: a third-party simulator can only know real cards). Deterministic per seed.
 */
import fc from 'fast-check';
import type { CardPool } from '../engine/state.js';
import { generatedCaseArb } from '../properties/arbitraries/generatedCase.js';
import type { GenConstraints } from '../properties/arbitraries/constraints.js';
import type { Case } from './runner.js';

export const DIFFERENTIAL_CONSTRAINTS: GenConstraints = { syntheticRate: 0 };

export function seedNumber(seed: string): number {
  if (/^-?\d+$/.test(seed)) return Number(seed) | 0;
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h | 0;
}

export async function generatedCases(n: number, seed: string, _cards: CardPool): Promise<Case[]> {
  const base = seedNumber(seed);
  const samples = fc.sample(generatedCaseArb(DIFFERENTIAL_CONSTRAINTS), { seed: base, numRuns: n });
  return samples.map((g, i) => {
    const id = `generated-${seed}-${String(i).padStart(4, '0')}`;
    return { id, scenario: { ...g.scenario, id, title: `generated case ${i} of seed ${seed}`, generated: { ...(g.scenario.generated ?? {}), seed, index: i } }, origin: `generated:${seed}:${i}` };
  });
}
