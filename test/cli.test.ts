/**
 * The `arbiter` command as a user meets it: help, exit codes, and one-line errors naming file, JSON path, expectation.
 * One run of each command goes through the `arbiter` command (a child process, as a user runs it); the others run in
 * process (test/support/capture.ts), where the output and the exit code are the command's own.
 */
import { describe, expect, it } from 'vitest';
import { arbiter } from './run-cli.js';
import { runCli } from './support/capture.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../engine/validation.js';
import { tempDirs } from './support/temp.js';
import { MUTANTS, PROFILE_MUTANTS } from '../engine/mutants.js';
import { HOST_MUTANTS } from '../engine/host/mutants.js';

/** A command in process. */
const cli = (...args: string[]) => runCli(args);

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();


describe.concurrent('arbiter CLI', () => {
  it('--help lists every command, and every command has its own --help', async () => {
    const top = await arbiter('--help');
    expect(top.code).toBe(0);
    const commands = [...top.out.matchAll(/^  ([a-z-]+) /gm)].map((m) => m[1]!).filter((c) => c !== 'help');
    expect(commands).toEqual(expect.arrayContaining(['run-scenario', 'trace', 'golden', 'cards', 'rules', 'mutants']));
    // Each command's help in process (test/support/capture.ts): the help text is the command's own either way.
    for (const c of commands) {
      const h = await runCli([c, '--help']);
      expect(h.code, c).toBe(0);
      expect(h.out, c).toMatch(/[Uu]sage: arbiter/);
    }
  });
  it('run-scenario passes a rulebook example (exit 0)', async () => {
    const r = await arbiter('run-scenario', 'golden/cases/cult-master-simultaneous-death.json');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^PASS cult-master-simultaneous-death/);
  });
  it('run-scenario and trace take several files and folders in one process; one failure makes the exit 1', async () => {
    const ok = await cli('run-scenario', 'golden/cases/cult-master-simultaneous-death.json', 'golden/cases/dark-cultist-buffs-mortally-wounded-yeti.json');
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toMatch(/^PASS cult-master-simultaneous-death.*\nPASS dark-cultist-buffs-mortally-wounded-yeti.*\n2 passed, 0 failed\n$/);
    const folder = await cli('run-scenario', 'golden/cases', '--mutant', 'deaths-one-at-a-time');
    expect(folder.code).toBe(1);
    const m = /^(\d+) passed, (\d+) failed(?:, (\d+) expected-fail)?(?:, (\d+) unexpected pass)?$/m.exec(folder.out)!;
    // one result per case file, and one per variant it lists
    const files = readdirSync(join(ROOT, 'golden', 'cases')).filter((f) => f.endsWith('.json'));
    const results = files.reduce((n, f) => n + 1 + ((JSON.parse(readFileSync(join(ROOT, 'golden', 'cases', f), 'utf8')) as { variants?: unknown[] }).variants?.length ?? 0), 0);
    expect(Number(m[1]) + Number(m[2]) + Number(m[3] ?? 0) + Number(m[4] ?? 0)).toBe(results);
    expect(Number(m[2])).toBeGreaterThan(0);
    const tr = await cli('trace', 'golden/cases/cult-master-simultaneous-death.json', 'golden/cases/dark-cultist-buffs-mortally-wounded-yeti.json');
    expect(tr.code).toBe(0);
    expect(tr.out.match(/^== golden\/cases\//gm)).toHaveLength(2);
    const missing = await cli('run-scenario', 'golden/cases/cult-master-simultaneous-death.json', 'no-such-folder');
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^arbiter: no-such-folder: \$: cannot read file \(ENOENT\)\n$/);
  });
  it('run-scenario on several files: a file that is bad input is an ERROR of its own, the others are judged, exit 2', async () => {
    const r = await cli('run-scenario', 'golden/cases/cult-master-simultaneous-death.json', 'test/fixtures/bad-scenario.json', 'golden/cases/dark-cultist-buffs-mortally-wounded-yeti.json');
    expect(r.code).toBe(2);
    // in the order of the files given
    expect(r.out).toMatch(/^PASS cult-master-simultaneous-death.*\nERROR test\/fixtures\/bad-scenario\.json\n  - test\/fixtures\/bad-scenario\.json: \$\.actions\[0\]: unexpected property "defendr".*\nPASS dark-cultist-buffs-mortally-wounded-yeti/);
    expect(r.out).toMatch(/\n2 passed, 0 failed, 1 error \(bad input\)\n$/);
    const json = await cli('run-scenario', '--json', 'golden/cases/cult-master-simultaneous-death.json', 'test/fixtures/bad-scenario.json');
    expect(json.code).toBe(2);
    expect((JSON.parse(json.out) as { status: string }[]).map((x) => x.status)).toEqual(['pass', 'error']);
  });
  it('run-scenario on a broken engine prints a readable difference (exit 1)', async () => {
    const r = await cli('run-scenario', 'golden/cases/cult-master-simultaneous-death.json', '--mutant', 'deaths-one-at-a-time');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL/);
    expect(r.out).toMatch(/player A: expected drawn 0, got 1/);
  });
  it('a malformed scenario gives one line naming the file, the JSON path and what was expected (exit 2, no stack trace)', async () => {
    const r = await cli('run-scenario', 'test/fixtures/bad-scenario.json');
    expect(r.code).toBe(2);
    expect(r.err.trim()).toBe('arbiter: test/fixtures/bad-scenario.json: $.actions[0]: unexpected property "defendr"; requires property "defender"');
  });
  it('an unknown card in a scenario names the card and where it is', async () => {
    const r = await cli('run-scenario', 'test/fixtures/unknown-card-scenario.json');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown-card-scenario\.json: \$\.setup\.A\.board\[1\]: unknown card "Chilwind Yeti"/);
  });
  it('a malformed card file stops the engine with the file, the JSON path and the expected shape', async () => {
    const r = await arbiter('run-scenario', 'golden/cases/cult-master-simultaneous-death.json', '--cards', 'test/fixtures/bad-card.json');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^arbiter: test\/fixtures\/bad-card\.json: \$\.triggers\[0\]\.actions\[0\]\.amount: is not of a type\(s\) integer,object \(expected: An integer, or a computed integer/);
    expect(r.err).not.toMatch(/\n\s+at /);
  });
  it('invalid JSON and missing files are one-line errors too', async () => {
    expect((await cli('run-scenario', 'no/such/file.json')).err).toMatch(/no\/such\/file\.json: \$: cannot read file \(ENOENT\)/);
    expect((await cli('run-scenario', 'package-lock.json')).err).toMatch(/package-lock\.json: \$: /);
  });
  it('an unknown mutant is a usage error', async () => {
    const r = await arbiter('golden', 'verify', '--mutant', 'no-such-mutant');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown mutant "no-such-mutant"/);
  });
  it('every command with --mutant lists every mutant it takes, those of each rule profile too; a rule-profile mutant is refused by name when unknown and run when known', async () => {
    const names = [...Object.keys(MUTANTS), ...Object.keys(PROFILE_MUTANTS), ...Object.keys(HOST_MUTANTS)];
    for (const c of [['golden', 'verify'], ['run-scenario'], ['trace'], ['fuzz'], ['adapter']]) {
      const help = (await cli(...c, '--help')).out.replace(/\s+/g, ' ');
      for (const m of names) expect(help, `${c.join(' ')} --help names ${m}`).toContain(m);
    }
    const unknown = await cli('trace', '--mutant', 'no-such-mutant', 'golden/cases/cult-master-simultaneous-death.json');
    expect(unknown.code).toBe(2);
    for (const m of Object.keys(PROFILE_MUTANTS)) expect(unknown.err).toContain(m);
    const ht = await cli('run-scenario', '--mutant', Object.keys(PROFILE_MUTANTS)[0]!, 'golden/cases/hearthtop-mana-cap.json');
    expect(ht.err).not.toMatch(/unknown mutant/);
    // Accepted means run: a result line for the case, and a pass or a failure, not a usage error.
    expect([0, 1], ht.err).toContain(ht.code);
    expect(ht.out).toMatch(/^(PASS|FAIL) hearthtop-mana-cap:/m);
  });
  it('trace prints an indented tree with named entities and rule ids; --json prints sorted JSON lines', async () => {
    const t = await arbiter('trace', 'golden/cases/cult-master-simultaneous-death.json');
    expect(t.out).toMatch(/PHASE DEATH \[DEATHS\] outermost/);
    expect(t.out).toMatch(/death entity=Cult Master\(cult\)#\d+ rule="4a"/);
    const j = await cli('trace', 'golden/cases/cult-master-simultaneous-death.json', '--json');
    const lines = j.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ t: 'meta', format: 'arbiter-trace/1' });
    for (const l of lines) expect(Object.keys(l)).toEqual(Object.keys(l).sort());
  });
});

