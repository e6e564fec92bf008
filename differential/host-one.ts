/**
 * Single Host cases against one Host adapter process kept open across calls (Host repro shrinking, the repro tests it
 * writes): each run goes through `runHostCase`, the path of `arbiter run --profile host`, so a case is judged here
 * exactly as the run judged it. A crash or a hang is the case's ERROR (the adapter is restarted for the next one).
 */
import type { HostCardPool } from '../engine/host/load.js';
import type { HostScenario } from '../engine/host/format.js';
import { AdapterProcess } from './adapter-process.js';
import { openHost, runHostCase, type HostCaseResult, type HostCaseRun } from './host-runner.js';
import type { Hello } from './protocol.js';

export class HostOneCaseRunner {
  private readonly proc: AdapterProcess;
  private hello: Hello | undefined;

  constructor(readonly command: string[], private readonly cards: HostCardPool, private readonly timeoutMs = 10_000, private readonly startTimeoutMs = 30_000) {
    this.proc = new AdapterProcess(command);
  }

  async run(id: string, scenario: HostScenario, file = id): Promise<HostCaseRun> {
    this.hello ??= await openHost(this.proc, Math.max(this.timeoutMs, this.startTimeoutMs));
    return runHostCase(this.proc, this.hello, { id, file, scenario }, this.cards, this.timeoutMs, Math.max(this.timeoutMs, this.startTimeoutMs));
  }

  async close(): Promise<void> {
    await this.proc.close();
  }
}

/**
 * A Host result's signature, so shrinking keeps "the same divergence": a FAIL's rule and its first divergence (the
 * first broken invariant, else the first differing final-state path or the stated outcome), labels kept; an ERROR's
 * kind (CRASH, TIMEOUT, PROTOCOL_ERROR, or the adapter's error).
 */
export function hostSignature(r: HostCaseResult): string {
  if (r.status === 'FAIL') {
    const v = r.violations[0];
    return `FAIL rule ${r.rule ?? '?'} at ${v ? `invariant ${v.invariant}` : r.parts?.[0]?.path ?? r.divergences[0] ?? '?'}`;
  }
  if (r.status === 'ERROR') return `ERROR ${/^[A-Z_]+(?=:)/.exec(r.detail ?? '')?.[0] ?? 'adapter error'}`;
  return r.status;
}
