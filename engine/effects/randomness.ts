/** Random choices: each is drawn from the game's seeded stream (or forced) and recorded in the trace. */
import type { Game } from '../state.js';

export function pickRandomEntity(g: Game, options: readonly number[], what: string): number {
  const r = g.random.pickEntity(options, what);
  g.trace.event({ e: 'random', kind: 'entity', what, options: [...options], pick: r.pick, ...(r.forced ? { forced: true } : {}) });
  return r.pick;
}

export function randomInt(g: Game, min: number, max: number, what: string): number {
  const r = g.random.int(min, max, what);
  const options = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  g.trace.event({ e: 'random', kind: 'int', what, options, pick: r.pick, ...(r.forced ? { forced: true } : {}) });
  return r.pick;
}

export function randomChance(g: Game, p: number, what: string): boolean {
  const r = g.random.chance(p, what);
  g.trace.event({ e: 'random', kind: 'chance', what, options: [0, 1], pick: r.pick ? 1 : 0, ...(r.forced ? { forced: true } : {}) });
  return r.pick;
}
