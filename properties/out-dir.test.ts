/**
 * `arbiter fuzz --out` and `arbiter repro --out` (properties/out-dir.ts): a folder that cannot take the written files
 * is a usage error (exit 2, one line naming --out) before any case is run, for every fuzz profile and both repro
 * kinds; a system folder never makes the command spin (Node's recursive mkdir loops on procfs). When the folder stops
 * being writable while the work runs, the finding (its seed and path, the shrunk case) is printed before the error.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, ROOT } from '../engine/validation.js';
import { runCli } from '../test/support/capture.js';
import { tempDirs } from '../test/support/temp.js';
import { checkOutDir, makeOutDir } from './out-dir.js';
import { fuzzCommand } from './fuzz-cli.js';
import { hostFuzzCommand } from './host-fuzz-cli.js';

const tempDir = tempDirs();

/** A folder with a file `file`, a link `gone` to nothing and a link `proc` to /proc. */
function place(): string {
  const d = tempDir('arbiter-out-');
  writeFileSync(join(d, 'file'), 'x');
  symlinkSync(join(d, 'nothing-here'), join(d, 'gone'));
  symlinkSync('/proc', join(d, 'proc'));
  return d;
}

/** Exit 2 with one line on stderr naming --out and matching `what`, and nothing on stdout (no work was done). */
async function refused(args: string[], what: RegExp): Promise<void> {
  const r = await runCli(args);
  expect(r.code, r.out + r.err).toBe(2);
  expect(r.err).toMatch(/^arbiter: --out: /);
  expect(r.err).toMatch(what);
  expect(r.err).not.toMatch(/internal error|\n\s+at /);
  expect(r.err.trim().split('\n')).toHaveLength(1);
  expect(r.out, 'nothing is run before --out is checked').toBe('');
}

describe('checkOutDir and makeOutDir', () => {
  it('refuse a system folder, a file, a path under a file, a link to nothing or into /proc; make nothing', () => {
    const d = place();
    expect(() => checkOutDir('/proc/x')).toThrow(/\/proc\/x is a system folder/);
    expect(() => checkOutDir('/')).toThrow(/\/ is a system folder/);
    expect(() => makeOutDir('/proc/x/y')).toThrow(/system folder/);
    expect(() => checkOutDir(join(d, 'file'))).toThrow(/is a file, not a folder/);
    expect(() => checkOutDir(join(d, 'file', 'sub', 'deeper'))).toThrow(new RegExp(`${join(d, 'file')} is a file, not a folder`));
    expect(() => checkOutDir(join(d, 'gone', 'x'))).toThrow(/is a link to a folder that does not exist/);
    expect(() => makeOutDir(join(d, 'proc', 'x'))).toThrow(/is in a system folder .* is \/proc\)/);
    expect(() => checkOutDir(join(d, 'a'.repeat(300)))).toThrow(/ENAMETOOLONG/);
    for (const f of [() => checkOutDir(join(d, 'file')), () => makeOutDir(join(d, 'proc', 'x'))]) expect(f).toThrow(InputError);
    checkOutDir(join(d, 'new', 'deeper'));
    expect(existsSync(join(d, 'new'))).toBe(false);
  });
  it('makeOutDir makes every missing level and takes a folder that is there', () => {
    const d = place();
    makeOutDir(join(d, 'a', 'b', 'c'));
    expect(existsSync(join(d, 'a', 'b', 'c'))).toBe(true);
    makeOutDir(join(d, 'a', 'b', 'c'));
    makeOutDir(d);
  });
});

