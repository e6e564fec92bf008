/**
 * The one seeded random stream of a game (seedrandom). Every choice is recorded in the trace; a scenario (or a
 * simulator's reported choices) can force outcomes in order, so any run can be replayed exactly.
 */
import seedrandom from 'seedrandom';

/** A forced outcome: an entity label/id among the options, an integer for a range, a boolean for a chance. */
export type Forced = string | number | boolean;

export class ForcedRandomError extends Error {}

export class Random {
  /** The seeded stream, made at its first draw (most games draw nothing; making it costs more than a short game). */
  private stream: seedrandom.PRNG | null = null;
  private readonly forced: Forced[];
  private forcedUsed = 0;

  constructor(
    private readonly seed: string,
    forced: readonly Forced[] = [],
    private readonly resolveLabel: (label: string) => number | undefined = () => undefined,
    /** How an entity id is shown in an error: its label where it has one. */
    private readonly describe: (id: number) => string = String,
  ) {
    this.forced = [...forced];
  }

  private rng(): number {
    this.stream ??= seedrandom(this.seed, { state: true });
    return this.stream();
  }

  /** Next forced outcome, if any is left. */
  private nextForced(): Forced | undefined {
    return this.forcedUsed < this.forced.length ? this.forced[this.forcedUsed++] : undefined;
  }

  /** Pick one of the entity ids. Returns the pick and whether it was forced. */
  pickEntity(options: readonly number[], what: string): { pick: number; forced: boolean } {
    const f = this.nextForced();
    if (f !== undefined) {
      const id = typeof f === 'number' ? f : typeof f === 'string' ? this.resolveLabel(f) : undefined;
      if (id === undefined || !options.includes(id)) {
        throw new ForcedRandomError(`forced random outcome #${this.forcedUsed} (${JSON.stringify(f)}) for "${what}" is not one of the options [${options.map((o) => this.describe(o)).join(', ')}]`);
      }
      return { pick: id, forced: true };
    }
    return { pick: options[Math.floor(this.rng() * options.length)]!, forced: false };
  }

  /** An integer in [min, max]. */
  int(min: number, max: number, what: string): { pick: number; forced: boolean } {
    const f = this.nextForced();
    if (f !== undefined) {
      if (typeof f !== 'number' || f < min || f > max || !Number.isInteger(f)) {
        throw new ForcedRandomError(`forced random outcome #${this.forcedUsed} (${JSON.stringify(f)}) for "${what}" must be an integer in [${min}, ${max}]`);
      }
      return { pick: f, forced: true };
    }
    return { pick: min + Math.floor(this.rng() * (max - min + 1)), forced: false };
  }

  chance(p: number, what: string): { pick: boolean; forced: boolean } {
    const f = this.nextForced();
    if (f !== undefined) {
      if (typeof f !== 'boolean') throw new ForcedRandomError(`forced random outcome #${this.forcedUsed} (${JSON.stringify(f)}) for "${what}" must be true or false`);
      return { pick: f, forced: true };
    }
    return { pick: this.rng() < p, forced: false };
  }

  /** Index into a list of card ids (random card generation). */
  index(n: number, what: string): { pick: number; forced: boolean } {
    return this.int(0, n - 1, what);
  }

  /**
   * A seeded shuffle (Fisher-Yates on this stream). Not a forcible choice: a caller records the order it gives
   * (Hearthtop's `shuffle` event), and a scenario fixes an order by listing it.
   */
  shuffle<T>(xs: readonly T[]): T[] {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.rng() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  forcedLeft(): number {
    return this.forced.length - this.forcedUsed;
  }
}
