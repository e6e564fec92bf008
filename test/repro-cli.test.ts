/**
 * Bug-repro cases, end to end through the CLI: `arbiter repro` shrinks a mutant's failing generated case to a small
 * scenario whose vitest test fails on the mutant and passes on the reference engine, and shrinks a failure that
 * shows only as a broken trace invariant.
 */
import { describe, expect, it } from 'vitest';
import { tempDirs } from './support/temp.js';
import { arbiter, run } from './run-cli.js';
import { runCli } from './support/capture.js';
import { readFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
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

  it('arbiter repro shrinks a mutant\'s failing generated case to at most 4 minions and 3 actions; its vitest test fails on the mutant and passes on the reference engine', async () => {
    const tmp = tempDir('arbiter-repro-');
    const report = join(tmp, 'report');
    const mutant = sim('die-at-zero-health');
    // Few generated cases (seed 3: the third fails on this mutant) and no card conformance cases: the test is about
    // shrinking a generated case, not about finding one.
    await cli('run', ...cases('armor-absorbs-damage-first'), '--sim', mutant, '--runs', '3', '--seed', '3', '--no-conformance', '--out', report);
    const gen = results(report).find((r) => r.case.startsWith('generated-') && r.status === 'FAIL');
    expect(gen, 'a generated case fails on the mutant').toBeDefined();
    // The repro test must live inside the project for vitest to run it.
    const out = join(ROOT, 'arbiter-repro', `t-${process.pid}`);
    mkdirSync(out, { recursive: true });
    try {
      const r = await arbiter('repro', gen!.case, '--report', report, '--sim', mutant, '--out', out);
      expect(r.code, r.err).toBe(0);
      const m = /shrunk \S+ to (\d+) minions, (\d+) actions/.exec(r.out)!;
      expect(Number(m[1])).toBeLessThanOrEqual(4);
      expect(Number(m[2])).toBeLessThanOrEqual(3);
      const test = r.out.match(/wrote (\S+\.repro\.test\.ts)/)![1]!;
      const scenario = JSON.parse(readFileSync(r.out.match(/wrote (\S+\.json)/)![1]!, 'utf8'));
      expect(scenario.format).toBe('arbiter-scenario/1');
      const vitest = (env: Record<string, string>) => run(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', test, '--root', ROOT], { env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env } });
      // The two runs of the written test are independent: side by side.
      const [onMutant, onReference] = await Promise.all([vitest({}), vitest({ ARBITER_SIM: sim() })]);
      expect(onMutant.code, 'fails on the mutant').toBe(1);
      expect(onMutant.out).toMatch(/Tests\s+1 failed/);
      expect(onReference.code, `passes on the reference engine: ${onReference.out}`).toBe(0);
      expect(onReference.out).toMatch(/Tests\s+1 passed/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 360_000); // a run, a shrink through the adapter and two vitest runs, beside the other test files
});
