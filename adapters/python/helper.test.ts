/**
 * The Python adapter helper (adapters/python/arbiter_adapter.py) through Arbiter's runner: a fake Python simulator
 * (adapters/python/fake_adapter.py) gets PASS, FAIL, UNSUPPORTED and CRASH on golden cases, and the loop survives
 * every one of them.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { loadCardPool } from '../../engine/cards/pool.js';
import { ROOT } from '../../engine/validation.js';
import { runDifferential } from '../../differential/runner.js';
import { goldenCases } from '../../differential/cases.js';
import { tempDirs } from '../../test/support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const python = process.env.PYTHON ?? 'python3';
const hasPython = spawnSync(python, ['--version']).status === 0;
if (!hasPython) console.warn(`[adapters/python] SKIPPED: no "${python}" on PATH (set PYTHON to a Python 3 interpreter)`);

const cards = loadCardPool();
const WANTED = {
  'attack-sequence-preparation-and-combat': 'PASS', // a vanilla attack: the fake gets it right
  'knife-juggler-haunted-creeper-malganis-imp': 'FAIL', // the fake ignores Deathrattles (no Spectral Spiders)
  'cult-master-simultaneous-death': 'UNSUPPORTED', // the fake cannot play cards
  'fiery-war-axe-zombie-chow-too-late': 'CRASH', // the fake's deliberate KeyError on a weapon attack
} as const;

describe('Python adapter helper (arbiter_adapter.py)', () => {
  it('the Python unit tests pass', { timeout: 60_000 }, () => {
    if (!hasPython) return;
    const r = spawnSync(python, ['-m', 'unittest', 'discover', '-s', join(ROOT, 'adapters', 'python'), '-p', '*_test.py'], {
      encoding: 'utf8',
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    });
    expect(r.status, r.stderr).toBe(0);
  });

  it.skipIf(!hasPython)('a fake Python simulator through the runner: PASS, FAIL, UNSUPPORTED and CRASH, and the run goes on', { timeout: 60_000 }, async () => {
    const cases = goldenCases(cards).filter((c) => c.id in WANTED);
    expect(cases.map((c) => c.id).sort()).toEqual(Object.keys(WANTED).sort());
    const { results, hello } = await runDifferential({
      command: [python, join(ROOT, 'adapters', 'python', 'fake_adapter.py')],
      cases,
      cards,
      outDir: tempDir('arbiter-pyhelper-'),
      timeoutMs: 20_000,
    });
    expect(hello).toMatchObject({ name: 'fake', fidelity: 'final_state', cards: '*' });
    const by = new Map(results.map((r) => [r.case, r]));
    for (const [id, status] of Object.entries(WANTED)) expect(`${id}: ${by.get(id)?.status}`).toBe(`${id}: ${status}`);
    expect(by.get('cult-master-simultaneous-death')!.detail).toBe('the fake simulator cannot play cards');
    const crash = by.get('fiery-war-axe-zombie-chow-too-late')!;
    expect(crash.detail).toMatch(/KeyError.*during action 0/);
    // the traceback goes to stderr before the answer; the runner keeps what has arrived by then (best effort)
    if (crash.stderr) expect(crash.stderr).toMatch(/KeyError/);
    // the FAIL names the board difference (the Haunted Creeper's Deathrattle summoned no Spectral Spiders)
    expect(by.get('knife-juggler-haunted-creeper-malganis-imp')!.divergences.map((d) => d.path)).toContain('final.players.A.board');
  });
});
