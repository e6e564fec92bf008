/** The runner against adapters that pass, break rules, crash, hang, print garbage or answer the wrong case. */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCardPool } from '../engine/cards/pool.js';
import { InputError, ROOT } from '../engine/validation.js';
import { runDifferential, readResults, readResultsFile, shardOf } from './runner.js';
import { goldenCases } from './cases.js';
import { splitCommand } from './adapter-process.js';
import { tempDirs } from '../test/support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const cards = loadCardPool();
const cases = goldenCases(cards);
const arbiterAdapter = (...args: string[]) => [process.execPath, join(ROOT, 'bin', 'arbiter.mjs'), 'adapter', ...args];
const tmp = () => tempDir('arbiter-run-');

describe.concurrent('differential runner', () => {
  it('the reference engine through the protocol passes every golden case', async () => {
    const { results, hello } = await runDifferential({ command: arbiterAdapter(), cases, cards, outDir: tmp(), jobs: 2 });
    expect(hello.name).toBe('arbiter-reference');
    expect(results.filter((r) => r.status !== 'PASS').map((r) => `${r.case}: ${r.status} ${r.divergences[0]?.path ?? r.detail ?? ''}`)).toEqual([]);
    expect(results).toHaveLength(cases.length);
  }, 60_000);

  it('a mutant adapter fails, naming the broken rule through mutant diagnosis', async () => {
    const { results } = await runDifferential({ command: arbiterAdapter('--mutant', 'deaths-one-at-a-time'), cases, cards, outDir: tmp() });
    const failed = results.filter((r) => r.status === 'FAIL');
    expect(failed.length).toBeGreaterThan(0);
    for (const r of failed) expect(r.diagnosis.map((d) => d.mutant)).toContain('deaths-one-at-a-time');
  }, 60_000);

  it('crash, hang, garbage, wrong case and error answers each get their own status, and the run goes on', async () => {
    // Twelve cases: the first five misbehave, the seven after them need the restarted adapter.
    const some = [...cases].sort((x, y) => x.id.localeCompare(y.id)).slice(0, 12);
    const [a, b, c, d, e] = some.map((x) => x.id);
    const env = `crash:${a},hang:${b},garbage:${c},wrongcase:${d},errormsg:${e}`;
    process.env.MISBEHAVE = env;
    try {
      const out = tmp();
      const { results } = await runDifferential({ command: [process.execPath, join(ROOT, 'test', 'fixtures', 'misbehaving-adapter.mjs')], cases: some, cards, outDir: out, timeoutMs: 1500 });
      const by = new Map(results.map((r) => [r.case, r]));
      expect(by.get(a!)!.status).toBe('CRASH');
      expect(by.get(a!)!.stderr).toMatch(/segfault/);
      expect(by.get(b!)!.status).toBe('TIMEOUT');
      expect(by.get(c!)!.status).toBe('PROTOCOL_ERROR');
      expect(by.get(c!)!.detail).toMatch(/not JSON/);
      expect(by.get(d!)!.status).toBe('PROTOCOL_ERROR');
      expect(by.get(d!)!.detail).toMatch(/answered case "some-other-case"/);
      expect(by.get(e!)!.status).toBe('CRASH');
      // every other case was still run (the adapter was restarted), and judged (empty boards are wrong: FAIL)
      expect(results).toHaveLength(some.length);
      expect(results.filter((r) => r.status === 'FAIL' || r.status === 'PASS').length).toBe(some.length - 5);
      expect(results.filter((r) => r.status === 'FAIL').length).toBeGreaterThan(some.length / 2);
      expect(readResults(out)).toHaveLength(some.length);
    } finally {
      delete process.env.MISBEHAVE;
    }
  }, 60_000);

  it('--resume runs only the cases missing from results.jsonl; a cut last line is run again', async () => {
    const out = tmp();
    // Eight cases: three recorded, then five more (the whole golden set through the protocol: the first test).
    const all = cases.slice(0, 8);
    const first = all.slice(0, 3);
    await runDifferential({ command: arbiterAdapter(), cases: first, cards, outDir: out });
    const file = join(out, 'results.jsonl');
    const { appendFileSync } = await import('node:fs');
    appendFileSync(file, '{"case":"cut-off-by-a-ki');
    const seen: string[] = [];
    const { results } = await runDifferential({ command: arbiterAdapter(), cases: all, cards, outDir: out, resume: true, onResult: (r) => seen.push(r.case) });
    expect(results).toHaveLength(all.length);
    expect(seen.sort()).toEqual(all.slice(3).map((c) => c.id).sort());
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(all.length);
  }, 60_000);

  it('--resume refuses results of another simulator (name or version) behind the command, before running anything', async () => {
    const out = tmp();
    const some = cases.slice(0, 2);
    await runDifferential({ command: arbiterAdapter(), cases: some, cards, outDir: out });
    const before = readFileSync(join(out, 'results.jsonl'), 'utf8');
    const seen: string[] = [];
    const resumed = runDifferential({ command: arbiterAdapter('--mutant', 'die-at-zero-health'), cases: cases.slice(0, 3), cards, outDir: out, resume: true, onResult: (r) => seen.push(r.case) });
    await expect(resumed).rejects.toThrow(InputError);
    await expect(resumed).rejects.toThrow(/results\.jsonl: \$: --resume: holds results of simulator "arbiter-reference [^"]+", this run's simulator is "arbiter-reference\+die-at-zero-health [^"]+"/);
    expect(seen).toEqual([]);
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe(before);
  }, 60_000);

  it('--shard i/n splits cases by id so that the shards cover every case exactly once', () => {
    const all = [1, 2, 3].flatMap((i) => shardOf(cases, { index: i, count: 3 }).map((c) => c.id));
    expect(all.sort()).toEqual(cases.map((c) => c.id).sort());
  });

  it('a simulator command is split into words without a shell', () => {
    expect(splitCommand(`python3 "my adapters/hb.py" --flag 'a b' x`)).toEqual(['python3', 'my adapters/hb.py', '--flag', 'a b', 'x']);
  });
});

describe('reading results.jsonl', () => {
  it('reads it in chunks, line by line: lines across chunk boundaries are results, a line over the cap is dropped like a broken one', () => {
    const dir = tempDir('arbiter-results-');
    const result = (i: number) => JSON.stringify({ case: `c${i}`, origin: 'o', status: 'PASS', rules: ['4a'], title: 't', simulator: { name: 's', version: '1', fidelity: 'final_state' }, divergences: [], violations: [], diagnosis: [], notes: ['x'.repeat(i % 7 === 0 ? 3000 : 200)] });
    // some 3 MB: a few chunks of the reader, with long lines (over the 2 KB cap given) among them, and a cut last line
    const lines = Array.from({ length: 12000 }, (_, i) => result(i));
    writeFileSync(join(dir, 'results.jsonl'), lines.join('\n') + '\n' + result(99999).slice(0, 50));
    const { results, dropped } = readResultsFile(dir, 2048);
    const long = lines.filter((_, i) => i % 7 === 0).length;
    expect(results.length).toBe(12000 - long);
    expect(dropped).toBe(long + 1);
    expect(results.map((r) => r.case)).toContain('c11999');
    expect(readResultsFile(dir).results.length).toBe(12000);
  });
});