describe.concurrent('a bad --out is exit 2 before any work', () => {
  const d = place();
  const outs: [string, RegExp][] = [
    ['/proc/x', /\/proc\/x is a system folder/],
    [join(d, 'proc', 'x'), /is in a system folder/],
    [join(d, 'file'), /is a file, not a folder/],
    [join(d, 'file', 'sub'), /cannot be made: .*file is a file, not a folder/],
  ];
  const fuzzes: [string, string[]][] = [
    ['hearthstone', ['--mutant', 'die-at-zero-health']],
    ['hearthtop', ['--mutant', 'ht-markers-lost']],
    ['host', ['--mutant', 'host-fifo-stack']],
  ];
  for (const [profile, mutant] of fuzzes) {
    it(`fuzz --profile ${profile}`, async () => {
      for (const [out, what] of outs) await refused(['fuzz', '--profile', profile, '--runs', '50', '--seed', '5', ...mutant, '--out', out], what);
      // --no-write writes nothing: --out is not looked at
      const r = await runCli(['fuzz', '--profile', profile, '--runs', '2', '--seed', '5', '--out', join(d, 'file'), '--no-write']);
      expect(r.code, r.err).toBe(0);
    });
  }
  it('repro of a Hearthstone result and of a Host result', async () => {
    const hs = join(d, 'hs-report'), host = join(d, 'host-report');
    const [a, b] = await Promise.all([
      runCli(['run', '--cases', join(ROOT, 'golden', 'cases', 'abomination-malganis-hellfire-immune-ends.json'), '--no-conformance', '--out', hs]),
      runCli(['run', '--profile', 'host', '--cases', join(ROOT, 'golden', 'cases', 'host-slot-taken-in-response.json'), '--out', host]),
    ]);
    expect(a.code, a.err).toBe(0);
    expect(b.code, b.err).toBe(0);
    for (const [out, what] of outs) {
      await refused(['repro', 'abomination-malganis-hellfire-immune-ends', '--report', hs, '--out', out], what);
      await refused(['repro', 'host-slot-taken-in-response', '--report', host, '--out', out], what);
    }
  }, 60_000);
});

/**
 * The folder is fine when checked and turns into a file while the work runs (here: written when the command prints
 * its first line, before it fuzzes; for repro, by the simulator's adapter when it starts): the finding is printed,
 * then the error.
 */
