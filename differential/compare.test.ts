/** Comparison at the simulator's fidelity, and `compare: stated` for outcomes the rulebook leaves open. */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../engine/cards/pool.js';
import { loadScenario } from '../engine/scenario/load.js';
import { runScenario } from '../engine/scenario/run.js';
import { join } from 'node:path';
import { ROOT } from '../engine/validation.js';
import { comparableFromGame, compareFinal, compareFinalWithTwins, compareStated, eventSignature, twinIds, type Equivalence } from './compare.js';

const cards = loadCardPool();
const file = join(ROOT, 'golden', 'cases', 'grim-patron-emperor-cobra.json');

describe('comparison', () => {
  it('two ids of the pool that name the same card are an equivalence, not a divergence; other differences stay', () => {
    // Leeroy Jenkins's Whelp and Onyxia's Whelp: the same 1/1 token under two ids
    expect(twinIds(cards).get('EX1_116t')).toBe(twinIds(cards).get('ds1_whelptoken'));
    expect(twinIds(cards).has('CS2_231')).toBe(false);
    const s = loadScenario(join(ROOT, 'golden', 'cases', 'cult-master-simultaneous-death.json'), cards);
    const ref = comparableFromGame(runScenario(s, 'x', { cards }).g);
    ref.players[1].board = [{ card: 'EX1_116t', attack: 1, health: 1 }, { card: 'EX1_116t', attack: 1, health: 1 }];
    const other = structuredClone(ref);
    other.players[1].board = [{ card: 'ds1_whelptoken', attack: 1, health: 1 }, { card: 'ds1_whelptoken', attack: 1, health: 1 }];
    const eq: Equivalence[] = [];
    expect(compareFinalWithTwins(ref, other, cards, eq)).toEqual([]);
    expect(eq.map((e) => [e.path, e.rule])).toEqual([['final.players.B.board', 'same-card-other-id']]);
    other.players[1].board[1]!.health = 2;
    expect(compareFinalWithTwins(ref, other, cards).map((d) => [d.path, d.actual])).toEqual([['final.players.B.board', ['ds1_whelptoken 1/1', 'ds1_whelptoken 1/2']]]);
  });

  it('compareFinal names each difference by path', () => {
    const s = loadScenario(join(ROOT, 'golden', 'cases', 'cult-master-simultaneous-death.json'), cards);
    const ref = comparableFromGame(runScenario(s, 'x', { cards }).g);
    const other = structuredClone(ref);
    other.players[0].hero.health = 29;
    other.players[1].hand = ['CS2_231'];
    expect(compareFinal(ref, other).map((d) => d.path)).toEqual(['final.players.A.hero.health', 'final.players.B.hand']);
  });
  it('compare: stated judges only the stated outcome: a new Patron (an order the rulebook leaves open) passes, a surviving poisoned Patron fails', () => {
    const s = loadScenario(file, cards);
    expect(s.compare).toBe('stated');
    const ref = comparableFromGame(runScenario(s, 'x', { cards }).g);
    const withNewPatron = structuredClone(ref);
    withNewPatron.players[1].board = [{ card: 'BRM_019', attack: 3, health: 3 }];
    expect(compareFinal(ref, withNewPatron)).not.toEqual([]);
    expect(compareStated(s.expect, withNewPatron, cards)).toEqual([]);
    const survived = structuredClone(ref);
    survived.players[1].board = [{ card: 'BRM_019', attack: 3, health: 1, label: 'patron' }];
    expect(compareStated(s.expect, survived, cards).map((d) => d.path)).toEqual(['final.entities.patron.zone']);
  });
  it('event signatures name entities by label or card#n, so two producers agree', () => {
    const s = loadScenario(join(ROOT, 'golden', 'cases', 'cult-master-simultaneous-death.json'), cards);
    const sig = eventSignature(runScenario(s, 'x', { cards }).trace, 'events');
    expect(sig).toContain('death entity=cult');
    expect(sig.some((l) => /^damage source=EX1_\w+#1 target=cult amount=4$/.test(l) || /^damage source=fs target=cult amount=4$/.test(l))).toBe(true);
  });
});
