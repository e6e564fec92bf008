/**
 * A synthetic ability: 1–2 actions in the card format, with a Rule 5 class (usually the one the actions call for,
 * sometimes any class, so the engine's class handling is exercised too). `use` says where it will stand:
 * - 'damaged': inside a trigger on damage. Only effects that cannot feed an endless damage loop (a negative,
 *   single random target; buffs, summons, destroys). Not draws: drawing from an empty deck deals fatigue damage,
 *   and a draw-on-damage trigger then recurses without end.
 * - 'trigger' / 'deathrattle' / 'battlecry' / 'spell': anything, including area damage, forced Death Phases
 *   (Rule 3 exception), force play from hand or deck (Rule 2 note), returning to hand.
 */
import fc from 'fast-check';
import type { Ability, Action, Rule5Class, Selector } from '../../engine/cards/format.js';
import { poolLists } from './_internals/pool.js';
import { sometimes } from './_internals/weights.js';

export type AbilityUse = 'damaged' | 'trigger' | 'deathrattle' | 'battlecry' | 'spell';

type Made = { action: Action; cls: Rule5Class };

const amount = (lo: number, hi: number) => fc.integer({ min: lo, max: hi });
const side = fc.constantFrom<'enemy' | 'both'>('enemy', 'both');

const randomTarget: fc.Arbitrary<Selector> = fc
  .record({ select: fc.constantFrom<'characters' | 'minions'>('characters', 'minions'), player: side, other: fc.boolean() })
  .map(({ select, player, other }) => ({ select, player, random: 1, ...(other ? { filter: { is: 'other' as const } } : {}) }));

const damageRandom = fc.record({ to: randomTarget, n: amount(1, 3) }).map(({ to, n }): Made => ({ action: { do: 'damage', to, amount: n }, cls: 'negative' }));
const damageAll = fc
  .record({ select: fc.constantFrom<'characters' | 'minions'>('minions', 'characters'), player: side, n: amount(1, 2) })
  .map(({ select, player, n }): Made => ({ action: { do: 'damage', to: { select, player }, amount: n }, cls: 'aoe' }));
const splitDamage = amount(2, 3).map((n): Made => ({ action: { do: 'split_damage', among: { select: 'characters', player: 'enemy' }, amount: n }, cls: 'negative' }));
const heal = amount(1, 3).map((n): Made => ({ action: { do: 'heal', to: { select: 'characters', player: 'friendly' }, amount: n }, cls: 'beneficial' }));
const buff = fc
  .record({ one: fc.boolean(), attack: amount(0, 2), health: amount(0, 2) })
  .map(({ one, attack, health }): Made => ({ action: { do: 'buff', to: { select: 'minions', player: 'friendly', ...(one ? { random: 1 } : {}) }, attack, health: health || (attack ? 0 : 1) }, cls: 'beneficial' }));
const summon = fc
  .record({ card: fc.oneof(fc.constantFrom(...poolLists().tokens), fc.constantFrom(...poolLists().summonable)), count: amount(1, 2), enemy: fc.boolean() })
  .map(({ card, count, enemy }): Made => ({ action: { do: 'summon', card, count, ...(enemy ? { player: 'enemy' as const } : {}) }, cls: 'neutral' }));
const draw = fc.boolean().map((enemy): Made => ({ action: { do: 'draw', ...(enemy ? { player: 'enemy' as const } : {}) }, cls: 'neutral' }));
const destroyRandom = side.map((player): Made => ({ action: { do: 'destroy', to: { select: 'minions', player, random: 1 } }, cls: 'negative' }));
const forcePlay = fc.constantFrom<'deck' | 'hand'>('deck', 'hand').map((from): Made => ({ action: { do: 'put_into_play', from, filter: { type: 'minion' } }, cls: 'neutral' }));
const forcedDeath = fc.constant<Made>({ action: { do: 'force_death_phase' }, cls: 'neutral' });
const bounce = fc.constant<Made>({ action: { do: 'return_to_hand', to: { select: 'minions', player: 'enemy', random: 1 } }, cls: 'negative' });
const steal = fc.constant<Made>({ action: { do: 'take_control', to: { select: 'minions', player: 'enemy', random: 1 } }, cls: 'negative' });
const damageSelf = amount(1, 2).map((n): Made => ({ action: { do: 'damage', to: { select: 'self' }, amount: n }, cls: 'negative' }));

const loopSafe = fc.oneof(
  { weight: 4, arbitrary: damageRandom.map((m): Made => ({ ...m, action: { ...(m.action as Extract<Action, { do: 'damage' }>), to: { select: 'characters', player: 'enemy', random: 1 } } })) },
  { weight: 2, arbitrary: buff },
  { weight: 2, arbitrary: summon },
  { weight: 1, arbitrary: destroyRandom },
);

const anything = fc.oneof(
  { weight: 4, arbitrary: damageRandom },
  { weight: 3, arbitrary: damageAll },
  { weight: 1, arbitrary: splitDamage },
  { weight: 2, arbitrary: heal },
  { weight: 2, arbitrary: buff },
  { weight: 3, arbitrary: summon },
  { weight: 1, arbitrary: draw },
  { weight: 1, arbitrary: destroyRandom },
  { weight: 1, arbitrary: forcePlay },
  { weight: 1, arbitrary: bounce },
  { weight: 2, arbitrary: steal },
  { weight: 1, arbitrary: damageSelf },
);

const anyClass = fc.constantFrom<Rule5Class>('negative', 'beneficial', 'aoe', 'neutral');

/** Mostly the class the first action calls for; one time in four, any class. */
export function syntheticAbilityArb(use: AbilityUse): fc.Arbitrary<Ability> {
  const one = use === 'damaged' ? loopSafe : anything;
  // A Forced Death Phase only makes sense after something was hurt: it comes second, after a damaging action.
  const second = use === 'damaged' ? fc.constant(null) : sometimes(fc.oneof({ weight: 3, arbitrary: one }, { weight: 1, arbitrary: forcedDeath }), 2);
  return fc
    .record({ first: one, second, cls: sometimes(anyClass, 3) })
    .map(({ first, second, cls }) => ({
      actions: second && !(second.action.do === 'force_death_phase' && first.action.do !== 'damage') ? [first.action, second.action] : [first.action],
      class: use === 'damaged' ? 'negative' : (cls ?? first.cls),
    }));
}
