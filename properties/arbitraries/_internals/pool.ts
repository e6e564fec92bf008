/** The card pool as the generators see it: which ids can stand where. Read once from spec/cards. */
import type { CardDef } from '../../../engine/cards/format.js';
import { loadCardPool, type MapCardPool } from '../../../engine/cards/pool.js';
import type { CardPool } from '../../../engine/state.js';

export interface PoolLists {
  /** Every minion (tokens too), by id: board set-up (cards with triggers, Deathrattles or auras three times). */
  minions: string[];
  /** Collectible minions, spells and weapons: hands and decks. */
  playable: string[];
  secrets: string[];
  weapons: string[];
  /** Enchantment cards that can be set up on a minion. */
  enchantments: string[];
  heroes: string[];
  /** Tokens. */
  tokens: string[];
  /** Besides tokens, what synthetic cards may summon: a few minions with triggers or auras (so a minion summoned
   * while a Queue resolves has something to respond with, Rule 2c). */
  summonable: string[];
}

let lists: PoolLists | null = null;

export function poolLists(): PoolLists {
  if (lists) return lists;
  const all = loadCardPool().all();
  const ids = (f: (c: CardDef) => boolean) => all.filter(f).map((c) => c.id).sort();
  // Cards whose text acts on the rules (triggers, Deathrattles, auras) count three times: the pool grows with plain
  // cards, and the rule machinery is what the cases are for.
  const weighted = (list: string[]) => list.flatMap((id) => { const c = all.find((x) => x.id === id)!; return c.triggers?.length || c.deathrattle || c.auras?.length ? [id, id, id] : [id]; });
  lists = {
    minions: weighted(ids((c) => c.type === 'minion')),
    playable: weighted(ids((c) => !c.token && (c.type === 'minion' || c.type === 'spell' || c.type === 'weapon'))),
    secrets: ids((c) => c.type === 'spell' && !!c.secret),
    weapons: ids((c) => c.type === 'weapon'),
    enchantments: ids((c) => c.type === 'enchantment'),
    heroes: ['HERO_08', 'HERO_07', 'HERO_09'].filter((h) => all.some((c) => c.id === h)),
    tokens: ids((c) => c.type === 'minion' && !!c.token && !c.deathrattle && !c.triggers && !c.auras).concat(all.some((c) => c.id === 'GVG_110t') ? ['GVG_110t'] : []),
    summonable: ['EX1_007', 'EX1_604', 'EX1_595', 'NEW1_019', 'NEW1_012', 'EX1_162'].filter((id) => all.some((c) => c.id === id)),
  };
  return lists;
}

/** The built-in pool with a case's synthetic cards laid over it (by id and name; synthetic ids never clash). */
class LayeredPool implements CardPool {
  private readonly own = new Map<string, CardDef>();
  constructor(private readonly base: MapCardPool, synthetic: readonly CardDef[]) {
    for (const c of synthetic) { this.own.set(c.id, c); this.own.set(c.name, c); }
  }
  get(idOrName: string, prefer?: CardDef['type']): CardDef {
    return this.own.get(idOrName) ?? this.base.get(idOrName, prefer);
  }
  has(idOrName: string): boolean {
    return this.own.has(idOrName) || this.base.has(idOrName);
  }
  all(): CardDef[] {
    return [...this.base.all(), ...new Set(this.own.values())];
  }
}

/** The built-in pool plus a case's synthetic cards. */
export function poolWith(synthetic: readonly CardDef[]): CardPool {
  if (synthetic.length === 0) return loadCardPool();
  return new LayeredPool(loadCardPool(), synthetic);
}

export function baseCard(id: string): CardDef {
  return loadCardPool().get(id);
}

/**
 * The lists without the excluded card ids (each list keeps at least one card, so an arbitrary can be built) and,
 * with `only`, with only those ids (a list may then be empty: its slot stays empty; heroes fall back to the default
 * hero, which every case uses).
 */
export function poolListsFor(exclude: readonly string[], only: readonly string[] | null = null): PoolLists {
  const all = poolLists();
  if (!exclude.length && !only) return all;
  const allowed = only ? new Set(only) : null;
  const out = {} as PoolLists;
  for (const [k, v] of Object.entries(all) as [keyof PoolLists, string[]][]) {
    const kept = v.filter((id) => !exclude.includes(id) && (!allowed || allowed.has(id)));
    out[k] = kept.length || allowed ? kept : v.slice(0, 1);
  }
  if (!out.heroes.length) out.heroes = all.heroes.slice(0, 1);
  return out;
}
