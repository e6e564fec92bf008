/**
 * A simulator's adapter as a long-lived child process (spawned without a shell, in a process group of its own),
 * speaking JSON lines. A crash, a hang, a flood, garbage or an answer to the wrong case becomes that case's outcome;
 * the whole process group is killed, the adapter restarted and the run goes on. Lines that answer an earlier case
 * (late or repeated answers) are dropped with a note, never charged to the case being run; an exit, a line that is
 * not an answer or an error naming no case, from an adapter that had answered earlier cases, is checked on a fresh
 * adapter first (runCase).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { PROTOCOL, parseResponse, type Hello, type Response } from './protocol.js';
import { LineReader, OVERFLOW, type Line } from './line-reader.js';

export type Outcome =
  | { kind: 'answer'; msg: Response; stderr: string; notes?: string[] }
  | { kind: 'CRASH' | 'TIMEOUT' | 'PROTOCOL_ERROR'; detail: string; stderr: string; notes?: string[] };

/** The default cap on one adapter message (one line): 64 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

export interface AdapterOptions {
  env?: NodeJS.ProcessEnv;
  /** A longer line is a PROTOCOL_ERROR for its case (the adapter is restarted). */
  maxLineBytes?: number;
}

/** Process groups of adapters still running: killed when this process exits, whatever the way out. */
const liveGroups = new Set<number>();
let exitHook = false;
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  liveGroups.delete(pid);
  try { process.kill(-pid, 'SIGKILL'); } catch { /* already gone */ }
  try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
}
function track(pid: number | undefined): void {
  if (pid === undefined) return;
  liveGroups.add(pid);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => { for (const g of [...liveGroups]) killGroup(g); });
  }
}

/** Split a command line into words: whitespace separates, "double" and 'single' quotes group. No shell. */
export function splitCommand(cmd: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | null = null;
  let has = false;
  for (const ch of cmd) {
    if (quote) {
      if (ch === quote) quote = null;
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      has = true;
    } else if (/\s/.test(ch)) {
      if (cur || has) out.push(cur);
      cur = '';
      has = false;
    } else {
      cur += ch;
    }
  }
  if (cur || has) out.push(cur);
  return out;
}

/** The adapter could not be started or did not shake hands: the --sim command is wrong, not a case. */
export class AdapterStartError extends Error {}

const ERROR_LINE = /\b(Error|ERROR|Exception|Traceback|[Cc]annot|[Nn]ot found|[Nn]o such)\b/;

/**
 * What a failed start's stderr says, in one line: the first lines that name an error (a stack trace's last lines are
 * often only its frames and the runtime's version), then the last non-empty lines.
 */
export function stderrGist(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
  const picked = [...lines.filter((l) => ERROR_LINE.test(l)).slice(0, 2), ...lines.slice(-3)];
  return [...new Set(picked)].join(' | ').slice(0, 600);
}

/** The words of a --sim command, or a usage error when there are none or a quote is left open. */
export function simCommand(cmd: string): string[] {
  const quotes = [...cmd].reduce<string | null>((q, ch) => (q ? (ch === q ? null : q) : ch === '"' || ch === "'" ? ch : null), null);
  if (quotes) throw new AdapterStartError(`the command ${JSON.stringify(cmd)} has an unterminated ${quotes} quote`);
  const words = splitCommand(cmd);
  if (words.length === 0 || !words[0]) throw new AdapterStartError('the command is empty (give the command that starts your adapter, e.g. --sim "python3 my_adapter.py")');
  return words;
}

/** One running child: its lines, its waiter, its stderr. Events of a killed child never touch the next one. */
interface Session {
  child: ChildProcessWithoutNullStreams;
  lines: Line[];
  waiter: ((line: Line | null) => void) | null;
  stderr: string;
  exited: boolean;
  /** The child closed its output but still runs: it can answer nothing more. */
  mute?: boolean;
  /** Cases this child has answered. */
  answered: number;
}

/**
 * How long an adapter whose output has ended may take to exit before it counts as mute (its output closed, the
 * process still running): an adapter that exits closes its output first, and its exit tells more.
 */
const MUTE_GRACE_MS = 500;

/** The end of the note of a case whose run on a fresh adapter ended otherwise than on the adapter that had run earlier cases. */
const FRESH_OTHER = '; run again on a fresh adapter, this is that run\'s outcome (output or an exit after the previous answer, or state left over from earlier cases)';
/** The notes of lines an adapter wrote on stdout after an answer (or its hello), dropped: they belong to no case. */
const AFTER_ANSWER = ' line(s) the adapter wrote after its ';
const LATE_ANSWER = 'dropped a late or repeated answer to case';

