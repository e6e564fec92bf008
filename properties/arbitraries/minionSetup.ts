/**
 * One minion on a board at set-up: a pool minion (by id) or a synthetic one, some damage (repaired to stay below
 * its Health when the case is built), enchantments (pool enchantment cards or synthetic ones), a plain buff, and
 * its place in the order of play (a sort key).
 */
import fc from 'fast-check';
import type { Resolved } from './constraints.js';
import { poolListsFor } from './_internals/pool.js';
import { sometimes, poolOrSynthetic as choice } from './_internals/weights.js';
import type { CardRef, RawMinion } from './_internals/raw.js';
import { syntheticMinionArb } from './syntheticMinion.js';
import { syntheticEnchantmentArb } from './syntheticEnchantment.js';

export function minionSetupArb(c: Resolved): fc.Arbitrary<RawMinion> {
  const lists = poolListsFor(c.excludeCards, c.onlyCards);
  // with no pool card for a slot, only synthetic ones (the caller leaves the slot empty when there are none either)
  const from = (ids: string[], synthetic: fc.Arbitrary<CardRef>) => (ids.length ? choice(fc.constantFrom(...ids), synthetic, c.syntheticRate) : synthetic);
  const enchantment = from(lists.enchantments, syntheticEnchantmentArb());
  const enchantable = lists.enchantments.length > 0 || c.syntheticRate > 0;
  return fc.record({
    card: from(lists.minions, syntheticMinionArb()),
    damage: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat({ max: 12 }) }),
    enchantments: c.maxEnchantments > 0 && enchantable
      ? fc.oneof({ weight: 3, arbitrary: fc.constant([] as CardRef[]) }, { weight: 1, arbitrary: fc.array(enchantment, { minLength: 1, maxLength: c.maxEnchantments }) })
      : fc.constant([] as CardRef[]),
    buff: sometimes(fc.record({ attack: fc.integer({ min: 0, max: 3 }), health: fc.integer({ min: 0, max: 3 }) }), 5),
    exhausted: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    frozen: fc.oneof({ weight: 12, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    orderKey: fc.nat({ max: 999 }),
  });
}
