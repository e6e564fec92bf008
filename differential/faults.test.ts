/**
 * Fault injection: adapters that flood, hang behind a wrapper script, answer twice or never say hello; kills during
 * report writes; two runs on one report folder. Each promise of docs/reliability.md has its test here.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, readdirSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCardPool } from '../engine/cards/pool.js';
import { ROOT } from '../engine/validation.js';
import { runDifferential, readResults } from './runner.js';
import { goldenCases } from './cases.js';
import { AdapterProcess, AdapterStartError, inTurn, simCommand, type Outcome } from './adapter-process.js';
import { LineReader, OVERFLOW, type Line } from './line-reader.js';
import { adapterOutputNotice } from '../reports/summary.js';
import { lockOutDir, writeFileAtomic, readReportTrace, LOCK_FILE } from '../reports/files.js';
import { InputError } from '../engine/validation.js';
import { tempDirs } from '../test/support/temp.js';
import { runCli } from '../test/support/capture.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const cards = loadCardPool();
const cases = goldenCases(cards);
const ids = cases.map((c) => c.id).sort();
const tmp = () => tempDir('arbiter-faults-');
const faulty = [process.execPath, join(ROOT, 'test', 'fixtures', 'faulty-adapter.mjs')];
/** A process that still runs (a zombie, dead but not yet reaped by its new parent, does not count). */
const alive = (pid: number) => {
  try { process.kill(pid, 0); } catch { return false; }
  try { return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8')); } catch { return false; }
};
/** Wait until none of the processes runs, for at most `ms` (a kill is delivered at once, reaping may lag). */
async function gone(pids: number[], ms: number): Promise<number[]> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (!pids.some(alive)) break;
  return pids.filter(alive);
}

/** Run with env vars set for the adapter (the adapter process inherits process.env). */
async function withEnv<T>(env: Record<string, string>, f: () => Promise<T>): Promise<T> {
  const old = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try { return await f(); } finally { for (const [k, v] of Object.entries(old)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; } }
}

describe('line reader', () => {
  it('caps a line: a longer one becomes one overflow, its bytes are dropped, the next line is read whole', () => {
    const got: Line[] = [];
    const r = new LineReader(10, (l) => got.push(l));
    r.push(Buffer.from('short\n01234'));
    r.push(Buffer.from('56789abcdef'));
    r.push(Buffer.from('ghij\nnext\r\nlast'));
    r.end();
    expect(got).toEqual(['short', OVERFLOW, 'next', 'last']);
  });
});