/** The line a note quotes: its start, as JSON text. */
const quoteLine = (l: Line) => (l === OVERFLOW ? '(a line over the size cap)' : JSON.stringify(l.length > 80 ? `${l.slice(0, 80)}...` : l));

/**
 * What a result's notes say about the adapter's output besides its answer: `stray`, the note on lines it wrote on
 * stdout after an answer (dropped); `fresh`, how the case ended on the adapter that had run earlier cases when a run
 * on a fresh adapter ended otherwise (see AdapterProcess.runCase). Null where the notes say nothing of it.
 */
export function adapterOutput(notes: readonly string[] | undefined): { stray: string | null; fresh: string | null } {
  const stray = notes?.find((n) => (n.startsWith('dropped ') && n.includes(AFTER_ANSWER)) || n.startsWith(LATE_ANSWER)) ?? null;
  const fresh = notes?.find((n) => n.endsWith(FRESH_OTHER)) ?? null;
  return { stray, fresh: fresh && fresh.slice(0, -FRESH_OTHER.length) };
}

export class AdapterProcess {
  private s: Session | null = null;
  hello: Hello | null = null;
  /** Cases this adapter has been asked, so that a late or repeated answer to one of them is recognised. */
  private readonly asked = new Set<string>();
  private readonly env: NodeJS.ProcessEnv;
  private readonly maxLineBytes: number;
  /** Closed for good (close()): no case starts it again. */
  private closed = false;

  constructor(private readonly command: string[], opts: AdapterOptions = {}) {
    this.env = opts.env ?? process.env;
    this.maxLineBytes = opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }

  /** The process id of the running adapter (undefined before it starts and once it is gone): for measuring it. */
  get pid(): number | undefined {
    return this.s && !this.s.exited ? this.s.child.pid : undefined;
  }

  private start(): Session {
    const [cmd, ...args] = this.command;
    if (!cmd) throw new AdapterStartError('empty simulator command');
    // detached: the adapter leads a process group of its own, so a wrapper script and its children die together.
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'], env: this.env, shell: false, detached: true });
    track(child.pid);
    const s: Session = { child, lines: [], waiter: null, stderr: '', exited: false, answered: 0 };
    this.s = s;
    const deliver = (l: Line) => {
      if (s.waiter) { const w = s.waiter; s.waiter = null; w(l); } else s.lines.push(l);
    };
    const reader = new LineReader(this.maxLineBytes, deliver);
    child.stdout.on('data', (d: Buffer) => reader.push(d));
    child.stdout.on('end', () => {
      reader.end();
      // No answer can come any more: a waiting case ends now (as a CRASH), not at its time limit.
      setTimeout(() => {
        if (s.exited) return;
        s.mute = true;
        if (s.waiter) { const w = s.waiter; s.waiter = null; w(null); }
      }, MUTE_GRACE_MS).unref();
    });
    child.stderr.on('data', (d: Buffer) => { s.stderr = (s.stderr + d.toString()).slice(-4000); });
    const gone = () => {
      s.exited = true;
      if (s.waiter) { const w = s.waiter; s.waiter = null; w(null); }
    };
    child.on('exit', () => { liveGroups.delete(child.pid ?? -1); gone(); });
    child.on('error', (e) => { s.stderr += `\nspawn error: ${e.message}`; gone(); });
    child.stdin.on('error', () => undefined);
    return s;
  }

  private nextLine(s: Session, timeoutMs: number): Promise<Line | null | 'timeout'> {
    if (s.lines.length) return Promise.resolve(s.lines.shift()!);
    if (s.exited || s.mute) return Promise.resolve(null);
    return new Promise((resolve) => {
      // At the deadline, a line that has reached the pipe is still read first: this process may have been busy (judging
      // the previous case) when it came, and timers run before the reads of the same turn of the event loop.
      const t = setTimeout(() => setImmediate(() => { if (s.waiter !== waiter) return; s.waiter = null; resolve('timeout'); }), timeoutMs);
      const waiter = (l: Line | null) => { clearTimeout(t); resolve(l); };
      s.waiter = waiter;
    });
  }

  private send(s: Session, obj: unknown): void {
    if (!s.exited) s.child.stdin.write(JSON.stringify(obj) + '\n');
  }

