/**
 * Every example of `arbiter run --help` that needs only the bundled simulators (no --sim, or --sim running
 * `node bin/arbiter.mjs adapter ...`) works as written: run in process from a fresh folder (its report folders and
 * baseline files land there), each command of an `a && b` line in turn, each ending with the exit code its comment
 * states ("exit N"). An example with no stated exit code fails the test: the help must promise one.
 */
import { describe, expect, it } from 'vitest';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from './support/capture.js';
import { tempDirs } from './support/temp.js';
import { ROOT } from '../engine/validation.js';
import { splitCommand } from '../differential/adapter-process.js';

const tempDir = tempDirs();

interface Example { line: string; commands: string[][]; exit: number | undefined }

function examples(help: string): Example[] {
  const block = help.slice(help.indexOf('\nExamples'));
  return block.split('\n').slice(1).filter((l) => /^ {2}arbiter /.test(l)).map((l) => {
    const [cmd, comment = ''] = l.trim().split(/\s+#\s+/, 2) as [string, string?];
    const exit = /\bexit (\d)\b/.exec(comment);
    return { line: l.trim(), commands: cmd.split(' && ').map((c) => splitCommand(c).slice(1)), exit: exit ? Number(exit[1]) : undefined };
  });
}

/** Only the bundled simulators: the demo (no --sim) or Arbiter's own adapter command. */
const bundled = (e: Example) => e.commands.every((c) => { const i = c.indexOf('--sim'); return i < 0 || /^node bin\/arbiter\.mjs adapter\b/.test(c[i + 1] ?? ''); });

describe('arbiter run --help examples', () => {
  it('each example that uses only the bundled simulators exits as its comment states', async () => {
    const help = await runCli(['run', '--help']);
    const all = examples(help.out);
    const runnable = all.filter(bundled);
    // The examples include the demo, a Hearthtop and a Host run, a recorded baseline and a shard-and-merge line.
    expect(runnable.map((e) => e.commands[0]!.join(' '))).toEqual(expect.arrayContaining(['run', 'run --profile hearthtop', 'run --profile host']));
    expect(runnable.length).toBeGreaterThanOrEqual(6);
    const dir = tempDir('arbiter-run-examples-');
    // The examples name the adapter as `node bin/arbiter.mjs`, relative to a checkout: the folder gets a bin/ that is
    // the checkout's.
    symlinkSync(join(ROOT, 'bin'), join(dir, 'bin'), 'dir');
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      for (const e of runnable) {
        expect(e.exit, `${e.line}: the help states no exit code`).toBeDefined();
        let code = 0;
        let seen = '';
        for (const args of e.commands) {
          const r = await runCli(args);
          code = r.code;
          seen = `${r.out.split('\n').filter((l) => /cases:|NEW FAIL|error/.test(l)).join('\n')}\n${r.err}`;
          if (code !== 0) break;
        }
        expect(code, `${e.line}\n${seen}`).toBe(e.exit);
      }
    } finally {
      process.chdir(cwd);
    }
  });
});
