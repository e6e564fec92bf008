/**
 * Run the `arbiter` command in process, capturing what it writes: for tests of a command's output and exit code.
 * It saves a child process and the start of the CLI (Node, then the command's modules) per command. Commands may run
 * side by side (concurrent tests): what each writes to stdout and stderr goes to its own capture (an
 * AsyncLocalStorage scope per call), and main() returns each command's own exit code (cli/exit-code.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { main } from '../../cli/main.js';

export interface Captured { code: number; out: string; err: string }

interface Sink { out: string[]; err: string[] }
const sink = new AsyncLocalStorage<Sink>();
let hooked = false;

/** Route stdout and stderr writes made inside a capture to it; every other write goes where it went before. */
function hook(): void {
  if (hooked) return;
  hooked = true;
  for (const [stream, key] of [[process.stdout, 'out'], [process.stderr, 'err']] as const) {
    const write = stream.write.bind(stream) as (...a: unknown[]) => boolean;
    stream.write = ((s: string | Uint8Array, ...rest: unknown[]) => {
      const to = sink.getStore();
      if (!to) return write(s, ...rest);
      to[key].push(typeof s === 'string' ? s : Buffer.from(s).toString());
      const done = rest.find((x) => typeof x === 'function') as (() => void) | undefined;
      if (done) queueMicrotask(done);
      return true;
    }) as typeof stream.write;
  }
}

export async function runCli(args: string[]): Promise<Captured> {
  hook();
  const to: Sink = { out: [], err: [] };
  const code = await sink.run(to, () => main(args));
  return { code, out: to.out.join(''), err: to.err.join('') };
}