  /** Start (or restart) and shake hands. Throws with a clear message when the adapter cannot start. */
  async open(timeoutMs: number): Promise<Hello> {
    if (this.closed) throw new AdapterStartError('the adapter was closed: the run has ended');
    this.kill();
    const s = this.start();
    this.send(s, { type: 'hello', protocol: PROTOCOL });
    const line = await this.nextLine(s, timeoutMs);
    const why = () => `${this.command.join(' ')}${s.stderr.trim() ? ` (stderr: ${stderrGist(s.stderr)})` : ''}`;
    if (line === 'timeout') { this.kill(); throw new AdapterStartError(`the simulator's adapter did not answer the hello within ${timeoutMs} ms: ${why()}`); }
    if (line === null) {
      // Its output ended: wait a moment for its exit, to say how it ended (an exit code, a signal).
      if (!s.exited) await new Promise<void>((resolve) => { const t = setTimeout(resolve, MUTE_GRACE_MS); s.child.once('exit', () => { clearTimeout(t); resolve(); }); });
      const { exitCode, signalCode } = s.child;
      const how = signalCode ? `signal ${signalCode}` : exitCode !== null && exitCode < 0 ? 'it could not be started' : exitCode !== null ? `exit code ${exitCode}` : 'its output closed, the process still running';
      this.kill();
      throw new AdapterStartError(`the simulator's adapter exited before the hello (${how}): ${why()}`);
    }
    if (line === OVERFLOW) { this.kill(); throw new AdapterStartError(`the simulator's adapter answered the hello with a line over ${this.maxLineBytes} bytes: ${why()}`); }
    // A byte-order mark at the start of the output (some runtimes write one before UTF-8 text) is not part of the hello.
    const hello = line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
    const p = parseResponse(hello);
    if (!p.ok || p.msg.type !== 'hello') {
      this.kill();
      throw new AdapterStartError(`the simulator's adapter must first answer {"type":"hello","protocol":"${PROTOCOL}",...} (spec/protocol.md); it answered ${JSON.stringify(hello.slice(0, 200))}${!p.ok && hello.trim().startsWith('{') ? ` (${p.why})` : ''}`);
    }
    if (p.msg.protocol !== PROTOCOL) { this.kill(); throw new AdapterStartError(`the simulator's adapter speaks protocol "${p.msg.protocol}", Arbiter speaks "${PROTOCOL}"`); }
    this.hello = p.msg;
    return p.msg;
  }

  /**
   * Run one case. The request is written before the first `await` when the adapter is up, so a caller may start the
   * next case and judge the previous answer while the adapter runs it (the runner does: one case at a time in the
   * adapter, its judging beside it). A CRASH, a line that is not an answer, or an error without a case id, from an
   * adapter that had answered earlier cases, is checked once on a fresh adapter before it is charged to this case:
   * output or an exit that followed the previous answer (or state left over from earlier cases) would otherwise count
   * against it.
   */
  async runCase(caseId: string, payload: Record<string, unknown>, timeoutMs: number, startTimeoutMs = timeoutMs): Promise<Outcome> {
    const first = await this.attempt(caseId, payload, timeoutMs, startTimeoutMs);
    if (!first.recheck) return first.outcome;
    const o = first.outcome;
    const detail = o.kind === 'answer' ? (o.msg.type === 'error' ? `an error without a case id: ${o.msg.message}` : o.msg.type) : o.detail;
    const what = `the adapter, which had answered earlier cases, ended this case in ${o.kind === 'answer' ? 'CRASH' : o.kind} (${detail})${o.stderr.trim() ? ` (stderr: ${stderrGist(o.stderr)})` : ''}`;
    let again: Outcome;
    try {
      again = (await this.attempt(caseId, payload, timeoutMs, startTimeoutMs)).outcome;
    } catch (e) {
      return { ...o, notes: [...(o.notes ?? []), `${what}; a fresh adapter to run it again could not start (${(e as Error).message})`] };
    }
    const gist = (x: Outcome) => (x.kind === 'answer' ? JSON.stringify(x.msg) : x.detail);
    const same = again.kind === o.kind && gist(again) === gist(o);
    const note = same ? `${what}; run again on a fresh adapter, the same` : `${what}${FRESH_OTHER}`;
    return { ...again, notes: [...(o.notes ?? []), note, ...(again.notes ?? [])] };
  }

