/**
 * One player at set-up: hero (Health, often low so games can end), armor, mana, 0–7 minions, a hand (≤10) and a
 * deck of pool or synthetic cards, secrets unique per side, maybe a weapon, and order-of-play keys.
 */
import fc from 'fast-check';
import type { Resolved } from './constraints.js';
import { poolListsFor } from './_internals/pool.js';
import { sometimes, poolOrSynthetic } from './_internals/weights.js';
import type { CardRef, RawPlayer } from './_internals/raw.js';
import { minionSetupArb } from './minionSetup.js';
import { syntheticMinionArb } from './syntheticMinion.js';
import { syntheticSpellArb } from './syntheticSpell.js';

export function playerSetupArb(c: Resolved): fc.Arbitrary<RawPlayer> {
  const lists = poolListsFor(c.excludeCards, c.onlyCards);
  const playable = lists.playable.length ? fc.constantFrom(...lists.playable) : null;
  const synthetic = fc.oneof(syntheticMinionArb(), syntheticSpellArb());
  const card = playable ? poolOrSynthetic(playable, synthetic, c.syntheticRate) : c.syntheticRate > 0 ? synthetic : null;
  const cards = (maxLength: number): fc.Arbitrary<CardRef[]> => (card ? fc.array(card, { maxLength }) : fc.constant([] as CardRef[]));
  return fc.record({
    hero: fc.constantFrom(...lists.heroes),
    health: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 30 })),
    armor: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 5 }) }),
    mana: fc.oneof({ weight: 3, arbitrary: fc.constant(10) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 10 }) }),
    heroOrderKey: fc.nat({ max: 999 }),
    board: lists.minions.length || c.syntheticRate > 0 ? fc.array(minionSetupArb(c), { maxLength: c.maxBoard }) : fc.constant([]),
    hand: cards(c.maxHand),
    deck: c.uniformDeck && card ? fc.tuple(card, fc.nat({ max: c.maxDeck })).map(([x, k]) => Array.from({ length: k }, () => x)) : cards(c.maxDeck),
    secrets: lists.secrets.length ? fc.uniqueArray(fc.record({ card: fc.constantFrom(...lists.secrets), orderKey: fc.nat({ max: 999 }) }), { maxLength: c.maxSecrets, selector: (s) => s.card }) : fc.constant([]),
    weapon: lists.weapons.length && c.weapons ? sometimes(fc.record({ card: fc.constantFrom(...lists.weapons), orderKey: fc.nat({ max: 999 }) }), 3) : fc.constant(null),
  });
}
