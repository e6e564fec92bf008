/** A simulator that stops at an action the rules allow: the CRASH says what the reference engine does with it. */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../engine/cards/pool.js';
import { goldenCases } from './cases.js';
import { judgeCase } from './verdict.js';
import { erroredAction } from './refused.js';
import type { Hello } from './protocol.js';
import { failureMessage, ruleMatrix } from '../reports/summary.js';

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

  it('a refused attack that a rule break of the reference engine refuses too: the CRASH names that rule and the mutant', () => {
    // charge-and-windfury-attacks: Thrallmar Farseer's second attack (actions[3]) is legal (Windfury).
    const r = judgeError('charge-and-windfury-attacks', { message: 'cannot attack: it has already attacked', action: 3 });
    expect(r.status).toBe('CRASH');
    expect(r.diagnosis.map((d) => d.mutant)).toEqual(['windfury-ignored']);
    expect(r.attribution).toMatchObject({ rule: 'legality', at: 'actions[3]', basis: 'mutant' });
    expect(r.attribution!.step).toContain('the reference engine refuses it too ("Thrallmar Farseer (#3) cannot attack: it has already attacked") when a character with Windfury may attack only once a turn');
    // stealth-printed-lost-when-minion-attacks: the Tiger lost its Stealth when it attacked, so actions[2] is legal.
    const s = judgeError('stealth-printed-lost-when-minion-attacks', { message: 'Ogre cannot attack Tiger', action: 2 });
    expect(s.diagnosis.map((d) => d.mutant)).toEqual(['stealth-kept-after-attack']);
    expect(s.attribution).toMatchObject({ rule: 'stealth', basis: 'mutant' });
    // blessing-of-wisdom-stolen-draws-for-caster: Shadow Madness's Charge lets the stolen Raptor attack at once.
    const c = judgeError('blessing-of-wisdom-stolen-draws-for-caster', { message: 'Raptor cannot attack', action: 3 });
    expect(c.attribution).toMatchObject({ rule: 'control-sickness', basis: 'mutant' });
  });

  it('when no rule break refuses it too: the rule its own reason names, Mana for a play cheaper than printed, else legality', () => {
    const golem = judgeError('summoning-portal-mechwarper-harvest-golem', { message: 'GameException: That card cannot be used', action: 0 });
    expect(golem.diagnosis).toEqual([]);
    expect(golem.attribution).toMatchObject({ rule: 'mana', at: 'actions[0]', basis: 'action' });
    const frozen = judgeError('charge-and-windfury-attacks', { message: 'Bluegill Warrior is frozen', action: 1 });
    expect(frozen.attribution).toMatchObject({ rule: 'freeze', basis: 'action' });
    const plain = judgeError('charge-and-windfury-attacks', { message: 'Bluegill Warrior cannot attack', action: 1 });
    expect(plain.attribution).toMatchObject({ rule: 'legality', basis: 'action' });
    // other words of a refusal: a target the simulator does not offer, no valid target
    for (const message of ['HearthBreaker does not offer Jaina Proudmoore(B) as a target', 'no valid targets for Bluegill Warrior']) {
      expect(judgeError('charge-and-windfury-attacks', { message, action: 1 }).attribution, message).toMatchObject({ rule: 'legality', basis: 'action' });
    }
    // an error of the simulator's own (not a refusal in words) is a crash: the CRASH says what the reference engine
    // does, and names no rule
    const crash = judgeError('charge-and-windfury-attacks', { message: "KeyError: 'EX1_390e'", action: 1 });
    expect(crash.detail).toMatch(/^KeyError: 'EX1_390e'; the reference engine takes actions\[1\]/);
    expect(crash.attribution).toBeUndefined();
    // an error of its own names no rule even where a mutant refuses the same action (the Farseer's second attack)
    const own = judgeError('charge-and-windfury-attacks', { message: "KeyError: 'frozen' (cannot attack)", action: 3 });
    expect([own.attribution, own.diagnosis]).toEqual([undefined, []]);
    // An error outside the actions names no rule.
    expect(judgeError('charge-and-windfury-attacks', { message: 'KeyError (during setup)' }).attribution).toBeUndefined();
  });

  it('reports count such a CRASH under the rule named, and lead its message with it', () => {
    const r = judgeError('charge-and-windfury-attacks', { message: 'cannot attack', action: 3 });
    expect(failureMessage(r)).toMatch(/^\[rule legality\] cannot attack; the reference engine takes actions\[3\]/);
    const m = ruleMatrix([r]);
    expect([...m.keys()]).toEqual(['legality']);
    expect(m.get('legality')).toMatchObject({ error: 1, cases: ['charge-and-windfury-attacks'] });
  });
});
