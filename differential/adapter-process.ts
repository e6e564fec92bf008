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

export class AdapterProcess {
  private child: ChildProcessWithoutNullStreams | null = null;
  private lines: string[] = [];
  private waiter: ((line: string | null) => void) | null = null;
  private stderr = '';
  private exited = false;
  hello: Hello | null = null;

  constructor(private readonly command: string[], private readonly env: NodeJS.ProcessEnv = process.env) {}

  private start(): void {
    const [cmd, ...args] = this.command;
    if (!cmd) throw new Error('empty simulator command');
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'], env: this.env, shell: false });
    this.child = child;
    this.lines = [];
    this.stderr = '';
    this.exited = false;
    createInterface({ input: child.stdout }).on('line', (l) => {
      if (this.waiter) { const w = this.waiter; this.waiter = null; w(l); } else this.lines.push(l);
    });
    child.stderr.on('data', (d: Buffer) => { this.stderr = (this.stderr + d.toString()).slice(-4000); });
    const gone = () => {
      this.exited = true;
      if (this.waiter) { const w = this.waiter; this.waiter = null; w(null); }
    };
    child.on('exit', gone);
    child.on('error', (e) => { this.stderr += `\nspawn error: ${e.message}`; gone(); });
    child.stdin.on('error', () => undefined);
  }

  private nextLine(timeoutMs: number): Promise<string | null | 'timeout'> {
    if (this.lines.length) return Promise.resolve(this.lines.shift()!);
    if (this.exited) return Promise.resolve(null);
    return new Promise((resolve) => {
      const t = setTimeout(() => { this.waiter = null; resolve('timeout'); }, timeoutMs);
      this.waiter = (l) => { clearTimeout(t); resolve(l); };
    });
  }

  private send(obj: unknown): void {
    this.child?.stdin.write(JSON.stringify(obj) + '\n');
  }

  /** Start (or restart) and shake hands. Throws with a clear message when the adapter cannot start. */
  async open(timeoutMs: number): Promise<Hello> {
    this.kill();
    this.start();
    this.send({ type: 'hello', protocol: PROTOCOL });
    const line = await this.nextLine(timeoutMs);
    if (line === 'timeout') throw new Error(`adapter did not answer the hello within ${timeoutMs} ms: ${this.command.join(' ')}${this.stderr ? `\n${this.stderr.trim()}` : ''}`);
    if (line === null) throw new Error(`adapter exited before the hello: ${this.command.join(' ')}${this.stderr ? `\n${this.stderr.trim()}` : ''}`);
    const p = parseResponse(line);
    if (!p.ok || p.msg.type !== 'hello') throw new Error(`adapter's first message is not a hello: ${p.ok ? p.msg.type : p.why}`);
    if (p.msg.protocol !== PROTOCOL) throw new Error(`adapter speaks protocol "${p.msg.protocol}", Arbiter speaks "${PROTOCOL}"`);
    this.hello = p.msg;
    return p.msg;
  }

  async runCase(caseId: string, payload: Record<string, unknown>, timeoutMs: number): Promise<Outcome> {
    if (!this.child || this.exited) await this.open(timeoutMs);
    this.stderr = '';
    this.send({ type: 'run', case: caseId, ...payload });
    const line = await this.nextLine(timeoutMs);
    const stderr = this.stderr;
    if (line === 'timeout') { this.kill(); return { kind: 'TIMEOUT', detail: `no answer within ${timeoutMs} ms`, stderr }; }
    if (line === null) { this.kill(); return { kind: 'CRASH', detail: `adapter exited (code ${this.child?.exitCode ?? '?'}, signal ${this.child?.signalCode ?? '-'})`, stderr }; }
    const p = parseResponse(line);
    if (!p.ok) { this.kill(); return { kind: 'PROTOCOL_ERROR', detail: p.why, stderr }; }
    const msg = p.msg;
    if (msg.type === 'hello') { this.kill(); return { kind: 'PROTOCOL_ERROR', detail: 'unexpected hello in answer to a case', stderr }; }
    if (msg.case !== undefined && msg.case !== caseId) { this.kill(); return { kind: 'PROTOCOL_ERROR', detail: `answered case "${msg.case}" while "${caseId}" was asked`, stderr }; }
    return { kind: 'answer', msg, stderr };
  }

  kill(): void {
    if (this.child && !this.exited) this.child.kill('SIGKILL');
    this.child = null;
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child || this.exited) return;
    this.send({ type: 'bye' });
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => { child.kill('SIGKILL'); resolve(); }, 2000);
      child.on('exit', () => { clearTimeout(t); resolve(); });
    });
    this.child = null;
  }
}
