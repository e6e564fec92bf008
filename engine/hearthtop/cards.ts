/**
 * Hearthtop's cards, built from data (spec/hearthtop): the 52 playing cards as they are in the deck (neutral), and
 * for each hero its own ♠ minions, J/Q/K/A, hero power and tokens. A playing card is the neutral card while it is in
 * the deck, a marker or the discard pile, and its holder's hero's card in hand and in play (engine/hearthtop/table.ts
 * cardFor). Card ids: `ht:<code>` neutral ("ht:7H", "ht:QS"), `<hero id>:<code>` a hero's ♠ minion
 * ("ht:mage:7S"), `<hero id>:<rank>` a hero's J/Q/K/A ("ht:hunter:A").
 */
import { join } from 'node:path';
import type { CardDef } from '../cards/format.js';
import type { CardPool } from '../state.js';
import { ROOT, jsonFilesIn, readJson } from '../validation.js';

export const HEARTHTOP_DIR = join(ROOT, 'spec', 'hearthtop');

interface DeckFile {
  ranks: Record<string, { cost: number; attack: number; health: number }>;
  spells: Record<string, number>;
  suits: Record<string, { symbol: string; text: string; ability: Partial<CardDef> }>;
  cards: CardDef[];
}

interface HeroFile {
  hero: CardDef;
  spade: { text: string; ability: Partial<CardDef> };
  cards: CardDef[];
}

export const SUITS = ['H', 'D', 'C', 'S'] as const;
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;

/** The 52 codes of the deck, in a fixed order (rank by rank, suits ♥ ♦ ♣ ♠). */
export const DECK_CODES: readonly string[] = RANKS.flatMap((r) => SUITS.map((s) => `${r}${s}`));

/** A playing card code: 2-10 or J/Q/K/A, then H/D/C/S. */
export function isCode(s: string): boolean {
  return DECK_CODES.includes(s);
}

function minion(id: string, name: string, rank: DeckFile['ranks'][string], text: string, ability: Partial<CardDef>, source: string): CardDef {
  return { id, name, type: 'minion', cost: rank.cost, attack: rank.attack, health: rank.health, text, source, ...ability };
}

/** Every Hearthtop card, built from spec/hearthtop (the deck file and every hero file). */
export function buildHearthtopCards(dir = HEARTHTOP_DIR): { cards: CardDef[]; heroes: string[] } {
  const deck = readJson(join(dir, 'deck.json')) as DeckFile;
  const cards: CardDef[] = [...deck.cards];
  for (const code of DECK_CODES) {
    const rank = code.slice(0, -1);
    const suit = deck.suits[code.slice(-1)]!;
    const name = `${rank}${suit.symbol}`;
    if (deck.ranks[rank]) cards.push(minion(`ht:${code}`, name, deck.ranks[rank]!, suit.text, suit.ability, `seed 004: Minions (${rank} is ${deck.ranks[rank]!.attack}/${deck.ranks[rank]!.health} for ${deck.ranks[rank]!.cost})`));
    else cards.push({ id: `ht:${code}`, name, type: 'spell', cost: deck.spells[rank]!, text: `the hero's ${rank}`, source: 'seed 004: Spells' });
  }
  const heroes: string[] = [];
  for (const f of jsonFilesIn(join(dir, 'heroes'))) {
    const h = readJson(join(dir, 'heroes', f)) as HeroFile;
    heroes.push(h.hero.id);
    cards.push(h.hero, ...h.cards);
    for (const [rank, r] of Object.entries(deck.ranks)) {
      cards.push(minion(`${h.hero.id}:${rank}S`, `${rank}♠ (${h.hero.name})`, r, h.spade.text, h.spade.ability, `seed 004: Minions (♠: the hero's ability) + ${f}`));
    }
  }
  return { cards, heroes };
}

/** A pool that knows Hearthtop's cards first, then the base pool's (enchantments and tokens the base defines). */
class LayeredPool implements CardPool {
  private readonly own = new Map<string, CardDef>();
  constructor(cards: CardDef[], private readonly base: CardPool) {
    for (const c of cards) this.own.set(c.id, c);
  }
  get(idOrName: string, prefer?: CardDef['type']): CardDef {
    return this.own.get(idOrName) ?? this.base.get(idOrName, prefer);
  }
  has(idOrName: string): boolean {
    return this.own.has(idOrName) || this.base.has(idOrName);
  }
  all(): CardDef[] {
    return [...this.own.values(), ...this.base.all()];
  }
}

let built: ReturnType<typeof buildHearthtopCards> | null = null;
const pools = new WeakMap<CardPool, CardPool>();

/** The base pool with Hearthtop's cards over it (built once). */
export function hearthtopPool(base: CardPool): CardPool {
  if (base instanceof LayeredPool) return base;
  let p = pools.get(base);
  if (!p) {
    built ??= buildHearthtopCards();
    p = new LayeredPool(built.cards, base);
    pools.set(base, p);
  }
  return p;
}

/** The Hearthtop heroes (their card ids), for set-ups and generators. */
export function hearthtopHeroes(): string[] {
  built ??= buildHearthtopCards();
  return [...built.heroes];
}
