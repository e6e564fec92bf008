/** A progress bar on long runs, only on a terminal (CI logs stay clean): cases done, cases per second, time left. */
import { SingleBar, Presets } from 'cli-progress';

export class Progress {
  private bar: SingleBar | null = null;

  constructor(private readonly enabled: boolean) {}

  tick(done: number, total: number): void {
    if (!this.enabled) return;
    if (!this.bar) {
      this.bar = new SingleBar({ format: 'cases {bar} {value}/{total} | {rate}/s | eta {eta_formatted}', hideCursor: true, stream: process.stderr }, Presets.shades_classic);
      this.bar.start(total, 0, { rate: '0.0' });
      this.started = Date.now();
    }
    const secs = Math.max(0.001, (Date.now() - this.started) / 1000);
    this.bar.setTotal(total);
    this.bar.update(done, { rate: (done / secs).toFixed(1) });
  }

  private started = Date.now();

  stop(): void {
    this.bar?.stop();
    this.bar = null;
  }
}
