/**
 * `arbiter report issue` for a result of `arbiter run --profile host`: the "Expected vs actual" table states Host's own
 * final facts (the result, each Host's health and damage zone, the slots' cards with power/health, hand / deck / drop,
 * resources and action points) for the Host kernel and the simulator, the rows that differ in bold; no Hearthstone rows.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from './support/temp.js';
import { ROOT } from '../engine/validation.js';
import { runCli } from './support/capture.js';

/** The commands run in process (test/support/capture.ts); the simulators are child processes through their adapters. */
const arbiter = (...args: string[]) => runCli(args);
const tempDir = tempDirs();
const tmp = () => tempDir('arbiter-host-issue-');
const adapter = (m: string) => `"${process.execPath}" "${join(ROOT, 'bin', 'arbiter.mjs')}" adapter --profile host --mutant ${m}`;
const table = (md: string) => md.slice(md.indexOf('## Expected vs actual'), md.indexOf('## Trace diff'));

describe.concurrent('the issue report of a Host result', () => {
  it('a slot taken in response (18.7, 14.7.1): Grace in the slot and the Aristocrat in the drop zone, against the FIFO Stack that resolves them the other way round', async () => {
    const dir = tmp();
    const sim = adapter('host-fifo-stack');
    const c = join('golden', 'cases', 'host-slot-taken-in-response.json');
    expect((await arbiter('run', '--profile', 'host', '--cases', c, '--sim', sim, '--out', join(dir, 'r'))).code).toBe(1);
    const issue = await arbiter('report', 'issue', 'host-slot-taken-in-response', '--report', join(dir, 'r'), '--sim', sim);
    expect(issue.code, issue.err).toBe(0);
    const t = table(issue.out);
    expect(t).toContain("| | expected (Arbiter's Host kernel) | actual (arbiter-host+host-fifo-stack) |");
    expect(t).toContain('| result | ongoing | ongoing |');
    // 18.7, 14.7.1: Grace (Fast, played in response) resolves first and takes slot 1; the Aristocrat cannot enter it
    expect(t).toContain('| **player A frontrow** | [1] grace (Grace, Aligner of Stars) 1/2 | [1] v (Vampire Aristocrat) 2/3 |');
    expect(t).toContain('| **player A hand / deck / drop** | 0 / 10 / 1: Vampire Aristocrat | 0 / 10 / 1: Grace, Aligner of Stars |');
    expect(t).toContain('| player A Host | hostA (Morrow, Host of Dusk): health 5, damage zone 0 | hostA (Morrow, Host of Dusk): health 5, damage zone 0 |');
    expect(t).toContain('| player B hand / deck / drop | 3 / 10 / 0 | 3 / 10 / 0 |');
    expect(t).not.toMatch(/hero health|\| - \| - \|/);
    // The trace diff compares Host's own events: the Stack resolves the two the other way round.
    const diff = issue.out.slice(issue.out.indexOf('## Trace diff'), issue.out.indexOf('## Minimal scenario'));
    expect(diff).toContain('-stack_resolve source=v result=fizzled');
    expect(diff).toContain('+stack_resolve source=grace result=fizzled');
    expect(diff).not.toContain('No difference');
    // the case is Host's: to run it again, --profile host with its file
    expect(issue.out).toContain(`npx arbiter run --profile host --cases ${c.split('\\').join('/')} --sim`);
  }, 120_000);

  it('a stolen card leaving play goes to its owner (37.1): the table shows whose drop zone it is in', async () => {
    const dir = tmp();
    const c = join('golden', 'cases', 'host-control-change-37.json');
    expect((await arbiter('run', '--profile', 'host', '--cases', c, '--sim', adapter('host-control-kept'), '--out', join(dir, 'r'))).code).toBe(1);
    const issue = await arbiter('report', 'issue', 'host-control-change-37', '--report', join(dir, 'r'));
    const t = table(issue.out);
    // Without --sim, "Reproduce" names the simulator the run used (run.json), not the Host kernel's own adapter.
    expect(issue.out.slice(issue.out.indexOf('## Reproduce'))).toContain('--mutant host-control-kept');
    expect(t).toContain('| **player B hand / deck / drop** | 3 / 10 / 1: Stone Sentinel | 3 / 10 / 0 |');
    expect(t).toMatch(/\| \*\*labelled cards elsewhere\*\* \| [^|]*s \(Stone Sentinel\) in B's drop[^|]*\| [^|]*s \(Stone Sentinel\) in A's drop[^|]*\|/);
  }, 120_000);
});
