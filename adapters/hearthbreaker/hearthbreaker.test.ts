/**
 * The HearthBreaker adapter against the user's HearthBreaker (HEARTHBREAKER_HOME). Without it, the simulator tests
 * are SKIPPED (with a note); the adapter's own start-up check runs either way.
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
const home = process.env.HEARTHBREAKER_HOME;
const hasPython = spawnSync(python, ['--version']).status === 0;
if (!home) console.warn('[adapters/hearthbreaker] SKIPPED simulator tests: HEARTHBREAKER_HOME is not set (point it at a HearthBreaker checkout; see adapters/hearthbreaker/README.md)');
const adapter = join(ROOT, 'adapters', 'hearthbreaker', 'adapter.py');

describe('HearthBreaker adapter', () => {
  it.skipIf(!hasPython)('without HEARTHBREAKER_HOME it exits at once and says what to set', () => {
    const env = { ...process.env };
    delete env.HEARTHBREAKER_HOME;
    const r = spawnSync(python, [adapter], { input: '{"type":"hello","protocol":"arbiter-adapter/1"}\n', encoding: 'utf8', env });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/HEARTHBREAKER_HOME/);
  });

  it.skipIf(!home || !hasPython)('runs every golden case: each one is answered (no protocol error, no timeout), vanilla ones pass', { timeout: 120_000 }, async () => {
    const cards = loadCardPool();
    const cases = goldenCases(cards);
    const { results, hello } = await runDifferential({ command: [python, adapter], cases, cards, outDir: mkdtempSync(join(tmpdir(), 'arbiter-hb-')), timeoutMs: 20_000 });
    expect(hello).toMatchObject({ name: 'HearthBreaker', fidelity: 'final_state' });
    expect(hello.cards).toContain('EX1_595');
    expect(results).toHaveLength(cases.length);
    expect(results.filter((r) => ['PROTOCOL_ERROR', 'TIMEOUT', 'ERROR'].includes(r.status)).map((r) => `${r.case}: ${r.status} ${r.detail}`)).toEqual([]);
    const by = new Map(results.map((r) => [r.case, r]));
    // the board, damage, order of play and both players' actions map faithfully where HearthBreaker follows the rules
    for (const id of ['attack-sequence-preparation-and-combat', 'cult-master-simultaneous-death', 'sylvanas-trade-oldest-first']) {
      if (by.has(id)) expect(`${id}: ${by.get(id)!.status}`).toBe(`${id}: PASS`);
    }
    for (const r of results.filter((x) => x.status === 'UNSUPPORTED')) expect(r.detail, r.case).toMatch(/\S/);
    const counts = Object.fromEntries(['PASS', 'FAIL', 'UNSUPPORTED', 'CRASH'].map((s) => [s, results.filter((r) => r.status === s).length]));
    console.info(`[adapters/hearthbreaker] ${hello.name} ${hello.version}: ${JSON.stringify(counts)}`);
  });
});
