/** Small composition helpers shared by the arbitraries. */
import fc from 'fast-check';
import { weights, type CardRef } from './raw.js';

/** `arb` one time in `1 + none` (else null); shrinks towards null. */
export function sometimes<T>(arb: fc.Arbitrary<T>, none: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: none, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
}

/** A pool card or a synthetic one, `rate` of the time synthetic (0–1). */
export function poolOrSynthetic(pool: fc.Arbitrary<CardRef>, synthetic: fc.Arbitrary<CardRef>, rate: number): fc.Arbitrary<CardRef> {
  const w = weights(rate);
  const branches = [{ weight: w.pool, arbitrary: pool }, { weight: w.synthetic, arbitrary: synthetic }].filter((b) => b.weight > 0);
  return fc.oneof(...branches);
}
