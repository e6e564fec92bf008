/**
 * The README's walkthrough, as a user follows it: `pip install ./adapters/python` into a fresh venv (offline: the
 * package builds with its own standard-library backend), then the toy simulator's adapter
 * (adapters/python/examples/toy_adapter.py) against `arbiter run`: it passes what it can run; with its planted bug
 * (TOY_BUG=1, fatigue that does not grow) the run fails on the fatigue case; a baseline recorded with
 * --update-expectations turns that failure into a known one and the run passes again, as in the CI snippets.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../engine/validation.js';
import { run } from '../../test/run-cli.js';
import { tempDirs } from '../../test/support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const python = process.env.PYTHON ?? 'python3';
const tmp = tempDir('arbiter-toy-');
const venv = join(tmp, 'venv');
// A fresh venv. Where the interpreter has pip, the venv reuses it (--without-pip --system-site-packages): installing pip
// into every new venv costs about 5 s of CPU, and `pip install` still installs into the venv (checked below).
const hasPip = spawnSync(python, ['-m', 'pip', '--version'], { encoding: 'utf8' }).status === 0;
const made = spawnSync(python, ['-m', 'venv', ...(hasPip ? ['--without-pip', '--system-site-packages'] : []), venv], { encoding: 'utf8' });
const canVenv = made.status === 0;
if (!canVenv) console.warn(`[adapters/python/toy] SKIPPED: "${python} -m venv" failed (${(made.stderr ?? String(made.error)).trim().split('\n').pop()})`);
const vpy = join(venv, 'bin', 'python');

const arbiter = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  run(process.execPath, [join(ROOT, 'bin', 'arbiter.mjs'), ...args], { env: { ...process.env, CI: 'true', PYTHONDONTWRITEBYTECODE: '1', ...env } });
const results = (dir: string) => readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { case: string; status: string });

describe.skipIf(!canVenv)('the toy adapter of adapters/python/README.md', () => {
  it('installs with pip, passes what it runs, fails on its planted bug, and a baseline makes that failure known', { timeout: 600_000 }, async () => {
    const pip = await run(vpy, ['-m', 'pip', 'install', '--no-index', '--no-build-isolation', join(ROOT, 'adapters', 'python')], { env: { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: '1', PYTHONDONTWRITEBYTECODE: '1' } });
    expect(pip.code, pip.out + pip.err).toBe(0);
    const where = await run(vpy, ['-c', 'import arbiter_adapter; print(arbiter_adapter.__file__)']);
    expect(where.out).toContain(venv);
    const sim = `${vpy} ${join(ROOT, 'adapters', 'python', 'examples', 'toy_adapter.py')}`;

    // The run that passes, the run with the bug and the run that records the baseline are independent: side by side.
    const baseline = join(tmp, 'toy.expectations.json');
    const [ok, bug, record] = await Promise.all([
      arbiter(['run', '--sim', sim, '--out', join(tmp, 'good'), '--no-progress']),
      arbiter(['run', '--sim', sim, '--out', join(tmp, 'bug'), '--no-progress'], { TOY_BUG: '1' }),
      arbiter(['run', '--sim', sim, '--out', join(tmp, 'rec'), '--no-progress', '--expectations', baseline, '--update-expectations'], { TOY_BUG: '1' }),
    ]);
    expect(ok.code, ok.out + ok.err).toBe(0);
    const good = results(join(tmp, 'good'));
    const passed = good.filter((r) => r.status === 'PASS').map((r) => r.case);
    for (const c of ['attack-sequence-preparation-and-combat', 'fatigue-grows-with-each-empty-draw', 'legality-summoning-sickness-and-one-attack', 'overdraw-burns-the-eleventh-card', 'conformance-cs2-182']) expect(passed).toContain(c);
    expect(good.filter((r) => !['PASS', 'UNSUPPORTED'].includes(r.status))).toEqual([]);
    expect(ok.out).toMatch(/toy 0\.1: \d+ cases: \d+ pass, 0 NEW FAIL/);

    expect(bug.code, bug.out + bug.err).toBe(1);
    expect(results(join(tmp, 'bug')).find((r) => r.case === 'fatigue-grows-with-each-empty-draw')!.status).toBe('FAIL');
    expect(readFileSync(join(tmp, 'bug', 'summary-short.md'), 'utf8')).toMatch(/NEW FAIL \(1\)[\s\S]*fatigue-grows-with-each-empty-draw/);

    expect(record.code, record.out + record.err).toBe(0);
    const known = await arbiter(['run', '--sim', sim, '--out', join(tmp, 'known'), '--no-progress', '--expectations', baseline], { TOY_BUG: '1' });
    expect(known.code, known.out + known.err).toBe(0);
    expect(known.out).toMatch(/0 NEW FAIL, 0 NEW PASS, 1 known fail/);
  });
});
