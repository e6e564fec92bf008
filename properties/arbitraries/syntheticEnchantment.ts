/**
 * A synthetic enchantment to set up on a minion: a stat change, and perhaps an added Deathrattle or a trigger
 * (enchantments are entities in the order of play, Rule 2 notes).
 */
import fc from 'fast-check';
import type { CardDef } from '../../engine/cards/format.js';
import { syntheticAbilityArb } from './syntheticAbility.js';
import { syntheticTriggerArb } from './syntheticTrigger.js';
import { describeCard } from './_internals/describe.js';
import { sometimes } from './_internals/weights.js';

export function syntheticEnchantmentArb(): fc.Arbitrary<CardDef> {
  return fc
    .record({
      attack: fc.integer({ min: 0, max: 2 }),
      health: fc.integer({ min: 0, max: 2 }),
      deathrattle: sometimes(syntheticAbilityArb('deathrattle'), 1),
      trigger: sometimes(syntheticTriggerArb(), 2),
    })
    .map((r): CardDef => {
      const c: CardDef = {
        format: 'arbiter-card/1', id: 'syn', name: 'Synthetic', type: 'enchantment', text: '', source: 'synthetic', token: true,
        mods: { attack: r.attack, health: r.health },
        ...(r.deathrattle ? { deathrattle: r.deathrattle } : {}),
        ...(r.trigger ? { triggers: [r.trigger] } : {}),
      };
      return { ...c, text: describeCard(c) };
    });
}