describe('arbiter run with a wrong --sim', () => {
  it('a simulator that cannot start, or does not say hello, is a one-line usage error (exit 2)', async () => {
    const missing = await arbiter('run', '--sim', 'no-such-simulator --flag', '--out', join(tempDir('arbiter-cli-'), 'r'));
    expect(missing.code).toBe(2);
    expect(missing.err.trim().split('\n')).toHaveLength(1);
    expect(missing.err).toMatch(/^arbiter: --sim: the simulator's adapter exited before the hello \(it could not be started\): no-such-simulator --flag/);
    // how it ended is said: its exit code, or the signal that killed it
    const seven = await cli('run', '--sim', `${process.execPath} -e "process.exit(7)"`, '--out', join(tempDir('arbiter-cli-'), 'r'));
    expect([seven.code, seven.err]).toEqual([2, expect.stringMatching(/^arbiter: --sim: the simulator's adapter exited before the hello \(exit code 7\): /)]);
    // A simulator that dies with a stack trace: the line that names the error is shown, not only the trace's last lines.
    const dies = await cli('run', '--sim', `${process.execPath} -e "throw new Error('no deck file here')"`, '--out', join(tempDir('arbiter-cli-'), 'r'));
    expect(dies.code).toBe(2);
    expect(dies.err.trim().split('\n')).toHaveLength(1);
    expect(dies.err).toMatch(/\(stderr: .*Error: no deck file here/);
    const rude = await cli('run', '--sim', `${process.execPath} -e "console.log(42)"`, '--out', join(tempDir('arbiter-cli-'), 'r'));
    expect(rude.code).toBe(2);
    expect(rude.err).toMatch(/must first answer \{"type":"hello","protocol":"arbiter-adapter\/1",\.\.\.\} \(spec\/protocol\.md\); it answered "42"/);
  });
});
