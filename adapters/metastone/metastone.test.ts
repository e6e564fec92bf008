/**
 * The MetaStone adapter against the user's MetaStone build (METASTONE_CLASSPATH, and java). Without it, the simulator
 * tests are SKIPPED (with a note); the adapter's own start-up check runs either way.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCardPool } from '../../engine/cards/pool.js';
import { ROOT } from '../../engine/validation.js';
import { runDifferential } from '../../differential/runner.js';
import { goldenCases } from '../../differential/cases.js';

const python = process.env.PYTHON ?? 'python3';
const hasPython = spawnSync(python, ['--version']).status === 0;
const hasJava = spawnSync(process.env.JAVA ?? 'java', ['-version']).status === 0;
const classpath = process.env.METASTONE_CLASSPATH;
if (!classpath || !hasJava) console.warn(`[adapters/metastone] SKIPPED simulator tests: ${!classpath ? 'METASTONE_CLASSPATH is not set' : 'no java'} (see adapters/metastone/README.md)`);
const adapter = join(ROOT, 'adapters', 'metastone', 'adapter.py');

describe('MetaStone adapter', () => {
  it.skipIf(!hasPython)('without METASTONE_CLASSPATH it exits at once and says what to set', () => {
    const env = { ...process.env };
    delete env.METASTONE_CLASSPATH;
    const r = spawnSync(python, [adapter], { input: '{"type":"hello","protocol":"arbiter-adapter/1"}\n', encoding: 'utf8', env });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/METASTONE_CLASSPATH/);
  });

  it.skipIf(!classpath || !hasJava || !hasPython)('runs every golden case in one JVM: each one is answered (no protocol error, no timeout), vanilla ones pass', { timeout: 180_000 }, async () => {
    const cards = loadCardPool();
    const cases = goldenCases(cards);
    const { results, hello } = await runDifferential({ command: [python, adapter], cases, cards, outDir: mkdtempSync(join(tmpdir(), 'arbiter-ms-')), timeoutMs: 30_000 });
    expect(hello).toMatchObject({ name: 'MetaStone', fidelity: 'final_state' });
    expect(hello.cards).toContain('EX1_595');
    expect(results).toHaveLength(cases.length);
    expect(results.filter((r) => ['PROTOCOL_ERROR', 'TIMEOUT', 'ERROR'].includes(r.status)).map((r) => `${r.case}: ${r.status} ${r.detail}`)).toEqual([]);
    const by = new Map(results.map((r) => [r.case, r]));
    for (const id of ['attack-sequence-preparation-and-combat', 'cult-master-simultaneous-death']) {
      if (by.has(id)) expect(`${id}: ${by.get(id)!.status}`).toBe(`${id}: PASS`);
    }
    for (const r of results.filter((x) => x.status === 'UNSUPPORTED')) expect(r.detail, r.case).toMatch(/\S/);
    const counts = Object.fromEntries(['PASS', 'FAIL', 'UNSUPPORTED', 'CRASH'].map((s) => [s, results.filter((r) => r.status === s).length]));
    console.info(`[adapters/metastone] ${hello.name} ${hello.version}: ${JSON.stringify(counts)}`);
  });
});
