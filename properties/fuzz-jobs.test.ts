/**
 * `arbiter fuzz --jobs n` (properties/fuzz-jobs.ts): the runs split into seeded shards fuzzed in worker threads; the
 * result does not depend on which shard finishes first, and a failure replays without --jobs.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fuzzJobs, shards } from './fuzz-jobs.js';
import { fuzz } from './fuzz.js';
import { runCli } from '../test/support/capture.js';
import { tempDirs } from '../test/support/temp.js';

const tempDir = tempDirs();

/**
 * A stand-in worker: a shard whose seed is in `fail` fails after its delay, one in `vanish` ends without a report, the
 * others pass after theirs; its report says which seed it was.
 */
function fakeWorker(delays: Record<number, number>, fail: number[], vanish: number[] = []): string {
  const file = join(tempDir('arbiter-fuzz-jobs-'), 'worker.mjs');
  writeFileSync(file, `
import { parentPort, workerData } from 'node:worker_threads';
const { seed, runs } = workerData.options;
const delays = ${JSON.stringify(delays)};
const fail = ${JSON.stringify(fail)}.includes(seed);
setTimeout(() => {
  if (${JSON.stringify(vanish)}.includes(seed)) process.exit(0);
  parentPort.postMessage({ type: 'progress', done: runs });
  const failure = { seed, path: String(seed) + ':0', invariants: ['x'], violations: [], size: {}, shrinks: 0, scenario: {}, cards: [], replay: '' };
  parentPort.postMessage({ type: 'done', report: { ok: !fail, seed, runs: fail ? 3 : runs, mutants: [], ms: 1, ...(fail ? { failure } : {}) } });
}, delays[seed] ?? 0);
`);
  return file;
}

describe('fuzz --jobs', () => {
  it('splits the runs into shards with consecutive seeds', () => {
    expect(shards(7, 10, 3)).toEqual([{ seed: 7, runs: 4 }, { seed: 8, runs: 3 }, { seed: 9, runs: 3 }]);
    expect(shards(2_147_483_646, 4, 2).map((s) => s.seed)).toEqual([2_147_483_646, 0]);
    expect(shards(1, 2, 5)).toHaveLength(2);
  });

  it('reports the failing shard with the lowest index, whichever finishes first', async () => {
    // Shard 1 (seed 11) fails at once; shard 0 (seed 10) passes later; shard 2 (seed 12) would fail too.
    const late = await fuzzJobs({ runs: 30, seed: 10, jobs: 3, noWrite: true }, fakeWorker({ 10: 300 }, [11, 12]));
    expect(late.ok).toBe(false);
    expect(late.failure!.seed).toBe(11);
    expect(late.runs).toBe(10 + 3); // all of shard 0, then the failing shard's cases
    expect(late.failure!.replay).toBe('arbiter fuzz --seed 11 --path 11:0');
    // Shard 0 fails late, shard 1 early: shard 0 is the one reported.
    const early = await fuzzJobs({ runs: 30, seed: 10, jobs: 3, noWrite: true }, fakeWorker({ 10: 300 }, [10, 11]));
    expect(early.failure!.seed).toBe(10);
    const none = await fuzzJobs({ runs: 30, seed: 10, jobs: 3, noWrite: true }, fakeWorker({}, []));
    expect(none).toMatchObject({ ok: true, runs: 30, seed: 10 });
  });

  it('a shard that ends without a report is an error, unless a shard before it failed', async () => {
    await expect(fuzzJobs({ runs: 30, seed: 10, jobs: 3, noWrite: true }, fakeWorker({ 11: 100 }, [11], [10]))).rejects.toThrow(/fuzz shard 0 \(seed 10\) failed: it ended without a report/);
    await expect(fuzzJobs({ runs: 30, seed: 10, jobs: 3, noWrite: true }, fakeWorker({}, [], [12]))).rejects.toThrow(/fuzz shard 2/);
    const after = await fuzzJobs({ runs: 30, seed: 10, jobs: 3, noWrite: true }, fakeWorker({ 10: 100 }, [10], [11]));
    expect(after.failure!.seed).toBe(10);
  });

  it('finds a mutant in worker threads, and the failure replays without --jobs', async () => {
    const r = await fuzzJobs({ runs: 300, seed: 3, jobs: 2, mutants: ['die-at-zero-health'], noWrite: true });
    expect(r.ok).toBe(false);
    const f = r.failure!;
    expect(f.seed).toBe(3);
    const again = await fuzz({ seed: f.seed, path: f.path, mutants: ['die-at-zero-health'], noWrite: true });
    expect(again.ok).toBe(false);
    expect(again.failure!.invariants).toEqual(f.invariants);
  });

  it('the command takes --jobs for the Hearthstone fuzz only, and at least 1', async () => {
    expect((await runCli(['fuzz', '--runs', '4', '--seed', '1', '--jobs', '2', '--no-write'])).code).toBe(0);
    const zero = await runCli(['fuzz', '--runs', '4', '--jobs', '0']);
    expect(zero.code).toBe(2);
    expect(zero.err).toMatch(/--jobs.*at least 1/);
    const host = await runCli(['fuzz', '--profile', 'host', '--runs', '4', '--jobs', '2']);
    expect(host.code).toBe(2);
    expect(host.err).toMatch(/--jobs.*Hearthstone fuzz/);
  });
});
