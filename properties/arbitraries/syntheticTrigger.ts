/**
 * A synthetic trigger on damaged / died / summoned / after_summon / spell_cast / turn_end (and now and then
 * attack), with a subject filter, a Rule 5 class and, rarely, a queue priority (Rule 2 notes); a trigger on its own
 * damage is, three times in four, "if it survives" (Rule 5b).
 */
import fc from 'fast-check';
import type { EventKind, EventPattern, Filter, Trigger } from '../../engine/cards/format.js';
import { syntheticAbilityArb } from './syntheticAbility.js';
import { sometimes } from './_internals/weights.js';

const subject: fc.Arbitrary<Filter | undefined> = fc.constantFrom<Filter | undefined>(
  undefined,
  { type: 'minion' },
  { type: 'minion', player: 'friendly', is: 'other' },
  { player: 'enemy' },
  { is: 'self' },
  { is: 'self' },
  { type: 'character', player: 'friendly' },
);

const pattern: fc.Arbitrary<EventPattern> = fc
  .record({
    on: fc.constantFrom<EventKind>('damaged', 'damaged', 'died', 'died', 'summoned', 'after_summon', 'spell_cast', 'turn_end', 'attack'),
    subject,
    player: fc.constantFrom<'friendly' | 'enemy' | 'both'>('friendly', 'enemy', 'both'),
  })
  .map(({ on, subject, player }): EventPattern => {
    if (on === 'turn_end') return { on, player };
    if (on === 'spell_cast') return { on, ...(player !== 'both' ? { subject: { player } } : {}) };
    if (on === 'died' && subject?.is === 'self') return { on, subject: { type: 'minion', is: 'other' } };
    return { on, ...(subject ? { subject } : {}) };
  });

export function syntheticTriggerArb(): fc.Arbitrary<Trigger> {
  return fc
    .record({
      when: pattern,
      onDamage: syntheticAbilityArb('damaged'),
      other: syntheticAbilityArb('trigger'),
      priority: sometimes(fc.constantFrom<'first' | 'last'>('first', 'last'), 10),
      ifSurvives: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    })
    .map(({ when, onDamage, other, priority, ifSurvives }): Trigger => {
      const ability = when.on === 'damaged' ? onDamage : other;
      // "Whenever this takes damage, if it survives, ..." (Grim Patron's shape): a Rule 5b reading at resolution
      const survives = when.on === 'damaged' && when.subject?.is === 'self' && ifSurvives;
      return {
        when, actions: ability.actions, class: ability.class ?? 'neutral', ...(priority ? { priority } : {}),
        ...(survives ? { resolveCondition: { test: { select: 'self' as const }, filter: { mortallyWoundedOrPendingDestroy: false } } } : {}),
      };
    });
}
