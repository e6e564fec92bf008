/**
 * The baseline's fingerprint of a known failure (`shows`): the simulator's same answer stays known whatever Arbiter
 * now calls its cause; another answer on a known case is new, and the reports say why.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseResult } from '../differential/runner.js';
import { fingerprint, loadExpectations, verdict, writeExpectations, type Expectations } from './expectations.js';
import { writeReports } from './write.js';
import { failureMessage } from './summary.js';
import { tempDirs } from '../test/support/temp.js';

const tempDir = tempDirs();

const fail = (actual: number, cause: CaseResult['cause'] = 'rule'): CaseResult => ({
  case: 'c', origin: 'test', status: 'FAIL', rules: ['4a'], title: 'c', simulator: { name: 'sim', version: '1', fidelity: 'final_state' },
  divergences: [{ path: 'final.players.A.hero.health', expected: 28, actual }], violations: [], diagnosis: [], cause,
});
const baseline = (known: Expectations['known']): Expectations => ({ format: 'arbiter-expectations/1', simulator: 'sim', known });

describe('a baseline with fingerprints', () => {
  it('the same answer is known even when its cause is labelled otherwise now; another answer is new', () => {
    const shows = fingerprint(fail(30))!;
    expect(shows).toMatch(/^[0-9a-f]{16}$/);
    const exp = baseline({ c: { status: 'FAIL', cause: 'rule', reason: 'r', shows } });
    expect(verdict(fail(30), exp)).toBe('KNOWN FAIL');
    expect(verdict(fail(30, 'card'), exp)).toBe('KNOWN FAIL');
    expect(verdict(fail(25), exp)).toBe('NEW FAIL');
  });

  it('without a fingerprint (an older baseline), status and cause decide as before', () => {
    const exp = baseline({ c: { status: 'FAIL', cause: 'rule', reason: 'r' } });
    expect(verdict(fail(25), exp)).toBe('KNOWN FAIL');
    expect(verdict(fail(30, 'card'), exp)).toBe('NEW FAIL');
  });

  it('--update-expectations writes it; a baseline whose fingerprint is not a string is bad input naming the path', () => {
    const dir = tempDir('arbiter-baseline-');
    const file = join(dir, 'b.json');
    writeExpectations(file, [fail(30)], 'sim', null);
    expect(loadExpectations(file)!.known.c!.shows).toBe(fingerprint(fail(30)));
    const bad = JSON.parse(readFileSync(file, 'utf8'));
    bad.known.c.shows = 7;
    writeFileSync(file, JSON.stringify(bad));
    expect(() => loadExpectations(file)).toThrow(/b\.json: \$\.known\["c"\]\.shows: expected the fingerprint string/);
  });

  it('the reports say why a case the baseline knows fails the run', () => {
    const dir = tempDir('arbiter-baseline-');
    const file = join(dir, 'b.json');
    writeExpectations(file, [fail(30)], 'sim', null);
    const r = fail(25);
    const s = writeReports(join(dir, 'out'), [r], { simulator: { name: 'sim', version: '1', fidelity: 'final_state' }, expectationsFile: file, command: 'test' });
    expect(s.verdicts.c).toBe('NEW FAIL');
    expect(failureMessage(r)).toMatch(/the baseline lists this case as a known failure, but the simulator now fails it otherwise\)$/);
    expect(readFileSync(join(dir, 'out', 'summary.md'), 'utf8')).toContain('the simulator now fails it otherwise');
  });

  it('rewritten from a run of part of the cases (a shard, --cases), it keeps what it knew of the cases not run', () => {
    const dir = tempDir('arbiter-baseline-');
    const file = join(dir, 'b.json');
    const other = { ...fail(30), case: 'd' };
    writeExpectations(file, [fail(30), other, { ...fail(30), case: 'e', status: 'UNSUPPORTED', divergences: [] }], 'sim', null);
    const before = loadExpectations(file)!;
    expect(Object.keys(before.known)).toEqual(['c', 'd']);
    // a run of c alone, which passes now: c leaves the known failures, d stays as it was
    writeExpectations(file, [{ ...fail(30), status: 'PASS', divergences: [] }], 'sim', before);
    const after = loadExpectations(file)!;
    expect(after.known).toEqual({ d: before.known.d });
    expect(after.supported).toEqual(['c', 'd']);
  });

  it('a baseline of another simulator is told in the summary; a baseline whose known failures are an array is bad input at $.known', () => {
    const dir = tempDir('arbiter-baseline-');
    const file = join(dir, 'b.json');
    writeExpectations(file, [fail(30)], 'other-sim', null);
    const s = writeReports(join(dir, 'out'), [fail(30)], { simulator: { name: 'sim', version: '1', fidelity: 'final_state' }, expectationsFile: file, command: 'test' });
    expect(s.baselineOf).toBe('other-sim');
    expect(readFileSync(join(dir, 'out', 'summary.md'), 'utf8')).toContain('the baseline was written for simulator "other-sim", and this run\'s simulator is "sim"');
    expect(writeReports(join(dir, 'out2'), [fail(30)], { simulator: { name: 'other-sim', version: '1', fidelity: 'final_state' }, expectationsFile: file, command: 'test' }).baselineOf).toBeUndefined();
    writeFileSync(file, JSON.stringify({ format: 'arbiter-expectations/1', simulator: 'sim', known: [1, 2] }));
    expect(() => loadExpectations(file)).toThrow(/b\.json: \$\.known: expected an object of known failures by case id/);
  });
});
