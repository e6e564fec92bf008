/** A simulator that stops at an action the rules allow: the CRASH says what the reference engine does with it. */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../engine/cards/pool.js';
import { goldenCases } from './cases.js';
import { judgeCase } from './verdict.js';
import { erroredAction } from './refused.js';
import type { Hello } from './protocol.js';

const cards = loadCardPool();
const hello: Hello = { type: 'hello', protocol: 'arbiter-adapter/1', name: 'fake', version: '0', profile: 'hearthstone', fidelity: 'final_state', cards: '*' };
const judgeError = (id: string, msg: { message: string; action?: number }) => {
  const c = goldenCases(cards).find((x) => x.id === id)!;
  return judgeCase(c, hello, { kind: 'answer', msg: { type: 'error', case: c.id, ...msg }, stderr: '' }, cards).result;
};

describe('an error at a Player Action', () => {
  it('the action is read from the answer\'s action field, else from the words the adapters use', () => {
    expect(erroredAction({ message: 'x', action: 2 }, 3)).toBe(2);
    expect(erroredAction({ message: 'GameException: no (during action 1 {"play": "golem"})' }, 3)).toBe(1);
    expect(erroredAction({ message: 'refused action actions[0]: illegal action' }, 3)).toBe(0);
    expect(erroredAction({ message: 'KeyError (during setup)' }, 3)).toBeUndefined();
    expect(erroredAction({ message: 'x', action: 7 }, 3)).toBeUndefined();
  });

  it('a refused play that the reference engine takes: the CRASH names what it does, with the mana it pays', () => {
    // summoning-portal-mechwarper-harvest-golem: with Summoning Portal and Mechwarper, Harvest Golem costs 0 (Rule 4's
    // aura priority); a simulator that counts 1 refuses the play.
    const r = judgeError('summoning-portal-mechwarper-harvest-golem', { message: 'GameException: That card cannot be used (during action 0 {"play": "golem"})' });
    expect(r.status).toBe('CRASH');
    expect(r.detail).toBe('GameException: That card cannot be used (during action 0 {"play": "golem"}); the reference engine takes actions[0]: it plays Harvest Golem (golem) for 0 mana (0 left); the case does not mark it illegal, so the rules allow it');
  });

  it('an error outside the actions, or at an action the case marks illegal, is passed on as it is', () => {
    expect(judgeError('summoning-portal-mechwarper-harvest-golem', { message: 'KeyError: golem (during setup)' }).detail).toBe('KeyError: golem (during setup)');
    const illegal = goldenCases(cards).find((c) => c.scenario.actions.some((a) => 'illegal' in a && a.illegal))!;
    const i = illegal.scenario.actions.findIndex((a) => 'illegal' in a && a.illegal);
    const r = judgeCase(illegal, hello, { kind: 'answer', msg: { type: 'error', case: illegal.id, message: 'boom', action: i }, stderr: '' }, cards).result;
    expect(r.detail).toBe('boom');
  });
});
