/**
 * The adapter contract kit: what every real-simulator adapter must show, in one place (in the manner of fast-check's
 * shared contract tests). Without the user's simulator installed, the simulator tests are SKIPPED with a note; the
 * adapter's own start-up check (it names the variable to set, exits 2, prints nothing on stdout) runs either way.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCardPool } from '../engine/cards/pool.js';
import { ROOT } from '../engine/validation.js';
import { runDifferential } from '../differential/runner.js';
import { goldenCases } from '../differential/cases.js';

export interface AdapterContract {
  /** The simulator's name as its hello says it. */
  name: string;
  /** Folder under adapters/ holding adapter.py and README.md. */
  dir: string;
  /** Environment variables that point at the user's installation; the first one is what the start-up check names. */
  env: string[];
  /** Other tools it needs (e.g. java), checked with `<tool> -version`. */
  tools?: string[];
  /** Golden cases the simulator gets right through the adapter (proof the mapping is faithful). */
  mustPass: string[];
  timeoutMs?: number;
}

const python = process.env.PYTHON ?? 'python3';
const hasPython = spawnSync(python, ['--version']).status === 0;

export function describeAdapterContract(c: AdapterContract): void {
  const adapter = join(ROOT, 'adapters', c.dir, 'adapter.py');
  const missingEnv = c.env.filter((v) => !process.env[v]);
  const missingTools = (c.tools ?? []).filter((t) => spawnSync(t, ['-version']).status !== 0);
  const ready = hasPython && missingEnv.length === 0 && missingTools.length === 0;
  if (!ready) {
    console.warn(`[adapters/${c.dir}] SKIPPED simulator tests: ${[...missingEnv.map((v) => `${v} is not set`), ...missingTools.map((t) => `no ${t}`), ...(hasPython ? [] : ['no python3'])].join(', ')} (see adapters/${c.dir}/README.md)`);
  }

  describe(`${c.name} adapter`, () => {
    it.skipIf(!hasPython)(`without ${c.env[0]} it exits at once and says what to set`, () => {
      const env = { ...process.env };
      delete env[c.env[0]!];
      const r = spawnSync(python, [adapter], { input: '{"type":"hello","protocol":"arbiter-adapter/1"}\n', encoding: 'utf8', env });
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(c.env[0]);
    });

    it.skipIf(!ready)('answers every golden case (no protocol error, no timeout); the cases it maps faithfully pass; every UNSUPPORTED says why', { timeout: 180_000 }, async () => {
      const cards = loadCardPool();
      const cases = goldenCases(cards);
      const { results, hello } = await runDifferential({ command: [python, adapter], cases, cards, outDir: mkdtempSync(join(tmpdir(), `arbiter-${c.dir}-`)), timeoutMs: c.timeoutMs ?? 20_000 });
      expect(hello).toMatchObject({ name: c.name, fidelity: 'final_state' });
      expect(hello.cards).toContain('EX1_595');
      expect(results).toHaveLength(cases.length);
      expect(results.filter((r) => ['PROTOCOL_ERROR', 'TIMEOUT', 'ERROR'].includes(r.status)).map((r) => `${r.case}: ${r.status} ${r.detail}`)).toEqual([]);
      const by = new Map(results.map((r) => [r.case, r]));
      for (const id of c.mustPass) if (by.has(id)) expect(`${id}: ${by.get(id)!.status}`).toBe(`${id}: PASS`);
      for (const r of results.filter((x) => x.status === 'UNSUPPORTED')) expect(r.detail, r.case).toMatch(/\S/);
      const counts = Object.fromEntries(['PASS', 'FAIL', 'UNSUPPORTED', 'CRASH'].map((s) => [s, results.filter((r) => r.status === s).length]));
      console.info(`[adapters/${c.dir}] ${hello.name} ${hello.version}: ${JSON.stringify(counts)}`);
    });
  });
}
