/**
 * `arbiter fuzz` (properties/fuzz.ts): nothing on the reference engine; with a mutant it finds, shrinks, prints the
 * replay and writes a scenario file that `arbiter run-scenario --cards` accepts and `arbiter fuzz --check` judges.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { fuzz } from './fuzz.js';
import fc from 'fast-check';
import { generatedCaseArb } from './arbitraries/generatedCase.js';
import { runCli } from '../test/support/capture.js';
import { loadScenario } from '../engine/scenario/load.js';
import { loadCardPool } from '../engine/cards/pool.js';
import { main } from '../cli/main.js';
import { tempDirs } from '../test/support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();


describe('fuzz', () => {
  it('finds nothing on the reference engine', async () => {
    const r = await fuzz({ runs: 40, seed: 99, noWrite: true });
    expect(r.ok).toBe(true);
    expect(r.runs).toBe(40);
  });

  it('finds a mutant, writes a replayable scenario with its cards beside it', async () => {
    const out = tempDir('arbiter-fuzz-');
    const r = await fuzz({ runs: 500, seed: 3, mutants: ['death-phase-once'], outDir: out });
    expect(r.ok).toBe(false);
    const f = r.failure!;
    expect(f.invariants).toContain('death-phases');
    expect(f.replay).toContain(`--seed 3 --path ${f.path}`);
    expect(existsSync(f.file!)).toBe(true);
    // a valid scenario (schema) whose synthetic cards load from the folder beside it (schema-checked too)
    const cards = loadCardPool(f.cardsDir ? [f.cardsDir] : []);
    const s = loadScenario(f.file!, cards);
    expect(s.generated).toMatchObject({ seed: 3, path: f.path, invariant: 'death-phases', mutants: ['death-phase-once'] });
    if (f.cardsDir) expect(readdirSync(f.cardsDir).length).toBe(f.cards.length);
    // arbiter run-scenario accepts it; arbiter fuzz --check finds the violation again (and none without the mutant)
    // run-scenario runs the invariants too: the repro fails on the mutant and passes on the reference engine
    const runScenarioCli = async (mutant: string[]) => {
      const args = ['run-scenario', f.file!, ...(f.cardsDir ? ['--cards', f.cardsDir] : []), ...mutant, '--json'];
      const write = process.stdout.write;
      process.stdout.write = (() => true) as typeof process.stdout.write;
      try { return await main(args); } finally { process.stdout.write = write; process.exitCode = 0; }
    };
    expect(await runScenarioCli(['--mutant', 'death-phase-once'])).toBe(1);
    expect(await runScenarioCli([])).toBe(0);
    expect((await runCli(['fuzz', '--check', f.file!])).code).toBe(1);
    expect((await runCli(['fuzz', '--check', f.file!, '--reference'])).code).toBe(0);
    // the printed seed and path replay the same case
    const again = await fuzz({ seed: 3, path: f.path, mutants: ['death-phase-once'], noWrite: true });
    expect(again.failure?.scenario.setup).toEqual(f.scenario.setup);
  }, 30_000);

  it('arbiter fuzz: exit 0 when nothing is found, 2 on bad usage with one line in the common format', async () => {
    const ok = await runCli(['fuzz', '--runs', '10', '--seed', '5', '--no-write']);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('OK: 10 cases, nothing found');
    // a replayed path that passes says so: it is not a search that found nothing
    const replay = await runCli(['fuzz', '--seed', '5', '--path', '3', '--no-write']);
    expect(replay.code).toBe(0);
    expect(replay.out).toMatch(/^OK: path 3 of seed 5 passes \(1 cases run from it, .*\): this engine does not show that failure$/m);
    const many = await runCli(['fuzz', '--runs', 'many']);
    expect(many.code).toBe(2);
    expect(many.err).toBe('arbiter: --runs: expected a whole number >= 0, got "many"\n');
    expect((await runCli(['fuzz', '--mutant', 'no-such-mutant'])).err).toMatch(/^arbiter: --mutant: unknown mutant "no-such-mutant"/);
    expect((await runCli(['fuzz', '--only', 'no-such-invariant'])).err).toMatch(/^arbiter: --only: unknown invariant "no-such-invariant"/);
    const bogus = await runCli(['fuzz', '--bogus']);
    expect(bogus.code).toBe(2);
    expect(bogus.err).toMatch(/^error: unknown option '--bogus'/);
    expect(bogus.err).not.toMatch(/arbiter fuzz: arbiter fuzz/);
    expect((await runCli(['fuzz', '--synthetic', '2'])).err).toBe('arbiter: --synthetic: expected a number from 0 to 1, got "2"\n');
  });
  it('--synthetic 0: generated games use only cards of the real pool; the default mixes synthetic cards in', async () => {
    const synthetic = (rate?: number) => fc.sample(generatedCaseArb(rate === undefined ? {} : { syntheticRate: rate }), { seed: 3, numRuns: 60 }).reduce((n, gc) => n + gc.cards.length, 0);
    expect(synthetic(0)).toBe(0);
    expect(synthetic()).toBeGreaterThan(0);
    const ok = await runCli(['fuzz', '--runs', '20', '--seed', '5', '--synthetic', '0', '--no-write']);
    expect(ok.code, ok.err).toBe(0);
  });
});
