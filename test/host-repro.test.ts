/**
 * `arbiter repro` on a failing result of `arbiter run --profile host`: the Host scenario is shrunk against the outside
 * adapter (a mutant Host adapter) to a smaller scenario that still fails there naming the same rule, passes on the Host
 * kernel's own adapter, comes out the same bytes every time, and `arbiter report issue` shows it. A simulator that
 * crashes or hangs on some candidates does not stop the command: those candidates do not count. The commands run in
 * process; `arbiter repro` through the `arbiter` command is in test/repro-cli.test.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from './support/temp.js';
import { ROOT } from '../engine/validation.js';
import { hostSize } from '../properties/host-shrink.js';
import type { HostScenario } from '../engine/host/format.js';
import { runCli } from './support/capture.js';

/** The commands run in process (test/support/capture.ts); the simulators are child processes through their adapters. */
const arbiter = (...args: string[]) => runCli(args);
const tempDir = tempDirs();
const tmp = () => tempDir('arbiter-host-repro-');
const words = (m?: string) => [process.execPath, join(ROOT, 'bin', 'arbiter.mjs'), 'adapter', '--profile', 'host', ...(m ? ['--mutant', m] : [])];
const quoted = (w: string[]) => w.map((x) => `"${x}"`).join(' ');
const CASE = 'host-slot-taken-in-response';
const caseFile = join('golden', 'cases', `${CASE}.json`);
const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as HostScenario;
const total = (s: HostScenario) => { const n = hostSize(s); return n.actions + n.cards; };

describe.concurrent('arbiter repro on a Host result against an outside adapter', () => {
  it('shrinks to a smaller scenario that still fails on the mutant adapter with the same rule and passes on the reference adapter', async () => {
    const dir = tmp();
    const sim = quoted(words('host-fifo-stack'));
    const run = await arbiter('run', '--profile', 'host', '--cases', caseFile, '--sim', sim, '--out', join(dir, 'r'));
    expect(run.code, run.err).toBe(1);
    expect(run.out).toMatch(new RegExp(`FAIL +${CASE} +\\[rule host/32\\.4\\]`));
    const rep = await arbiter('repro', CASE, '--report', join(dir, 'r'), '--sim', sim, '--out', join(dir, 'a'));
    expect(rep.code, rep.err).toBe(0);
    expect(rep.out).toMatch(/divergence: FAIL rule host\/32\.4 at invariant host-lifo-stack/);
    const file = join(dir, 'a', `${CASE}-repro.json`);
    expect(rep.out).toContain(`wrote ${file}`);
    expect(rep.out).toContain(`wrote ${join(dir, 'a', `${CASE}-repro.repro.test.ts`)}`);
    const shrunk = read(file);
    expect(total(shrunk)).toBeLessThan(total(read(join(ROOT, caseFile))));
    expect(shrunk.rules[0]).toBe('host/32.4');
    // The checks of the written scenario and the second repro are independent of one another: side by side.
    const [again, ok, stated, rep2] = await Promise.all([
      arbiter('run', '--profile', 'host', '--cases', file, '--sim', sim, '--out', join(dir, 'r2')),
      arbiter('run', '--profile', 'host', '--cases', file, '--out', join(dir, 'r3')),
      arbiter('run-scenario', file),
      arbiter('repro', CASE, '--report', join(dir, 'r'), '--sim', sim, '--out', join(dir, 'b')),
    ]);
    // the written scenario still fails on the mutant adapter, naming the same rule, and passes on the reference one
    expect(again.code).toBe(1);
    expect(again.out).toMatch(new RegExp(`FAIL +${CASE}-repro +\\[rule host/32\\.4\\]`));
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toMatch(new RegExp(`PASS +${CASE}-repro`));
    // its stated outcome holds on the Host kernel
    expect(stated.code).toBe(0);
    // determinism: the same inputs write the same files, byte for byte
    expect(rep2.code, rep2.err).toBe(0);
    for (const f of [`${CASE}-repro.json`, `${CASE}-repro.repro.test.ts`]) expect(readFileSync(join(dir, 'b', f), 'utf8')).toBe(readFileSync(join(dir, 'a', f), 'utf8'));
    // the ready test names the Host runner and the adapter command
    const test = readFileSync(join(dir, 'a', `${CASE}-repro.repro.test.ts`), 'utf8');
    expect(test).toContain('HostOneCaseRunner');
    expect(test).toContain('--mutant');
    // the issue report shows the shrunk scenario
    const issue = await arbiter('report', 'issue', CASE, '--report', join(dir, 'r'), '--repro', join(dir, 'a'));
    expect(issue.code, issue.err).toBe(0);
    expect(issue.out).toContain('Shrunk by `arbiter repro`');
    expect(issue.out).toContain(`"id": "${CASE}-repro"`);
  }, 180_000);

  it('a simulator that crashes or hangs on some candidates does not stop the command; those candidates do not count', async () => {
    const dir = tmp();
    // A Host adapter in front of the mutant one: it crashes on a scenario with fewer than 4 decisions and hangs on one
    // with exactly 5; otherwise it passes the lines through.
    const proxy = join(dir, 'flaky-adapter.mjs');
    writeFileSync(proxy, `import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
const child = spawn(${JSON.stringify(words('host-fifo-stack')[0])}, ${JSON.stringify(words('host-fifo-stack').slice(1))}, { stdio: ['pipe', 'pipe', 'inherit'] });
createInterface({ input: child.stdout }).on('line', (l) => process.stdout.write(l + '\\n'));
createInterface({ input: process.stdin }).on('line', (l) => {
  const m = JSON.parse(l);
  if (m.type === 'run' && m.scenario.actions.length < 4) process.exit(3);
  if (m.type === 'run' && m.scenario.actions.length === 5) return;
  child.stdin.write(l + '\\n');
}).on('close', () => child.stdin.end());
`);
    const sim = quoted([process.execPath, proxy]);
    const run = await arbiter('run', '--profile', 'host', '--cases', caseFile, '--sim', sim, '--out', join(dir, 'r'));
    expect(run.code, run.err).toBe(1);
    const rep = await arbiter('repro', CASE, '--report', join(dir, 'r'), '--sim', sim, '--out', join(dir, 'a'), '--timeout', '1500');
    expect(rep.code, rep.err).toBe(0);
    expect(rep.out).toMatch(/divergence: FAIL rule host\/32\.4 at invariant host-lifo-stack/);
    const shrunk = read(join(dir, 'a', `${CASE}-repro.json`));
    expect(shrunk.actions.length).toBeGreaterThanOrEqual(4);
    expect(shrunk.actions.length).not.toBe(5);
    expect(total(shrunk)).toBeLessThan(total(read(join(ROOT, caseFile))));
  }, 180_000);

  it('a Host result that passes is bad input (exit 2), not a crash', async () => {
    const dir = tmp();
    expect((await arbiter('run', '--profile', 'host', '--cases', caseFile, '--out', join(dir, 'r'))).code).toBe(0);
    const rep = await arbiter('repro', CASE, '--report', join(dir, 'r'), '--out', join(dir, 'a'));
    expect(rep.code).toBe(2);
    expect(rep.err).toMatch(/this case passed: nothing to shrink/);
    expect(rep.err).not.toMatch(/at .*\.js:\d+/);
  }, 60_000);
});
