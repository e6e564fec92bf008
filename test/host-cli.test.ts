/**
 * The Host profile from the command line: Host scenarios on run-scenario, the Host reference adapter passes
 * `arbiter run --profile host` and mutant Host adapters fail naming the rule they break, the Host fuzzer, and bad
 * Host input (an open choice, an illegal slot, no resources to pay) is exit 2 naming the JSON path.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../engine/validation.js';
import { arbiter } from './run-cli.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'arbiter-host-'));
const adapter = (m: string) => `"${process.execPath}" "${join(ROOT, 'bin', 'arbiter.mjs')}" adapter --profile host --mutant ${m}`;
const base = () => JSON.parse(readFileSync(join(ROOT, 'golden', 'cases', 'host-stack-example-32-9.json'), 'utf8'));

describe('the Host profile on the command line', () => {
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
      const r = await arbiter('run', '--profile', 'host', '--sim', adapter(m), '--out', out);
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
    const first = await arbiter('run', '--profile', 'host', '--sim', sim, '--out', join(dir, 'r1'));
    expect(first.code, first.err).toBe(1);
    expect(first.out).toMatch(/[1-9]\d* NEW FAIL/);
    const junit = readFileSync(join(dir, 'r1', 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testcase classname="rule\.host\/37\.1" name="host-control-change-37"[^>]*>\s*<failure type="rule"/);
    expect(readFileSync(join(dir, 'r1', 'report.html'), 'utf8')).toContain('host-control-change-37');
    expect((await arbiter('run', '--profile', 'host', '--sim', sim, '--out', join(dir, 'r2'), '--expectations', base, '--update-expectations')).code).toBe(0);
    expect(JSON.parse(readFileSync(base, 'utf8')).known['host-control-change-37']).toMatchObject({ status: 'FAIL', cause: 'rule' });
    const known = await arbiter('run', '--profile', 'host', '--sim', sim, '--out', join(dir, 'r3'), '--expectations', base);
    expect(known.code, known.out).toBe(0);
    expect(known.out).toMatch(/0 NEW FAIL, 0 NEW PASS, [1-9]\d* known fail/);
    // another rule bug is a new failure against that baseline; the known case now passes (NEW PASS)
    const other = await arbiter('run', '--profile', 'host', '--sim', adapter('host-token-persists'), '--out', join(dir, 'r4'), '--expectations', base);
    expect(other.code).toBe(1);
    expect(other.out).toMatch(/[1-9]\d* NEW FAIL, [1-9]\d* NEW PASS/);
    const issue = await arbiter('report', 'issue', 'host-control-change-37', '--report', join(dir, 'r1'));
    expect(issue.out).toMatch(/# Rule host\/37\.1 broken/);
    expect(issue.out).toMatch(/entities\.s\.controller: expected "B", got "A"/);
  }, 120_000);

  it('run --profile host --runs adds generated Host games: the reference adapter passes them, a mutant adapter fails some naming its rule', async () => {
    const ok = await arbiter('run', '--profile', 'host', '--runs', '20', '--seed', '3', '--out', join(tmp(), 'g'));
    expect(ok.code, ok.err).toBe(0);
    expect((ok.out.match(/^PASS +host-generated-3-\d+/gm) ?? []).length).toBe(20);
    const bad = await arbiter('run', '--profile', 'host', '--runs', '20', '--seed', '3', '--sim', adapter('host-fifo-stack'), '--out', join(tmp(), 'g'));
    expect(bad.code).toBe(1);
    const gen = bad.out.split('\n').filter((l) => /^FAIL +host-generated-/.test(l));
    expect(gen.length).toBeGreaterThan(0);
    expect(gen.every((l) => l.includes('[rule host/32.4]')), gen.join('\n')).toBe(true);
  }, 120_000);

  it('run-scenario and trace take Host scenarios; a Host mutant fails its stated outcome', async () => {
    const f = join('golden', 'cases', 'host-stack-example-32-9.json');
    expect((await arbiter('run-scenario', f)).code).toBe(0);
    const bad = await arbiter('run-scenario', f, '--mutant', 'host-fifo-stack');
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/invariant host-lifo-stack \(rule host\/32\.4\)/);
    const t = await arbiter('trace', f);
    expect(t.out).toMatch(/STEP RESOLVE/);
  }, 60_000);

  it('fuzz --profile host finds nothing on the reference kernel and finds a Host mutant', async () => {
    const ok = await arbiter('fuzz', '--profile', 'host', '--runs', '150', '--seed', '5', '--no-write');
    expect(ok.code, ok.out + ok.err).toBe(0);
    const found = await arbiter('fuzz', '--profile', 'host', '--runs', '2000', '--seed', '5', '--mutant', 'host-trigger-mid-resolution', '--out', join(tmp(), 'f'));
    expect(found.code).toBe(1);
    expect(found.out).toMatch(/\[host-no-trigger-mid-resolution, rule host\/34\.4\]/);
  }, 120_000);

  it('bad Host input is exit 2 naming the file and the JSON path', async () => {
    const dir = tmp();
    const write = (name: string, f: (s: ReturnType<typeof base>) => void) => { const s = base(); f(s); const p = join(dir, name); writeFileSync(p, JSON.stringify(s)); return p; };
    const open = await arbiter('run-scenario', write('open.json', (s) => { s.actions = s.actions.slice(0, 3); }));
    expect(open.code).toBe(2);
    expect(open.err).toMatch(/open\.json: \$\.actions: the script ends while a choice is open: B has priority \(2 item\(s\) on the Stack\)/);
    const slot = await arbiter('run-scenario', write('slot.json', (s) => { s.actions[0].slot = 7; }));
    expect(slot.code).toBe(2);
    expect(slot.err).toMatch(/slot\.json: \$\.actions\[0\]: illegal: an entity is played into a frontrow slot 0-4/);
    const pay = await arbiter('run-scenario', write('pay.json', (s) => { s.setup.A.resources = { strife: 1 }; }));
    expect(pay.code).toBe(2);
    expect(pay.err).toMatch(/pay\.json: \$\.actions\[0\]: illegal: pays 2 strife but has 1 \(rule host\/12\.5/);
    const who = await arbiter('run-scenario', write('who.json', (s) => { s.actions[1].by = 'A'; }));
    expect(who.code).toBe(2);
    expect(who.err).toMatch(/who\.json: \$\.actions\[1\]\.by: expected a decision by B/);
    const label = await arbiter('run-scenario', write('label.json', (s) => { s.actions[0].play = 'nobody'; }));
    expect(label.err).toMatch(/label\.json: \$\.actions\[0\]\.play: unknown label "nobody"/);
    const schema = await arbiter('run-scenario', write('schema.json', (s) => { s.setup.A.frontrow = [{ card: 'Stone Sentinel', slot: 9 }]; }));
    expect(schema.code).toBe(2);
    expect(schema.err).toMatch(/schema\.json: \$\.setup\.A\.frontrow\[0\]/);
    const card = await arbiter('run-scenario', write('card.json', (s) => { s.setup.B.hand[0].card = 'No Such Card'; }));
    expect(card.err).toMatch(/card\.json: \$\.setup\.B\.hand\[0\]: unknown host card "No Such Card"/);
    for (const r of [open, slot, pay, who, label, schema, card]) expect(r.err).not.toMatch(/at .*\.js:\d+/);
  }, 60_000);
});
