/**
 * `arbiter run-scenario` honours a scenario's `"status": "expected-fail"` the way `arbiter golden verify` does
 * (golden/suite.ts): a marked case that fails is an expected failure (XFAIL, exit 0), a marked case that passes is an
 * unexpected pass (XPASS, exit 1: the marking is out of date), an unmarked case that fails is a FAIL (exit 1).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from './support/capture.js';
import { tempDirs } from './support/temp.js';
import { ROOT } from '../engine/validation.js';

const tempDir = tempDirs();
const golden = (id: string) => JSON.parse(readFileSync(join(ROOT, 'golden', 'cases', `${id}.json`), 'utf8')) as Record<string, unknown>;
/** The golden case marked expected-fail (its reason: the card pool cannot take the Dragon out of the hand). */
const XFAIL_ID = 'dragon-recheck-blackwing-corruptor';

describe.concurrent('run-scenario and the expected-fail marking', () => {
  it('a marked case that fails is XFAIL, not a failure (exit 0); the folder of golden cases exits 0 as the README shows', async () => {
    const one = await runCli(['run-scenario', join('golden', 'cases', `${XFAIL_ID}.json`)]);
    expect(one.code, one.out + one.err).toBe(0);
    expect(one.out).toMatch(new RegExp(`^XFAIL ${XFAIL_ID}: .*\\n  \\(expected to fail: Card pool: `));
    expect(one.out).toMatch(/player B: expected health 30, got 27/);
    const all = await runCli(['run-scenario', join('golden', 'cases')]);
    expect(all.code, all.out.split('\n').filter((l) => !l.startsWith('PASS')).join('\n')).toBe(0);
    expect(all.out).toMatch(/^\d+ passed, 0 failed, 1 expected-fail$/m);
    const json = await runCli(['run-scenario', join('golden', 'cases', `${XFAIL_ID}.json`), '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ id: XFAIL_ID, ok: true, status: 'expected-fail' });
  });

  it('the same case without the marking is a FAIL (exit 1)', async () => {
    const { status: _s, reason: _r, ...unmarked } = golden(XFAIL_ID);
    const file = join(tempDir('arbiter-xfail-'), 'unmarked.json');
    writeFileSync(file, JSON.stringify(unmarked));
    const r = await runCli(['run-scenario', file]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(new RegExp(`^FAIL ${XFAIL_ID}: `));
  });

  it('a marked case that passes is an unexpected pass (XPASS, exit 1), counted apart from passes', async () => {
    const dir = tempDir('arbiter-xpass-');
    writeFileSync(join(dir, 'marked.json'), JSON.stringify({ ...golden('cult-master-simultaneous-death'), status: 'expected-fail', reason: 'marked to show an unexpected pass' }));
    writeFileSync(join(dir, 'plain.json'), JSON.stringify(golden('dark-cultist-buffs-mortally-wounded-yeti')));
    const r = await runCli(['run-scenario', dir]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^XPASS cult-master-simultaneous-death: .*\n  - marked "status": "expected-fail" but every expectation holds/m);
    expect(r.out).toMatch(/^1 passed, 0 failed, 1 unexpected pass$/m);
    const json = await runCli(['run-scenario', join(dir, 'marked.json'), '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ ok: false, status: 'unexpected-pass' });
  });
});
