/**
 * Generated cases for differential runs: the property suite's arbitraries (properties/arbitraries) with cards from the
 * pool only (no synthetic cards unless asked: a third-party simulator knows real cards), and only the cards the
 * simulator declares and the actions its `capabilities` allow, so the cases are ones it can run. Deterministic per
 * seed and simulator declaration.
 */
import fc from 'fast-check';
import type { CardPool } from '../engine/state.js';
import { generatedCaseArb } from '../properties/arbitraries/generatedCase.js';
import type { GenConstraints } from '../properties/arbitraries/constraints.js';
import type { Case } from './runner.js';
import type { Hello } from './protocol.js';

export const DIFFERENTIAL_CONSTRAINTS: GenConstraints = { syntheticRate: 0 };

export function seedNumber(seed: string): number {
  if (/^-?\d+$/.test(seed)) return Number(seed) | 0;
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h | 0;
}

/** The generator's constraints for a simulator: its declared cards and capabilities. */
export function constraintsFor(hello: Pick<Hello, 'cards' | 'capabilities'> | undefined, cards: CardPool, o: { synthetic?: boolean } = {}): GenConstraints {
  const caps = hello?.capabilities ?? {};
  const declared = hello && hello.cards !== '*' ? hello.cards.filter((id) => cards.has(id)) : null;
  return {
    ...DIFFERENTIAL_CONSTRAINTS,
    ...(o.synthetic ? { syntheticRate: 0.35 } : {}),
    ...(declared ? { onlyCards: declared } : {}),
    ...(caps.heroPower === false ? { heroPower: false } : {}),
    ...(caps.weapons === false ? { weapons: false } : {}),
    ...(caps.secrets === false ? { maxSecrets: 0 } : {}),
    ...(caps.orderedDeck === false ? { uniformDeck: true } : {}),
  };
}

export function generatedCases(n: number, seed: string, cards: CardPool, hello?: Pick<Hello, 'cards' | 'capabilities'>, o: { synthetic?: boolean } = {}): Case[] {
  const base = seedNumber(seed);
  // Each generated value holds the game it was made legal on (its run, trace and all): only its scenario is kept, as
  // it is drawn (a map draws nothing, so the cases are the same), or a long run's cases would hold every game at once.
  const samples = fc.sample(generatedCaseArb(constraintsFor(hello, cards, o)).map((g) => g.scenario), { seed: base, numRuns: n });
  return samples.map((g, i) => {
    const id = `generated-${seed}-${String(i).padStart(4, '0')}`;
    return { id, scenario: { ...g, id, title: `generated case ${i} of seed ${seed}`, generated: { ...(g.generated ?? {}), seed, index: i } }, origin: `generated:${seed}:${i}` };
  });
}
