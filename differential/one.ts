/** Run single cases against one adapter process kept open across calls (repro shrinking, generated tests). */
import type { CardPool } from '../engine/state.js';
import type { Scenario } from '../engine/scenario/format.js';
import { AdapterProcess } from './adapter-process.js';
import { withCardIds } from './compare.js';
import { judgeCase, type Judged } from './runner.js';
import { judgeTrace } from './judge.js';

export class OneCaseRunner {
  private readonly proc: AdapterProcess;
  private opened = false;

  constructor(readonly command: string[], private readonly cards: CardPool, private readonly timeoutMs = 10_000) {
    this.proc = new AdapterProcess(command);
  }

  async run(id: string, s: Scenario): Promise<Judged> {
    if (!this.opened) { await this.proc.open(Math.max(this.timeoutMs, 30_000)); this.opened = true; }
    const { scenario, cards } = withCardIds(s, this.cards);
    const outcome = await this.proc.runCase(id, { scenario, cards }, this.timeoutMs);
    // judged exactly as `arbiter run` judges: comparison, and the trace invariants on the simulator's own trace
    return judgeCase({ id, scenario: s, origin: id }, this.proc.hello!, outcome, this.cards, judgeTrace);
  }

  /** The adapter's process id while it runs (bench/bench.ts reads its CPU time). */
  get pid(): number | undefined {
    return this.proc.pid;
  }

  async close(): Promise<void> {
    await this.proc.close();
  }
}

/** A failure's signature, so shrinking keeps "the same divergence": status, then the first divergence's place. */
export function signature(j: Judged): string {
  const r = j.result;
  if (r.status !== 'FAIL') return r.status;
  const d = r.divergences[0];
  if (d) return `FAIL ${d.path.replace(/\[\d+\]/g, '[]')}`;
  return `FAIL invariant ${r.violations[0]?.invariant ?? '?'}`;
}
