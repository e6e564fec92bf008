/** Collects trace records as the engine runs; block ids and queue ids are allocated here. */
import type { EntityRecord, GameEvent, OpenRecord, QueueEntry, QueueRecord, TraceRecord, MetaRecord } from './format.js';

/**
 * The recorder keeps the objects the engine hands it and adds their kind (`t`): no copy on the hot path. An engine
 * passes each record a fresh object and never changes it afterwards (written traces sort their keys, so where `t`
 * sits in the object does not matter).
 */
export class Recorder {
  readonly records: TraceRecord[] = [];
  /**
   * A recorder made with `keep` false allocates block and queue ids as usual but keeps no record: for a copy of a game
   * played only to look ahead (the Host kernel's loop check), whose trace nobody reads.
   */
  constructor(readonly keep = true) {}
  private nextBlock = 1;
  private nextQueue = 1;
  private readonly open: number[] = [];
  /** Called as a block opens, before anything in it runs (an observer of the state at block boundaries). */
  onOpen?: (r: OpenRecord) => void;

  meta(m: Omit<MetaRecord, 't'>): void {
    (m as MetaRecord).t = 'meta';
    if (this.keep) this.records.push(m as MetaRecord);
  }

  entity(r: Omit<EntityRecord, 't'>): void {
    (r as EntityRecord).t = 'entity';
    if (this.keep) this.records.push(r as EntityRecord);
  }

  openBlock(r: Omit<OpenRecord, 't' | 'id'>): number {
    const id = this.nextBlock++;
    const rec = r as OpenRecord;
    rec.t = 'open';
    rec.id = id;
    if (this.keep) this.records.push(rec);
    this.open.push(id);
    this.onOpen?.(rec);
    return id;
  }

  closeBlock(id: number): void {
    // Close inner blocks left open by an error unwinding through them, then this one.
    if (!this.open.includes(id)) throw new Error(`internal: closing block ${id}, which is not open`);
    for (;;) {
      const top = this.open.pop()!;
      if (this.keep) this.records.push({ t: 'close', id: top });
      if (top === id) return;
    }
  }

  /** The innermost open block, or 0. */
  current(): number {
    return this.open.length ? this.open[this.open.length - 1]! : 0;
  }

  queue(events: QueueRecord['events'], entries: QueueEntry[], rule: string): number {
    const id = this.nextQueue++;
    if (this.keep) this.records.push({ t: 'queue', id, block: this.current(), events, entries, rule });
    return id;
  }

  /** Where the trace stands now, to `rewind` to. */
  mark(): { length: number; block: number; queue: number } {
    return { length: this.records.length, block: this.nextBlock, queue: this.nextQueue };
  }

  /**
   * Drop the event records written since `mark` (a legality check that read the game and refused an action writes
   * no game step). Only events may be dropped: a block or queue opened since is an internal error.
   */
  rewind(m: { length: number; block: number; queue: number }): void {
    if (this.nextBlock !== m.block || this.nextQueue !== m.queue) throw new Error('internal: rewinding the trace past a block or queue');
    this.records.length = m.length;
  }

  event(e: GameEvent): void {
    (e as TraceRecord).t = 'event';
    if (this.keep) this.records.push(e as TraceRecord);
  }
}
