/**
 * 1–4 player actions as intents: play a card from hand (pick, target and position are indices into what is legal
 * at that moment), attack (attacker and defender likewise), use the hero power, end the turn. They become legal
 * actions when the case is built (see _internals/legalize.ts): each pick is taken modulo the legal choices on
 * the game as it stands after the previous actions, and an action with no legal choice is dropped.
 */
import fc from 'fast-check';
import type { Resolved } from './constraints.js';
import type { Intent } from './_internals/raw.js';

const n = fc.nat({ max: 99 });

function intentArb(heroPower: boolean): fc.Arbitrary<Intent> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('play' as const), pick: n, target: n, position: n }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('attack' as const), pick: n, defender: n }) },
    ...(heroPower ? [{ weight: 1, arbitrary: fc.record({ kind: fc.constant('heroPower' as const), target: n }) }] : []),
    { weight: 2, arbitrary: fc.constant<Intent>({ kind: 'endTurn' }) },
  );
}

export function actionIntentsArb(c: Resolved): fc.Arbitrary<Intent[]> {
  return fc.array(intentArb(c.heroPower), { minLength: c.minActions, maxLength: c.maxActions });
}
