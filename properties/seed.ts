/** Deterministic generation: the same seed and constraints give the same case, on any machine. */
import fc from 'fast-check';
import { generatedCaseArb, type GeneratedCase } from './arbitraries/generatedCase.js';
import type { GenConstraints } from './arbitraries/constraints.js';

export function scenarioFromSeed(seed: number, constraints: GenConstraints = {}): GeneratedCase {
  return fc.sample(generatedCaseArb(constraints), { seed, numRuns: 1 })[0]!;
}

/** `n` cases from one seed (the first is scenarioFromSeed(seed)). */
export function scenariosFromSeed(seed: number, n: number, constraints: GenConstraints = {}): GeneratedCase[] {
  return fc.sample(generatedCaseArb(constraints), { seed, numRuns: n });
}
