/**
 * Splits a byte stream into lines with a cap on a line's size: a line longer than the cap is never held in memory
 * (its bytes are dropped up to its newline) and is reported as an overflow instead, so an adapter that floods its
 * output cannot exhaust the runner's memory or string limits.
 */
export const OVERFLOW = Symbol('line over the size cap');
export type Line = string | typeof OVERFLOW;

export class LineReader {
  private chunks: Buffer[] = [];
  private size = 0;
  private dropping = false;

  constructor(private readonly maxBytes: number, private readonly emit: (line: Line) => void) {}

  push(data: Buffer): void {
    let start = 0;
    for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
      this.take(data.subarray(start, nl));
      if (this.dropping) this.dropping = false;
      else this.emit(this.flush());
      start = nl + 1;
    }
    if (start < data.length) this.take(data.subarray(start));
  }

  /** The bytes after the last newline when the stream ends (a last line without a newline still counts). */
  end(): void {
    if (!this.dropping && this.size > 0) this.emit(this.flush());
    this.chunks = [];
    this.size = 0;
  }

  private take(part: Buffer): void {
    if (this.dropping || part.length === 0) return;
    if (this.size + part.length > this.maxBytes) {
      this.chunks = [];
      this.size = 0;
      this.dropping = true;
      this.emit(OVERFLOW);
      return;
    }
    this.chunks.push(Buffer.from(part));
    this.size += part.length;
  }

  private flush(): string {
    const s = Buffer.concat(this.chunks, this.size).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    return s;
  }
}