describe('a finding that cannot be written at the end is printed before the error', () => {
  const blocker = (dir: string) => { let lines = 0; let text = ''; return { out: (s: string) => { if (lines++ === 0) writeFileSync(dir, 'in the way'); text += s; }, text: () => text }; };
  const late = /^--out: the finding could not be written to .* \(.*\); it is printed above$/;

  it('fuzz (Hearthstone): the seed, the path, the shrunk case and its cards', async () => {
    const dir = join(tempDir('arbiter-out-'), 'late');
    const o = blocker(dir);
    await expect(fuzzCommand({ runs: 50, seed: 5, mutants: ['die-at-zero-health'], outDir: dir }, o.out, () => {})).rejects.toThrow(late);
    const text = o.text();
    expect(text).toMatch(/^seed 5, path [\d:]+$/m);
    expect(text).toContain('arbiter fuzz --seed 5 --path ');
    const json = /not written, the shrunk case \((fuzz-5-[a-z-]+)\.json\):\n(\{[\s\S]*?\n\})\n/.exec(text)!;
    const scenario = JSON.parse(json[2]!) as { generated: { cards: string[] } };
    expect(scenario).toMatchObject({ format: 'arbiter-scenario/1', id: json[1], generated: { seed: 5, mutants: ['die-at-zero-health'] } });
    for (const c of scenario.generated.cards) expect(text).toContain(`not written, its card ${c} (${json[1]}.cards/${c}.json):\n{`);
  }, 60_000);

  it('fuzz --profile hearthtop: the seed, the path and the scenario', async () => {
    const dir = join(tempDir('arbiter-out-'), 'late');
    const o = blocker(dir);
    await expect(fuzzCommand({ profile: 'hearthtop', runs: 20, seed: 3, mutants: ['ht-markers-lost'], outDir: dir }, o.out, () => {})).rejects.toThrow(late);
    expect(o.text()).toMatch(/^seed 3, path [\d:]+$/m);
    const json = /not written, the scenario of the failing game \(([a-z0-9-]+)\):\n(\{[\s\S]*?\n\})\n/.exec(o.text())!;
    expect(JSON.parse(json[2]!)).toMatchObject({ id: json[1], generated: { seed: 3, mutants: ['ht-markers-lost'] } });
  }, 60_000);

  it('fuzz --profile host: the seed, the game and the shrunk game', () => {
    const dir = join(tempDir('arbiter-out-'), 'late');
    const o = blocker(dir);
    expect(() => hostFuzzCommand({ runs: 200, seed: 213836835, mutants: ['host-fifo-stack'], outDir: dir }, o.out)).toThrow(late);
    expect(o.text()).toContain('seed 213836835, game 2 (replay: arbiter fuzz --profile host --seed 213836835 --runs 3 --mutant host-fifo-stack)');
    // this finding's script is no valid script on the reference kernel: it is shrunk on the mutated kernel alone
    const shrunk = /shrunk: 40 decisions and 24 set-up cards to (\d+) and (\d+) \((\d+) tries\); its script answers choices the reference Host kernel does not ask/.exec(o.text())!;
    expect(Number(shrunk[3])).toBeGreaterThan(0);
    expect(Number(shrunk[1]) + Number(shrunk[2])).toBeLessThan(40 + 24);
    const json = /not written, the shrunk game \(host-fuzz-213836835-2\.json\):\n(\{[\s\S]*?\n\})\n/.exec(o.text())!;
    expect(JSON.parse(json[1]!)).toMatchObject({ profile: 'host', id: 'host-fuzz-213836835-2', rules: ['host/32.4'] });
  }, 60_000);

  it('repro of a Hearthstone result and of a Host result: the shrunk scenario', async () => {
    const d = tempDir('arbiter-out-');
    const node = `"${process.execPath}" "${join(ROOT, 'bin', 'arbiter.mjs')}" adapter`;
    // The adapter, started by the repro once --out was checked, puts a file where the folder was to be made.
    const clobbering = (out: string, args: string) => `sh -c ': > "${out}"; exec ${node} ${args}'`;
    const hs = join(d, 'hs-report'), host = join(d, 'host-report');
    mkdirSync(d, { recursive: true });
    const [a, b] = await Promise.all([
      runCli(['run', '--cases', join(ROOT, 'golden', 'cases', 'abomination-malganis-hellfire-immune-ends.json'), '--no-conformance', '--out', hs]),
      runCli(['run', '--profile', 'host', '--cases', join(ROOT, 'golden', 'cases', 'host-slot-taken-in-response.json'), '--sim', `${node} --profile host --mutant host-fifo-stack`, '--out', host]),
    ]);
    expect(a.code, a.err).toBe(0);
    expect(b.code, b.err).toBe(1);
    const [x, y] = await Promise.all([
      runCli(['repro', 'abomination-malganis-hellfire-immune-ends', '--report', hs, '--sim', clobbering(join(d, 'x'), '--demo'), '--out', join(d, 'x')]),
      runCli(['repro', 'host-slot-taken-in-response', '--report', host, '--sim', clobbering(join(d, 'y'), '--profile host --mutant host-fifo-stack'), '--out', join(d, 'y')]),
    ]);
    for (const [r, id] of [[x, 'abomination-malganis-hellfire-immune-ends-repro'], [y, 'host-slot-taken-in-response-repro']] as const) {
      expect(r.code, r.out + r.err).toBe(2);
      expect(r.err.trim()).toMatch(new RegExp(`^arbiter: ${late.source.slice(1)}`));
      expect(r.out).toMatch(/^shrunk /m);
      const json = new RegExp(`not written, the shrunk (?:Host )?scenario \\(${id}\\.json\\):\\n(\\{[\\s\\S]*?\\n\\})\\n`).exec(r.out)!;
      expect(JSON.parse(json[1]!)).toMatchObject({ id });
    }
  }, 120_000);
});
