/**
 * A final state read against the profile's limits (differential/verdict.ts finalLimitBreaks): more minions, cards,
 * Secrets or Mana Crystals than the rules allow is a broken rule of the simulator's on its own, the first divergence
 * named; and an attack the reference engine refused does not explain a difference in what an attack cannot change.
 */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../engine/cards/pool.js';
import { runScenario } from '../engine/scenario/run.js';
import { goldenCases } from './cases.js';
import { comparableFromGame, compareFinal } from './compare.js';
import { attribute } from './attribute.js';
import { finalLimitBreaks, FINAL_LIMITS, judgeCase } from './verdict.js';
import type { Hello } from './protocol.js';

const cards = loadCardPool();
const cases = goldenCases(cards);
const hello: Hello = { type: 'hello', protocol: 'arbiter-adapter/1', name: 'sim', version: '1', profile: 'hearthstone', fidelity: 'final_state', cards: '*' };

describe('a final state against the limits of its profile', () => {
  it('names each limit broken, with its rule and path; a final state within them breaks none', () => {
    const c = cases.find((x) => x.id === 'cult-master-simultaneous-death')!;
    const ok = comparableFromGame(runScenario(c.scenario, c.origin, { cards }).g);
    expect(finalLimitBreaks(ok, undefined)).toEqual([]);
    const [a, b] = ok.players;
    const wisp = { card: 'CS2_231', attack: 1, health: 1 };
    const broken = { ...ok, players: [{ ...a, board: Array(8).fill(wisp), maxMana: 11, mana: 11 }, { ...b, hand: Array(11).fill('CS2_231'), secrets: Array(6).fill('EX1_130') }] as typeof ok.players };
    expect(finalLimitBreaks(broken, undefined).map((v) => [v.invariant, v.rule, v.path])).toEqual([
      [FINAL_LIMITS, 'board-limit', 'final.players.A.board'],
      [FINAL_LIMITS, 'mana-crystals', 'final.players.A.maxMana'],
      [FINAL_LIMITS, 'mana-crystals', 'final.players.A.mana'],
      [FINAL_LIMITS, 'hand-limit', 'final.players.B.hand'],
      [FINAL_LIMITS, 'secrets', 'final.players.B.secrets'],
    ]);
    // Hearthtop's own limits and rules: 6 crystals, 5 minions a side, and no hand limit until its Cleanup
    const six = { ...ok, players: [{ ...a, maxMana: 7, mana: 7, board: Array(6).fill(wisp), hand: Array(11).fill('CS2_231') }, { ...b, maxMana: 6, mana: 6 }] as typeof ok.players };
    expect(finalLimitBreaks(six, 'hearthtop').map((v) => v.rule)).toEqual(['hearthtop/board-limit', 'hearthtop/mana']);
    expect(finalLimitBreaks(six, 'hearthstone').map((v) => v.rule)).toEqual(['hand-limit']);
  });

  it('is the first divergence of a FAIL, and a conformance case that shows it is the rule\'s, not the card\'s', () => {
    // A Deathlord whose Deathrattle puts a minion from the deck onto a full board: a simulator that keeps it there has
    // eight minions.
    const c = cases.find((x) => x.id === 'deathlord-into-a-full-board-leaves-the-minion-in-the-deck')!;
    const final = comparableFromGame(runScenario(c.scenario, c.origin, { cards }).g);
    const a = final.players[0];
    const actual = { ...final, players: [{ ...a, board: [{ card: 'CS2_182', attack: 4, health: 5 }, ...a.board] }, final.players[1]] as typeof final.players };
    const r = judgeCase({ ...c, conformance: 'FP1_009' }, hello, { kind: 'answer', msg: { type: 'result', case: c.id, final: actual }, stderr: '' }, cards).result;
    expect(r.status).toBe('FAIL');
    expect(r.attribution).toMatchObject({ rule: 'board-limit', at: 'final.players.A.board', basis: 'invariant' });
    expect(r.cause).toBe('rule');
  });

  it('an attack the reference engine refused explains no difference in mana; a play it refused may', () => {
    const c = cases.find((x) => x.id === 'legality-frozen-by-the-opponent-misses-its-next-attack')!;
    const ref = runScenario(c.scenario, c.origin, { cards });
    const expected = comparableFromGame(ref.g);
    const a = expected.players[0];
    const more = { ...expected, players: [{ ...a, mana: (a.mana ?? 0) + 1 }, expected.players[1]] as typeof expected.players };
    // the refused attack is no explanation: the value stays unattributed (the refusal branch would name freeze)
    expect(attribute(ref.trace, compareFinal(expected, more), {})).toMatchObject({ rule: 'unattributed', at: 'final.players.A.mana', step: expect.not.stringMatching(/refused/) });
    // An attack on a Stealthed minion refused, then a Fireball at it refused: a simulator that cast the Fireball has it
    // no more in hand; the play explains that, the attack does not.
    const s = cases.find((x) => x.id === 'legality-stealth-minion-cannot-be-attacked-or-targeted')!;
    const sref = runScenario(s.scenario, s.origin, { cards });
    const want = comparableFromGame(sref.g);
    const cast = { ...want, players: [{ ...want.players[0], hand: [] }, want.players[1]] as typeof want.players };
    expect(attribute(sref.trace, compareFinal(want, cast), {})).toMatchObject({ rule: 'stealth', step: expect.stringMatching(/^the reference engine refused action #1 \(.*Fireball: it is an enemy minion in Stealth\)/) });
  });
});
