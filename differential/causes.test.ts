/**
 * Card causes once every result is in (classifyCardCauses in differential/verdict.ts): the controls with the textless
 * Chillwind Yeti take a card cause back from the conformance cases that take their action; a result classified before
 * (a shard's) is classified again from the merged results; a rule case whose own first divergence is a Player Action
 * not taken stays a rule case. And actionNotTaken's sign, read from the first Player Action only (a Sequence missing from
 * a trace: differential/attribute.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { readCardPool } from '../engine/cards/pool.js';
import type { Scenario, ScenarioAction } from '../engine/scenario/format.js';
import type { ComparableState } from './protocol.js';
import { actionNotTaken, classifyCardCauses, idleCards, judgeCase, type CaseResult } from './verdict.js';
import { comparableFromGame } from './compare.js';
import type { Hello } from './protocol.js';
import { runScenario } from '../engine/scenario/run.js';
import type { Attribution } from './attribute.js';

const cards = readCardPool();

function scenario(actions: ScenarioAction[], hand: string[] = [], board: string[] = [], deck: string[] = []): Scenario {
  return {
    format: 'arbiter-scenario/1', id: 'x', title: 'x', rules: ['sequence'], source: { seed: 'test', quote: 'test' },
    setup: { active: 'A', A: { hand: hand.map((card, k) => ({ card, label: k ? `card${k}` : 'card' })), board: board.map((card) => ({ card })), deck }, B: { board: [{ card: 'CS2_182', label: 'foe' }] } },
    actions, expect: {},
  };
}

const play: ScenarioAction[] = [{ play: 'card' }, { endTurn: true }, { endTurn: true }];
const attacked: ScenarioAction[] = [{ attack: 'foe', defender: 'card' }, { endTurn: true }, { endTurn: true }];

/** A FAIL result as the verdict leaves it (cause set per case, before the run-wide classification). */
function fail(id: string, s: Scenario, o: { conformance?: string; cause?: CaseResult['cause']; causeDetail?: string; basis?: Attribution['basis'] } = {}): CaseResult {
  return {
    case: id, origin: 'test', status: 'FAIL', rules: ['sequence'], title: id, simulator: { name: 'sim', version: '1', fidelity: 'final_state' },
    divergences: [{ path: 'final.players.A.hand', expected: [], actual: ['x'] }], violations: [], diagnosis: [], scenario: s,
    cause: o.cause ?? (o.conformance ? 'card' : 'rule'), ...(o.conformance ? { conformance: o.conformance, causeDetail: o.conformance } : {}),
    ...(o.causeDetail ? { causeDetail: o.causeDetail } : {}),
    ...(o.basis ? { attribution: { rule: 'sequence', at: 'final.players.A.hand', step: 'x', basis: o.basis } } : {}),
  };
}
const pass = (id: string, s: Scenario): CaseResult => ({ ...fail(id, s), status: 'PASS', divergences: [] });

