/**
 * junit.xml validates against the JUnit XSD the importers use (Jenkins' junit-10.xsd, test/fixtures), checked with
 * xmllint (Debian's libxml2-utils; `npm test` installs it when it can). Without xmllint the test says it is skipped.
 */
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeReports } from './write.js';
import { TIMINGS_FILE } from './files.js';
import type { CaseResult } from '../differential/runner.js';
import { tempDirs } from '../test/support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const XSD = join(import.meta.dirname, '..', 'test', 'fixtures', 'junit-10.xsd');
const hasXmllint = spawnSync('xmllint', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasXmllint) console.log('SKIPPED: junit.xml schema validation (xmllint not found; install libxml2-utils)');

/** xmllint's verdict on a file (run without blocking the test worker; no standard input). */
function validate(file: string): Promise<{ ok: boolean; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('xmllint', ['--noout', '--schema', XSD, file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ ok: code === 0, err }));
  });
}

const base = { origin: 'x', title: 't', simulator: { name: 's<&>"', version: '1', fidelity: 'final_state' as const }, divergences: [], violations: [], diagnosis: [] };
const results: CaseResult[] = [
  { ...base, case: 'fail-rule', status: 'FAIL', rules: ['7'], cause: 'rule', attribution: { rule: '7', at: 'events[2]', step: 's', basis: 'events' }, divergences: [{ path: 'events[2]', expected: '<x>', actual: 'y & z' }] as never },
  { ...base, case: 'fail-card', status: 'FAIL', rules: ['4a'], cause: 'card', causeDetail: 'CS2_172', divergences: [{ path: 'final.players[0].board[0].attack', expected: 3, actual: 2 }] as never },
  { ...base, case: 'timeout', status: 'TIMEOUT', rules: ['3'], detail: 'no answer within 10 ms' },
  { ...base, case: 'pass', status: 'PASS', rules: ['9'] },
  { ...base, case: 'unsupported', status: 'UNSUPPORTED', rules: ['9'], detail: 'no secrets' },
  { ...base, case: 'known', status: 'FAIL', rules: ['2a'], cause: 'rule', divergences: [{ path: 'final.result', expected: 'ongoing', actual: 'A_wins' }] as never },
];

describe.skipIf(!hasXmllint)('junit.xml against the JUnit XSD (junit-10.xsd)', () => {
  it('a report with every kind of verdict validates, with time per case and per suite from timings.jsonl', async () => {
    const dir = tempDir('arbiter-junit-');
    writeFileSync(join(dir, TIMINGS_FILE), results.map((r, i) => JSON.stringify({ case: r.case, ms: 1000 * (i + 1) + 250.4 })).join('\n') + '\n{"case":"torn');
    const exp = join(dir, 'expectations.json');
    writeFileSync(exp, JSON.stringify({ format: 'arbiter-expectations/1', simulator: 's', known: { known: { status: 'FAIL', cause: 'rule', reason: 'a known bug' } } }));
    writeReports(dir, results, { simulator: base.simulator, expectationsFile: exp, command: 'x' });
    const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(xml).toContain('<testcase classname="rule.7" name="fail-rule" time="1.250">');
    expect(xml).toContain('name="timeout" time="3.250"');
    // suite time: the sum of the cases' (1000 * 21 + 250.4 * 6 ms)
    expect(xml).toMatch(/<testsuite name="s&lt;&amp;&gt;&quot; 1" tests="6" failures="2" errors="1" skipped="\d" time="22.502">/);
    const v = await validate(join(dir, 'junit.xml'));
    expect(v.err).toMatch(/validates/);
    expect(v.ok).toBe(true);
  });

  it('a simulator message with ESC, NUL, other C0 controls, U+FFFE and lone surrogates still validates; each shows as \\uXXXX', async () => {
    const dir = tempDir('arbiter-junit-controls-');
    const hostile = 'boom \u001b[31mred\u001b[0m \u0000 nul \u0001\u0007\u0008\u000b\u000c\u001f \ufffe\uffff \ud800 high \udc00 low \u0085 tab\there \u{1F600}';
    const sim = { name: 'sim\u001b[1m', version: '1\u0000', fidelity: 'final_state' as const };
    const bad: CaseResult[] = [
      { ...base, simulator: sim, case: 'crash', status: 'CRASH', rules: ['3'], title: hostile, detail: hostile, stderr: hostile },
      { ...base, simulator: sim, case: 'fail', status: 'FAIL', rules: ['7'], cause: 'rule', divergences: [{ path: 'final.result', expected: 'ongoing', actual: hostile }] as never },
      { ...base, simulator: sim, case: 'unsupported', status: 'UNSUPPORTED', rules: ['9'], detail: hostile },
    ];
    writeReports(dir, bad, { simulator: sim, command: 'x' });
    const text = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(text).toContain('message="boom \\u001b[31mred\\u001b[0m \\u0000 nul \\u0001\\u0007\\u0008\\u000b\\u000c\\u001f \\ufffe\\uffff \\ud800 high \\udc00 low \\u0085 tab\there \u{1F600}"');
    expect(text).toContain('<testsuite name="sim\\u001b[1m 1\\u0000"');
    const v = await validate(join(dir, 'junit.xml'));
    expect(v.err).toMatch(/validates/);
    expect(v.ok).toBe(true);
  });

  it('the schema check does reject what importers reject (a testcase without a name, skipped on testsuites)', async () => {
    const dir = tempDir('arbiter-junit-bad-');
    const good = '<testsuites name="a" tests="1"><testsuite name="s" tests="1" failures="0" errors="0" time="0.5"><testcase name="c" time="0.5"/></testsuite></testsuites>';
    for (const [name, text, ok] of [
      ['good.xml', good, true],
      ['noname.xml', good.replace('<testcase name="c"', '<testcase'), false],
      ['skipped.xml', good.replace('<testsuites name="a"', '<testsuites name="a" skipped="0"'), false],
      ['badtime.xml', good.replace('time="0.5">', 'time="half">'), false],
      ['control.xml', good.replace('name="c"', 'name="c\u001b[31m"'), false],
    ] as const) {
      writeFileSync(join(dir, name), text);
      expect((await validate(join(dir, name))).ok, name).toBe(ok);
    }
  });
});
