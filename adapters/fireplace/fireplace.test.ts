/**
 * The Fireplace adapter against the user's Fireplace (FIREPLACE_HOME, PYTHON_HEARTHSTONE_HOME, ARBITER_CARDDEFS).
 * Without them, the simulator tests are SKIPPED (with a note); the adapter's own start-up check runs either way.
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
const ready = Boolean(process.env.FIREPLACE_HOME && process.env.PYTHON_HEARTHSTONE_HOME && process.env.ARBITER_CARDDEFS);
if (!ready) console.warn('[adapters/fireplace] SKIPPED simulator tests: set FIREPLACE_HOME, PYTHON_HEARTHSTONE_HOME and ARBITER_CARDDEFS (see adapters/fireplace/README.md)');
const adapter = join(ROOT, 'adapters', 'fireplace', 'adapter.py');

describe('Fireplace adapter', () => {
  it.skipIf(!hasPython)('without FIREPLACE_HOME it exits at once and says what to set', () => {
    const env = { ...process.env };
    delete env.FIREPLACE_HOME;
    const r = spawnSync(python, [adapter], { input: '{"type":"hello","protocol":"arbiter-adapter/1"}\n', encoding: 'utf8', env });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/FIREPLACE_HOME/);
  });

  it.skipIf(!ready || !hasPython)('runs every golden case: each one is answered (no protocol error, no timeout), vanilla ones pass', { timeout: 120_000 }, async () => {
    const cards = loadCardPool();
    const cases = goldenCases(cards);
    const { results, hello } = await runDifferential({ command: [python, adapter], cases, cards, outDir: mkdtempSync(join(tmpdir(), 'arbiter-fp-')), timeoutMs: 20_000 });
    expect(hello).toMatchObject({ name: 'Fireplace', fidelity: 'final_state' });
    expect(hello.cards).toContain('EX1_595');
    expect(results).toHaveLength(cases.length);
    expect(results.filter((r) => ['PROTOCOL_ERROR', 'TIMEOUT', 'ERROR'].includes(r.status)).map((r) => `${r.case}: ${r.status} ${r.detail}`)).toEqual([]);
    const by = new Map(results.map((r) => [r.case, r]));
    for (const id of ['attack-sequence-preparation-and-combat', 'cult-master-simultaneous-death', 'sylvanas-trade-oldest-first']) {
      if (by.has(id)) expect(`${id}: ${by.get(id)!.status}`).toBe(`${id}: PASS`);
    }
    for (const r of results.filter((x) => x.status === 'UNSUPPORTED')) expect(r.detail, r.case).toMatch(/\S/);
    const counts = Object.fromEntries(['PASS', 'FAIL', 'UNSUPPORTED', 'CRASH'].map((s) => [s, results.filter((r) => r.status === s).length]));
    console.info(`[adapters/fireplace] ${hello.name} ${hello.version}: ${JSON.stringify(counts)}`);
  });
});
