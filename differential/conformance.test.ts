/**
 * Card conformance cases (differential/conformance.ts): every card of the pool that can be played or killed on its own
 * has its case(s), and each runs on the reference engine with every trace invariant holding. They are the pool's unit
 * tests; the differential runner sends them first to tell a simulator's card difference from a rule failure.
 */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../engine/cards/pool.js';
import { judgeScenario } from '../engine/scenario/judge.js';
import { traceJudge } from '../properties/invariants/index.js';
import { conformanceCasesOf, conformanceId } from './conformance.js';

const cards = loadCardPool();

describe('card conformance cases', () => {
  it('every minion, spell, weapon and secret of the pool has one, and each holds on the reference engine', () => {
    const playable = cards.all().filter((c) => ['minion', 'spell', 'weapon', 'secret'].includes(c.type));
    const missing: string[] = [];
    const broken: string[] = [];
    let n = 0;
    for (const c of playable) {
      const cs = conformanceCasesOf(c, cards);
      if (!cs.length) { missing.push(`${c.id} ${c.name}`); continue; }
      for (const k of cs) {
        n++;
        const j = judgeScenario(k.scenario, k.id, cards, { invariants: traceJudge });
        if (j.failures.length) broken.push(`${k.id}: ${j.failures[0]}`);
      }
    }
    expect(broken).toEqual([]);
    // a card that cannot be played on a quiet board (no legal target there) has no case: few, and named here
    expect(missing.length, missing.join('; ')).toBeLessThanOrEqual(playable.length / 10);
    expect(n).toBeGreaterThan(playable.length);
  });

  it('a minion with a Deathrattle also gets a case where it dies', () => {
    const golem = cards.get('Harvest Golem');
    const id = conformanceId(golem.id);
    expect(conformanceCasesOf(golem, cards).map((k) => k.id)).toEqual([id, `${id}#dies`]);
    // a vanilla minion: only the played case
    expect(conformanceCasesOf(cards.get('Chillwind Yeti'), cards).map((k) => k.id)).toEqual([conformanceId(cards.get('Chillwind Yeti').id)]);
  });
});
