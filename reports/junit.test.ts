/** junit.xml as importers read it: classname per rule, failure type and a message saying what differed. */
import { describe, expect, it } from 'vitest';
import { junit } from './write.js';
import type { CaseResult } from '../differential/runner.js';

const base = { origin: 'x', title: 't', simulator: { name: 's', version: '1', fidelity: 'final_state' as const }, divergences: [], violations: [], diagnosis: [] };
const results: CaseResult[] = [
  { ...base, case: 'a', status: 'FAIL', rules: ['4a', '7'], divergences: [{ path: 'players[0].board[1].health', expected: 2, actual: 1 }] as never },
  { ...base, case: 'd', status: 'FAIL', rules: ['4a', '7'], cause: 'rule', attribution: { rule: '7', at: 'events[2]', step: 's', basis: 'events' }, divergences: [{ path: 'events[2]', expected: 'x', actual: 'y' }] as never },
  { ...base, case: 'b', status: 'TIMEOUT', rules: ['3'], detail: 'no answer within 10 ms' },
  { ...base, case: 'c', status: 'PASS', rules: ['9'] },
];

describe('junit.xml', () => {
  it('names the rule, the cause and what differed', () => {
    const x = junit(results, { a: 'NEW FAIL', b: 'ERROR', c: 'PASS', d: 'NEW FAIL' }, 'sim 1');
    expect(x).toContain('<testcase classname="rule.4a" name="a" time="0.000">');
    expect(x).toContain('<failure type="FAIL" message="players[0].board[1].health: expected 2, got 1">');
    expect(x).toContain('<error type="TIMEOUT" message="no answer within 10 ms">');
    expect(x).toContain('<testcase classname="rule.9" name="c" time="0.000">');
    // a FAIL with a cause: classname by the rule of its first divergence, type its cause
    expect(x).toContain('<testcase classname="rule.7" name="d" time="0.000">');
    expect(x).toContain('<failure type="rule" message="[rule 7] events[2]: expected &quot;x&quot;, got &quot;y&quot;">');
    expect(x).toMatch(/<testsuites name="arbiter" tests="4" failures="2" errors="1" time="0.000">/);
  });
});

describe('summary-short.md', () => {
  it('stays under 60 KB with thousands of new failures, and says how many it left out', async () => {
    const { shortMarkdown, summarize } = await import('./write.js');
    const many: CaseResult[] = Array.from({ length: 5000 }, (_, i) => ({ ...base, case: `generated-1-${String(i).padStart(4, '0')}`, status: 'FAIL' as const, rules: ['sequence'], cause: 'rule' as const, divergences: [{ path: 'final.result', expected: 'ongoing', actual: 'A_wins' }] as never }));
    const verdicts = Object.fromEntries(many.map((r) => [r.case, 'NEW FAIL' as const]));
    const text = shortMarkdown(many, summarize(many, verdicts, 'sim 1'), { simulator: { name: 'sim', version: '1', fidelity: 'final_state' }, command: 'x' });
    expect(text.length).toBeLessThan(60_000);
    expect(text).toMatch(/- … and \d+ more \(summary\.md\)/);
    expect(text).toContain('**NEW FAIL (5000)**');
  });
});

describe('summary.md: first divergences many FAILs share', () => {
  it('groups FAILs by their first differing value (path, expected, actual), most cases first, from three cases on', async () => {
    const { markdown, summarize } = await import('./write.js');
    const { commonDivergences } = await import('./summary.js');
    const fail = (id: string, path: string, expected: unknown, actual: unknown): CaseResult => ({ ...base, case: id, status: 'FAIL', rules: ['mana-crystals'], cause: 'rule', divergences: [{ path, expected, actual }, { path: 'final.players.B.hero.health', expected: 30, actual: 29 }] as never });
    const rs = [
      ...['a', 'b', 'c', 'd'].map((id) => fail(id, 'final.players.A.maxMana', 10, 11)),
      ...['e', 'f', 'g'].map((id) => fail(id, 'final.players.B.board', ['CS2_182 4/5'], [])),
      fail('h', 'final.players.A.maxMana', 10, 12),
      fail('i', 'final.result', 'ongoing', 'A_wins'),
      { ...base, case: 'j', status: 'PASS' as const, rules: ['9'] },
    ] as CaseResult[];
    expect(commonDivergences(rs).map((g) => [g.cases.length, g.path, g.expected, g.actual])).toEqual([
      [4, 'final.players.A.maxMana', '10', '11'],
      [3, 'final.players.B.board', '["CS2_182 4/5"]', '[]'],
    ]);
    const verdicts = Object.fromEntries(rs.map((r) => [r.case, r.status === 'PASS' ? 'PASS' as const : 'NEW FAIL' as const]));
    const text = markdown(rs, summarize(rs, verdicts, 'sim 1'), { simulator: { name: 'sim', version: '1', fidelity: 'final_state' }, command: 'x' });
    expect(text).toContain('## First divergences many FAILs share');
    expect(text).toContain('| 4 | final.players.A.maxMana | 10 | 11 | a, b, c, … |');
    // fewer than three alike: no section
    expect(markdown(rs.slice(7), summarize(rs.slice(7), verdicts, 'sim 1'), { simulator: { name: 'sim', version: '1', fidelity: 'final_state' }, command: 'x' })).not.toContain('First divergences');
  });
});
