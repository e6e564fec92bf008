/**
 * Run a child process from a test without blocking the test worker (a worker blocked in spawnSync cannot answer
 * vitest's own messages, which fails a run under load: vitest's "Timeout calling onTaskUpdate").
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../engine/validation.js';

export interface Ran { code: number | null; out: string; err: string }

export function run(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string } = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd ?? ROOT, env: opts.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
    child.stdin.end(opts.input ?? '');
  });
}

/** The `arbiter` command, as a user runs it. */
export function arbiter(...args: string[]): Promise<Ran> {
  return run(process.execPath, [join(ROOT, 'bin', 'arbiter.mjs'), ...args], { env: { ...process.env, CI: 'true' } });
}
