/** Generated differential cases are ones the simulator can run: its declared cards, and only what its capabilities allow. */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../engine/cards/pool.js';
import { generatedCases } from './generated.js';
import { cardsOf } from './verdict.js';
import { withCardIds } from './compare.js';

const cards = loadCardPool();

describe('generated cases for a simulator', () => {
  it('use only the declared cards (and the default hero) and never ask for what the capabilities refuse', () => {
    const declared = ['CS2_182', 'CS2_172', 'EX1_595', 'CS2_231', 'EX1_012', 'CS2_024', 'EX1_610', 'CS2_106', 'HERO_08'];
    const cases = generatedCases(120, 'caps', cards, { cards: declared, capabilities: { heroPower: false, weapons: false, secrets: false, orderedDeck: false } });
    expect(cases).toHaveLength(120);
    const allowed = new Set(declared);
    let actions = 0;
    for (const c of cases) {
      for (const id of Object.keys(withCardIds(c.scenario, cards).cards)) expect(allowed.has(id), `${c.id} uses ${id}`).toBe(true);
      for (const side of ['A', 'B'] as const) {
        const p = c.scenario.setup[side] ?? {};
        expect(p.weapon, c.id).toBeUndefined();
        expect(p.secrets ?? [], c.id).toEqual([]);
        const deck = (p.deck ?? []).map((x) => (typeof x === 'string' ? x : x.card));
        expect(new Set(deck).size, `${c.id} deck ${deck.join(',')}`).toBeLessThanOrEqual(1);
      }
      for (const a of c.scenario.actions) { actions++; expect('heroPower' in a, c.id).toBe(false); }
    }
    expect(actions).toBeGreaterThan(0);
  });

  it('for "*" draw from the real pool only: no synthetic card unless asked', () => {
    const real = generatedCases(60, 'pool', cards, { cards: '*' });
    expect(real.flatMap((c) => cardsOf(c.scenario)).every((id) => cards.has(id))).toBe(true);
    const synthetic = generatedCases(60, 'pool', cards, { cards: '*' }, { synthetic: true });
    expect(synthetic.flatMap((c) => cardsOf(c.scenario)).some((id) => !cards.has(id))).toBe(true);
  });

  it('are deterministic per seed and declaration', () => {
    const a = generatedCases(20, 's', cards, { cards: '*' });
    expect(JSON.stringify(generatedCases(20, 's', cards, { cards: '*' }))).toBe(JSON.stringify(a));
    expect(JSON.stringify(generatedCases(20, 's', cards, { cards: ['CS2_182', 'HERO_08'] }))).not.toBe(JSON.stringify(a));
  });
});
