/** The reference adapter (`arbiter adapter`) as a third-party runner sees it: raw JSON lines on its stdin and stdout. */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../engine/validation.js';
import { loadCardPool } from '../../engine/cards/pool.js';
import { goldenCases } from '../../differential/cases.js';
import { OneCaseRunner } from '../../differential/one.js';

/** Start the adapter, write the lines (stdin stays open, as Arbiter keeps it), collect its answers until it exits. */
function converse(lines: unknown[], args: string[] = []): Promise<{ code: number | null; signal: NodeJS.Signals | null; answers: Record<string, unknown>[] }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'arbiter.mjs'), 'adapter', ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  child.stdin.write(lines.map((l) => JSON.stringify(l) + '\n').join(''));
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal, answers: out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) }));
  });
}

describe('the reference adapter', () => {
  // spec/protocol.md "End": on bye the adapter exits with status 0 (Arbiter would kill it 2 s later otherwise)
  it('exits with status 0 on bye, its stdin still open', async () => {
    const r = await converse([{ type: 'hello', protocol: 'arbiter-adapter/1' }, { type: 'bye' }]);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    expect(r.answers.map((a) => a.type)).toEqual(['hello']);
  }, 20_000);

  it('answers a request that is no JSON object (null, an array, a number) with an error and goes on, in both profiles', async () => {
    for (const args of [[], ['--profile', 'host']]) {
      const r = await converse([{ type: 'hello', protocol: 'arbiter-adapter/1' }, null, [1], 5, { type: 'bye' }], args);
      expect(r.code).toBe(0);
      expect(r.answers.map((a) => a.type)).toEqual(['hello', 'error', 'error', 'error']);
      expect(r.answers[1]!.message).toMatch(/^request is not a JSON object/);
    }
  }, 20_000);

  it('exits with status 0 on bye in the host profile too', async () => {
    const r = await converse([{ type: 'hello', protocol: 'arbiter-adapter/1' }, { type: 'bye' }], ['--profile', 'host']);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    expect(r.answers.map((a) => a.profile)).toEqual(['host']);
  }, 20_000);

  it('answers an action its engine refuses as an error that names the action (a run counts it), a scenario it cannot read as unsupported', async () => {
    const setup = { active: 'A', A: { board: [{ card: 'Chillwind Yeti', label: 'yeti', exhausted: true }] }, B: {} };
    const base = { format: 'arbiter-scenario/1', title: 't', rules: ['legality'], source: { seed: '000', quote: 'q' }, setup, expect: {} };
    const r = await converse([
      { type: 'hello', protocol: 'arbiter-adapter/1' },
      // an exhausted minion's attack, not marked illegal: what an engine that refuses a legal action answers
      { type: 'run', case: 'refused', scenario: { ...base, id: 'refused', actions: [{ attack: 'yeti', defender: 'heroB' }] } },
      { type: 'run', case: 'unreadable', scenario: { ...base, id: 'unreadable', actions: [{ play: 'nobody' }] } },
      { type: 'bye' },
    ]);
    expect(r.answers[1]).toMatchObject({ type: 'error', case: 'refused' });
    expect(String(r.answers[1]!.message)).toMatch(/^refused action actions\[0\]: illegal action: Chillwind Yeti .*exhausted/);
    // the hint meant for a scenario's author (mark the action "illegal") is not the simulator's to give
    expect(String(r.answers[1]!.message)).not.toContain('mark it');
    expect(r.answers[2]).toMatchObject({ type: 'unsupported', case: 'unreadable' });
  }, 20_000);

  it('runs a golden case through a kept-open runner, which names the adapter process while it runs (bench reads its CPU time)', async () => {
    const cards = loadCardPool();
    const c = goldenCases(cards)[0]!;
    const runner = new OneCaseRunner([process.execPath, join(ROOT, 'bin', 'arbiter.mjs'), 'adapter'], cards);
    expect(runner.pid).toBeUndefined();
    try {
      expect((await runner.run(c.id, c.scenario)).result.status).toBe('PASS');
      const pid = runner.pid!;
      expect(pid).toBeGreaterThan(0);
      expect(() => process.kill(pid, 0)).not.toThrow();
    } finally {
      await runner.close();
    }
    expect(runner.pid).toBeUndefined();
  }, 30_000);
});
