/**
 * Run-wide consistency (differential/consistency.ts): when several rule breaks give a FAIL's final state, the run names
 * the one the simulator's passed cases do not contradict. A final-state simulator that removes deaths one at a time
 * (Rule 4a) and one that kills at 0 Health mid-Phase (Rule 3) give the same final state on
 * abomination-malganis-hellfire-immune-ends; over the golden cases, each is named by its own rule. A simulator with
 * two rule breaks is given the pair where no single break explains a FAIL (diagnoseCombined).
 */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../engine/cards/pool.js';
import { MUTANTS, type MutantName } from '../engine/mutants.js';
import { runScenario } from '../engine/scenario/run.js';
import { goldenCases } from './cases.js';
import { comparableFromGame } from './compare.js';
import type { Hello } from './protocol.js';
import { judgeCase, type CaseResult } from './verdict.js';
import { diagnoseCombined, settleCandidates } from './consistency.js';

const cards = loadCardPool();
const cases = goldenCases(cards);
const hello: Hello = { type: 'hello', protocol: 'arbiter-adapter/1', name: 'fake', version: '0', profile: 'hearthstone', fidelity: 'final_state', cards: '*' };
const ID = 'abomination-malganis-hellfire-immune-ends';

function runAs(mutant: MutantName | MutantName[]): CaseResult[] {
  const out: CaseResult[] = [];
  for (const c of cases) {
    let final;
    try { final = comparableFromGame(runScenario(c.scenario, c.origin, { cards, mutants: Array.isArray(mutant) ? mutant : [mutant] }).g); } catch { continue; }
    out.push(judgeCase(c, hello, { kind: 'answer', msg: { type: 'result', case: c.id, final }, stderr: '' }, cards).result);
  }
  settleCandidates(out, cases, cards);
  return out;
}

describe('run-wide consistency of a diagnosis', () => {
  it('the case alone cannot tell the two rule breaks apart: both are listed as candidates', () => {
    const c = cases.find((x) => x.id === ID)!;
    const final = comparableFromGame(runScenario(c.scenario, c.origin, { cards, mutants: ['deaths-one-at-a-time'] }).g);
    const r = judgeCase(c, hello, { kind: 'answer', msg: { type: 'result', case: c.id, final }, stderr: '' }, cards).result;
    expect(r.status).toBe('FAIL');
    expect(new Set(r.attribution?.candidates?.map((x) => x.rule))).toEqual(new Set(['3', '4a']));
  });

  it('a simulator that removes deaths one at a time is named Rule 4a; one that kills at 0 Health mid-Phase Rule 3', () => {
    const oneAtATime = runAs('deaths-one-at-a-time').find((r) => r.case === ID)!;
    expect(oneAtATime.status).toBe('FAIL');
    expect(oneAtATime.attribution?.rule).toBe('4a');
    expect(oneAtATime.attribution?.step).toMatch(/changes the fewest/);
    const atZero = runAs('die-at-zero-health').find((r) => r.case === ID)!;
    expect(atZero.status).toBe('FAIL');
    expect(atZero.attribution?.rule).toBe('3');
  });

  it('a simulator with two rule breaks: a FAIL no single break explains is given the pair, with the break shown alone elsewhere', () => {
    // Deaths newest first (Rule 7) and removed one at a time (Rule 4a) at once: where only the order shows, the
    // newest-first break alone gives the answer; Cult Master's draws need both.
    const results = runAs(['deaths-newest-first', 'deaths-one-at-a-time']);
    const alone = results.filter((r) => r.status === 'FAIL' && r.diagnosis.length === 1 && r.diagnosis[0]!.mutant === 'deaths-newest-first');
    expect(new Set(alone.map((r) => r.group ?? r.case)).size).toBeGreaterThanOrEqual(2);
    const open = results.filter((r) => r.status === 'FAIL' && !r.diagnosis.length).map((r) => r.case);
    diagnoseCombined(results, cases, cards);
    const paired = results.filter((r) => r.diagnosis.some((d) => d.mutant.includes('+')));
    expect(paired.length).toBeGreaterThan(0);
    for (const r of paired) {
      expect(open).toContain(r.case);
      // the pair is named in the order its breaks leave the reference run: the rule named is the first one's
      const [first, then] = r.diagnosis[0]!.mutant.split('+') as [MutantName, MutantName];
      expect([first, then]).toContain('deaths-newest-first'); // the break the run shows alone
      expect(r.attribution).toMatchObject({ rule: MUTANTS[first as keyof typeof MUTANTS].rule, basis: 'mutant' });
    }
    // Cult Master and the Raptor die together: removing the Raptor alone first (Rule 4a) is where the run leaves the
    // reference engine's; the newest-first order (Rule 7) makes it the Raptor, whose death the Cult Master sees.
    const cult = paired.find((r) => r.case === 'cult-master-simultaneous-death')!;
    expect(cult.diagnosis.map((d) => d.mutant)).toEqual(['deaths-one-at-a-time+deaths-newest-first']);
    expect(cult.attribution!.step).toMatch(/two rule breaks at once: deaths-one-at-a-time \(rule 4a\), whose own run differs first, and deaths-newest-first \(rule 7\)/);
  });

  it('past the limit of FAILs tried with pairs, the others say so and keep no diagnosis', () => {
    const results = runAs(['deaths-newest-first', 'deaths-one-at-a-time']);
    const open = results.filter((r) => r.status === 'FAIL' && !r.diagnosis.length).map((r) => r.case).sort();
    expect(open.length).toBeGreaterThan(1);
    diagnoseCombined(results, cases, cards, 1);
    const rest = results.filter((r) => open.slice(1).includes(r.case));
    for (const r of rest) {
      expect(r.diagnosis).toEqual([]);
      expect(r.notes).toContain(`not tried with pairs of rule breaks: ${open.length} FAILs of this run no single mutant explains, the first 1 (in case order) are`);
    }
  });

  it('no pair is tried without a break the run has shown alone in two failing cases (or groups)', () => {
    const results = runAs(['deaths-newest-first', 'deaths-one-at-a-time']);
    // the same run with one FAIL (one group) left of those that show a single break: below ESTABLISHED_AT, no pair
    const single = results.filter((r) => r.status === 'FAIL' && r.diagnosis.length === 1);
    const keep = single[0]!;
    const one = results.filter((r) => !(r.status === 'FAIL' && r.diagnosis.length === 1) || r === keep);
    expect(one.some((r) => r.status === 'FAIL' && !r.diagnosis.length)).toBe(true);
    diagnoseCombined(one, cases, cards);
    expect(one.some((r) => r.diagnosis.some((d) => d.mutant.includes('+')))).toBe(false);

  });
});