describe('card causes and the controls', () => {
  it('a failing control takes the card cause back from the cases that take its action, and from itself; the other shape keeps it', () => {
    const results = [
      fail('conformance-cs2-182', scenario(play, ['CS2_182']), { conformance: 'CS2_182' }),
      pass('conformance-cs2-182#dies', scenario(attacked, [], ['CS2_182'])),
      fail('conformance-ex1-539', scenario([{ play: 'card', target: 'foe' }, { endTurn: true }], ['EX1_539']), { conformance: 'EX1_539' }),
      fail('conformance-ex1-595#dies', scenario(attacked, [], ['EX1_595']), { conformance: 'EX1_595' }),
      fail('uses-kill-command', scenario([{ play: 'card', target: 'foe' }], ['EX1_539'])),
      fail('uses-cult-master', scenario([{ endTurn: true }], [], ['EX1_595'])),
    ];
    classifyCardCauses(results, cards);
    const by = new Map(results.map((r) => [r.case, r]));
    expect(by.get('conformance-cs2-182')).toMatchObject({ cause: 'rule', causeDetail: expect.stringMatching(/^this control/) });
    expect(by.get('conformance-ex1-539')).toMatchObject({ cause: 'rule', causeDetail: expect.stringMatching(/^the control conformance-cs2-182 \(the vanilla Chillwind Yeti, which has no text, played\) fails too/) });
    expect(by.get('conformance-ex1-595#dies')).toMatchObject({ cause: 'card', causeDetail: 'EX1_595' });
    // a rule case is charged to a card only through a conformance case that still counts as the card's
    expect([by.get('uses-kill-command')?.cause, by.get('uses-kill-command')?.causeDetail]).toEqual(['rule', undefined]);
    expect(by.get('uses-cult-master')).toMatchObject({ cause: 'card', causeDetail: 'EX1_595' });
  });

  it('results classified in shards are classified again from the merged results', () => {
    // In a shard without the control, the Kill Command case counted as the card's and so did the rule cases using it.
    const results = [
      fail('conformance-cs2-182', scenario(play, ['CS2_182']), { conformance: 'CS2_182' }),
      fail('conformance-ex1-539', scenario([{ play: 'card', target: 'foe' }], ['EX1_539']), { conformance: 'EX1_539' }),
      fail('uses-kill-command', scenario([{ play: 'card', target: 'foe' }], ['EX1_539']), { cause: 'card', causeDetail: 'EX1_539' }),
      fail('uses-it-too', scenario([{ play: 'card', target: 'foe' }], ['EX1_539']), { basis: 'mutant', causeDetail: 'also uses EX1_539, whose card conformance case fails' }),
    ];
    classifyCardCauses(results, cards);
    for (const r of results.slice(2)) expect([r.case, r.cause, r.causeDetail]).toEqual([r.case, 'rule', undefined]);
  });

  it('a rule case whose first divergence is its first Player Action not taken stays a rule case (the card is noted)', () => {
    const results = [
      pass('conformance-cs2-182', scenario(play, ['CS2_182'])),
      fail('conformance-cs2-172', scenario(play, ['CS2_172']), { conformance: 'CS2_172' }),
      fail('not-taken', scenario(play, ['CS2_172']), { basis: 'action' }),
      fail('other', scenario(play, ['CS2_172']), { basis: 'final' }),
      fail('mutant', scenario(play, ['CS2_172']), { basis: 'mutant' }),
      fail('partial', scenario(play, ['CS2_172']), { basis: 'mutant' }),
    ];
    // a rule break that gives only some of the simulator's values is weaker evidence than the card's failing case
    results.find((r) => r.case === 'partial')!.attribution!.partial = true;
    classifyCardCauses(results, cards);
    const by = new Map(results.map((r) => [r.case, r]));
    expect(by.get('conformance-cs2-172')).toMatchObject({ cause: 'card' });
    expect(by.get('not-taken')).toMatchObject({ cause: 'rule', causeDetail: 'also uses CS2_172, whose card conformance case fails' });
    expect(by.get('other')).toMatchObject({ cause: 'card', causeDetail: 'CS2_172' });
    expect(by.get('mutant')).toMatchObject({ cause: 'rule', causeDetail: 'also uses CS2_172, whose card conformance case fails' });
    expect(by.get('partial')).toMatchObject({ cause: 'card', causeDetail: 'CS2_172' });
  });
});

