/**
 * A simulator's adapter as a long-lived child process (spawned without a shell), speaking JSON lines.
 * A crash, a hang, garbage or an answer to the wrong case becomes that case's outcome; the process is restarted
 * and the run goes on.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PROTOCOL, parseResponse, type Hello, type Response } from './protocol.js';

export type Outcome =
  | { kind: 'answer'; msg: Response; stderr: string }
  | { kind: 'CRASH' | 'TIMEOUT' | 'PROTOCOL_ERROR'; detail: string; stderr: string };

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

/** One running child: its lines, its waiter, its stderr. Events of a killed child never touch the next one. */
interface Session {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  waiter: ((line: string | null) => void) | null;
  stderr: string;
  exited: boolean;
}

export class AdapterProcess {
  private s: Session | null = null;
  hello: Hello | null = null;

  constructor(private readonly command: string[], private readonly env: NodeJS.ProcessEnv = process.env) {}

  private start(): Session {
    const [cmd, ...args] = this.command;
    if (!cmd) throw new Error('empty simulator command');
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'], env: this.env, shell: false });
    const s: Session = { child, lines: [], waiter: null, stderr: '', exited: false };
    this.s = s;
    createInterface({ input: child.stdout }).on('line', (l) => {
      if (s.waiter) { const w = s.waiter; s.waiter = null; w(l); } else s.lines.push(l);
    });
    child.stderr.on('data', (d: Buffer) => { s.stderr = (s.stderr + d.toString()).slice(-4000); });
    const gone = () => {
      s.exited = true;
      if (s.waiter) { const w = s.waiter; s.waiter = null; w(null); }
    };
    child.on('exit', gone);
    child.on('error', (e) => { s.stderr += `\nspawn error: ${e.message}`; gone(); });
    child.stdin.on('error', () => undefined);
    return s;
  }

  private nextLine(s: Session, timeoutMs: number): Promise<string | null | 'timeout'> {
    if (s.lines.length) return Promise.resolve(s.lines.shift()!);
    if (s.exited) return Promise.resolve(null);
    return new Promise((resolve) => {
      const t = setTimeout(() => { s.waiter = null; resolve('timeout'); }, timeoutMs);
      s.waiter = (l) => { clearTimeout(t); resolve(l); };
    });
  }

  private send(s: Session, obj: unknown): void {
    if (!s.exited) s.child.stdin.write(JSON.stringify(obj) + '\n');
  }

  /** Start (or restart) and shake hands. Throws with a clear message when the adapter cannot start. */
  async open(timeoutMs: number): Promise<Hello> {
    this.kill();
    const s = this.start();
    this.send(s, { type: 'hello', protocol: PROTOCOL });
    const line = await this.nextLine(s, timeoutMs);
    const why = () => `${this.command.join(' ')}${s.stderr ? ` (stderr: ${s.stderr.trim().split('\n').slice(-3).join(' | ')})` : ''}`;
    if (line === 'timeout') { this.kill(); throw new AdapterStartError(`the simulator's adapter did not answer the hello within ${timeoutMs} ms: ${why()}`); }
    if (line === null) throw new AdapterStartError(`the simulator's adapter exited before the hello: ${why()}`);
    const p = parseResponse(line);
    if (!p.ok || p.msg.type !== 'hello') {
      this.kill();
      throw new AdapterStartError(`the simulator's adapter must first answer {"type":"hello","protocol":"${PROTOCOL}",...} (spec/protocol.md); it answered ${JSON.stringify(line.slice(0, 200))}${!p.ok && line.trim().startsWith('{') ? ` (${p.why})` : ''}`);
    }
    if (p.msg.protocol !== PROTOCOL) { this.kill(); throw new AdapterStartError(`the simulator's adapter speaks protocol "${p.msg.protocol}", Arbiter speaks "${PROTOCOL}"`); }
    this.hello = p.msg;
    return p.msg;
  }

  async runCase(caseId: string, payload: Record<string, unknown>, timeoutMs: number): Promise<Outcome> {
    if (!this.s || this.s.exited) await this.open(Math.max(timeoutMs, 30_000));
    const s = this.s!;
    s.stderr = '';
    this.send(s, { type: 'run', case: caseId, ...payload });
    const line = await this.nextLine(s, timeoutMs);
    const stderr = s.stderr;
    if (line === 'timeout') { this.kill(); return { kind: 'TIMEOUT', detail: `no answer within ${timeoutMs} ms`, stderr }; }
    if (line === null) {
      const { exitCode, signalCode } = s.child;
      this.kill();
      return { kind: 'CRASH', detail: `adapter exited (${signalCode ? `signal ${signalCode}` : `exit code ${exitCode ?? '?'}`})`, stderr };
    }
    const p = parseResponse(line);
    if (!p.ok) { this.kill(); return { kind: 'PROTOCOL_ERROR', detail: p.why, stderr }; }
    const msg = p.msg;
    if (msg.type === 'hello') { this.kill(); return { kind: 'PROTOCOL_ERROR', detail: 'unexpected hello in answer to a case', stderr }; }
    if (msg.case !== undefined && msg.case !== caseId) { this.kill(); return { kind: 'PROTOCOL_ERROR', detail: `answered case "${msg.case}" while "${caseId}" was asked`, stderr }; }
    return { kind: 'answer', msg, stderr };
  }

  kill(): void {
    const s = this.s;
    this.s = null;
    if (s && !s.exited) s.child.kill('SIGKILL');
  }

  async close(): Promise<void> {
    const s = this.s;
    if (!s || s.exited) return;
    this.send(s, { type: 'bye' });
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => { s.child.kill('SIGKILL'); resolve(); }, 2000);
      s.child.on('exit', () => { clearTimeout(t); resolve(); });
    });
    this.s = null;
  }
}
