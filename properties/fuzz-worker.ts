/**
 * One shard of a parallel `arbiter fuzz` (properties/fuzz-jobs.ts), run in a worker thread: the fuzz of its own seed
 * and share of the runs, with progress and the report posted back. It writes no file (the parent writes the repro).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { fuzz, type FuzzOptions } from './fuzz.js';

interface ShardData { options: Omit<FuzzOptions, 'progress'>; every: number }

const port = parentPort;
if (!port) throw new Error('properties/fuzz-worker.js runs as a worker thread (see properties/fuzz-jobs.ts)');
const d = workerData as ShardData;
const report = await fuzz({ ...d.options, noWrite: true, every: d.every, progress: (done) => port.postMessage({ type: 'progress', done }) });
port.postMessage({ type: 'done', report });
