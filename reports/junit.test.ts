/** junit.xml as importers read it: classname per rule, failure type and a message saying what differed. */
import { describe, expect, it } from 'vitest';
import { junit } from './write.js';
import type { CaseResult } from '../differential/runner.js';

const base = { origin: 'x', title: 't', simulator: { name: 's', version: '1', fidelity: 'final_state' as const }, divergences: [], violations: [], diagnosis: [] };
const results: CaseResult[] = [
  { ...base, case: 'a', status: 'FAIL', rules: ['4a', '7'], divergences: [{ path: 'players[0].board[1].health', expected: 2, actual: 1 }] as never },
  { ...base, case: 'b', status: 'TIMEOUT', rules: ['3'], detail: 'no answer within 10 ms' },
  { ...base, case: 'c', status: 'PASS', rules: ['9'] },
];

describe('junit.xml', () => {
  it('names the rule, the cause and what differed', () => {
    const x = junit(results, { a: 'NEW FAIL', b: 'ERROR', c: 'PASS' }, 'sim 1');
    expect(x).toContain('<testcase classname="rule.4a" name="a">');
    expect(x).toContain('<failure type="FAIL" message="players[0].board[1].health: expected 2, got 1">');
    expect(x).toContain('<error type="TIMEOUT" message="no answer within 10 ms">');
    expect(x).toContain('<testcase classname="rule.9" name="c">');
    expect(x).toMatch(/<testsuites name="arbiter" tests="3" failures="1" errors="1" skipped="0">/);
  });
});
