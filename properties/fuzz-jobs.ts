/**
 * `arbiter fuzz --jobs n`: the runs split into n shards, each fuzzed in its own worker thread with its own seed
 * (shard i: seed + i, its share of the runs), so the cores of the machine share the work. The result depends on the
 * seed, the runs and n, never on timing: when shards fail, the one with the lowest index is reported (shards after it
 * are stopped; shards before it run to their end). A failure names its shard's seed and path, which replay it
 * without --jobs.
 */
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../engine/validation.js';
import { fuzz, finishFailure, type FuzzOptions, type FuzzReport } from './fuzz.js';

/** The compiled worker (`npm run build` writes dist/; the CLI runs from there). */
export const FUZZ_WORKER = join(ROOT, 'dist', 'properties', 'fuzz-worker.js');

const SEED_LIMIT = 2_147_483_647;

/** Shard i's seed and runs. */
export function shards(seed: number, runs: number, jobs: number): { seed: number; runs: number }[] {
  const n = Math.max(1, Math.min(jobs, runs));
  return Array.from({ length: n }, (_, i) => ({ seed: (seed + i) % SEED_LIMIT, runs: Math.floor(runs / n) + (i < runs % n ? 1 : 0) }));
}

export async function fuzzJobs(o: FuzzOptions & { jobs: number }, worker = FUZZ_WORKER): Promise<FuzzReport> {
  const runs = o.runs ?? 1000;
  const seed = o.seed ?? Date.now() % SEED_LIMIT;
  const { jobs, progress, ...options } = o;
  if (jobs <= 1 || o.path) return fuzz({ ...options, ...(progress ? { progress } : {}), runs, seed });
  if (!existsSync(worker)) throw new Error(`${worker} is missing: run \`npm run build\` (fuzz --jobs runs its shards from the compiled code)`);
  const t0 = performance.now();
  const every = o.every ?? 1000;
  const parts = shards(seed, runs, jobs);
  const done = parts.map(() => 0);
  let reported = 0;
  const reports: (FuzzReport | null)[] = parts.map(() => null);
  const workers: (Worker | null)[] = [];
  /** The lowest shard index known to have failed. */
  let firstFailed = Infinity;
  /** Why a shard stopped without its report (a thread error, or it could not start). */
  const errors: (string | null)[] = parts.map(() => null);
  await new Promise<void>((resolve) => {
    let open = parts.length;
    const stop = (from: number) => workers.forEach((x, j) => { if (j > from && x) void x.terminate(); });
    const settle = (i: number) => {
      if (!workers[i]) return;
      workers[i] = null;
      if (--open === 0) resolve();
    };
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      let w: Worker;
      try {
        w = new Worker(worker, { workerData: { options: { ...options, seed: part.seed, runs: part.runs }, every: Math.max(1, Math.floor(every / parts.length)) } });
      } catch (e) {
        // Shards not started count as broken; those started are stopped.
        for (let j = i; j < parts.length; j++) errors[j] = `could not start: ${(e as Error).message}`;
        stop(-1);
        open -= parts.length - i;
        if (open === 0) resolve();
        break;
      }
      workers[i] = w;
      w.on('message', (m: { type: 'progress'; done: number } | { type: 'done'; report: FuzzReport }) => {
        if (m.type === 'progress') {
          done[i] = m.done;
          const total = done.reduce((a, b) => a + b, 0);
          if (progress && Math.floor(total / every) > Math.floor(reported / every)) progress(total, performance.now() - t0);
          reported = total;
          return;
        }
        reports[i] = m.report;
        if (!m.report.ok && i < firstFailed) {
          firstFailed = i;
          // Shards after the first failing one cannot change the result: stop them.
          stop(i);
        }
        // The report is the shard's last word: it is done, whatever its thread does next.
        void w.terminate();
      });
      w.on('error', (e) => { errors[i] = e.message; });
      w.on('exit', () => settle(i));
    }
  });
  const ms = performance.now() - t0;
  const failed = reports.findIndex((r) => r !== null && !r.ok);
  // A shard without its report before the first failing one (or with no failure at all) leaves the result unknown: an
  // error. (Shards after the first failing one were stopped on purpose.)
  const limit = failed < 0 ? parts.length : failed;
  const bad = reports.findIndex((r, i) => r === null && i < limit);
  if (bad >= 0) throw new Error(`fuzz shard ${bad} (seed ${parts[bad]!.seed}) failed: ${errors[bad] ?? 'it ended without a report'}`);
  if (failed < 0) return { ok: true, seed, runs: reports.reduce((n, r) => n + r!.runs, 0), mutants: o.mutants ?? [], ms };
  const r = reports[failed]!;
  // Cases before the failing one: every case of the shards before it, and the failing shard's own.
  const before = reports.slice(0, failed).reduce((n, x) => n + x!.runs, 0);
  return { ...r, seed, runs: before + r.runs, ms, failure: finishFailure(r.failure!, o) };
}
