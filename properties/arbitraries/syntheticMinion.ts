/**
 * A synthetic minion in the card format (arbiter-card/1), so the rules are exercised beyond the known pool: random
 * stats, and any of a trigger, a deathrattle, a battlecry and a Health/Attack aura. Its id and name are given when
 * the case is built (syn-<n>); here they are placeholders.
 */
import fc from 'fast-check';
import type { Aura, CardDef, Keyword, Race } from '../../engine/cards/format.js';
import { syntheticAbilityArb } from './syntheticAbility.js';
import { syntheticTriggerArb } from './syntheticTrigger.js';
import { sometimes } from './_internals/weights.js';
import { describeCard } from './_internals/describe.js';

const aura: fc.Arbitrary<Aura> = fc
  .record({
    attack: fc.integer({ min: 0, max: 2 }),
    health: fc.integer({ min: 0, max: 2 }),
    who: fc.constantFrom('others', 'adjacent', 'all'),
  })
  .map(({ attack, health, who }): Aura => ({
    kind: 'health_attack',
    mods: { attack, health: health || (attack ? 0 : 1) },
    selector: who === 'adjacent' ? { select: 'adjacent', of: 'self' } : who === 'all' ? { select: 'minions', player: 'friendly' } : { select: 'minions', player: 'friendly', filter: { is: 'other' } },
  }));

export function syntheticMinionArb(): fc.Arbitrary<CardDef> {
  return fc
    .record({
      cost: fc.integer({ min: 0, max: 4 }),
      attack: fc.integer({ min: 0, max: 4 }),
      health: fc.integer({ min: 1, max: 5 }),
      trigger: sometimes(syntheticTriggerArb(), 1),
      deathrattle: sometimes(syntheticAbilityArb('deathrattle'), 2),
      battlecry: sometimes(syntheticAbilityArb('battlecry'), 4),
      aura: sometimes(aura, 3),
      race: sometimes(fc.constantFrom<Race>('demon', 'beast', 'mech'), 4),
      keyword: sometimes(fc.constantFrom<Keyword>('taunt', 'divine_shield', 'charge', 'poisonous'), 5),
    })
    .map((r): CardDef => {
      const c: CardDef = {
        format: 'arbiter-card/1', id: 'syn', name: 'Synthetic', type: 'minion', cost: r.cost, attack: r.attack, health: r.health,
        text: '', source: 'synthetic',
        ...(r.race ? { race: r.race } : {}),
        ...(r.keyword ? { keywords: [r.keyword] } : {}),
        ...(r.trigger ? { triggers: [r.trigger] } : {}),
        ...(r.deathrattle ? { deathrattle: r.deathrattle } : {}),
        ...(r.battlecry ? { battlecry: r.battlecry } : {}),
        ...(r.aura ? { auras: [r.aura] } : {}),
      };
      return { ...c, text: describeCard(c) };
    });
}
