/** A progress bar on long runs, only on a terminal (CI logs stay clean): cases done, pass / fail / unsupported / other so far, cases per second, time left. */
import { SingleBar, Presets } from 'cli-progress';

export class Progress {
  private bar: SingleBar | null = null;

  constructor(private readonly enabled: boolean) {}

  private readonly counts = { pass: 0, fail: 0, unsupported: 0, other: 0 };

  tick(done: number, total: number, status?: string): void {
    if (status === 'PASS') this.counts.pass++;
    else if (status === 'FAIL') this.counts.fail++;
    else if (status === 'UNSUPPORTED') this.counts.unsupported++;
    else if (status) this.counts.other++;
    if (!this.enabled) return;
    if (!this.bar) {
      this.bar = new SingleBar({ format: 'cases {bar} {value}/{total} | {pass} pass {fail} fail {unsupported} unsupported {other} other | {rate}/s | eta {eta_formatted}', hideCursor: true, stream: process.stderr }, Presets.shades_classic);
      this.bar.start(total, 0, { rate: '0.0', ...this.counts });
      this.started = Date.now();
    }
    const secs = Math.max(0.001, (Date.now() - this.started) / 1000);
    this.bar.setTotal(total);
    this.bar.update(done, { rate: (done / secs).toFixed(1), ...this.counts });
  }

  private started = Date.now();

  stop(): void {
    this.bar?.stop();
    this.bar = null;
  }
}
