/**
 * Repros of differential failures that stand alone (the reference outcome and its rule, the simulator's random picks,
 * card ids for a Python simulator) and the short summary for CI, end to end through `arbiter run` against fake
 * simulators (test/support/verdict-sims.ts). The run that writes $GITHUB_STEP_SUMMARY goes through the `arbiter`
 * command (its own environment); the other commands run in process.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './run-cli.js';
import { ROOT } from '../engine/validation.js';
import { tempDirs } from './support/temp.js';
import { cli, fake, golden, mutant, results } from './support/verdict-sims.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();
const tmp = (name: string) => tempDir(`arbiter-verdict-${name}-`);
const runPython = (args: string[]) => run('python3', args);

describe.concurrent('repros that stand alone', () => {
  it('a repro of a card difference keeps the run\'s card cause, and its rules name no pseudo rule', async () => {
    // The simulator's Bloodfen Raptor has 3 Health instead of 2: its conformance case fails, charged to the card.
    const dir = tmp('repro-card');
    const raptor = JSON.parse(readFileSync(join(ROOT, 'spec', 'cards', 'bloodfen-raptor.json'), 'utf8')) as Record<string, unknown>;
    mkdirSync(join(dir, 'cards'));
    writeFileSync(join(dir, 'cards', 'raptor.json'), JSON.stringify({ ...raptor, health: 3 }));
    const sim = `${mutant()} --cards ${join(dir, 'cards')}`;
    expect((await cli('run', '--sim', sim, '--cases', golden('cult-master-simultaneous-death'), '--no-variants', '--out', join(dir, 'r'))).code).toBe(1);
    const id = 'conformance-cs2-172';
    expect(results(join(dir, 'r')).find((x) => x.case === id)).toMatchObject({ cause: 'card', causeDetail: 'CS2_172' });
    const r = await cli('repro', id, '--sim', sim, '--report', join(dir, 'r'), '--out', join(dir, 'x'));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('cause in the run: card CS2_172 (its card conformance case fails on this simulator too)');
    const repro = JSON.parse(readFileSync(join(dir, 'x', `${id}-repro.json`), 'utf8')) as { rules: string[]; generated: { cause: string; card: string } };
    expect([repro.generated.cause, repro.generated.card]).toEqual(['card', 'CS2_172']);
    expect(repro.rules).not.toContain('unattributed');
  }, 120_000);

  it('a repro states the reference outcome at the first divergence and its rule; the file alone shows the bug', async () => {
    const dir = tmp('repro');
    const sim = fake('final-state', '--mutant', 'die-at-zero-health');
    const id = 'fiery-war-axe-zombie-chow-too-late';
    expect((await cli('run', '--sim', sim, '--cases', golden(id), '--no-conformance', '--no-variants', '--out', join(dir, 'r'))).code).toBe(1);
    const r = await cli('repro', id, '--sim', sim, '--report', join(dir, 'r'), '--out', join(dir, 'x'));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/first divergence: rule 3 /);
    const file = join(dir, 'x', `${id}-repro.json`);
    const repro = JSON.parse(readFileSync(file, 'utf8')) as { rules: string[]; expect: Record<string, unknown>; generated: { cause: string } };
    expect(repro.rules[0]).toBe('3');
    expect(repro.generated.cause).toBe('rule');
    expect(Object.keys(repro.expect).length).toBeGreaterThan(0);
    // the stated outcome holds on the reference engine, and the simulator breaks it
    expect((await cli('run-scenario', file)).code).toBe(0);
    const again = await cli('run', '--sim', sim, '--cases', file, '--no-conformance', '--no-variants', '--out', join(dir, 'again'));
    expect(again.code).toBe(1);
    expect(results(join(dir, 'again')).find((x) => x.case === `${id}-repro`)?.attribution?.rule).toBe('3');
    // the issue report shows the shrunk case and the attribution
    const issue = await cli('report', 'issue', id, '--report', join(dir, 'r'), '--repro', join(dir, 'x'));
    expect(issue.out).toMatch(/^# Rule 3 broken/);
    expect(issue.out).toContain('Shrunk by `arbiter repro`');
    expect(issue.out).toMatch(/\*\*Cause:\*\* rule/);
  }, 120_000);

  it('a repro carries the random picks the simulator reported, as forced outcomes', async () => {
    const dir = tmp('randrepro');
    const sim = mutant('ignore-rule-5');
    // the random picks are among labelled minions (picks among entities created during the run have no label to name them by)
    const id = 'brann-stampeding-kodo-distinct-targets';
    expect((await cli('run', '--sim', sim, '--cases', golden(id), '--no-conformance', '--no-variants', '--out', join(dir, 'r'))).code).toBe(1);
    const r = await cli('repro', id, '--sim', sim, '--report', join(dir, 'r'), '--out', join(dir, 'x'));
    expect(r.code, r.err).toBe(0);
    const repro = JSON.parse(readFileSync(join(dir, 'x', `${id}-repro.json`), 'utf8')) as { random?: unknown[] };
    expect(repro.random?.length).toBeGreaterThan(0);
    expect((await cli('run-scenario', join(dir, 'x', `${id}-repro.json`))).code).toBe(0);
  }, 120_000);

  it('the Python repro sends card ids and the card map, so it fails on the bug and not on the request', async () => {
    const dir = tmp('pyrepro');
    const sim = `python3 ${join(ROOT, 'adapters', 'python', 'fake_adapter.py')}`;
    const id = 'knife-juggler-haunted-creeper-malganis-imp';
    expect((await cli('run', '--sim', sim, '--cases', golden(id), '--no-conformance', '--no-variants', '--out', join(dir, 'r'))).code).toBe(1);
    const r = await cli('repro', id, '--sim', sim, '--report', join(dir, 'r'), '--out', join(dir, 'x'));
    expect(r.code, r.err).toBe(0);
    const py = join(dir, 'x', `test_${id.replace(/-/g, '_')}_repro.py`);
    const text = readFileSync(py, 'utf8');
    expect(text).toContain('"cards": CARDS');
    expect(text).not.toMatch(/Haunted Creeper"/);
    const ran = await runPython([py]);
    expect(ran.err).toMatch(/FAILED \(failures=1\)/);
    expect(ran.err).not.toMatch(/errors=/);
  }, 120_000);
});

describe.concurrent('the short summary', () => {
  it('summary-short.md has the counts, the rules that failed and one line per NEW FAIL, and is appended to $GITHUB_STEP_SUMMARY when set', async () => {
    const dir = tmp('short');
    const step = join(dir, 'step-summary.md');
    writeFileSync(step, '# earlier step\n');
    const out = join(dir, 'r');
    const r = await run(process.execPath, [join(ROOT, 'bin', 'arbiter.mjs'), 'run', '--sim', mutant('die-at-zero-health'), '--cases', golden('fiery-war-axe-zombie-chow-too-late'), '--no-conformance', '--no-variants', '--out', out], { env: { ...process.env, CI: 'true', GITHUB_STEP_SUMMARY: step } });
    expect(r.code, r.err).toBe(1);
    const short = readFileSync(join(out, 'summary-short.md'), 'utf8');
    expect(short).toMatch(/^### Arbiter: arbiter-reference\+die-at-zero-health/);
    expect(short).toMatch(/\*\*NEW FAIL \(1\)\*\*\n\n- fiery-war-axe-zombie-chow-too-late: \\\[rule 3\\\] /);
    expect(short).toContain('| 3 | Only the outermost Phase starts the Death Creation Step |');
    expect(short.length).toBeLessThan(60_000);
    expect(readFileSync(step, 'utf8')).toBe(`# earlier step\n${short}`);
  }, 120_000);

  it('a $GITHUB_STEP_SUMMARY that cannot be appended to is one warning line: every report file is written, the exit code is the run\'s', async () => {
    const dir = tmp('badstep');
    const step = join(dir, 'no-such-folder', 'step-summary.md');
    const out = join(dir, 'r');
    const r = await run(process.execPath, [join(ROOT, 'bin', 'arbiter.mjs'), 'run', '--sim', mutant('die-at-zero-health'), '--cases', golden('fiery-war-axe-zombie-chow-too-late'), '--no-conformance', '--no-variants', '--out', out], { env: { ...process.env, CI: 'true', GITHUB_STEP_SUMMARY: step } });
    expect(r.code, r.err).toBe(1);
    expect(r.err.trim().split('\n')).toEqual([`arbiter: warning: GITHUB_STEP_SUMMARY=${step}: the summary was not appended (ENOENT: no such file or directory, open '${step}'); the report folder is complete`]);
    for (const f of ['results.jsonl', 'summary.md', 'summary-short.md', 'junit.xml', 'report.html', 'run.json']) expect(existsSync(join(out, f)), f).toBe(true);
    expect(r.out).toMatch(/1 NEW FAIL/);
  }, 120_000);
});
