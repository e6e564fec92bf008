/** Run the `arbiter` command in process, capturing what it writes: for tests of a command's output and exit code. */
import { main } from '../../cli/main.js';

export interface Captured { code: number; out: string; err: string }

export async function runCli(args: string[]): Promise<Captured> {
  const out: string[] = [];
  const err: string[] = [];
  const w = process.stdout.write;
  const e = process.stderr.write;
  process.stdout.write = ((s: string | Uint8Array) => { out.push(String(s)); return true; }) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => { err.push(String(s)); return true; }) as typeof process.stderr.write;
  try {
    const code = await main(args);
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    process.stdout.write = w;
    process.stderr.write = e;
    process.exitCode = 0;
  }
}
