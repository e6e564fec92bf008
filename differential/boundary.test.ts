/**
 * Step-boundary attribution (differential/boundary.ts): a final state that is the reference engine's just before one
 * of its Steps, which the Step changes, is that Step left undone: its rule, and a rule cause even in a card
 * conformance case; a final state the card's text never produced stays the card's.
 */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../engine/cards/pool.js';
import { runScenario } from '../engine/scenario/run.js';
import { conformanceCase } from './conformance.js';
import { comparableFromGame } from './compare.js';
import type { Hello } from './protocol.js';
import { judgeCase, type Case } from './verdict.js';
import { stepBoundaries } from './boundary.js';
import type { ComparableState } from './protocol.js';

const cards = loadCardPool();
const hello: Hello = { type: 'hello', protocol: 'arbiter-adapter/1', name: 'fake', version: '0', profile: 'hearthstone', fidelity: 'final_state', cards: '*' };
const answer = (c: Case, final: ComparableState) => judgeCase(c, hello, { kind: 'answer', msg: { type: 'result', case: c.id, final }, stderr: '' }, cards).result;

describe('step-boundary attribution', () => {
  // Nightmare (DREAM_05): "Give a minion +5/+5. At the start of your next turn, destroy it." Its conformance case
  // plays it at B's Chillwind Yeti (4/5), so the Yeti is 9/10 until A's next turn starts and then destroyed: the
  // destroy marks it pending destroy, and the Death Creation Step after the Start of Turn Phase removes it (Rule 4a).
  const c = conformanceCase(cards.get('DREAM_05'), cards)!;
  const ref = comparableFromGame(runScenario(c.scenario, c.origin, { cards }).g);
  const withYeti = (attack: number, health: number): ComparableState => ({
    ...ref,
    players: [ref.players[0], { ...ref.players[1], board: [{ card: 'CS2_182', attack, health, label: 'foe' }] }],
  });

  it('the reference run reads the state at every Step boundary of the actions', () => {
    const b = stepBoundaries(c.scenario, c.origin, cards)!;
    expect(b.setup.players[1].board).toEqual([{ card: 'CS2_182', attack: 4, health: 5, label: 'foe' }]);
    const kinds = new Set(b.steps.map((s) => s.rec.kind));
    expect(kinds).toEqual(new Set(['AURA_UPDATE_HEALTH_ATTACK', 'DEATH_CREATION', 'AURA_UPDATE_OTHER', 'GAME_END_CHECK']));
    expect(b.steps.every((s) => s.after)).toBe(true);
  });

  it('a simulator that keeps the destroyed minion with the card\'s +5/+5 skipped the Death Creation Step: Rule 4a, cause rule', () => {
    expect(ref.players[1].board).toEqual([]);
    const r = answer(c, withYeti(9, 10));
    expect(r.status).toBe('FAIL');
    expect(r.cause).toBe('rule');
    expect(r.attribution).toMatchObject({ rule: '4a', basis: 'step' });
    expect(r.attribution?.step).toMatch(/DEATH_CREATION in Sequence START_TURN/);
  });

  it('a simulator whose Nightmare did nothing to the Yeti (4/5) is the card\'s: the set-up state is no skipped Step', () => {
    const r = answer(c, withYeti(4, 5));
    expect(r.status).toBe('FAIL');
    expect(r.cause).toBe('card');
    expect(r.causeDetail).toBe('DREAM_05');
    expect(r.attribution?.basis).not.toBe('step');
  });

  it('a value no Step boundary had (the Yeti at 9/9) is no skipped Step either', () => {
    const r = answer(c, withYeti(9, 9));
    expect(r.cause).toBe('card');
    expect(r.attribution?.basis).not.toBe('step');
  });
});
