/**
 * The resources invariant (Mana Crystals, payments, Overload, fatigue) and the limits refusals judges (a burn only from
 * a full hand, a stolen minion destroyed only on a full board), on the reference engine's traces of golden cases and on
 * copies doctored the way a wrong producer would write them.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { TraceRecord } from '../engine/trace/format.js';
import { loadCardPool } from '../engine/cards/pool.js';
import { loadScenario } from '../engine/scenario/load.js';
import { runScenario } from '../engine/scenario/run.js';
import { ROOT } from '../engine/validation.js';
import { invariantById } from './invariants/index.js';

const cards = loadCardPool();
const traceOf = (id: string) => runScenario(loadScenario(join(ROOT, 'golden', 'cases', `${id}.json`), cards), id, { cards }).trace;
const messages = (id: string, t: readonly TraceRecord[]) => invariantById(id)!.check(t).map((v) => `${v.rule}: ${v.message}`);

type Ev<E extends string> = Extract<TraceRecord, { t: 'event'; e: E }>;
/** A copy of the trace with the first event of kind `e` (and `pick`) changed by `change`. */
function doctor<E extends string>(t: readonly TraceRecord[], e: E, change: (r: Ev<E>) => Ev<E>, pick: (r: Ev<E>) => boolean = () => true): TraceRecord[] {
  const at = t.findIndex((r) => r.t === 'event' && r.e === e && pick(r as Ev<E>));
  expect(at, `a ${e} record`).toBeGreaterThanOrEqual(0);
  return [...t.slice(0, at), change({ ...(t[at] as Ev<E>) }), ...t.slice(at + 1)];
}
const insertAfter = (t: readonly TraceRecord[], at: number, ...rs: TraceRecord[]) => [...t.slice(0, at + 1), ...rs, ...t.slice(at + 1)];

const NOURISH = 'nourish-full-crystals-give-mana-at-once';
const LAVA_SHOCK = 'lava-shock-clears-the-overload-owed-for-next-turn';
const FELGUARD = 'felguard-destroys-an-empty-crystal-first';
const FATIGUE = 'fatigue-grows-with-each-empty-draw';

describe('resources (rules mana-crystals, overload, fatigue, mana)', () => {
  it('holds on the reference engine\'s traces of crystals gained, destroyed, locked and unlocked, and of fatigue', () => {
    for (const id of [NOURISH, LAVA_SHOCK, FELGUARD, FATIGUE, 'overload-locks-one-turn-and-crystals-refill', 'two-overloads-add-up', 'hearthtop-coin-above-six-crystals']) {
      expect(messages('resources', traceOf(id)), id).toEqual([]);
    }
  });
  it('a full crystal gained comes with its mana; the crystal limit holds', () => {
    const t = traceOf(NOURISH);
    expect(messages('resources', doctor(t, 'crystals', (r) => ({ ...r, mana: 0 })))).toEqual([
      'mana-crystals: player A had 0 mana and gained 2 full Mana Crystal(s): 2 mana expected, 0 stated (0 mana, 7 crystals, 0 locked, 0 owed after it) (a full crystal is also mana to spend now)',
    ]);
    const past = messages('resources', doctor(t, 'crystals', (r) => ({ ...r, maxMana: 12, mana: 7 })));
    expect(past[0]).toBe('mana-crystals: player A has 12 Mana Crystals after gain_full: the limit is 10');
  });
  it('a payment leaves the mana less what it spent', () => {
    const t = traceOf(FELGUARD);
    expect(messages('resources', doctor(t, 'mana', (r) => ({ ...r, left: r.left + 1 })))).toContain('mana: player A had 10 mana and spent 3, but 8 is left');
  });
  it('a destroyed crystal takes an empty one first', () => {
    const t = traceOf(FELGUARD);
    expect(messages('resources', doctor(t, 'crystals', (r) => ({ ...r, mana: r.mana - 1 })))).toEqual([
      'mana-crystals: player A had 7 mana before crystals were destroyed: 7 expected (empty crystals go first) (6 mana, 9 crystals, 0 locked, 0 owed after it)',
    ]);
  });
  it('an unlock clears what Overload owes; Overload owed changes nothing this turn', () => {
    const t = traceOf(LAVA_SHOCK);
    expect(messages('resources', doctor(t, 'crystals', (r) => ({ ...r, overloadNext: 1 }), (r) => r.why === 'unlock'))).toEqual([
      'overload: player A\'s Overload was unlocked and crystals are still locked or owed (7 mana, 10 crystals, 0 locked, 1 owed after it)',
    ]);
    expect(messages('resources', doctor(t, 'crystals', (r) => ({ ...r, mana: r.mana - 1 }), (r) => r.why === 'overload'))[0]).toMatch(/^overload: player A's Overload changed this turn's mana or crystals/);
  });
  it('fatigue grows by 1 with each draw from an empty deck', () => {
    const t = traceOf(FATIGUE);
    const amounts = t.filter((r): r is Ev<'fatigue'> => r.t === 'event' && r.e === 'fatigue').map((r) => r.amount);
    expect(amounts).toEqual([1, 1, 2]);
    // B's second fatigue stated as 1 again (a counter reset by a draw, or never grown)
    expect(messages('resources', doctor(t, 'fatigue', (r) => ({ ...r, amount: 1 }), (r) => r.amount === 2))).toEqual([
      'fatigue: player B took 1 fatigue damage after 1: fatigue grows by 1 with each draw from an empty deck (2)',
    ]);
  });
  it('a trace with no resource records is not judged', () => {
    const t = traceOf(NOURISH).filter((r) => !(r.t === 'event' && ['player_status', 'mana', 'crystals', 'fatigue'].includes(r.e)));
    expect(messages('resources', t)).toEqual([]);
  });
});

