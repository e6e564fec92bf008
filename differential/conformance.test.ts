/**
 * Card conformance cases (differential/conformance.ts): every card of the pool that can be played or killed on its own
 * has its case(s), and each runs on the reference engine with every trace invariant holding. They are the pool's unit
 * tests; the differential runner sends them first to tell a simulator's card difference from a rule failure.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCardPool } from '../engine/cards/pool.js';
import { judgeScenario } from '../engine/scenario/judge.js';
import { traceJudge } from '../properties/invariants/index.js';
import { runScenario } from '../engine/scenario/run.js';
import { conformanceCasesOf, conformanceId, readsHand } from './conformance.js';
import { classifyCardCauses, type CaseResult } from './verdict.js';

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
    expect(conformanceCasesOf(golem, cards).map((k) => k.id)).toEqual([id, `${id}#cost`, `${id}#dies`]);
    // a vanilla minion: only the played case and its cost
    const yeti = conformanceId(cards.get('Chillwind Yeti').id);
    expect(conformanceCasesOf(cards.get('Chillwind Yeti'), cards).map((k) => k.id)).toEqual([yeti, `${yeti}#cost`]);
  });

  it('a text with a condition on the hand gets a case where it holds and one where it does not', () => {
    // Core Rager: "Battlecry: If your hand is empty, gain +3/+3." Played from a hand of one card, the hand is then
    // empty (it holds); one more card held, it does not.
    const rager = cards.get('Core Rager');
    expect(readsHand(rager)).toBe(true);
    const cs = conformanceCasesOf(rager, cards);
    const plain = cs.find((k) => k.id === conformanceId(rager.id))!;
    const holding = cs.find((k) => k.id.startsWith(`${conformanceId(rager.id)}#holding=`))!;
    const stats = (k: typeof plain) => runScenario(k.scenario, k.id, { cards }).final.players[0].board.find((m) => m.card === rager.id);
    expect([stats(plain)?.attack, stats(plain)?.health]).toEqual([(rager.attack ?? 0) + 3, (rager.health ?? 0) + 3]);
    expect([stats(holding)?.attack, stats(holding)?.health]).toEqual([rager.attack, rager.health]);
  });

  it('a Deathrattle that takes a Demon from the hand gets a case holding a Demon, which it puts into play', () => {
    const voidcaller = cards.get('Voidcaller');
    const k = conformanceCasesOf(voidcaller, cards).find((x) => x.id.startsWith(`${conformanceId(voidcaller.id)}#dies#holding=`))!;
    expect(k).toBeDefined();
    const held = k.scenario.setup.A!.hand!.find((h) => typeof h !== 'string' && h.label === 'held') as { card: string };
    expect(cards.get(held.card).race).toBe('demon');
    const run = runScenario(k.scenario, k.id, { cards });
    expect(run.final.players[0].board.map((m) => m.card)).toContain(cards.get(held.card).id);
    expect(run.final.players[0].hand).not.toContain(cards.get(held.card).name);
  });

  it('a Secret gets a case where the opponent sets it off; a card without hand text or triggers gets no context', () => {
    const misdirection = cards.get('Misdirection');
    const k = conformanceCasesOf(misdirection, cards).find((x) => x.id.includes('#answer='))!;
    expect(k.id).toBe(`${conformanceId(misdirection.id)}#answer=attack-hero`);
    const run = runScenario(k.scenario, k.id, { cards });
    expect(run.trace.some((r) => r.t === 'event' && r.e === 'redirect')).toBe(true);
    expect(run.final.players[0].secrets).toEqual([]);
    expect(conformanceCasesOf(cards.get('Chillwind Yeti'), cards).filter((k) => k.id.includes('#') && !k.id.endsWith('#cost'))).toEqual([]);
  });

  it('a card that can be played gets a case with exactly its cost in mana and no turn end, stating the cost from its data', () => {
    // Hunter's Mark costs 0 in the era's data: A has 0 mana, plays it at B's Yeti, and spends 0.
    const mark = cards.get("Hunter's Mark");
    const k = conformanceCasesOf(mark, cards).find((x) => x.id.endsWith('#cost'))!;
    expect(k.scenario.setup.A?.mana).toBe(mark.cost ?? 0);
    expect(k.scenario.actions).toEqual([{ play: 'card', target: 'foe' }]);
    expect(k.scenario.expect).toEqual({ players: { A: { manaSpent: mark.cost ?? 0 } } });
    const run = runScenario(k.scenario, k.id, { cards });
    expect(run.final.players[0].hand).toEqual([]);
    // a card whose text changes its own cost in the set-up (Sea Giant: 1 less per other minion, two Yetis here) gets
    // the cost the set-up makes and states nothing
    const giant = cards.get('Sea Giant');
    const g = conformanceCasesOf(giant, cards).find((x) => x.id.endsWith('#cost'))!;
    expect(g.scenario.setup.A?.mana).toBe((giant.cost ?? 0) - 2);
    expect([g.scenario.expect, g.scenario.generated?.outcome]).toEqual([{}, 'engine']);
    expect(runScenario(g.scenario, g.id, { cards }).final.players[0].board.map((m) => m.card)).toContain(giant.id);
  });

  it('a rule FAIL that uses a card which fails its conformance case is the card\'s, unless a rule break gives its first diverging value', () => {
    const sim = { name: 'fake', version: '0', fidelity: 'final_state' as const };
    const base = { origin: 'test', rules: ['3'], title: 't', simulator: sim, divergences: [], violations: [], diagnosis: [], scenario: { format: 'arbiter-scenario/1', id: 'x', title: 't', rules: ['3'], setup: { A: { board: ['Voidcaller'] }, B: {} }, actions: [], expect: {} } } as unknown as Omit<CaseResult, 'case' | 'status'>;
    const rs: CaseResult[] = [
      { ...base, case: 'conformance-fp1-022', status: 'FAIL', conformance: 'FP1_022', cause: 'card', causeDetail: 'FP1_022' },
      { ...base, case: 'by-mutant', status: 'FAIL', cause: 'rule', attribution: { rule: '4a', at: 'final.players.B.hero.health', step: 's', basis: 'mutant' } },
      { ...base, case: 'by-record', status: 'FAIL', cause: 'rule', attribution: { rule: '3', at: 'final.players.A.hand', step: 's', basis: 'final' } },
    ];
    classifyCardCauses(rs, cards);
    expect([rs[1]!.cause, rs[1]!.causeDetail]).toEqual(['rule', 'also uses FP1_022, whose card conformance case fails']);
    expect([rs[2]!.cause, rs[2]!.causeDetail]).toEqual(['card', 'FP1_022']);
  });

  it('conformance cases of two cards or more that break one rule alike (not by its place) are the rule\'s, not each card\'s', () => {
    const sim = { name: 'fake', version: '0', fidelity: 'final_state' as const };
    const scenario = (card: string) => ({ format: 'arbiter-scenario/1', id: 'x', title: 't', rules: ['overload'], setup: { A: { hand: [card] }, B: {} }, actions: [], expect: {} });
    const conf = (id: string, card: string, rule: string): CaseResult => ({ origin: 'test', rules: ['overload'], title: 't', simulator: sim, divergences: [], violations: [], diagnosis: [], scenario: scenario(card), case: `conformance-${id.toLowerCase()}`, status: 'FAIL', conformance: id, cause: 'card', causeDetail: id, attribution: { rule, at: 'final.players.A.mana', step: 's', basis: 'final' } } as unknown as CaseResult);
    const golden = { ...conf('EX1_238', 'Lightning Bolt', 'overload'), case: 'uses-bolt', cause: 'rule', conformance: undefined, causeDetail: undefined } as unknown as CaseResult;
    const rs = [conf('EX1_238', 'Lightning Bolt', 'overload'), conf('EX1_251', 'Forked Lightning', 'overload'), conf('FP1_022', 'Voidcaller', 'sequence'), conf('EX1_097', 'Abomination', '7'), golden];
    classifyCardCauses(rs, cards);
    expect(rs.map((r) => r.cause)).toEqual(['rule', 'rule', 'card', 'card', 'rule']);
    expect(rs[0]!.causeDetail).toBe('the card conformance cases of 2 cards (EX1_238, EX1_251) break rule overload alike: the simulator\'s rule, not one card\'s text');
    // one card whose first divergence is a rule no card text governs (fatigue): the rule's
    const fatigue = [conf('CS2_023', 'Arcane Intellect', 'fatigue')];
    classifyCardCauses(fatigue, cards);
    expect([fatigue[0]!.cause, fatigue[0]!.causeDetail]).toEqual(['rule', 'its first divergence is rule fatigue, which no card text governs: the simulator\'s rule, not CS2_023\'s text']);
    // a rule named by its place (the card's text in its Phase, a Deathrattle) shared by two cards stays with each card
    const place = [conf('FP1_022', 'Voidcaller', 'sequence'), conf('EX1_097', 'Abomination', 'sequence')];
    classifyCardCauses(place, cards);
    expect(place.map((r) => r.cause)).toEqual(['card', 'card']);
  });
});

describe('card conformance cases meet the card\'s play requirements', () => {
  it('enough enemy minions, a weapon and enough minions in play: the case\'s Play is taken, not refused', () => {
    // Forked Lightning (two enemy minions), Blade Flurry (a weapon), Brawl (two minions) from the pool; a user card that
    // needs three minions in play and three free slots gets a second minion of A's.
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-req-'));
    try {
      writeFileSync(join(dir, 'c.json'), JSON.stringify({ format: 'arbiter-card/1', id: 'REQ_3', name: 'Needs Three', type: 'spell', cost: 1, text: 'Deal 1 damage to all minions.', source: 'synthetic', requires: { minions: 3, freeSlots: 3 }, spell: { actions: [{ do: 'damage', to: { select: 'minions', player: 'both' }, amount: 1 }] } }));
      const pool = loadCardPool([dir]);
      const shape = (id: string) => { const s = conformanceCasesOf(pool.get(id), pool)[0]!.scenario; return [s.setup.A!.board!.length, s.setup.B!.board!.length, !!s.setup.A!.weapon]; };
      expect(shape('EX1_251')).toEqual([1, 2, false]);
      expect(shape('CS2_233')).toEqual([1, 1, true]);
      expect(shape('EX1_407')).toEqual([1, 1, false]);
      expect(shape('REQ_3')).toEqual([2, 1, false]);
      for (const id of ['EX1_251', 'CS2_233', 'EX1_407', 'REQ_3']) {
        const c = conformanceCasesOf(pool.get(id), pool)[0]!;
        const r = runScenario(c.scenario, c.origin ?? 'test', { cards: pool });
        expect(r.trace.some((x) => x.t === 'event' && x.e === 'refused'), id).toBe(false);
        expect(r.trace.some((x) => x.t === 'open' && x.block === 'sequence' && x.kind === 'CAST_SPELL'), id).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a given case under a card conformance case\'s id', () => {
  it('stands for it when it is that same case (a saved copy), and is bad input when it is another scenario', async () => {
    const { planCases, goldenCases } = await import('./cases.js');
    const golden = goldenCases(cards).filter((c) => c.id === 'cult-master-simultaneous-death');
    const hello = { fidelity: 'phases' as const };
    const conf = planCases(golden, cards, hello).find((c) => c.conformance !== undefined)!;
    const copy = { id: conf.id, scenario: structuredClone(conf.scenario), origin: 'saved.json', group: conf.id };
    const withCopy = planCases([...golden, copy], cards, hello);
    expect(withCopy.filter((c) => c.id === conf.id).map((c) => c.origin)).toEqual(['saved.json']);
    const other = { ...copy, origin: 'mine.json', scenario: golden[0]!.scenario };
    expect(() => planCases([...golden, other], cards, hello)).toThrow(new RegExp(`mine\\.json: \\$\\.id: case id "${conf.id}" is the id of the card conformance case of ${conf.conformance} the run makes`));
  });
});
