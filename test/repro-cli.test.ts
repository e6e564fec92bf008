/**
 * Bug-repro cases, end to end through the CLI: `arbiter repro` shrinks a mutant's failing generated case to a small
 * scenario whose vitest test fails on the mutant and passes on the reference engine, and shrinks a failure that
 * shows only as a broken trace invariant.
 */
import { describe, expect, it } from 'vitest';
import { tempDirs } from './support/temp.js';
import { arbiter, run } from './run-cli.js';
import { runCli } from './support/capture.js';
import { existsSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { ROOT } from '../engine/validation.js';

const sim = (...mutants: string[]) => `${process.execPath} bin/arbiter.mjs adapter${mutants.map((m) => ` --mutant ${m}`).join('')}`;
const results = (dir: string) => readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { case: string; status: string });
const cases = (...names: string[]) => names.flatMap((n) => ['--cases', join(ROOT, 'golden', 'cases', `${n}.json`)]);
/** The runs that make the reports to shrink from, in process (test/support/capture.ts); `arbiter repro` end to end. */
const cli = (...args: string[]) => runCli(args);

const tempDir = tempDirs();

describe.concurrent('arbiter repro', () => {
  it('arbiter repro also shrinks a failure that shows only as a broken trace invariant', async () => {
    const tmp = tempDir('arbiter-repro-inv-');
    expect((await cli('run', ...cases('cult-master-simultaneous-death', 'armor-absorbs-damage-first'), '--out', join(tmp, 'r'))).code).toBe(0);
    const r = await arbiter('repro', 'cult-master-simultaneous-death', '--report', join(tmp, 'r'), '--out', join(tmp, 'x'));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/divergence: FAIL invariant death-creation-complete/);
  }, 120_000);

  it('arbiter repro refuses when the simulator now shows another failure than the report holds (a CRASH for a FAIL)', async () => {
    const tmp = tempDir('arbiter-repro-other-');
    expect((await cli('run', ...cases('cult-master-simultaneous-death'), '--out', join(tmp, 'r'))).code).toBe(0);
    // an adapter that says hello and then crashes on every case
    const crashing = join(tmp, 'crash.mjs');
    writeFileSync(crashing, "import { createInterface } from 'node:readline';\nfor await (const l of createInterface({ input: process.stdin })) { const m = JSON.parse(l); if (m.type === 'hello') console.log(JSON.stringify({ type: 'hello', protocol: 'arbiter-adapter/1', name: 'crashing', version: '1', profile: 'hearthstone', fidelity: 'final_state', cards: '*' })); else process.exit(7); }\n");
    const r = await arbiter('repro', 'cult-master-simultaneous-death', '--report', join(tmp, 'r'), '--sim', `${process.execPath} ${crashing}`, '--out', join(tmp, 'x'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cult-master-simultaneous-death: \$: the report holds a FAIL of this case, and the simulator now answers it with CRASH: not the same failure/);
    expect(existsSync(join(tmp, 'x'))).toBe(false);
  }, 120_000);

  it('arbiter repro shrinks a mutant\'s failing generated case to at most 4 minions and 3 actions; its vitest test fails on the mutant and passes on the reference engine', async () => {
    const tmp = tempDir('arbiter-repro-');
    const report = join(tmp, 'report');
    const mutant = sim('die-at-zero-health');
    // Few generated cases (seed 3: the third fails on this mutant) and no card conformance cases: the test is about
    // shrinking a generated case, not about finding one.
    await cli('run', ...cases('armor-absorbs-damage-first'), '--sim', mutant, '--runs', '3', '--seed', '3', '--no-conformance', '--out', report);
    const gen = results(report).find((r) => r.case.startsWith('generated-') && r.status === 'FAIL');
    expect(gen, 'a generated case fails on the mutant').toBeDefined();
    // Written inside the project, under arbiter-repro/ (where `arbiter repro` writes by default): the case a user
    // meets first. (A folder of its own, removed after the test.)
    const out = join(ROOT, 'arbiter-repro', `t-${process.pid}`);
    const hadFolder = existsSync(join(ROOT, 'arbiter-repro'));
    try {
      const r = await arbiter('repro', gen!.case, '--report', report, '--sim', mutant, '--out', out);
      expect(r.code, r.err).toBe(0);
      const m = /shrunk \S+ to (\d+) minions, (\d+) actions/.exec(r.out)!;
      expect(Number(m[1])).toBeLessThanOrEqual(4);
      expect(Number(m[2])).toBeLessThanOrEqual(3);
      const test = r.out.match(/wrote (\S+\.repro\.test\.ts)/)![1]!;
      const scenario = JSON.parse(readFileSync(r.out.match(/wrote (\S+\.json)/)![1]!, 'utf8'));
      expect(scenario.format).toBe('arbiter-scenario/1');
      // One vitest run: the command `arbiter repro` printed, run as printed through a shell from the folder the repro
      // ran in (the written test, on the simulator it names: the mutant), with one more file named after it: a file
      // that runs the same test with ARBITER_SIM naming the reference engine's adapter, as a user checks a fixed build
      // (it imports the written test under another module id, so that the one worker runs both files).
      const printed = /^run the test: (.+)$/m.exec(r.out)![1]!;
      expect(printed, 'a repro inside the project runs with the project\'s vitest config').not.toMatch(/--root|--prefix/);
      const reference = join(out, 'on-reference.repro.test.ts');
      writeFileSync(reference, `process.env.ARBITER_SIM = ${JSON.stringify(sim())};\ntry { await import(${JSON.stringify(`./${basename(test)}?on-reference`)}); } finally { delete process.env.ARBITER_SIM; }\n`);
      const both = await run('sh', ['-c', `${printed} ${relative(ROOT, reference)} --maxWorkers 1 --minWorkers 1`], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
      expect(both.code, 'the written test fails on the mutant').toBe(1);
      expect(both.out).toMatch(/Tests\s+1 failed \| 1 passed/);
      // (vitest writes the failures to stderr)
      expect(both.err, 'the failure is the written test on the mutant').toContain(`FAIL  ${relative(ROOT, test)} >`);
      expect(both.out, `passes on the reference engine: ${both.out}`).toContain(`✓ ${relative(ROOT, reference)} (1 test)`);
    } finally {
      rmSync(out, { recursive: true, force: true });
      // arbiter-repro/ itself too when this test made it and nothing else is in it now
      if (!hadFolder) try { rmdirSync(join(ROOT, 'arbiter-repro')); } catch { /* not empty: another writer's files */ }
    }
  }, 360_000); // a run, a shrink through the adapter and a vitest run of two files, beside the other test files
});