  /** One try at a case; `recheck`: the failure could belong to what the adapter did before (see runCase). */
  private async attempt(caseId: string, payload: Record<string, unknown>, timeoutMs: number, startTimeoutMs: number): Promise<{ outcome: Outcome; recheck: boolean }> {
    if (!this.s || this.s.exited) await this.open(startTimeoutMs);
    const s = this.s!;
    s.stderr = '';
    const notes: string[] = [];
    // Lines that arrived after the previous case was answered belong to no case being run: dropped, with a note.
    // A late or repeated answer to a case asked before is noted the same way whether it came before this request or
    // after it (the order of the two on the pipes is chance: the note must not depend on it).
    const stale: Line[] = [];
    for (const l of s.lines.splice(0)) {
      const late = l === OVERFLOW ? null : parseResponse(l);
      if (late?.ok && late.msg.type !== 'hello' && late.msg.case !== undefined && this.asked.has(late.msg.case)) notes.push(`${LATE_ANSWER} "${late.msg.case}"`);
      else stale.push(l);
    }
    if (stale.length) notes.push(`dropped ${stale.length}${AFTER_ANSWER}${s.answered ? 'previous answer' : 'hello'}, the first ${quoteLine(stale[0]!)}`);
    const seasoned = s.answered > 0;
    this.asked.add(caseId);
    this.send(s, { type: 'run', case: caseId, ...payload });
    const deadline = Date.now() + timeoutMs;
    const end = (o: Outcome, recheckable = false): { outcome: Outcome; recheck: boolean } => {
      const recheck = recheckable && seasoned;
      if (o.kind === 'answer' && !recheck) s.answered++;
      else this.kill();
      return { outcome: notes.length ? { ...o, notes } : o, recheck };
    };
    // Every line but a late answer to an earlier case decides the case: the first such line is this case's answer.
    for (;;) {
      const line = await this.nextLine(s, Math.max(0, deadline - Date.now()));
      const stderr = s.stderr;
      if (line === 'timeout') return end({ kind: 'TIMEOUT', detail: `no answer within ${timeoutMs} ms`, stderr });
      if (line === null) {
        const { exitCode, signalCode } = s.child;
        if (s.mute && !s.exited) return end({ kind: 'CRASH', detail: 'adapter closed its output (stdout) and still runs: it can answer nothing more', stderr }, true);
        return end({ kind: 'CRASH', detail: `adapter exited (${signalCode ? `signal ${signalCode}` : `exit code ${exitCode ?? '?'}`})`, stderr }, true);
      }
      if (line === OVERFLOW) return end({ kind: 'PROTOCOL_ERROR', detail: `the answer is a line over ${this.maxLineBytes} bytes (the cap on one message; see --max-message-bytes)`, stderr });
      const p = parseResponse(line);
      if (!p.ok) return end({ kind: 'PROTOCOL_ERROR', detail: p.why, stderr }, true);
      const msg = p.msg;
      if (msg.type === 'hello') return end({ kind: 'PROTOCOL_ERROR', detail: 'unexpected hello in answer to a case', stderr }, true);
      if (msg.case !== undefined && msg.case !== caseId) {
        if (this.asked.has(msg.case)) { notes.push(`${LATE_ANSWER} "${msg.case}"`); continue; }
        return end({ kind: 'PROTOCOL_ERROR', detail: `answered case "${msg.case}" while "${caseId}" was asked`, stderr });
      }
      // An error without a case id may be about what came before this case (checked like a line that is not an answer).
      return end({ kind: 'answer', msg, stderr }, msg.type === 'error' && msg.case === undefined);
    }
  }

  /** Kill the adapter's whole process group and let go of its pipes (a grandchild holding them cannot keep us). */
  kill(): void {
    const s = this.s;
    this.s = null;
    if (s) release(s);
  }

  async close(): Promise<void> {
    this.closed = true;
    const s = this.s;
    if (!s) return;
    this.s = null;
    if (!s.exited) {
      this.send(s, { type: 'bye' });
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 2000);
        s.child.on('exit', () => { clearTimeout(t); resolve(); });
      });
    }
    release(s);
  }
}

/**
 * Cases through one adapter, one at a time, each outcome handled while the adapter runs the next case: `send` starts
 * the next case (AdapterProcess.runCase writes its request at once) or returns null when there is none, `handle`
 * takes each outcome (or the error that stopped its case) in order.
 */
export async function inTurn<T>(send: () => { item: T; outcome: Promise<Outcome> } | null, handle: (item: T, outcome: Outcome | Error) => void): Promise<void> {
  for (let sent = send(); sent; ) {
    let outcome: Outcome | Error;
    try { outcome = await sent.outcome; } catch (e) { outcome = e instanceof Error ? e : new Error(String(e)); }
    const done = sent.item;
    sent = send();
    // should `handle` throw, the case already sent must not end as an unhandled rejection
    sent?.outcome.catch(() => undefined);
    handle(done, outcome);
  }
}

function release(s: Session): void {
  killGroup(s.child.pid);
  s.exited = true;
  if (s.waiter) { const w = s.waiter; s.waiter = null; w(null); }
  s.child.stdout.destroy();
  s.child.stderr.destroy();
  s.child.stdin.destroy();
}
