/**
 * A synthetic spell in the card format: an untargeted ability (area damage, random damage, summons...) or a
 * targeted one (damage to the chosen character, then maybe more). Placeholder id and name, as for minions.
 */
import fc from 'fast-check';
import type { CardDef } from '../../engine/cards/format.js';
import { syntheticAbilityArb } from './syntheticAbility.js';
import { describeCard } from './_internals/describe.js';

export function syntheticSpellArb(): fc.Arbitrary<CardDef> {
  return fc
    .record({
      cost: fc.integer({ min: 0, max: 4 }),
      targeted: fc.boolean(),
      hit: fc.integer({ min: 1, max: 4 }),
      ability: syntheticAbilityArb('spell'),
    })
    .map(({ cost, targeted, hit, ability }): CardDef => {
      const spell = targeted
        ? { actions: [{ do: 'damage' as const, to: { select: 'target' as const }, amount: hit }, ...ability.actions.slice(0, 1)], class: 'negative' as const }
        : ability;
      const c: CardDef = {
        format: 'arbiter-card/1', id: 'syn', name: 'Synthetic', type: 'spell', cost, text: '', source: 'synthetic', spell,
        ...(targeted ? { target: { select: { select: 'characters' as const, player: 'both' as const } } } : {}),
      };
      return { ...c, text: describeCard(c) };
    });
}