describe('refusals: a limit acts only when it is reached (rules hand-limit, board-limit)', () => {
  it('holds on the reference engine\'s traces of burns and of a minion taken onto a board of six', () => {
    for (const id of ['king-mukla-into-a-hand-of-nine-keeps-one-banana', 'overdraw-burns-the-eleventh-card', 'arcane-intellect-into-a-full-hand-burns-the-second-card', 'mind-control-onto-a-board-of-six-keeps-the-minion']) {
      expect(messages('refusals', traceOf(id)), id).toEqual([]);
    }
  });
  it('a card burnt for the hand limit from a hand of 9 is flagged; a milled card is not judged by it', () => {
    const t = traceOf('king-mukla-into-a-hand-of-nine-keeps-one-banana');
    const at = t.findIndex((r) => r.t === 'event' && r.e === 'burn');
    const burn = t[at] as Ev<'burn'>;
    // One card of B's hand leaves it before the burn: the hand holds 9.
    const inHand = t.find((r): r is Extract<TraceRecord, { t: 'entity' }> => r.t === 'entity' && r.zone === 'hand' && r.controller === burn.player)!;
    const nine = insertAfter(t, at - 1, { t: 'event', e: 'zone', entity: inHand.id, from: 'hand', to: 'graveyard' } as TraceRecord);
    expect(messages('refusals', nine)).toEqual([`hand-limit: spell #${burn.entity} Bananas was burnt with 9 card(s) in player B's hand: a card burns only when the hand holds 10`]);
    expect(messages('refusals', doctor(nine, 'burn', (r) => ({ ...r, rule: 'mill' })))).toEqual([]);
  });
  it('a minion taken onto a board of six and destroyed for lack of room is flagged', () => {
    const t = traceOf('mind-control-onto-a-board-of-six-keeps-the-minion');
    const at = t.findIndex((r) => r.t === 'event' && r.e === 'control');
    const taken = (t[at] as Ev<'control'>).entity;
    const v = messages('refusals', insertAfter(t, at, { t: 'event', e: 'destroy_mark', target: taken, rule: 'board-limit' } as TraceRecord));
    expect(v).toEqual([`board-limit: minion #${taken} Chillwind Yeti (yeti) was destroyed for lack of room with 6 other minion(s) on player A's board: the limit is 7`]);
  });
});
