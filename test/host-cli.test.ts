/**
 * The Host profile from the command line: the Host reference adapter passes `arbiter run --profile host`, mutant Host
 * adapters fail naming the rule they break, and a Host run writes the shared report and reads a baseline. (Generated
 * Host games, Host scenarios on run-scenario, the Host fuzzer and bad Host input: test/host-cli-scenarios.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../engine/validation.js';
import { arbiter } from './run-cli.js';
import { runCli } from './support/capture.js';
import { tempDirs } from './support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const tmp = () => tempDir('arbiter-host-');
/**
 * The reference run goes through the `arbiter` command; the mutant and baseline runs run it in process
 * (test/support/capture.ts: the adapter is still a child process); `report issue` goes through the command.
 */
const cli = (...args: string[]) => runCli(args);
const adapter = (m: string) => `"${process.execPath}" "${join(ROOT, 'bin', 'arbiter.mjs')}" adapter --profile host --mutant ${m}`;

describe.concurrent('the Host profile on the command line', () => {
  it('run --profile host: the Host reference adapter passes every Host case', async () => {
    const out = join(tmp(), 'r');
    const r = await arbiter('run', '--profile', 'host', '--out', out);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/host: (\d+) cases: \1 pass, 0 fail, 0 unsupported, 0 error/);
    // results name the project's own cases by their path in the project, never by this machine's
    const origins = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).origin as string);
    expect(origins.length).toBeGreaterThan(0);
    expect(origins.filter((o) => !o.startsWith('golden/'))).toEqual([]);
  }, 60_000);

  // Losing the game is a game action too (35.3.4): with game actions waiting, a loss met mid-effect names rule 1.1.
  for (const [m, rule, also] of [['host-fifo-stack', 'host/32.4', []], ['host-game-actions-wait', 'host/35.2', ['host/1.1']], ['host-no-loop-check', 'host/42.1.2', []]] as const) {
    it(`run --profile host: the mutant Host adapter ${m} fails naming rule ${rule}`, async () => {
      const out = join(tmp(), 'r');
      const r = await cli('run', '--profile', 'host', '--sim', adapter(m), '--out', out);
      expect(r.code, r.err).toBe(1);
      const fails = r.out.split('\n').filter((l) => l.startsWith('FAIL'));
      expect(fails.length).toBeGreaterThan(0);
      expect(fails.some((l) => l.includes(`[rule ${rule}]`)), fails.join('\n')).toBe(true);
      expect(fails.every((l) => [rule, ...also].some((x) => l.includes(`[rule ${x}]`))), fails.join('\n')).toBe(true);
      expect(readFileSync(join(out, 'summary.md'), 'utf8')).toContain(`rule ${rule}`);
    }, 60_000);
  }

  it('run --profile host writes the shared report (junit, HTML) and reads a baseline: only a new failure fails the run', async () => {
    const dir = tmp();
    const sim = adapter('host-control-kept');
    const base = join(dir, 'baseline.json');
    // The run without a baseline and the one that writes it are independent: side by side.
    const [first, written] = await Promise.all([
      cli('run', '--profile', 'host', '--sim', sim, '--out', join(dir, 'r1')),
      cli('run', '--profile', 'host', '--sim', sim, '--out', join(dir, 'r2'), '--expectations', base, '--update-expectations'),
    ]);
    expect(first.code, first.err).toBe(1);
    expect(first.out).toMatch(/[1-9]\d* NEW FAIL/);
    const junit = readFileSync(join(dir, 'r1', 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testcase classname="rule\.host\/37\.1" name="host-control-change-37"[^>]*>\s*<failure type="rule"/);
    expect(readFileSync(join(dir, 'r1', 'report.html'), 'utf8')).toContain('host-control-change-37');
    expect(written.code, written.err).toBe(0);
    expect(JSON.parse(readFileSync(base, 'utf8')).known['host-control-change-37']).toMatchObject({ status: 'FAIL', cause: 'rule' });
    const [known, other] = await Promise.all([
      cli('run', '--profile', 'host', '--sim', sim, '--out', join(dir, 'r3'), '--expectations', base),
      cli('run', '--profile', 'host', '--sim', adapter('host-token-persists'), '--out', join(dir, 'r4'), '--expectations', base),
    ]);
    expect(known.code, known.out).toBe(0);
    expect(known.out).toMatch(/0 NEW FAIL, 0 NEW PASS, [1-9]\d* known fail/);
    // another rule bug is a new failure against that baseline; the known case now passes (NEW PASS)
    expect(other.code).toBe(1);
    expect(other.out).toMatch(/[1-9]\d* NEW FAIL, [1-9]\d* NEW PASS/);
    const issue = await arbiter('report', 'issue', 'host-control-change-37', '--report', join(dir, 'r1'));
    expect(issue.out).toMatch(/# Rule host\/37\.1 broken/);
    expect(issue.out).toMatch(/entities\.s\.controller: expected "B", got "A"/);
  }, 120_000);
});
