/**
 * The Host profile from the command line, beyond the runs of the Host golden cases (test/host-cli.test.ts): generated
 * Host games, Host scenarios on run-scenario and trace, the Host fuzzer, and bad Host input (an open choice, an
 * illegal slot, no resources to pay) is exit 2 naming the JSON path. The fuzzer goes through the `arbiter` command;
 * the runs (whose adapters are still child processes) and the scenario commands run in process
 * (test/support/capture.ts; the command line of each is tested end to end in test/cli.test.ts and
 * test/host-cli.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from './support/temp.js';
import { ROOT } from '../engine/validation.js';
import { arbiter } from './run-cli.js';
import { runCli } from './support/capture.js';

const tempDir = tempDirs();
const tmp = () => tempDir('arbiter-host-');
const adapter = (m: string) => `"${process.execPath}" "${join(ROOT, 'bin', 'arbiter.mjs')}" adapter --profile host --mutant ${m}`;
const base = () => JSON.parse(readFileSync(join(ROOT, 'golden', 'cases', 'host-stack-example-32-9.json'), 'utf8'));

describe.concurrent('Host games, scenarios and input on the command line', () => {
  it('run --profile host --runs adds generated Host games: the reference adapter passes them, a mutant adapter fails some naming its rule', async () => {
    const [ok, bad] = await Promise.all([
      runCli(['run', '--profile', 'host', '--runs', '20', '--seed', '3', '--out', join(tmp(), 'g')]),
      runCli(['run', '--profile', 'host', '--runs', '20', '--seed', '3', '--sim', adapter('host-fifo-stack'), '--out', join(tmp(), 'g')]),
    ]);
    expect(ok.code, ok.err).toBe(0);
    expect((ok.out.match(/^PASS +host-generated-3-\d+/gm) ?? []).length).toBe(20);
    expect(bad.code).toBe(1);
    const gen = bad.out.split('\n').filter((l) => /^FAIL +host-generated-/.test(l));
    expect(gen.length).toBeGreaterThan(0);
    expect(gen.every((l) => l.includes('[rule host/32.4]')), gen.join('\n')).toBe(true);
  }, 120_000);

  it('run-scenario and trace take Host scenarios; a Host mutant fails its stated outcome', async () => {
    const f = join(ROOT, 'golden', 'cases', 'host-stack-example-32-9.json');
    expect((await runCli(['run-scenario', f])).code).toBe(0);
    const bad = await runCli(['run-scenario', f, '--mutant', 'host-fifo-stack']);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/invariant host-lifo-stack \(rule host\/32\.4\)/);
    const t = await runCli(['trace', f]);
    expect(t.out).toMatch(/STEP RESOLVE/);
  }, 60_000);

  it('fuzz --profile host finds nothing on the reference kernel and finds a Host mutant', async () => {
    const [ok, found] = await Promise.all([
      arbiter('fuzz', '--profile', 'host', '--runs', '150', '--seed', '5', '--no-write'),
      runCli(['fuzz', '--profile', 'host', '--runs', '2000', '--seed', '5', '--mutant', 'host-trigger-mid-resolution', '--out', join(tmp(), 'f')]),
    ]);
    expect(ok.code, ok.out + ok.err).toBe(0);
    expect(found.code).toBe(1);
    expect(found.out).toMatch(/\[host-no-trigger-mid-resolution, rule host\/34\.4\]/);
  }, 120_000);

  it('bad Host input is exit 2 naming the file and the JSON path', async () => {
    const dir = tmp();
    const write = (name: string, f: (s: ReturnType<typeof base>) => void) => { const s = base(); f(s); const p = join(dir, name); writeFileSync(p, JSON.stringify(s)); return p; };
    const open = await runCli(['run-scenario', write('open.json', (s) => { s.actions = s.actions.slice(0, 3); })]);
    expect(open.code).toBe(2);
    expect(open.err).toMatch(/open\.json: \$\.actions: the script ends while a choice is open: B has priority \(2 item\(s\) on the Stack\)/);
    const slot = await runCli(['run-scenario', write('slot.json', (s) => { s.actions[0].slot = 7; })]);
    expect(slot.code).toBe(2);
    expect(slot.err).toMatch(/slot\.json: \$\.actions\[0\]: illegal: an entity is played into a frontrow slot 0-4/);
    const pay = await runCli(['run-scenario', write('pay.json', (s) => { s.setup.A.resources = { strife: 1 }; })]);
    expect(pay.code).toBe(2);
    expect(pay.err).toMatch(/pay\.json: \$\.actions\[0\]: illegal: pays 2 strife but has 1 \(rule host\/12\.5/);
    const who = await runCli(['run-scenario', write('who.json', (s) => { s.actions[1].by = 'A'; })]);
    expect(who.code).toBe(2);
    expect(who.err).toMatch(/who\.json: \$\.actions\[1\]\.by: expected a decision by B/);
    const label = await runCli(['run-scenario', write('label.json', (s) => { s.actions[0].play = 'nobody'; })]);
    expect(label.err).toMatch(/label\.json: \$\.actions\[0\]\.play: unknown label "nobody"/);
    const schema = await runCli(['run-scenario', write('schema.json', (s) => { s.setup.A.frontrow = [{ card: 'Stone Sentinel', slot: 9 }]; })]);
    expect(schema.code).toBe(2);
    expect(schema.err).toMatch(/schema\.json: \$\.setup\.A\.frontrow\[0\]/);
    const card = await runCli(['run-scenario', write('card.json', (s) => { s.setup.B.hand[0].card = 'No Such Card'; })]);
    expect(card.err).toMatch(/card\.json: \$\.setup\.B\.hand\[0\]: unknown host card "No Such Card"/);
    // `run --profile host --cases`: a file that is not there, or not JSON, says so (not that it is no Host scenario)
    const missing = await runCli(['run', '--profile', 'host', '--cases', join(dir, 'nosuch.json'), '--out', join(dir, 'r1')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nosuch\.json: \$: cannot read file/);
    writeFileSync(join(dir, 'broken.json'), '{"format": "arbiter-scenario/1",\n "profile": "host",\n');
    const broken = await runCli(['run', '--profile', 'host', '--cases', join(dir, 'broken.json'), '--out', join(dir, 'r2')]);
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/broken\.json: \$: not valid JSON \(line 3\)/);
    for (const r of [open, slot, pay, who, label, schema, card, missing, broken]) expect(r.err).not.toMatch(/at .*\.[jt]s:\d+/);
  }, 60_000);
});
