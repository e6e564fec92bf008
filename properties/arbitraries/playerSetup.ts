/**
 * One player at set-up: hero (Health, often low so games can end), armor, mana, 0–7 minions, a hand (≤10) and a
 * deck of pool or synthetic cards, secrets unique per side, maybe a weapon, and order-of-play keys.
 */
import fc from 'fast-check';
import type { Resolved } from './constraints.js';
import { poolListsFor } from './_internals/pool.js';
import { sometimes, poolOrSynthetic } from './_internals/weights.js';
import type { RawPlayer } from './_internals/raw.js';
import { minionSetupArb } from './minionSetup.js';
import { syntheticMinionArb } from './syntheticMinion.js';
import { syntheticSpellArb } from './syntheticSpell.js';

export function playerSetupArb(c: Resolved): fc.Arbitrary<RawPlayer> {
  const lists = poolListsFor(c.excludeCards);
  const card = poolOrSynthetic(fc.constantFrom(...lists.playable), fc.oneof(syntheticMinionArb(), syntheticSpellArb()), c.syntheticRate);
  return fc.record({
    hero: fc.constantFrom(...lists.heroes),
    health: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 30 })),
    armor: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 5 }) }),
    mana: fc.oneof({ weight: 3, arbitrary: fc.constant(10) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 10 }) }),
    heroOrderKey: fc.nat({ max: 999 }),
    board: fc.array(minionSetupArb(c), { maxLength: c.maxBoard }),
    hand: fc.array(card, { maxLength: c.maxHand }),
    deck: fc.array(card, { maxLength: c.maxDeck }),
    secrets: fc.uniqueArray(fc.record({ card: fc.constantFrom(...lists.secrets), orderKey: fc.nat({ max: 999 }) }), { maxLength: c.maxSecrets, selector: (s) => s.card }),
    weapon: sometimes(fc.record({ card: fc.constantFrom(...lists.weapons), orderKey: fc.nat({ max: 999 }) }), 3),
  });
}