describe('a card that costs otherwise (its `#cost` case)', () => {
  const costCase: ScenarioAction[] = [{ play: 'card', target: 'foe' }];
  const mana = (r: CaseResult, expected: number, actual: number): CaseResult => ({ ...r, divergences: [{ path: 'final.players.A.mana', expected, actual }] });
  /** The simulator refuses the Play in words: a CRASH whose first divergence is that action. */
  const refused = (id: string, s: Scenario, conformance: string, detail = "Refused: the simulator says Hunter's Mark costs 1 and the player has 0 mana"): CaseResult => ({
    ...fail(id, s), status: 'CRASH', divergences: [], cause: undefined, conformance, detail,
    attribution: { rule: 'legality', at: 'actions[0]', step: 'the reference engine takes it', basis: 'action' },
  });

  it('a refused Play with exactly the card\'s cost is the card\'s; a rule case differing only in mana is charged to it, one differing on the board is not', () => {
    const results = [
      pass('conformance-cs2-182', scenario(play, ['CS2_182'])),
      pass('conformance-cs2-182#cost', scenario([{ play: 'card' }], ['CS2_182'])),
      pass('conformance-cs2-084', scenario([{ play: 'card', target: 'foe' }, { endTurn: true }, { endTurn: true }], ['CS2_084'])),
      refused('conformance-cs2-084#cost', scenario(costCase, ['CS2_084']), 'CS2_084'),
      mana(fail('only-mana', scenario([{ play: 'card', target: 'foe' }], ['CS2_084'])), 10, 9),
      { ...mana(fail('board-too', scenario([{ play: 'card', target: 'foe' }], ['CS2_084'])), 10, 9), divergences: [{ path: 'final.players.A.mana', expected: 10, actual: 9 }, { path: 'final.players.B.board', expected: [], actual: ['CS2_182 4/5'] }] },
    ];
    classifyCardCauses(results, cards);
    const by = new Map(results.map((r) => [r.case, r]));
    expect(by.get('conformance-cs2-084#cost')).toMatchObject({ status: 'CRASH', cause: 'card', causeDetail: 'CS2_084' });
    // refused for another reason than its cost (a target it does not offer): says nothing of the card's cost
    const other = [refused('conformance-cs2-084#cost', scenario(costCase, ['CS2_084']), 'CS2_084', 'Refused: no valid target (Chillwind Yeti)')];
    classifyCardCauses(other, cards);
    expect(other[0]!.cause).toBeUndefined();
    expect(by.get('only-mana')).toMatchObject({ cause: 'card', causeDetail: 'CS2_084' });
    expect(by.get('board-too')).toMatchObject({ cause: 'rule', causeDetail: 'also uses CS2_084, whose card conformance case fails' });
  });

  it('a card whose `#cost` case shows more than its mana (a "this turn" text) is no card that only costs otherwise', () => {
    const board = (r: CaseResult): CaseResult => ({ ...r, divergences: [{ path: 'final.players.A.board[1].attack', expected: 3, actual: 1 }] });
    const results = [
      pass('conformance-cs2-182', scenario(play, ['CS2_182'])),
      pass('conformance-cs2-182#cost', scenario([{ play: 'card' }], ['CS2_182'])),
      pass('conformance-cs2-188', scenario(play, ['CS2_188'])),
      board(fail('conformance-cs2-188#cost', scenario([{ play: 'card', target: 'foe' }], ['CS2_188']), { conformance: 'CS2_188', basis: 'final' })),
      { ...mana(fail('uses-sergeant', scenario([{ play: 'card', target: 'foe' }], ['CS2_188'])), 10, 9), divergences: [{ path: 'final.players.A.board', expected: [], actual: ['CS2_188 2/1'] }, { path: 'final.players.A.mana', expected: 10, actual: 9 }] },
    ];
    classifyCardCauses(results, cards);
    expect(results.find((r) => r.case === 'uses-sergeant')).toMatchObject({ cause: 'card', causeDetail: 'CS2_188' });
  });

  it('a failing cost control takes the card cause back from every `#cost` case; cost cases of several cards are not one shared rule', () => {
    const cases = (control: 'pass' | 'fail') => [
      control === 'pass' ? pass('conformance-cs2-182#cost', scenario([{ play: 'card' }], ['CS2_182'])) : mana(fail('conformance-cs2-182#cost', scenario([{ play: 'card' }], ['CS2_182']), { conformance: 'CS2_182', basis: 'final' }), 0, 1),
      mana(fail('conformance-cs2-084#cost', scenario(costCase, ['CS2_084']), { conformance: 'CS2_084', basis: 'final' }), 0, 1),
      mana(fail('conformance-ex1-005#cost', scenario([{ play: 'card' }], ['EX1_005']), { conformance: 'EX1_005', basis: 'final' }), 0, 2),
    ].map((r) => ({ ...r, attribution: { ...r.attribution!, rule: 'mana' } }));
    const ok = cases('pass');
    classifyCardCauses(ok, cards);
    expect(ok.slice(1).map((r) => [r.cause, r.causeDetail])).toEqual([['card', 'CS2_084'], ['card', 'EX1_005']]);
    const broken = cases('fail');
    classifyCardCauses(broken, cards);
    expect(broken.map((r) => r.cause)).toEqual(['rule', 'rule', 'rule']);
    expect(broken[1]!.causeDetail).toMatch(/^the control conformance-cs2-182#cost \(the vanilla Chillwind Yeti, which has no text, played with exactly its cost in mana\) fails too: the simulator's mana payments/);
  });
});

describe('cards whose text takes no part in the case', () => {
  it('a card only held, drawn or left in the deck is idle; played, attacked, triggered or giving an aura it is not', () => {
    // A plays Chillwind Yeti and ends the turn; B draws its Wisp; A's Dire Wolf Alpha gives the Yeti +1 Attack; A's
    // Boulderfist Ogre stays in hand; B's Bloodfen Raptor on the board is never touched.
    const s: Scenario = {
      format: 'arbiter-scenario/1', id: 'x', title: 'x', rules: ['sequence'], source: { seed: 'test', quote: 'test' },
      setup: { active: 'A', A: { hand: [{ card: 'CS2_182', label: 'yeti' }, { card: 'CS2_200' }], board: [{ card: 'EX1_162' }] }, B: { board: [{ card: 'CS2_172' }], deck: ['CS2_231'] } },
      actions: [{ play: 'yeti' }, { endTurn: true }], expect: {},
    };
    const trace = runScenario(s, 'test', { cards }).trace;
    expect(idleCards(s, trace, cards)).toEqual(['CS2_172', 'CS2_200', 'CS2_231']);
    // the Raptor attacked: it takes part
    const attacked: Scenario = { ...s, setup: { ...s.setup, active: 'B', B: { ...s.setup.B, board: [{ card: 'CS2_172', label: 'raptor' }] }, A: { ...s.setup.A, board: [{ card: 'EX1_162', label: 'wolf' }] } }, actions: [{ attack: 'raptor', defender: 'wolf' }] };
    expect(idleCards(attacked, runScenario(attacked, 'test', { cards }).trace, cards)).not.toContain('CS2_172');
    // a Knife Juggler in play whose trigger never fires here may fire in a simulator: not idle
    const juggler: Scenario = { ...s, setup: { ...s.setup, B: { ...s.setup.B, board: [{ card: 'NEW1_019' }] } } };
    expect(idleCards(juggler, runScenario(juggler, 'test', { cards }).trace, cards)).not.toContain('NEW1_019');
    // judged: a simulator whose untouched Raptor has another Health differs on that minion itself, so it is not idle
    const final = comparableFromGame(runScenario(s, 'test', { cards }).g);
    final.players[1]!.board[0]!.health = 3;
    const hello: Hello = { type: 'hello', protocol: 'arbiter-adapter/1', name: 'sim', version: '1', profile: 'hearthstone', fidelity: 'final_state', cards: '*' };
    const r = judgeCase({ id: 'x', scenario: s, origin: 'test' }, hello, { kind: 'answer', msg: { type: 'result', case: 'x', final }, stderr: '' }, cards).result;
    expect(r.status).toBe('FAIL');
    expect(r.idle).toEqual(['CS2_200', 'CS2_231']);
  });

  it('a rule case is not charged to a failing card that is idle in it: the card is noted, the cause stays the rule', () => {
    const results = [
      pass('conformance-cs2-182', scenario(play, ['CS2_182'])),
      fail('conformance-cs2-172', scenario(play, ['CS2_172']), { conformance: 'CS2_172' }),
      { ...fail('holds-it', scenario(play, ['CS2_182'], [], ['CS2_172']), { basis: 'final' }), idle: ['CS2_172'] },
      fail('plays-it', scenario(play, ['CS2_172']), { basis: 'final' }),
    ];
    classifyCardCauses(results, cards);
    const by = new Map(results.map((r) => [r.case, r]));
    expect(by.get('holds-it')).toMatchObject({ cause: 'rule', causeDetail: 'also uses CS2_172, whose card conformance case fails' });
    expect(by.get('plays-it')).toMatchObject({ cause: 'card', causeDetail: 'CS2_172' });
  });
});

describe('actionNotTaken', () => {
  const state = (handA: string[]): ComparableState => ({ result: 'ongoing', players: [{ hero: { health: 30 }, board: [], hand: handA }, { hero: { health: 30 }, board: [], hand: [] }] });

  it('a played card still in the hand is the first action not taken, unless a copy in the deck could have been drawn', () => {
    expect(actionNotTaken(scenario(play, ['CS2_172']), state([]), state(['CS2_172']), cards)).toMatch(/^the simulator did not play CS2_172 \("card"\), the case's first Player Action: it is still in A's hand/);
    expect(actionNotTaken(scenario(play, ['CS2_172']), state([]), state([]), cards)).toBeNull();
    expect(actionNotTaken(scenario(play, ['CS2_172'], [], ['CS2_172']), state([]), state(['CS2_172']), cards)).toBeNull();
    // only the first action is read: a second play not taken may follow from how the first went
    expect(actionNotTaken(scenario([{ endTurn: true }, { play: 'card' }], ['CS2_172']), state([]), state(['CS2_172']), cards)).toBeNull();
  });
});
