/**
 * Primitives a new card can use as data alone (no engine change): shown on synthetic cards, validated by the schema.
 */
import { describe, expect, it } from 'vitest';
import type { CardDef } from './format.js';
import { MapCardPool, loadCardPool } from './pool.js';
import { validate } from '../validation.js';
import { runScenario } from '../scenario/run.js';
import type { Scenario } from '../scenario/format.js';
import { entity, attack, health } from '../state.js';

const enrage: CardDef = {
  format: 'arbiter-card/1', id: 'ARB_ENRAGE', name: 'Angry Test Berserker', type: 'minion', cost: 2, attack: 2, health: 3,
  text: 'Enrage: +3 Attack.', source: 'synthetic',
  auras: [{ kind: 'health_attack', mods: { attack: 3 }, selector: { select: 'self', filter: { damaged: true } } }],
};
const slam: CardDef = {
  format: 'arbiter-card/1', id: 'ARB_SLAM', name: 'Test Shield Slam', type: 'spell', cost: 1, text: 'Deal damage equal to your hero\'s Armor plus its Attack.', source: 'synthetic',
  target: { select: { select: 'minions', player: 'enemy' } },
  spell: { class: 'negative', actions: [{ do: 'damage', to: { select: 'target' }, amount: { stat: 'attack', of: { select: 'minions', player: 'friendly', filter: { card: 'ARB_ENRAGE' } }, plus: 1 } }] },
};

const soulfire: CardDef = {
  format: 'arbiter-card/1', id: 'ARB_SOULFIRE', name: 'Test Soulfire', type: 'spell', cost: 0, text: 'Deal 4 damage. Discard a random card.', source: 'synthetic',
  target: { select: { select: 'characters', player: 'both' } },
  spell: { class: 'negative', actions: [{ do: 'damage', to: { select: 'target' }, amount: 4, spellDamage: true }, { do: 'discard' }] },
};
const pool = new MapCardPool([...loadCardPool().all(), enrage, slam, soulfire]);
const scenario = (setup: Scenario['setup'], actions: Scenario['actions']): Scenario => ({
  format: 'arbiter-scenario/1', id: 't', title: 't', rules: ['4a'], source: { seed: 'test', quote: 'test' }, setup, actions, expect: {},
});

describe('card primitives as data', () => {
  it('the synthetic cards are valid card files', () => {
    for (const c of [enrage, slam, soulfire]) expect(() => validate(c.id, c, 'card.schema.json')).not.toThrow();
    expect(() => validate('bad', { ...slam, spell: { actions: [{ do: 'damage', to: { select: 'target' }, amount: { stat: 'mana', of: { select: 'self' } } }] } }, 'card.schema.json')).toThrow(/\$\.spell\.actions\[0\]\.amount\.stat/);
  });
  it('an Enrage-style aura ("while damaged") switches on at the Aura Update after the damage (Rule 4a), not in the middle of the Phase', () => {
    const r = runScenario(scenario({ active: 'B', A: { board: [{ card: 'ARB_ENRAGE', label: 'e' }] }, B: { hand: [{ card: 'Arcane Explosion', label: 'ae' }] } }, [{ play: 'ae' }]), 't', { cards: pool });
    const e = entity(r.g, r.labels.get('e')!);
    expect([attack(r.g, e), health(r.g, e)]).toEqual([5, 2]);
    const buff = r.trace.findIndex((x) => x.t === 'event' && x.e === 'stats' && x.entity === e.id && x.why === 'aura');
    const step = r.trace.slice(0, buff).reverse().find((x) => x.t === 'open');
    expect(step).toMatchObject({ block: 'step', kind: 'AURA_UPDATE_HEALTH_ATTACK' });
  });
  it('an amount can read a stat of a selected entity', () => {
    const r = runScenario(scenario({ active: 'A', A: { board: [{ card: 'ARB_ENRAGE', label: 'e', damage: 1 }], hand: [{ card: 'ARB_SLAM', label: 's' }] }, B: { board: [{ card: 'Boulderfist Ogre', label: 'o' }] } }, [{ play: 's', target: 'o' }]), 't', { cards: pool });
    // the Berserker is damaged, so enraged: 5 Attack, plus 1 = 6 damage to the 6/7 Ogre
    expect(health(r.g, entity(r.g, r.labels.get('o')!))).toBe(1);
  });

  it('discard picks a random card from hand, recorded and forceable', () => {
    const r = runScenario({ ...scenario({ active: 'A', A: { hand: [{ card: 'ARB_SOULFIRE', label: 's' }, { card: 'Wisp', label: 'w1' }, { card: 'Fireball', label: 'fb' }] }, B: {} }, [{ play: 's', target: 'heroB' }]), random: ['fb'] }, 't', { cards: pool });
    expect(r.final.players[0].hand).toEqual(['Wisp']);
    expect(r.trace.some((x) => x.t === 'event' && x.e === 'random' && x.forced === true && x.what === 'Test Soulfire: discard')).toBe(true);
  });
});
