/**
 * `arbiter run --resume` continues the run its report folder holds, and only that run: another simulator command,
 * seed, count of generated cases, case set, card pool, profile or switch is refused (exit 2, naming the folder and
 * what differs) before anything is run or written. A resumed run runs again the cases cut short (TIMEOUT, CRASH,
 * ERROR) and keeps every judged result. Commands run in process (test/support/capture.ts); simulators are child
 * processes through their adapters.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../engine/validation.js';
import { runCli } from './support/capture.js';
import { tempDirs } from './support/temp.js';

const tempDir = tempDirs();
const golden = (id: string) => join(ROOT, 'golden', 'cases', `${id}.json`);
const cases = (...ids: string[]) => ids.flatMap((id) => ['--cases', golden(id)]);
const reference = `${process.execPath} ${join(ROOT, 'bin', 'arbiter.mjs')} adapter`;
const misbehaving = `${process.execPath} ${join(ROOT, 'test', 'fixtures', 'misbehaving-adapter.mjs')}`;
const statuses = (dir: string) => Object.fromEntries(readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { case: string; status: string }).map((r) => [r.case, r.status]));

const A = 'cult-master-simultaneous-death';
const B = 'armor-absorbs-damage-first';
const C = 'sylvanas-trade-oldest-first';
const D = 'redemption-queues-last';

describe.concurrent('--resume refuses a folder that holds another run', () => {
  // One run of the demo simulator on two cases; each resume below changes one thing of its identity.
  const base = ['run', ...cases(A, B), '--no-conformance'];

  it('another simulator, seed, --runs, case set, card pool, profile or switch: exit 2 naming the folder and what differs; nothing run or written', async () => {
    const dir = tempDir('arbiter-resume-other-');
    const out = join(dir, 'R');
    const first = await runCli([...base, '--out', out]);
    expect(first.code, first.err).toBe(0);
    const before = readFileSync(join(out, 'results.jsonl'), 'utf8');
    const runJson = readFileSync(join(out, 'run.json'), 'utf8');
    const card = JSON.parse(readFileSync(join(ROOT, 'spec', 'cards', 'cult-master.json'), 'utf8')) as { text: string };
    writeFileSync(join(dir, 'cult-master.json'), JSON.stringify({ ...card, text: `${card.text} ` }));
    const refused = await Promise.all([
      runCli(['run', ...cases(A, B), '--no-conformance', '--sim', reference, '--resume', '--out', out]),
      runCli([...base, '--runs', '2', '--seed', '7', '--resume', '--out', out]),
      runCli(['run', ...cases(A, C), '--no-conformance', '--resume', '--out', out]),
      runCli([...base, '--cards', join(dir, 'cult-master.json'), '--resume', '--out', out]),
      runCli([...base, '--no-variants', '--resume', '--out', out]),
      runCli(['run', ...cases(A, B), '--resume', '--out', out]),
      runCli([...base, '--profile', 'hearthtop', '--resume', '--out', out]),
    ]);
    expect(refused.map((r) => r.code)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    const held = before.trim().split('\n').length;
    for (const r of refused) {
      expect(r.err).toMatch(new RegExp(`^arbiter: ${out.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}: \\$: --resume: this folder holds ${held} results of another run \\(.*\\): use another --out, or drop --resume to start over in `, 'm'));
      expect(r.out).toBe('');
    }
    expect(refused[0]!.err).toMatch(/the simulator command \(--sim\): "\(bundled demo simulator\)" there, ".*adapter" now/);
    expect(refused[1]!.err).toMatch(/--runs\): 0 there, 2 now; the seed of the generated cases \(--seed\): "1" there, "7" now/);
    expect(refused[2]!.err).toMatch(/the cases \(--cases files/);
    expect(refused[3]!.err).toMatch(/the cards \(--cards\)/);
    expect(refused[3]!.err).not.toMatch(/the cases/);
    expect(refused[4]!.err).toMatch(/the sent variants \(--no-variants\): true there, false now/);
    expect(refused[5]!.err).toMatch(/the card conformance cases \(--no-conformance\): false there, true now/);
    expect(refused[6]!.err).toMatch(/the rule profile \(--profile\): "hearthstone" there, "hearthtop" now/);
    // the folder is as the first run left it
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe(before);
    expect(readFileSync(join(out, 'run.json'), 'utf8')).toBe(runJson);
    expect(existsSync(join(out, '.arbiter.lock'))).toBe(false);
  }, 120_000);

  it('results without run.json (a run not known) are refused; an empty folder and the same run resume', async () => {
    const dir = tempDir('arbiter-resume-same-');
    const out = join(dir, 'R');
    // --resume on a folder with no results starts the run
    const first = await runCli([...base, '--resume', '--out', out]);
    expect(first.code, first.err).toBe(0);
    const all = readFileSync(join(out, 'results.jsonl'), 'utf8');
    const n = all.trim().split('\n').length;
    expect(n).toBeGreaterThan(2);
    // a run cut after its first result (run.json is written when the run starts), its second record changed into another
    // shape (no result: that case runs again): the same run continues, with another --timeout
    const lines = all.split('\n');
    writeFileSync(join(out, 'results.jsonl'), `${lines[0]}\n${lines[1]!.replace(/"rules":\[[^\]]*\]/, '"rules":5')}\n`);
    const resumed = await runCli([...base, '--resume', '--timeout', '20000', '--out', out]);
    expect(resumed.code, resumed.err).toBe(0);
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe(all);
    rmSync(join(out, 'run.json'));
    const unknown = await runCli([...base, '--resume', '--out', out]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(new RegExp(`holds ${n} results but there is no run.json saying which run they come from: use another --out, or drop --resume`));
    // without --resume the folder is a new run's
    const fresh = await runCli(['run', ...cases(C), '--no-conformance', '--no-variants', '--sim', reference, '--out', out]);
    expect(fresh.code, fresh.err).toBe(0);
    expect(Object.keys(statuses(out))).toEqual([C]);
    expect(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).command).toBe(reference);
  }, 120_000);
});

describe('--resume runs again the cases cut short', () => {
  it('TIMEOUT, CRASH (a crash or an error answer) run again; PROTOCOL_ERROR and judged results are kept', async () => {
    const out = join(tempDir('arbiter-resume-retry-'), 'R');
    const args = ['run', '--sim', misbehaving, ...cases(A, B, C, D), '--no-conformance', '--no-variants', '--start-timeout', '30000', '--out', out];
    // The adapter misbehaves on the first run only (it reads MISBEHAVE from the environment it inherits).
    process.env.MISBEHAVE = `crash:${A},hang:${B},garbage:${C},errormsg:${D}`;
    let first;
    try {
      first = await runCli([...args, '--timeout', '1000']);
    } finally {
      delete process.env.MISBEHAVE;
    }
    expect(first.code).toBe(1);
    expect(statuses(out)).toEqual({ [A]: 'CRASH', [B]: 'TIMEOUT', [C]: 'PROTOCOL_ERROR', [D]: 'CRASH' });
    const resumed = await runCli([...args, '--resume']);
    expect(resumed.code).toBe(1);
    // run again, they are judged now (the adapter answers empty boards: the outcome of A, where every minion dies,
    // and not of B or D); the protocol error was kept
    expect(statuses(out)).toEqual({ [A]: 'PASS', [B]: 'FAIL', [C]: 'PROTOCOL_ERROR', [D]: 'FAIL' });
  }, 120_000);
});
