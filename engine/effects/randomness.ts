/** Random choices: each is drawn from the game's seeded stream (or forced) and recorded in the trace. */
import type { Game } from '../state.js';
import type { CardDef, CardQuery } from '../cards/format.js';
import type { Ctx } from '../kernel/context.js';

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

/** A card reference of an action: an id, one of a list at random, or a random collectible card of the pool matching a query. */
export function resolveCardRef(ctx: Ctx, ref: string | { randomOf: string[] } | { random: CardQuery }): CardDef | null {
  const g = ctx.g;
  if (typeof ref === 'string') return g.cards.get(ref);
  if ('randomOf' in ref) return g.cards.get(ref.randomOf[randomInt(g, 0, ref.randomOf.length - 1, `${ctx.source.card.name}: random card of ${ref.randomOf.join(', ')}`)]!);
  const q = ref.random;
  const wantCost = q.cost === undefined ? undefined : g.effects.evalAmount(ctx, q.cost);
  const cands = g.cards.all()
    .filter((c) => !c.token && ['minion', 'spell', 'weapon'].includes(c.type))
    .filter((c) => (q.type === undefined || c.type === q.type) && (wantCost === undefined || (c.cost ?? 0) === wantCost) && (q.race === undefined || c.race === q.race) && (q.legendary === undefined || (c.rarity === 'legendary') === q.legendary))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (cands.length === 0) return null;
  return cands[randomInt(g, 0, cands.length - 1, `${ctx.source.card.name}: random card (${JSON.stringify(wantCost === undefined ? q : { ...q, cost: wantCost })})`)]!;
}
