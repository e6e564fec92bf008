/**
 * Commands run in process side by side (test/support/capture.ts) each get their own output and exit code
 * (cli/exit-code.ts): what the faster tests that run commands in process rely on.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../engine/validation.js';
import { runCli } from './support/capture.js';

describe('commands in process', () => {
  it('two commands at once: each its own exit code and output', async () => {
    const f = join(ROOT, 'golden', 'cases', 'cult-master-simultaneous-death.json');
    const runs = await Promise.all([
      runCli(['run-scenario', f, '--mutant', 'deaths-one-at-a-time']),
      runCli(['run-scenario', f]),
      runCli(['run-scenario', join(ROOT, 'no', 'such', 'file.json')]),
      runCli(['trace', f]),
    ]);
    expect(runs.map((r) => r.code)).toEqual([1, 0, 2, 0]);
    expect(runs[0]!.out).toMatch(/^FAIL /m);
    expect(runs[1]!.out).not.toMatch(/^FAIL /m);
    expect(runs[1]!.out).toMatch(/^PASS /m);
    expect(runs[2]!.err).toMatch(/file\.json: \$: cannot read file/);
    expect(runs[2]!.out).toBe('');
    expect(runs[3]!.out).toMatch(/SEQUENCE/);
    expect(runs[3]!.out).not.toMatch(/PASS|FAIL/);
  });
});