describe('the runner under adapter faults', () => {
  it('a flood (a line over the cap) is a PROTOCOL_ERROR for its case; the adapter restarts and every case gets a result', async () => {
    const out = tmp();
    // The first case floods; the ones after it need the restarted adapter.
    const some = [...cases].sort((a, b) => a.id.localeCompare(b.id)).slice(0, 4);
    const { results } = await withEnv({ FAULTS: `flood:${ids[0]}`, FLOOD_MB: '3' }, () =>
      runDifferential({ command: faulty, cases: some, cards, outDir: out, maxLineBytes: 1 << 20 }));
    const r = results.find((x) => x.case === ids[0])!;
    expect(r.status).toBe('PROTOCOL_ERROR');
    expect(r.detail).toMatch(/over 1048576 bytes/);
    expect(results).toHaveLength(some.length);
    expect(results.filter((x) => x.status === 'PROTOCOL_ERROR')).toHaveLength(1);
    expect(results.map((x) => x.case).sort()).toEqual(some.map((c) => c.id));
  }, 60_000);

  it('a TIMEOUT kills the whole process group of an adapter started through a wrapper script, and the run ends', async () => {
    const out = tmp();
    const pidfile = join(out, 'pids');
    const { results } = await withEnv({ FAULTS: `hang:${ids[1]}`, PIDFILE: pidfile }, () =>
      runDifferential({ command: ['sh', join(ROOT, 'test', 'fixtures', 'wrapper-adapter.sh')], cases: cases.slice(0, 4), cards, outDir: out, timeoutMs: 800 }));
    expect(results.map((r) => r.status)).toContain('TIMEOUT');
    const pids = readFileSync(pidfile, 'utf8').trim().split('\n').map(Number);
    expect(pids.length).toBeGreaterThanOrEqual(2); // the first adapter hung and was replaced
    expect(await gone(pids, 5000)).toEqual([]);
  }, 30_000);

  it('an answer sent twice is dropped with a note and never charged to the next case', async () => {
    const out = tmp();
    const sorted = [...cases].sort((a, b) => a.id.localeCompare(b.id)).slice(0, 3);
    const { results } = await withEnv({ FAULTS: `twice:${sorted[0]!.id}` }, () =>
      runDifferential({ command: faulty, cases: sorted, cards, outDir: out }));
    expect(results.map((r) => r.status)).not.toContain('PROTOCOL_ERROR');
    const next = results.find((r) => r.case === sorted[1]!.id)!;
    expect(next.notes?.join(' ')).toMatch(/dropped/);
  }, 30_000);

  it('an adapter that never says hello fails within --start-timeout, not a fixed 30 s', async () => {
    const out = tmp();
    const script = join(out, 'silent.mjs');
    writeFileSync(script, 'setInterval(() => {}, 1000);\n');
    await expect(runDifferential({ command: [process.execPath, script], cases: cases.slice(0, 1), cards, outDir: join(out, 'r'), startTimeoutMs: 300 }))
      .rejects.toThrow(/did not answer the hello within 300 ms/);
  }, 10_000);

  it('a line that is not an answer, an error naming no case, or an exit, after an answer is checked on a fresh adapter, not charged to the next case', async () => {
    const sorted = [...cases].sort((a, b) => a.id.localeCompare(b.id)).slice(0, 6);
    const [a, b, c, d, e, f] = sorted.map((x) => x.id);
    // a: answers, then writes "done." before the next case's answer; c: the same with an error naming no case;
    // e: answers, then exits.
    const { results } = await withEnv({ FAULTS: `trailing:${a},trailingerror:${c},exitafter:${e}` }, () =>
      runDifferential({ command: faulty, cases: sorted, cards, outDir: tmp() }));
    const by = new Map(results.map((r) => [r.case, r]));
    // the fake answers empty boards: every case is judged, none is a CRASH or a PROTOCOL_ERROR
    expect(results.map((r) => r.status)).toEqual(sorted.map(() => 'FAIL'));
    expect(by.get(b!)!.notes?.join(' ')).toMatch(/ended this case in PROTOCOL_ERROR \(.*not JSON.*\); run again on a fresh adapter, this is that run's outcome/);
    expect(by.get(d!)!.notes?.join(' ')).toMatch(/ended this case in CRASH \(an error without a case id: log closed\); run again on a fresh adapter, this is that run's outcome/);
    // the exit after e's answer is seen either before f is sent (a fresh adapter, no note) or after (f run again)
    expect(by.get(f!)!.notes?.join(' ') ?? '').not.toMatch(/the same/);
    // the run's notice names the first of them, quotes what happened and says what to do
    expect(adapterOutputNotice(results)).toMatch(new RegExp(`^[23] case\\(s\\) ended otherwise when run again on a fresh adapter \\(first, ${b}: .*PROTOCOL_ERROR .*done\\..*\\)\\. Only answers go to stdout \\(write logs to stderr\\)`));
    expect(adapterOutputNotice(results.filter((r) => r.case === a))).toBeNull();
  }, 30_000);

  it('an adapter that closes its output and keeps running is a CRASH of its case, not a TIMEOUT; it is killed and the run goes on', async () => {
    const sorted = [...cases].sort((a, b) => a.id.localeCompare(b.id)).slice(0, 2);
    const [a, b] = sorted.map((x) => x.id);
    const pidfile = join(tmp(), 'pids');
    // a time limit far longer than the test's: only the end of the output can end case a before it
    const { results } = await withEnv({ FAULTS: `mute:${a}`, PIDFILE: pidfile }, () =>
      runDifferential({ command: faulty, cases: sorted, cards, outDir: tmp(), timeoutMs: 600_000 }));
    const by = new Map(results.map((r) => [r.case, r]));
    expect(by.get(a!)).toMatchObject({ status: 'CRASH', detail: 'adapter closed its output (stdout) and still runs: it can answer nothing more' });
    expect(by.get(b!)!.status).toBe('FAIL');
    const pids = readFileSync(pidfile, 'utf8').trim().split('\n').map(Number);
    expect(pids.length).toBe(2);
    expect(await gone(pids, 5000)).toEqual([]);
  }, 60_000);

  it('a line written right after an answer, in the same write, is dropped with a note quoting it, and the run\'s notice says so', async () => {
    const sorted = [...cases].sort((a, b) => a.id.localeCompare(b.id)).slice(0, 3);
    const [a, b] = sorted.map((x) => x.id);
    const { results } = await withEnv({ FAULTS: `junkafter:${a}` }, () =>
      runDifferential({ command: faulty, cases: sorted, cards, outDir: tmp() }));
    expect(results.map((r) => r.status)).toEqual(sorted.map(() => 'FAIL'));
    const note = `dropped 1 line(s) the adapter wrote after its previous answer, the first "done case ${a}"`;
    expect(results.find((r) => r.case === b)!.notes).toEqual([note]);
    expect(adapterOutputNotice(results)).toBe(`in 1 case(s) the adapter had written lines on stdout after its previous answer or its hello, which were dropped (first, ${b}: ${note}). Only answers go to stdout (write logs to stderr); an adapter neither exits after answering nor keeps state from one case to the next (spec/protocol.md, Robustness)`);
  }, 30_000);

  it('an answer repeated before the next request or after it gets the same note: the report does not depend on the pipes\' timing', async () => {
    const sorted = [...cases].sort((a, b) => a.id.localeCompare(b.id)).slice(0, 3);
    const [a, b] = sorted.map((x) => x.id);
    for (const fault of ['twiceinone', 'twicelater']) {
      const { results } = await withEnv({ FAULTS: `${fault}:${a}` }, () =>
        runDifferential({ command: faulty, cases: sorted, cards, outDir: tmp() }));
      expect(results.map((r) => r.status), fault).toEqual(sorted.map(() => 'FAIL'));
      const noted = results.flatMap((r) => (r.notes ?? []).map((n) => `${r.case === b ? 'next' : r.case}: ${n}`));
      expect(noted.map((n) => n.replace(/^[^:]+: /, '')), fault).toEqual([`dropped a late or repeated answer to case "${a}"`]);
    }
  }, 30_000);

  it('--profile host: the notes of a dropped line reach the Host results and the run\'s notice; a final state of another shape is that case\'s error', async () => {
    const files = readdirSync(join(ROOT, 'golden', 'cases')).filter((f) => f.startsWith('host-')).sort().slice(0, 2).map((f) => join(ROOT, 'golden', 'cases', f));
    const [first, second] = files.map((f) => (JSON.parse(readFileSync(f, 'utf8')) as { id: string }).id);
    const out = tmp();
    const r = await withEnv({ FAULTS: `junkafter:${first}`, FAULTY_PROFILE: 'host' }, () =>
      runCli(['run', '--profile', 'host', '--sim', `${process.execPath} ${join(ROOT, 'test', 'fixtures', 'faulty-adapter.mjs')}`, ...files.flatMap((f) => ['--cases', f]), '--out', join(out, 'r')]));
    expect(r.err).toContain(`arbiter: notice: in 1 case(s) the adapter had written lines on stdout after its previous answer or its hello, which were dropped (first, ${second}: dropped 1 line(s) the adapter wrote after its previous answer, the first "done case ${first}")`);
    expect(readResults(join(out, 'r')).find((x) => x.case === second)!.notes).toEqual([`dropped 1 line(s) the adapter wrote after its previous answer, the first "done case ${first}"`]);
    // The fake answers a Hearthstone final state (players as a list): each case's error, not the run's.
    expect(r.code).toBe(1);
    expect(readResults(join(out, 'r')).map((x) => [x.status, x.detail])).toEqual(files.map(() => ['ERROR', expect.stringMatching(/^PROTOCOL_ERROR: the final state is not a Host final state/)]));
  }, 30_000);

  it('the next case is sent before the previous outcome is handled; an answer waiting in the pipe at the deadline is read, not a TIMEOUT', async () => {
    const log: string[] = [];
    const items = ['a', 'b', 'c'];
    let k = 0;
    const answer = (id: string): Outcome => ({ kind: 'answer', msg: { type: 'unsupported', case: id, reason: 'test' }, stderr: '' });
    await inTurn(() => {
      const x = items[k++];
      if (!x) return null;
      log.push(`send ${x}`);
      return { item: x, outcome: Promise.resolve(answer(x)) };
    }, (x) => { log.push(`handle ${x}`); });
    expect(log).toEqual(['send a', 'send b', 'handle a', 'send c', 'handle b', 'handle c']);
    // The fake adapter answers at once; each answer is handled for longer than the timeout, while the next case runs.
    const p = new AdapterProcess(faulty);
    const sorted = [...cases].sort((x, y) => x.id.localeCompare(y.id)).slice(0, 3);
    const kinds: string[] = [];
    let n = 0;
    try {
      await p.open(10_000);
      await inTurn(() => {
        const c = sorted[n++];
        return c ? { item: c.id, outcome: p.runCase(c.id, { scenario: c.scenario, cards: {} }, 150) } : null;
      }, (_id, o) => {
        kinds.push(o instanceof Error ? o.message : o.kind);
        for (const end = Date.now() + 400; Date.now() < end;) { /* busy, as a long judgement is */ }
      });
    } finally {
      await p.close();
    }
    expect(kinds).toEqual(['answer', 'answer', 'answer']);
  }, 30_000);

  it('a closed adapter is not started again for a case still running in it (a run that ended starts no process)', async () => {
    const sorted = [...cases].sort((x, y) => x.id.localeCompare(y.id)).slice(0, 2);
    const [a, b] = sorted;
    const pidfile = join(tmp(), 'pids');
    const p = new AdapterProcess(faulty, { env: { ...process.env, FAULTS: `hang:${b!.id}`, PIDFILE: pidfile } });
    await p.open(10_000);
    expect((await p.runCase(a!.id, { scenario: a!.scenario, cards: {} }, 10_000)).kind).toBe('answer');
    const hanging = p.runCase(b!.id, { scenario: b!.scenario, cards: {} }, 10_000);
    await p.close(); // the adapter exits on "bye" with b unanswered
    const o = await hanging;
    expect(o.kind).toBe('CRASH');
    expect(o.notes?.join(' ')).toMatch(/could not start \(the adapter was closed/);
    expect(readFileSync(pidfile, 'utf8').trim().split('\n')).toHaveLength(1);
  }, 30_000);

  it('a case that crashes an adapter which had answered earlier cases is run again on a fresh one before CRASH is charged', async () => {
    const sorted = [...cases].sort((a, b) => a.id.localeCompare(b.id)).slice(0, 3);
    const [a, b, c] = sorted.map((x) => x.id);
    const { results } = await withEnv({ FAULTS: `crash:${a},crash:${c}` }, () =>
      runDifferential({ command: faulty, cases: sorted, cards, outDir: tmp() }));
    const by = new Map(results.map((r) => [r.case, r]));
    // a is the first case of a fresh adapter: charged at once
    expect(by.get(a!)!.status).toBe('CRASH');
    expect(by.get(a!)!.notes).toBeUndefined();
    expect(by.get(b!)!.status).toBe('FAIL');
    // c comes after the restarted adapter answered b: run again on a fresh adapter, where it crashes too
    expect(by.get(c!)!.status).toBe('CRASH');
    expect(by.get(c!)!.notes?.join(' ')).toMatch(/ended this case in CRASH \(adapter exited \(exit code 139\)\); run again on a fresh adapter, the same/);
  }, 30_000);

  it('an empty --sim or one with an open quote is a usage error', () => {
    expect(() => simCommand('')).toThrow(AdapterStartError);
    expect(() => simCommand('   ')).toThrow(/empty/);
    expect(() => simCommand('python3 "my adapter.py')).toThrow(/unterminated " quote/);
    expect(simCommand(`python3 "my adapter.py" 'a b'`)).toEqual(['python3', 'my adapter.py', 'a b']);
  });
});

describe('report files under kills and concurrent runs', () => {
  it('a kill -9 during a report write leaves the old file or the new one, never a torn one', async () => {
    const dir = tmp();
    const target = join(dir, 'results.jsonl');
    const old = 'old\n'.repeat(1000);
    writeFileSync(target, old);
    const big = 'new record\n'.repeat(2_000_000);
    const writer = join(dir, 'writer.mjs');
    // The writer says when it starts writing: the kills are timed from then, not from its start (slower under load).
    // The compiled module (the test set-up builds dist/ from these sources): no TypeScript loader to start each time.
    writeFileSync(writer, `import { writeFileAtomic } from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'reports', 'files.js')).href)};\nconst big = ${JSON.stringify('new record\n')}.repeat(2_000_000);\nprocess.stdout.write('writing\\n');\nfor (;;) writeFileAtomic(${JSON.stringify(target)}, big);\n`);
    let wrote = false;
    // Kills in the first writes (where a write that is not atomic shows torn most often), and one after a while.
    for (const [i, delay] of [0, 70, 140, 210, 700].entries()) {
      const child = spawn(process.execPath, [writer], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
      await new Promise((r) => child.stdout.once('data', r));
      await new Promise((r) => setTimeout(r, delay));
      child.kill('SIGKILL');
      await new Promise((r) => child.on('close', r));
      const now = readFileSync(target, 'utf8');
      expect(now === old || now === big, `attempt ${i}: ${now.length} bytes`).toBe(true);
      wrote ||= now === big;
    }
    // the writer did write (the kills came while it was writing, not before it started)
    expect(wrote).toBe(true);
    writeFileAtomic(target, 'x');
    expect(readFileSync(target, 'utf8')).toBe('x');
  }, 60_000);

  it('a second run on a locked report folder is refused naming the holder; a lock left by a dead process is taken over', async () => {
    const dir = tmp();
    const release = lockOutDir(dir);
    expect(() => lockOutDir(dir)).toThrow(new RegExp(`in use by another arbiter run \\(pid ${process.pid} `));
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    // a lock whose process is gone
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => dead.on('close', r));
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: dead.pid, host: (await import('node:os')).hostname(), started: 'then' }));
    const writes: string[] = [];
    const orig = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => { writes.push(String(s)); return true; }) as typeof process.stderr.write;
    try { lockOutDir(dir)(); } finally { process.stderr.write = orig; }
    expect(writes.join('')).toMatch(new RegExp(`taking over the lock .* pid ${dead.pid}`));
  });

  it('a run stopped by SIGINT, SIGTERM or SIGHUP kills its adapter and releases its report folder', async () => {
    const dir = tmp();
    const id = 'cult-master-simultaneous-death';
    for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
      const out = join(dir, sig);
      const pidfile = join(dir, `${sig}.pids`);
      const child = spawn(process.execPath, [join(ROOT, 'bin', 'arbiter.mjs'), 'run', '--sim', faulty.join(' '), '--cases', join(ROOT, 'golden', 'cases', `${id}.json`), '--no-conformance', '--no-variants', '--timeout', '60000', '--no-progress', '--out', out],
        { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, FAULTS: `hang:${id}`, PIDFILE: pidfile } });
      let err = '';
      child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
      const ended = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      // the adapter has started and been sent the case it hangs on
      for (const end = Date.now() + 20_000; Date.now() < end && !(existsSync(pidfile) && existsSync(join(out, LOCK_FILE))); ) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
      const adapters = readFileSync(pidfile, 'utf8').trim().split('\n').map(Number);
      expect(adapters.some(alive)).toBe(true);
      child.kill(sig);
      expect(await ended, err).toBe(code);
      expect(err).toContain(`arbiter: stopped by ${sig}`);
      expect(await gone(adapters, 5000), `${sig}: the adapter outlives the run`).toEqual([]);
      expect(existsSync(join(out, LOCK_FILE))).toBe(false);
    }
  }, 90_000);

  it('--out that is a file, or a system folder, is a usage error', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'f'), '');
    expect(() => lockOutDir(join(dir, 'f'))).toThrow(InputError);
    expect(() => lockOutDir('/proc/arbiter-x')).toThrow(/system folder/);
    // a link into /proc (Node's recursive mkdir would never return there) and a path under a file
    symlinkSync('/proc', join(dir, 'p'));
    expect(() => lockOutDir(join(dir, 'p', 'x'))).toThrow(/is in a system folder/);
    expect(() => lockOutDir(join(dir, 'f', 'sub'))).toThrow(/is a file, not a folder/);
  });

  it('--resume keeps one result per case: a case recorded twice counts once', async () => {
    const out = tmp();
    const some = cases.slice(0, 3);
    await runDifferential({ command: faulty, cases: some, cards, outDir: out });
    const lines = readFileSync(join(out, 'results.jsonl'), 'utf8');
    writeFileSync(join(out, 'results.jsonl'), lines + lines.split('\n')[0] + '\n' + '{"case":"torn');
    expect(readResults(out)).toHaveLength(3);
    const { results } = await runDifferential({ command: faulty, cases: some, cards, outDir: out, resume: true });
    expect(results).toHaveLength(3);
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);
  }, 30_000);

  it('trace paths inside results are read only from the report folder\'s traces/', () => {
    const dir = tmp();
    mkdirSync(join(dir, 'traces'));
    writeFileSync(join(dir, 'traces', 'a.jsonl'), '{"t":"x"}\n');
    writeFileSync(join(dir, 'secret.jsonl'), '{"t":"secret"}\n');
    expect(readReportTrace(dir, 'traces/a.jsonl')).toEqual([{ t: 'x' }]);
    expect(readReportTrace(dir, 'secret.jsonl')).toBeNull();
    expect(readReportTrace(dir, 'traces/../secret.jsonl')).toBeNull();
    expect(readReportTrace(dir, '/etc/passwd')).toBeNull();
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
